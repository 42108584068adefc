import type {
  CountResponse,
  CustomHtmlResponse,
  ProductsCountResponse,
  TotalOrdersResponse,
  TotalSalesResponse,
} from '@backroom/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api';
import { helpbaseKeys, orderKeys, productKeys, reportKeys } from '../../lib/query-keys';

// The home dashboard's data layer (spec admin-dashboard §1, §7; issue 15 "Admin data layer"): `queryOptions`
// builders keyed by the entity factories of lib/query-keys.ts — the catalog size sits under `productKeys`, so a
// product import refreshes it — and the hooks. Every call is silent: a failed figure just stays empty (§8).

/** The report query of the home figures (§7): today's date in the store timezone as both bounds. */
export interface TodayQuery {
  storeId: string;
  /** YYYY-MM-DD in `timezone`. */
  today: string;
  timezone: string;
}

const reportQuery = (q: TodayQuery) => ({ fromTime: q.today, toTime: q.today, stores: q.storeId, timezone: q.timezone });

/** Today's paid sales: `GET /api/reports/total-sales` → total_sales (major units). Key `reportKeys.part('total-sales', …)`. */
export function todaySalesOptions(q: TodayQuery) {
  return queryOptions({
    queryKey: reportKeys.part('total-sales', { today: q.today, timezone: q.timezone }),
    queryFn: () => api.get<z.infer<typeof TotalSalesResponse>>('/reports/total-sales', { query: reportQuery(q), silent: true }),
  });
}

/** Today's paid orders: `GET /api/reports/total-orders` → total_orders. Key `reportKeys.part('total-orders', …)`. */
export function todayOrdersOptions(q: TodayQuery) {
  return queryOptions({
    queryKey: reportKeys.part('total-orders', { today: q.today, timezone: q.timezone }),
    queryFn: () => api.get<z.infer<typeof TotalOrdersResponse>>('/reports/total-orders', { query: reportQuery(q), silent: true }),
  });
}

/** Open orders: `GET /api/orders/count?fulfillmentStatus=unfulfilled` → count (§1, §7). Key `orderKeys.part('count', …)`. */
export function openOrdersOptions() {
  const query = { fulfillmentStatus: 'unfulfilled' } as const;
  return queryOptions({
    queryKey: orderKeys.part('count', query),
    queryFn: () => api.get<z.infer<typeof CountResponse>>('/orders/count', { query, silent: true }),
  });
}

/** Catalog size: `GET /api/products/count` → {count, variants, collections}. Key `productKeys.part('count')`. */
export function productsCountOptions() {
  return queryOptions({
    queryKey: productKeys.part('count'),
    queryFn: () => api.get<ProductsCountResponse>('/products/count', { silent: true }),
  });
}

/** The merchant's homeHtml block: `GET /api/helpbase/public/customHTML` → {homeHtml} (§1, §7), cached 5 minutes. */
export function homeHtmlOptions() {
  return queryOptions({
    queryKey: helpbaseKeys.part('custom-html'),
    queryFn: () => api.get<z.infer<typeof CustomHtmlResponse>>('/helpbase/public/customHTML', { silent: true }),
    staleTime: 5 * 60_000,
  });
}

/** Today's sales; disabled until `q` (store, today, timezone) is known. */
export function useTodaySales(q: TodayQuery | null) {
  return useQuery({ ...todaySalesOptions(q ?? { storeId: '', today: '', timezone: '' }), enabled: !!q });
}

/** Today's orders; disabled until `q` is known. */
export function useTodayOrders(q: TodayQuery | null) {
  return useQuery({ ...todayOrdersOptions(q ?? { storeId: '', today: '', timezone: '' }), enabled: !!q });
}

/** Open orders of the chosen store; disabled before a store is chosen. */
export function useOpenOrders(storeId: string | null) {
  return useQuery({ ...openOrdersOptions(), enabled: !!storeId });
}

/** Catalog size of the chosen store; disabled before a store is chosen. */
export function useProductsCount(storeId: string | null) {
  return useQuery({ ...productsCountOptions(), enabled: !!storeId });
}

/** The homeHtml block of the chosen store; disabled before a store is chosen. */
export function useHomeHtml(storeId: string | null) {
  return useQuery({ ...homeHtmlOptions(), enabled: !!storeId });
}
