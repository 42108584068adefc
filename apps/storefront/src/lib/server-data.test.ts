import { dehydrate, QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { nextTask } from './hydration';
import { HYDRATED_STALE_MS, hydrateFresh } from './server-data';

/** The page opens now: TanStack Query measures staleness against the real clock. */
const NOW = Date.now();

/** The dehydrated state of a server render whose queries were answered at the given times (epoch ms). */
function serverState() {
  const server = new QueryClient();
  server.setQueryData(['product', 'old'], { title: 'Old page' }, { updatedAt: NOW - HYDRATED_STALE_MS - 1 });
  server.setQueryData(['product', 'new'], { title: 'New page' }, { updatedAt: NOW - HYDRATED_STALE_MS });
  return dehydrate(server);
}

describe('hydrateFresh', () => {
  it('puts the server data in as fresh now, then refetches only the data older than 60 s, after the page settles', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: HYDRATED_STALE_MS, retry: false } } });
    hydrateFresh(client, serverState(), NOW);
    expect(client.getQueryData(['product', 'old'])).toEqual({ title: 'Old page' });
    expect(client.getQueryState(['product', 'old'])?.dataUpdatedAt).toBe(NOW);
    expect(client.getQueryState(['product', 'new'])?.dataUpdatedAt).toBe(NOW);

    // The page's observers (what useQuery subscribes): nothing is fetched when they subscribe...
    const fetched: string[] = [];
    const observe = (handle: string) =>
      new QueryObserver(client, {
        queryKey: ['product', handle],
        queryFn: async () => {
          fetched.push(handle);
          return { title: `${handle} fetched` };
        },
        staleTime: HYDRATED_STALE_MS,
      }).subscribe(() => undefined);
    const stops = [observe('old'), observe('new')];
    expect(fetched).toEqual([]);
    // ...the old query is refreshed a task later (no hydration under way: settled at once).
    await nextTask();
    await nextTask();
    await vi.waitFor(() => expect(client.getQueryData(['product', 'old'])).toEqual({ title: 'old fetched' }));
    expect(fetched).toEqual(['old']);
    expect(client.getQueryData(['product', 'new'])).toEqual({ title: 'New page' });
    for (const stop of stops) stop();
  });

  it('leaves a server failure as it was (failures stand: no refetch)', async () => {
    const server = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await server.prefetchQuery({ queryKey: ['reviews', 'x'], queryFn: () => Promise.reject(new Error('down')) });
    const state = dehydrate(server, { shouldDehydrateQuery: () => true });
    const client = new QueryClient();
    hydrateFresh(client, state, NOW);
    expect(client.getQueryState(['reviews', 'x'])?.status).toBe('error');
    const spy = vi.spyOn(client, 'invalidateQueries');
    await nextTask();
    await nextTask();
    expect(spy).not.toHaveBeenCalled();
  });
});
