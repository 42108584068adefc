/**
 * The storefront's server-side page cache (issue 18 item 5): rendered HTML per shop, URL (path and query) and theme
 * version. In memory by default (per process, at most PAGE_CACHE_MAX_ENTRIES pages, the oldest dropped first), in
 * Redis when REDIS_URL is set (shared by every copy; each page expires after PAGE_CACHE_TTL_SECONDS). A purge drops
 * every theme version of the URLs given — an exact path, a prefix ending in `*` (`/products/*`), or the whole shop.
 * The storefront renderer reads it with `get` and fills it with `set`; a Redis failure is a miss, never an error.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { PageCache, PurgeTarget } from '../../lib/page-cache.js';

/** Pages kept in memory per process before the oldest is dropped. */
const PAGE_CACHE_MAX_ENTRIES = 5000;
/** Lifetime of a page in Redis, seconds (a day: purges keep it fresh; the TTL only bounds forgotten pages). */
const PAGE_CACHE_TTL_SECONDS = 86_400;

const matches = (target: PurgeTarget, url: string) =>
  target === 'all' || target.some((t) => (t.endsWith('*') ? url.startsWith(t.slice(0, -1)) : url === t));

/** The in-memory cache (one process). */
export function memoryPageCache(max = PAGE_CACHE_MAX_ENTRIES): PageCache {
  // key `${storeId}\n${url}\n${version}` → html; Map keeps insertion order, so the first key is the oldest.
  const pages = new Map<string, string>();
  const key = (s: string, u: string, v: string) => `${s}\n${u}\n${v}`;
  return {
    backend: 'memory',
    async get(storeId, url, version) {
      return pages.get(key(storeId, url, version)) ?? null;
    },
    async set(storeId, url, version, html) {
      const k = key(storeId, url, version);
      pages.delete(k);
      pages.set(k, html);
      while (pages.size > max) pages.delete(pages.keys().next().value as string);
    },
    async purge(storeId, target) {
      let n = 0;
      for (const k of [...pages.keys()]) {
        const [s, u] = k.split('\n') as [string, string];
        if (s === storeId && matches(target, u)) {
          pages.delete(k);
          n += 1;
        }
      }
      return n;
    },
  };
}

/**
 * The Redis cache: one hash per shop and URL (`page:{storeId}:{url}`, field = theme version, value = HTML) and a
 * set per shop of its cached URLs (`pages:{storeId}`), so a purge finds the keys without SCAN. Keys carry the
 * client's REDIS_KEY_PREFIX. Any Redis error is logged and treated as a miss (get) or a no-op (set, purge: 0).
 */
export function redisPageCache(redis: Redis, log: FastifyBaseLogger): PageCache {
  const pageKey = (s: string, u: string) => `page:${s}:${u}`;
  const setKey = (s: string) => `pages:${s}`;
  const safe = async <T>(what: string, fallback: T, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (err) {
      log.warn({ err: err instanceof Error ? err.message : String(err) }, `page cache ${what} failed`);
      return fallback;
    }
  };
  return {
    backend: 'redis',
    get: (storeId, url, version) => safe('get', null, () => redis.hget(pageKey(storeId, url), version)),
    set: (storeId, url, version, html) =>
      safe('set', undefined, async () => {
        await redis
          .multi()
          .hset(pageKey(storeId, url), version, html)
          .expire(pageKey(storeId, url), PAGE_CACHE_TTL_SECONDS)
          .sadd(setKey(storeId), url)
          .expire(setKey(storeId), PAGE_CACHE_TTL_SECONDS)
          .exec();
      }),
    purge: (storeId, target) =>
      safe('purge', 0, async () => {
        const urls = (await redis.smembers(setKey(storeId))).filter((u) => matches(target, u));
        if (!urls.length) return 0;
        const m = redis.multi();
        for (const u of urls) m.hlen(pageKey(storeId, u));
        const counts = ((await m.exec()) ?? []).map(([, c]) => Number(c) || 0);
        await redis
          .multi()
          .del(...urls.map((u) => pageKey(storeId, u)))
          .srem(setKey(storeId), ...urls)
          .exec();
        return counts.reduce((a, b) => a + b, 0);
      }),
  };
}
