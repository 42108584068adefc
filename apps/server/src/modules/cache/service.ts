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
 * Admin API prefixes whose writes change what product, collection, home and search pages show (their data is
 * rendered on the server and kept by the page cache): the products and collections themselves, stock (inventory,
 * bulk updates, refunds and cancellations that restock), published reviews (rating and list on the product page),
 * product options (collection filters), size charts, personalisation fields, discounts (sale badges) and designs
 * published as products.
 */
const CATALOG_WRITES = [
  '/api/products',
  '/api/collections',
  '/api/inventory',
  '/api/bulk-updates',
  '/api/reviews',
  '/api/product-options',
  '/api/size-charts',
  '/api/personalizes',
  '/api/discounts',
  '/api/designs/:id/publish',
  '/api/orders/:id/refunds',
  '/api/orders/:id/cancel',
];

/**
 * What a successful admin write changes on the storefront (issue 18 item 5 "saving a theme, page, menu or product
 * purges the affected pages"), from its method and route pattern: themes and menus → the whole shop (every page shows
 * them); pages → `/pages/*`; catalog writes (`CATALOG_WRITES`: products, collections, stock, reviews, options, size
 * charts, personalisation, discounts, published designs) → product and collection pages, search and home. Null for
 * any other route (orders, customers, staff, reports … show nothing a cached page holds).
 */
export function affectedBy(method: string, route: string): { source: PurgeSource; target: PurgeTarget } | null {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return null;
  if (route.startsWith('/api/themes/') && !route.startsWith('/api/themes/lookups')) return { source: 'theme', target: 'all' };
  if (route.startsWith('/api/stores/onlinestore/menus')) return { source: 'menu', target: 'all' };
  if (route.startsWith('/api/stores/onlinestore/pages')) return { source: 'page', target: ['/pages/*'] };
  if (CATALOG_WRITES.some((p) => route === p || route.startsWith(`${p}/`))) {
    return { source: 'product', target: ['/', '/products/*', '/collections/*', '/search*'] };
  }
  return null;
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
