import type { CachePurge, CachePurgeBody, CachePurgeList } from '@backroom/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { cacheKeys } from '../../lib/query-keys';

// The Clear Cache Urls data layer (route website.clearCacheUrls, scope `products`; issue 18 item 5).

/** `GET /api/cache/purges` → the last purges (newest first) and the shop's storefront origin. */
export function purgesOptions() {
  return queryOptions({
    queryKey: cacheKeys.lists(),
    queryFn: ({ signal }) => api.get<CachePurgeList>('/cache/purges', { signal }),
  });
}
export const usePurges = () => useQuery(purgesOptions());

/** `POST /api/cache/purge` ({urls} or {all: true}); refreshes the list. */
export function usePurge() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CachePurgeBody) => api.post<CachePurge>('/cache/purge', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: cacheKeys.store() }),
  });
}
