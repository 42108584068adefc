import type {
  CountResponse,
  CustomHtmlResponse,
  ProductsCountResponse,
  TotalOrdersResponse,
  TotalSalesResponse,
} from '@backroom/contracts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api';

/** `GET /api/products/count` answer: products, their variants and the collections of the catalog. */
export type ProductsCount = z.infer<typeof ProductsCountResponse>;

/** The report query of the home figures (§7): today's date in the store timezone as both bounds. */
export interface TodayQuery {
  storeId: string;
  /** YYYY-MM-DD in `timezone`. */
  today: string;
  timezone: string;
}

const reportQuery = (q: TodayQuery) => ({ fromTime: q.today, toTime: q.today, stores: q.storeId, timezone: q.timezone });

/** Today's paid sales (`GET /api/reports/total-sales` → total_sales, major units). Disabled until `q` is known. */
export function useTodaySales(q: TodayQuery | null) {
  return useQuery({
    queryKey: ['home', q?.storeId, 'total-sales', q?.today, q?.timezone],
    queryFn: () => api.get<z.infer<typeof TotalSalesResponse>>('/reports/total-sales', { query: reportQuery(q!), silent: true }),
    enabled: !!q,
  });
}

/** Today's paid orders (`GET /api/reports/total-orders` → total_orders). */
export function useTodayOrders(q: TodayQuery | null) {
  return useQuery({
    queryKey: ['home', q?.storeId, 'total-orders', q?.today, q?.timezone],
    queryFn: () => api.get<z.infer<typeof TotalOrdersResponse>>('/reports/total-orders', { query: reportQuery(q!), silent: true }),
    enabled: !!q,
  });
}

/** Open orders: `GET /api/orders/count?fulfillmentStatus=unfulfilled` → count (§1, §7). */
export function useOpenOrders(storeId: string | null) {
  return useQuery({
    queryKey: ['home', storeId, 'open-orders'],
    queryFn: () => api.get<z.infer<typeof CountResponse>>('/orders/count', { query: { fulfillmentStatus: 'unfulfilled' }, silent: true }),
    enabled: !!storeId,
  });
}

/** Catalog size: `GET /api/products/count` → {count, variants, collections}. */
export function useProductsCount(storeId: string | null) {
  return useQuery({
    queryKey: ['home', storeId, 'products-count'],
    queryFn: () => api.get<ProductsCount>('/products/count', { silent: true }),
    enabled: !!storeId,
  });
}

/** The merchant's homeHtml block: `GET /api/helpbase/public/customHTML` → {homeHtml} (§1, §7). */
export function useHomeHtml(storeId: string | null) {
  return useQuery({
    queryKey: ['home', storeId, 'home-html'],
    queryFn: () => api.get<z.infer<typeof CustomHtmlResponse>>('/helpbase/public/customHTML', { silent: true }),
    enabled: !!storeId,
    staleTime: 5 * 60_000,
  });
}
