/**
 * Storefront cache purges (issue 18 item 5, route website.clearCacheUrls): which URLs belong to the shop, the purge
 * itself (page cache + optional CDN), the record of each purge and the list of the last ones.
 */
import { CACHE_PURGES_LIST_SIZE, type CachePurge } from '@backroom/contracts';
import type { Config } from '../../config.js';
import { type Db, rows, sql } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import type { PageCache, PurgeTarget } from '../../lib/page-cache.js';

/** Where a purge came from: the screen, or a save in the admin (theme, page, menu, product). */
export type PurgeSource = CachePurge['source'];

/** The hosts that serve the shop: its system domain `{handle}.{STOREFRONT_SUFFIX}` and its verified custom domains. */
export async function shopHosts(db: Db, config: Config, storeId: string): Promise<{ hosts: string[]; origin: string }> {
  const [s] = await rows<{ handle: string }>(db, sql`select handle from stores where id = ${storeId}`);
  const custom = await rows<{ host: string; is_primary: boolean }>(
    db,
    sql`select host, is_primary from domains where store_id = ${storeId} and status = 'verified'`,
  );
  const system = `${s?.handle ?? ''}.${config.storefrontSuffix}`;
  const primary = custom.find((d) => d.is_primary)?.host ?? system;
  return { hosts: [...new Set([system, ...custom.map((d) => d.host)])], origin: `http://${primary}` };
}

/**
 * The cache paths of `urls` (path + query, no fragment): a path starting with `/` is taken as is; an absolute
 * http(s) URL must be on one of `hosts`. 400 naming each refused entry: `urls.{i}: … is not an address of this shop`.
 */
export function toPaths(urls: readonly string[], hosts: readonly string[]): string[] {
  const problems: string[] = [];
  const paths = urls.map((raw, i) => {
    let u: URL;
    try {
      u = new URL(raw, 'http://relative.invalid');
    } catch {
      problems.push(`urls.${i}: ${raw} is not a URL`);
      return '';
    }
    const relative = raw.startsWith('/') && !raw.startsWith('//');
    if (!relative && (!['http:', 'https:'].includes(u.protocol) || !hosts.includes(u.hostname.toLowerCase()))) {
      problems.push(`urls.${i}: ${raw} is not an address of this shop`);
    }
    return `${u.pathname}${u.search}`;
  });
  if (problems.length) throw badRequest(...problems);
  return [...new Set(paths)];
}

/**
 * Calls CDN_PURGE_URL (when set) with the absolute URLs on every host of the shop (`{urls}`), or `{hosts, all: true}`;
 * 'ok' on a 2xx within 5 s, 'failed' otherwise (the page cache is purged either way).
 */
async function purgeCdn(config: Config, hosts: readonly string[], target: PurgeTarget): Promise<CachePurge['cdn']> {
  if (!config.cdnPurgeUrl) return 'off';
  const body =
    target === 'all' ? { hosts, all: true } : { urls: hosts.flatMap((h) => target.map((p) => `https://${h}${p.replace(/\*$/, '')}`)) };
  try {
    const res = await fetch(config.cdnPurgeUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(5000),
    });
    return res.ok ? 'ok' : 'failed';
  } catch {
    return 'failed';
  }
}

const toPurge = (r: {
  id: string;
  urls: string[];
  all: boolean;
  purged: number;
  cdn: string;
  source: string;
  email: string | null;
  created_at: Date | string;
}): CachePurge => ({
  id: r.id,
  urls: r.urls,
  all: r.all,
  purged: r.purged,
  cdn: r.cdn as CachePurge['cdn'],
  source: r.source as PurgeSource,
  createdBy: r.email,
  createdAt: new Date(r.created_at).toISOString(),
});

/**
 * Purges `target` of the shop from the page cache and the CDN and records it (`cache_purges`); answers the record.
 * `userId` null for an automatic purge.
 */
