import { type DehydratedState, hydrate, type QueryClient } from '@tanstack/react-query';
import { nextTask, whenSettled } from './hydration';

/** How long the server's data counts as fresh in the browser, ms (then the next mount refetches it as before). */
export const HYDRATED_STALE_MS = 60_000;

/**
 * Puts the server's query data into `queryClient` as fresh as of now, and refreshes, once the page has settled,
 * the queries whose data is older than HYDRATED_STALE_MS, one per task. A page from the page cache (issue 18 item
 * 5) can be hours old: its queries would otherwise all refetch in the task where the page's effects first run
 * (their observers subscribe there), a 13–16 ms task (50–65 ms at Lighthouse's 4× CPU) counted in total blocking
 * time (issue 16). The shopper sees the same refreshed data, a few tasks later. `now`: epoch ms (tests pass it).
 */
export function hydrateFresh(queryClient: QueryClient, state: DehydratedState, now: number = Date.now()): void {
  // Failures stand (retryOnMount: false): only data is refreshed.
  const old = state.queries
    .filter((q) => q.state.status === 'success' && now - q.state.dataUpdatedAt > HYDRATED_STALE_MS)
    .map((q) => q.queryKey);
  hydrate(queryClient, {
    ...state,
    queries: state.queries.map((q) => (q.state.status === 'success' ? { ...q, state: { ...q.state, dataUpdatedAt: now } } : q)),
  });
  if (old.length === 0) return;
  void whenSettled().then(async () => {
    for (const queryKey of old) {
      await nextTask();
      void queryClient.invalidateQueries({ queryKey, exact: true });
    }
  });
}
