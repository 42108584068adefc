import {
  type AnalyticsTimezoneResponse,
  type DashboardFiguresResponse,
  PAID_ORDERS_PAGE_SIZE,
  type PaidOrdersResponse,
  type SeriesResponse,
} from '@backroom/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { OVERVIEW_AUTO_REFRESH_MS } from '../../lib/constants';
import { analyticsKeys } from '../../lib/query-keys';

/**
 * Query hooks of the Overview (spec admin-dashboard §7 Overview analytics). Every figure call carries fromTime,
 * toTime, stores (comma-joined) and timezone; with auto refresh on they re-run every 300,000 ms (§9).
 */

/** The four parameters of every Overview call; null until the timezone is known (§4 loading state). */
export interface OverviewParams {
  fromTime: string;
  toTime: string;
  stores: string[];
  timezone: string;
}

const refetch = (auto: boolean) => (auto ? OVERVIEW_AUTO_REFRESH_MS : false);
const query = (p: OverviewParams) => ({ fromTime: p.fromTime, toTime: p.toTime, stores: p.stores, timezone: p.timezone });

/** `GET /api/analytics/timezone` → the store's standardTimezone; only asked when the preference has none (§4). */
export function useStoreTimezone(storeId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: analyticsKeys.part('timezone'),
    queryFn: () => api.get<AnalyticsTimezoneResponse>('/analytics/timezone'),
    enabled: !!storeId && enabled,
    staleTime: 5 * 60_000,
  });
}

/** One series: `total-sales`, `total-orders` or `aov` (§3 details.labels / details.dataset). */
export function useSeries(kind: 'total-sales' | 'total-orders' | 'aov', p: OverviewParams | null, auto: boolean) {
  return useQuery({
    queryKey: analyticsKeys.part(kind, p),
    queryFn: () => api.get<SeriesResponse>(`/analytics/${kind}`, { query: query(p!) }),
    enabled: !!p,
    refetchInterval: refetch(auto),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/analytics/dashboard` → cards, visitors and the funnel (§3 shared dashboard figures). */
export function useDashboardFigures(p: OverviewParams | null, auto: boolean) {
  return useQuery({
    queryKey: analyticsKeys.part('dashboard', p),
    queryFn: () => api.get<DashboardFiguresResponse>('/analytics/dashboard', { query: query(p!) }),
    enabled: !!p,
    refetchInterval: refetch(auto),
    placeholderData: keepPreviousData,
  });
}

const paidFilter = (p: OverviewParams) => ({
  'orderDate[startDate]': p.fromTime,
  'orderDate[endDate]': p.toTime,
  'orderDate[timezone]': p.timezone,
  financialStatus: 'paid',
  stores: p.stores,
});

/**
 * One page of the 'Order paid' table (§7 paid orders: page, limit, orderDate{…}, financialStatus 'paid').
 * Failures are ignored silently (§8): the table just stops loading.
 */
export function usePaidOrders(p: OverviewParams | null, page: number, auto: boolean) {
  return useQuery({
    queryKey: analyticsKeys.part('paid-orders', p, page),
    queryFn: () =>
      api.get<PaidOrdersResponse>('/analytics/paid-orders', {
        query: { page, limit: PAID_ORDERS_PAGE_SIZE, ...paidFilter(p!) },
        silent: true,
      }),
    enabled: !!p,
    refetchInterval: refetch(auto),
  });
}

/** The paid-orders count with the same filter (§7), for the page count. Failures are silent (§8). */
export function usePaidOrdersCount(p: OverviewParams | null, auto: boolean) {
  return useQuery({
    queryKey: analyticsKeys.part('paid-orders-count', p),
    queryFn: () => api.get<{ count: number }>('/analytics/paid-orders/count', { query: paidFilter(p!), silent: true }),
    enabled: !!p,
    refetchInterval: refetch(auto),
  });
}