export async function purge(
  db: Db,
  config: Config,
  cache: PageCache,
  storeId: string,
  target: PurgeTarget,
  source: PurgeSource,
  userId: string | null,
): Promise<CachePurge> {
  const { hosts } = await shopHosts(db, config, storeId);
  const [purged, cdn] = await Promise.all([cache.purge(storeId, target), purgeCdn(config, hosts, target)]);
  const urls = target === 'all' ? [] : [...target];
  const [r] = await rows<Parameters<typeof toPurge>[0]>(
    db,
    sql`insert into cache_purges (store_id, urls, "all", purged, cdn, source, created_by)
        values (${storeId}, ${JSON.stringify(urls)}::jsonb, ${target === 'all'}, ${purged}, ${cdn}, ${source}, ${userId})
        returning id, urls, "all", purged, cdn, source, created_at,
          (select email from users where id = ${userId}) as email`,
  );
  return toPurge(r!);
}

/** The shop's last CACHE_PURGES_LIST_SIZE purges, newest first, with who asked. */
export async function listPurges(db: Db, storeId: string): Promise<CachePurge[]> {
  const list = await rows<Parameters<typeof toPurge>[0]>(
    db,
    sql`select p.id, p.urls, p."all", p.purged, p.cdn, p.source, p.created_at, u.email
        from cache_purges p left join users u on u.id = p.created_by
        where p.store_id = ${storeId} order by p.created_at desc limit ${CACHE_PURGES_LIST_SIZE}`,
  );
  return list.map(toPurge);
}

/**
 * What a route's successful writes make stale on the storefront, declared on the route itself as
 * `config: { purges: … }` and read by this module's `onSend` hook (`purgeFor`):
 * - `catalog`: products, collections, stock (inventory, bulk updates, refunds and cancellations that restock),
 *   published reviews, product options, size charts, personalisation, discounts, published designs → the pages
 *   that show products (`CATALOG_PAGES`);
 * - `menus`: every page (header and footer menus); `pages`: `/pages/*`;
 * - `theme`: publishing a theme → every page;
 * - `theme-config`: a saved or restored config → nothing when the theme is not the published one, else what the
 *   change touches (`themeChangeTarget`).
 * A route without the flag (reads, orders, customers, staff, reports, theme renames …) purges nothing.
 */
export type RoutePurges = 'catalog' | 'menus' | 'pages' | 'theme' | 'theme-config';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The storefront pages a successful write of this route makes stale (modules/cache `RoutePurges`). */
    purges?: RoutePurges;
  }
}

/**
 * The pages that show products: home, product pages, the collection pages AND the collections list (`/collections`,
 * which shows each collection's title and picture: `/collections*` matches both), search.
 */
const CATALOG_PAGES: PurgeTarget = ['/', '/products/*', '/collections*', '/search*'];

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
/** Deep equality of two JSON values (key order ignored). */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => same(x, b[i]));
  if (isObj(a) && isObj(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((k) => same(a[k], b[k]));
  }
  return false;
}
/** The keys whose values differ between two objects (a missing object counts as empty). */
const changedKeys = (a: unknown, b: unknown): string[] => {
  const x = isObj(a) ? a : {};
  const y = isObj(b) ? b : {};
  return [...new Set([...Object.keys(x), ...Object.keys(y)])].filter((k) => !same(x[k], y[k]));
};

/**
 * The cached pages a change of the PUBLISHED theme's config (`before` → `after`, theme-editor §3 shape) makes
 * stale, where that is knowable from what each part of the config drives on the storefront:
 * - home-page sections (`pages.homepage`) → `/`;
 * - product page settings → `/products/*`, plus every page with product cards when the sale tag's wording
 *   (`product.layout.sale_type`, read by every price line) changed;
 * - category settings → `/collections*`;
 * - cart, cart goal and thank-you settings → nothing (those pages are the shopper's own, never cached);
 * - anything global — header, footer, colours, typography, style, element, currency, popups, checkout (its
 *   custom script runs on every page), the schema version or a part this list does not know → `'all'`.
 * `[]` when nothing changed.
 */
