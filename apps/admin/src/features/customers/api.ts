import { CUSTOMERS_PAGE_SIZE, type CustomerDetail, type CustomerListResponse, type NoteTagsBody } from '@backroom/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, emitApiEvent } from '../../lib/api';
import { saveCsv } from '../../lib/download';
import { customerKeys } from '../../lib/query-keys';
import type { CustomersSearch } from '../../route-search';

// The customers data layer (routes website.customer and website.customer.detail, scope `customers`; issue 12 item 4).

/** `GET /api/customers` with the address's filters → {customers, total, page, limit}. Key `customerKeys.list(params)`. */
export function customerListOptions(s: CustomersSearch) {
  const params = { ...s, page: s.page ?? 1, limit: CUSTOMERS_PAGE_SIZE };
  return queryOptions({
    queryKey: customerKeys.list(params),
    queryFn: ({ signal }) => api.get<CustomerListResponse>('/customers', { query: params, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The customers list of {@link customerListOptions}. */
export const useCustomers = (s: CustomersSearch) => useQuery(customerListOptions(s));

/** `GET /api/customers/{id}` → CustomerDetail. Key `customerKeys.detail(id)`. */
export function customerOptions(id: string) {
  return queryOptions({
    queryKey: customerKeys.detail(id),
    queryFn: ({ signal }) => api.get<CustomerDetail>(`/customers/${encodeURIComponent(id)}`, { signal }),
  });
}

/** One customer of {@link customerOptions}. */
export const useCustomer = (id: string) => useQuery(customerOptions(id));

/**
 * `PATCH /api/customers/{id}` {note?, tags?}: the answer replaces the detail and raises "Notes and tags of Ann Lee
 * saved"; the lists are refreshed.
 */
export function useUpdateCustomer(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: NoteTagsBody) => api.patch<CustomerDetail>(`/customers/${encodeURIComponent(id)}`, body),
    onSuccess: (c) => {
      qc.setQueryData(customerKeys.detail(id), c);
      emitApiEvent('api-success', [`Notes and tags of ${c.name || c.email} saved`]);
      return qc.invalidateQueries({ queryKey: customerKeys.lists() });
    },
  });
}

/**
 * `GET /api/customers/export` with the list's filters (search, orders count, amount spent, created days; not the
 * page) → Shopify's customer CSV, saved by the browser as `customers_export.csv`; `count` (the list's total) goes
 * into the notification "Exported 12 customers to customers_export.csv".
 */
export function useExportCustomers() {
  return useMutation({
    mutationFn: async ({ search, count }: { search: CustomersSearch; count: number }) => {
      const { page: _page, ...filters } = search;
      saveCsv(await api.get<string>('/customers/export', { query: filters, as: 'text' }), 'customers_export.csv');
      return count;
    },
    onSuccess: (count) =>
      emitApiEvent('api-success', [`Exported ${count === 1 ? '1 customer' : `${count} customers`} to customers_export.csv`]),
  });
}
