import type { ProductFiltersBody, ProductFiltersResponse } from '@backroom/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, emitApiEvent } from '../../lib/api';
import { productFilterKeys } from '../../lib/query-keys';

// The Product Options data layer (route website.menufilter, any member; issue 13 item 6): `GET/PUT /api/product-options`.

/** `GET /api/product-options` → {filters in order, options the products use}; key `productFilterKeys.lists()`. */
export function productFiltersOptions() {
  return queryOptions({
    queryKey: productFilterKeys.lists(),
    queryFn: ({ signal }) => api.get<ProductFiltersResponse>('/product-options', { signal }),
  });
}
export const useProductFilters = () => useQuery(productFiltersOptions());

/** `PUT /api/product-options` (the whole ordered list) → the saved list, written into the cache. */
export function useSaveProductFilters() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductFiltersBody) => api.put<ProductFiltersResponse>('/product-options', body),
    onSuccess: (data) => {
      emitApiEvent('api-success', ['Storefront filters saved']);
      qc.setQueryData(productFilterKeys.lists(), data);
    },
  });
}