export function themeChangeTarget(before: unknown, after: unknown): PurgeTarget {
  const b = isObj(before) ? before : {};
  const a = isObj(after) ? after : {};
  const paths = new Set<string>();
  for (const top of changedKeys(b, a)) {
    if (top === 'pages') {
      for (const page of changedKeys(b.pages, a.pages)) {
        if (page === 'homepage') paths.add('/');
        else return 'all';
      }
    } else if (top === 'settings') {
      for (const group of changedKeys(b.settings, a.settings)) {
        const was = isObj(b.settings) ? b.settings[group] : undefined;
        const now = isObj(a.settings) ? a.settings[group] : undefined;
        if (group === 'product') {
          paths.add('/products/*');
          const saleType = (g: unknown) => (isObj(g) && isObj(g.layout) ? g.layout.sale_type : undefined);
          if (!same(saleType(was), saleType(now))) for (const p of CATALOG_PAGES) paths.add(p);
        } else if (group === 'category') paths.add('/collections*');
        else if (group === 'cart' || group === 'cart_goal' || group === 'thankpage') continue;
        else return 'all';
      }
    } else return 'all';
  }
  return [...paths];
}

/**
 * A saved or restored config of theme `themeId`: nothing when the theme is not the shop's published one (the live
 * storefront does not render it), else `themeChangeTarget` of its two newest versions (`'all'` for a first one).
 */
async function themeConfigTarget(db: Db, storeId: string, themeId: string): Promise<PurgeTarget> {
  const last = await rows<{ published: boolean; config: unknown }>(
    db,
    sql`select t.published, c.config from themes t join theme_configs c on c.theme_id = t.id
        where t.id = ${themeId} and t.store_id = ${storeId} order by c.version desc limit 2`,
  );
  if (!last[0]?.published) return [];
  return last.length < 2 ? 'all' : themeChangeTarget(last[1]!.config, last[0].config);
}

/**
 * What a successful write of a route flagged `purges` (`RoutePurges`) makes stale, with the source the purge is
 * recorded under; null when nothing cached changes (a theme that is not published, a save that changed nothing).
 * `params` are the route's (`themeId` for the theme routes).
 */
export async function purgeFor(
  db: Db,
  storeId: string,
  kind: RoutePurges,
  params: { themeId?: string },
): Promise<{ source: PurgeSource; target: PurgeTarget } | null> {
  switch (kind) {
    case 'catalog':
      return { source: 'product', target: CATALOG_PAGES };
    case 'menus':
      return { source: 'menu', target: 'all' };
    case 'pages':
      return { source: 'page', target: ['/pages/*'] };
    case 'theme':
      return { source: 'theme', target: 'all' };
    case 'theme-config': {
      const target = params.themeId ? await themeConfigTarget(db, storeId, params.themeId) : 'all';
      return target === 'all' || target.length ? { source: 'theme', target } : null;
    }
  }
}

/**
 * The cached pages a new order makes stale (issue 16 "purge also when stock changes"): the page of each product it
 * sold (`/products/{handle}` and its `?variant=` forms), and — when a sold variant is now out of stock (its sold-out
 * label shows on cards) — the pages listing products (home, collections, search). Read from the order's line items.
 */
export async function staleAfterOrder(db: Db, storeId: string, orderId: string): Promise<PurgeTarget> {
  const sold = await rows<{ handle: string; out: boolean }>(
    db,
    sql`select distinct l->>'handle' as handle, coalesce(v.inventory_qty <= 0 and v.inventory_policy = 'deny', false) as out
        from orders o cross join jsonb_array_elements(o.line_items) l
        left join product_variants v on v.id = (l->>'variantId')::uuid and v.store_id = o.store_id
        where o.id = ${orderId} and o.store_id = ${storeId} and l->>'handle' is not null`,
  );
  const pages = [...new Set(sold.map((s) => `/products/${s.handle}*`))];
  return sold.some((s) => s.out) ? [...pages, '/', '/collections*', '/search*'] : pages;
}
