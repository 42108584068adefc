import type {
  CollectionListResponse,
  OkResponse,
  ProductListResponse,
  SizeChart,
  SizeChartBody,
  SizeChartListResponse,
} from '@backroom/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, emitApiEvent } from '../../lib/api';
import { collectionKeys, productKeys, sizeChartKeys } from '../../lib/query-keys';

// The size charts data layer (route website.sizechart, scope `products`; issue 13 item 7).

/** `GET /api/size-charts` → every chart of the shop, most recently changed first. */
export function sizeChartsOptions() {
  return queryOptions({
    queryKey: sizeChartKeys.lists(),
    queryFn: ({ signal }) => api.get<SizeChartListResponse>('/size-charts', { signal }),
  });
}
export const useSizeCharts = () => useQuery(sizeChartsOptions());

/** Create (POST) or replace (PUT /{id}) a chart, delete one; each refreshes the list. */
export function useSizeChartMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: sizeChartKeys.store() });
  const save = useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: SizeChartBody }) =>
      id ? api.put<SizeChart>(`/size-charts/${id}`, body) : api.post<SizeChart>('/size-charts', body),
    onSuccess: (c, { id }) => {
      emitApiEvent('api-success', [`Size chart ${c.title} ${id ? 'saved' : 'created'}`]);
      return done();
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.delete<OkResponse>(`/size-charts/${id}`),
    onSuccess: () => {
      emitApiEvent('api-success', ['Size chart deleted']);
      return done();
    },
  });
  return { save, remove };
}

/** `GET /api/products?search&limit=20`: products the chart's picker offers (idle for an empty search). */
export function useProductPicker(search: string) {
  const params = { page: 1, limit: 20, search };
  return useQuery({
    queryKey: productKeys.list(params),
    queryFn: ({ signal }) => api.get<ProductListResponse>('/products', { query: params, signal }),
    enabled: search.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/collections?limit=100`: the collections the chart's picker offers. */
export function useCollectionPicker() {
  const params = { page: 1, limit: 100 };
  return useQuery({
    queryKey: collectionKeys.list(params),
    queryFn: ({ signal }) => api.get<CollectionListResponse>('/collections', { query: params, signal }),
  });
}
