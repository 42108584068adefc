import type { AddBaseProductBody, BaseCatalogResponse, Product } from '@backroom/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, emitApiEvent } from '../../lib/api';
import { baseCatalogKeys, collectionKeys, productKeys } from '../../lib/query-keys';

// The print-on-demand catalogue data layer (route website.catalog, scope `products`; issue 13 item 10).

/** `GET /api/catalog/base-products?category&search` → base products and every category; key `baseCatalogKeys.list(q)`. */
export function baseCatalogOptions(q: { category?: string; search?: string }) {
  const params = { category: q.category || undefined, search: q.search || undefined };
  return queryOptions({
    queryKey: baseCatalogKeys.list(params),
    queryFn: ({ signal }) => api.get<BaseCatalogResponse>('/catalog/base-products', { query: params, signal }),
    placeholderData: keepPreviousData,
  });
}
export const useBaseCatalog = (q: { category?: string; search?: string }) => useQuery(baseCatalogOptions(q));

/** `POST /api/catalog/base-products/{id}/products` → the draft Product; refreshes the catalogue (in-shop counts) and products. */
export function useAddBaseProduct() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AddBaseProductBody }) =>
      api.post<Product>(`/catalog/base-products/${id}/products`, body),
    onSuccess: (p) => {
      emitApiEvent('api-success', [`Draft product ${p.title} added to your shop`]);
      return Promise.all([
        qc.invalidateQueries({ queryKey: baseCatalogKeys.store() }),
        qc.invalidateQueries({ queryKey: productKeys.store() }),
        qc.invalidateQueries({ queryKey: collectionKeys.store() }),
      ]);
    },
  });
}
