/**
 * The shape of the storefront page cache (issue 18 item 5), a leaf so `lib/types.ts` can type `app.pageCache`; the
 * implementations (memory, Redis) are `modules/cache/page-cache.ts`.
 */

/** What a purge names: paths (exact, or a prefix ending in `*`, e.g. `/products/*`) or the shop's whole cache. */
export type PurgeTarget = readonly string[] | 'all';

/** The page cache (`app.pageCache`): rendered HTML by shop, URL (path + query) and theme version. */
export interface PageCache {
  readonly backend: 'memory' | 'redis';
  /** The HTML kept for `url` of the shop rendered with theme `version`, or null. */
  get(storeId: string, url: string, version: string): Promise<string | null>;
  /** Keeps `html` for `url` of the shop rendered with theme `version`. */
  set(storeId: string, url: string, version: string, html: string): Promise<void>;
  /** Drops the shop's pages named by `target` (every theme version); answers how many cached pages were dropped. */
  purge(storeId: string, target: PurgeTarget): Promise<number>;
}
