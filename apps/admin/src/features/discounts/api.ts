import {
  type CatalogLookupResponse,
  DISCOUNTS_PAGE_SIZE,
  type Discount,
  type DiscountInput,
  type DiscountListResponse,
  type DiscountMethod,
} from '@backroom/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, emitApiEvent } from '../../lib/api';
import { discountKeys } from '../../lib/query-keys';

// The discounts data layer (routes website.discount.code, website.discount.automatic and their create/edit routes,
// scope `discounts`; issue 12 item 6): fetchers typed by @backroom/contracts, `queryOptions` keyed by `discountKeys`,
// hooks and mutations, all through the admin's one api client.

/** One tab's list: the method, the page (from 1) and the trimmed search ('' = all). */
export interface DiscountsQuery {
  method: DiscountMethod;
  page: number;
  search: string;
}

/** `GET /api/discounts?method&page&limit&search` → {discounts, total, page, limit}; key `discountKeys.list(q)`. */
export function discountListOptions(q: DiscountsQuery) {
  const params = { method: q.method, page: q.page, limit: DISCOUNTS_PAGE_SIZE, search: q.search };
  return queryOptions({
    queryKey: discountKeys.list(params),
    queryFn: ({ signal }) =>
      api.get<DiscountListResponse>('/discounts', { query: { ...params, search: params.search || undefined }, signal }),
    placeholderData: keepPreviousData,
  });
}
export const useDiscounts = (q: DiscountsQuery) => useQuery(discountListOptions(q));

/** `GET /api/discounts/{id}` → Discount; key `discountKeys.detail(id)`. */
export function discountOptions(id: string) {
  return queryOptions({ queryKey: discountKeys.detail(id), queryFn: ({ signal }) => api.get<Discount>(`/discounts/${id}`, { signal }) });
}
export const useDiscount = (id: string | null) => useQuery({ ...discountOptions(id ?? ''), enabled: !!id });

/**
 * `GET /api/discounts/lookups?kind&search` (the picker's search) or `…&ids=` (names of the ones chosen) → {items};
 * key `discountKeys.part('lookups', kind, search, ids)`.
 */
export function lookupOptions(kind: 'products' | 'collections', o: { search?: string; ids?: string[] }) {
  const ids = o.ids?.length ? [...o.ids].sort().join(',') : undefined;
  return queryOptions({
    queryKey: discountKeys.part('lookups', kind, o.search ?? '', ids ?? ''),
    queryFn: ({ signal }) =>
      api.get<CatalogLookupResponse>('/discounts/lookups', { query: { kind, search: o.search || undefined, ids }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** A discount as a notification names it: its code, else its title ("Buy 2 get 1 free"). */
const discountName = (d: { code: string; title: string }) => d.code || d.title || 'Discount';

/**
 * Create (`POST /api/discounts`), update (`PUT /api/discounts/{id}`) and delete (`DELETE /api/discounts/{id}`). Each
 * success invalidates the store's discounts (`discountKeys.store()`: both tabs and the detail) and says what
 * happened: "Discount SUMMER10 created", "Discount SUMMER10 saved", "Discount SUMMER10 deleted". A refused save is
 * silent here: the form shows the server's message beside its field.
 */
export function useDiscountMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: discountKeys.store() });
  const save = useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: DiscountInput }) =>
      id ? api.put<Discount>(`/discounts/${id}`, body) : api.post<Discount>('/discounts', body),
    onSuccess: (d, { id }) => {
      emitApiEvent('api-success', [`Discount ${discountName(d)} ${id ? 'saved' : 'created'}`]);
      return done();
    },
  });
  const remove = useMutation({
    mutationFn: (d: { id: string; code: string; title: string }) => api.delete<null>(`/discounts/${d.id}`),
    onSuccess: (_, d) => {
      emitApiEvent('api-success', [`Discount ${discountName(d)} deleted`]);
      return done();
    },
  });
  return { save, remove };
}
