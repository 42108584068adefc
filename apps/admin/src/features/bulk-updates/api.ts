import type { BulkUpdateBody, BulkUpdateListResponse, CollectionListResponse, Job } from '@backroom/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { JOB_POLL_MS } from '../../components/JobProgress';
import { api } from '../../lib/api';
import { bulkUpdateKeys, collectionKeys, inventoryKeys, productKeys } from '../../lib/query-keys';

// The bulk-updates data layer (route website.bulkupdates, scope `products`; issue 13 item 5), keyed by
// `bulkUpdateKeys`. Also used by the bulk-edit grid, whose large saves run as a bulk update.

/**
 * `GET /api/bulk-updates?limit=20` → the store's bulk updates, newest first, with progress and report. Read again
 * every second while one of them is queued or running.
 */
export function useBulkUpdates() {
  const params = { limit: 20 };
  return useQuery({
    queryKey: bulkUpdateKeys.list(params),
    queryFn: ({ signal }) => api.get<BulkUpdateListResponse>('/bulk-updates', { query: params, signal }),
    refetchInterval: (q) => (q.state.data?.items.some((u) => u.state === 'queued' || u.state === 'running') ? JOB_POLL_MS : false),
  });
}

/** `GET /api/collections?limit=250` → the collections a bulk update's filter offers (by handle). */
export function useCollectionChoices() {
  const params = { page: 1, limit: 250 };
  return useQuery({
    queryKey: collectionKeys.list(params),
    queryFn: ({ signal }) => api.get<CollectionListResponse>('/collections', { query: params, signal }),
    staleTime: 60_000,
  });
}

/**
 * `POST /api/bulk-updates` → 202 with the queued Job (`catalog.bulk-update`). Success refreshes the list. Errors
 * (400 naming the field, e.g. `body.filter: no product matches`) raise the global notification and reject.
 */
export function useStartBulkUpdate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkUpdateBody) => api.post<Job>('/bulk-updates', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: bulkUpdateKeys.store() }),
  });
}

/** When a bulk update finishes: products, collections (automated ones follow) and stock may have changed. */
export function useBulkUpdateFinished() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: bulkUpdateKeys.store() }),
      qc.invalidateQueries({ queryKey: productKeys.store() }),
      qc.invalidateQueries({ queryKey: collectionKeys.store() }),
      qc.invalidateQueries({ queryKey: inventoryKeys.store() }),
    ]);
}
