import { ABANDONED_PAGE_SIZE, type AbandonedCheckoutsResponse } from '@backroom/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { checkoutKeys } from '../../lib/query-keys';

// The abandoned checkouts data layer (route website.abandoned, scope `orders`; issue 12 item 5).

/** The list's query: page (from 1), trimmed search ('' = all) and the abandonment days (YYYY-MM-DD, shop time zone). */
export interface AbandonedQuery {
  page: number;
  search: string;
  fromTime?: string;
  toTime?: string;
}

/** `GET /api/checkouts/abandoned?page&limit&search&fromTime&toTime` → {checkouts, total, page, limit}; key `checkoutKeys.list(q)`. */
export function abandonedOptions(q: AbandonedQuery) {
  const params = { page: q.page, limit: ABANDONED_PAGE_SIZE, search: q.search || undefined, fromTime: q.fromTime, toTime: q.toTime };
  return queryOptions({
    queryKey: checkoutKeys.list(params),
    queryFn: ({ signal }) => api.get<AbandonedCheckoutsResponse>('/checkouts/abandoned', { query: params, signal }),
    placeholderData: keepPreviousData,
  });
}
export const useAbandonedCheckouts = (q: AbandonedQuery) => useQuery(abandonedOptions(q));
