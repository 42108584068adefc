import {
  type CancelBody,
  type FulfillmentBody,
  type NoteTagsBody,
  ORDERS_PAGE_SIZE,
  type OrderDetail,
  type OrderListResponse,
  type RefundBody,
} from '@backroom/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, emitApiEvent } from '../../lib/api';
import { saveCsv } from '../../lib/download';
import { analyticsKeys, customerKeys, orderKeys, reportKeys } from '../../lib/query-keys';
import type { OrdersSearch } from '../../route-search';
import { type OrderAction, orderActionMessage } from './format';

// The orders data layer (routes website.orders and website.orders.detail, scope `orders`; issue 12 items 1 and 3):
// fetchers typed by @backroom/contracts, queryOptions keyed by lib/query-keys.ts `orderKeys`, hooks and mutations.

/**
 * `GET /api/orders` with the address's filters → {orders, total, page, limit, tabs}. Key `orderKeys.list(params)`;
 * the previous page stays on screen while the next loads.
 */
export function orderListOptions(s: OrdersSearch) {
  const params = { ...s, page: s.page ?? 1, limit: ORDERS_PAGE_SIZE };
  return queryOptions({
    queryKey: orderKeys.list(params),
    queryFn: ({ signal }) => api.get<OrderListResponse>('/orders', { query: params, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The orders list of {@link orderListOptions}. */
export function useOrders(s: OrdersSearch) {
  return useQuery(orderListOptions(s));
}

/**
 * `GET /api/orders/{id}` → OrderDetail. Key `orderKeys.detail(id)`. Re-read every 2 s while a print file of a
 * personalised design line is still being rendered (issue 19), so its download link appears on its own.
 */
export function orderOptions(id: string) {
  return queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => api.get<OrderDetail>(`/orders/${encodeURIComponent(id)}`, { signal }),
    refetchInterval: (q) => (q.state.data?.printFiles?.some((p) => p.status === 'queued' || p.status === 'running') ? 2000 : false),
  });
}

/** One order of {@link orderOptions}. */
export function useOrder(id: string) {
  return useQuery(orderOptions(id));
}

/**
 * An order action as a mutation. It answers the updated order, which goes straight into the detail's cache and
 * raises the success notification that says what happened (`orderActionMessage`: "Order #1042 refunded $12.00");
 * then everything the action can change is invalidated: the orders (lists, counts), the home report figures and
 * the Overview (a refund lowers the day's sales), and the customers (orders count, amount spent). A refusal shows
 * the server's message through the global api-error notification.
 */
function useOrderAction<B>(id: string, action: OrderAction, call: (body: B) => Promise<OrderDetail>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onMutate: () => ({ before: qc.getQueryData<OrderDetail>(orderKeys.detail(id)) }),
    onSuccess: async (order, _body, context) => {
      qc.setQueryData(orderKeys.detail(id), order);
      emitApiEvent('api-success', [orderActionMessage(action, context?.before, order)]);
      await Promise.all(
        [orderKeys.store(), reportKeys.store(), analyticsKeys.store(), customerKeys.store()].map((queryKey) =>
          qc.invalidateQueries({ queryKey, refetchType: 'active' }),
        ),
      );
    },
  });
}

const path = (id: string, action: string) => `/orders/${encodeURIComponent(id)}/${action}`;

/** `POST /api/orders/{id}/fulfillments` ("Order #1042: 2 items fulfilled"). */
export const useFulfilOrder = (id: string) =>
  useOrderAction(id, 'fulfil', (body: FulfillmentBody) => api.post<OrderDetail>(path(id, 'fulfillments'), body));
/** `POST /api/orders/{id}/refunds` ("Order #1042 refunded $12.00"). */
export const useRefundOrder = (id: string) =>
  useOrderAction(id, 'refund', (body: RefundBody) => api.post<OrderDetail>(path(id, 'refunds'), body));
/** `POST /api/orders/{id}/cancel` ("Order #1042 cancelled and $30.00 refunded"). */
export const useCancelOrder = (id: string) =>
  useOrderAction(id, 'cancel', (body: CancelBody) => api.post<OrderDetail>(path(id, 'cancel'), body));
/** `POST /api/orders/{id}/mark-as-paid` ("Order #1042 marked as paid ($54.00)"). */
export const useMarkOrderAsPaid = (id: string) =>
  useOrderAction(id, 'markPaid', (_: undefined) => api.post<OrderDetail>(path(id, 'mark-as-paid'), undefined));
/** `PATCH /api/orders/{id}` {note?, tags?} ("Notes and tags of order #1042 saved"). */
export const useUpdateOrder = (id: string) =>
  useOrderAction(id, 'notes', (body: NoteTagsBody) => api.patch<OrderDetail>(`/orders/${encodeURIComponent(id)}`, body));

/**
 * `GET /api/orders/export` with the list's filters (tab, search, statuses, payment method, days; not the page) →
 * Shopify's order CSV, saved by the browser as `orders_export.csv`; `count` (the list's total) goes into the
 * notification "Exported 37 orders to orders_export.csv".
 */
export function useExportOrders() {
  return useMutation({
    mutationFn: async ({ search, count }: { search: OrdersSearch; count: number }) => {
      const { page: _page, ...filters } = search;
      saveCsv(await api.get<string>('/orders/export', { query: filters, as: 'text' }), 'orders_export.csv');
      return count;
    },
    onSuccess: (count) => emitApiEvent('api-success', [`Exported ${count === 1 ? '1 order' : `${count} orders`} to orders_export.csv`]),
  });
}
