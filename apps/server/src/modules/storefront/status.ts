import { type Db, rows, sql } from '../../db/client.js';

/**
 * The HTTP status of a storefront page path (issue 31 item 4: real 404s, no soft "Page not found" with 200), decided
 * on the server from the database before the page is rendered, for every route kind the storefront's router knows
 * (apps/storefront/src/App.tsx `Routes`):
 * - `/`, `/collections`, `/cart`, `/checkout`, `/search`, `/thank-you/:id`, `/checkouts/:token/recover`: 200 (the
 *   shopper's own pages check their token in the browser, as before);
 * - `/products/:handle`: 200 when the shop has a published product with that handle; 410 Gone when the shop once had
 *   one and deleted it (`deleted_product_handles`, kept by a trigger on products, migration 0031); 404 otherwise
 *   (never existed, or unpublished: it may come back);
 * - `/collections/:handle`: 200 for `all` or a collection of the shop, else 404;
 * - `/pages/:handle`: 200 for a published page of the shop, else 404;
 * - anything else: 404.
 * `path` is the decoded-or-not pathname without the query (each segment is URI-decoded here as the router does).
 */
export async function storefrontPageStatus(db: Db, storeId: string, path: string): Promise<200 | 404 | 410> {
  const parts = path.split('/').filter(Boolean);
  let seg: string[];
  try {
    seg = parts.map((p) => decodeURIComponent(p));
  } catch {
    return 404;
  }
  // A NUL cannot be a handle (and PostgreSQL refuses it in text): no such page, not a 500.
  if (seg.some((p) => p.includes('\u0000'))) return 404;
  const [kind, handle, extra] = seg;
  if (seg.length === 0) return 200;
  if (seg.length === 1 && ['collections', 'cart', 'checkout', 'search'].includes(kind!)) return 200;
  if (seg.length === 2 && kind === 'thank-you') return 200;
  if (seg.length === 3 && kind === 'checkouts' && extra === 'recover') return 200;
  if (seg.length !== 2) return 404;
  if (kind === 'products') {
    const [r] = await rows<{ published: boolean | null; deleted: boolean }>(
      db,
      sql`select (select p.published from products p where p.store_id = ${storeId}::uuid and p.handle = ${handle}
                  order by p.published desc limit 1) as published,
                 exists (select 1 from deleted_product_handles d where d.store_id = ${storeId}::uuid and d.handle = ${handle}) as deleted`,
    );
    if (r?.published === true) return 200;
    return r?.published == null && r?.deleted ? 410 : 404;
  }
  if (kind === 'collections') {
    if (handle === 'all') return 200;
    const [r] = await rows<{ one: number }>(
      db,
      sql`select 1 as one from collections c where c.store_id = ${storeId}::uuid and c.handle = ${handle} limit 1`,
    );
    return r ? 200 : 404;
  }
  if (kind === 'pages') {
    const [r] = await rows<{ one: number }>(
      db,
      sql`select 1 as one from pages p where p.store_id = ${storeId}::uuid and p.handle = ${handle} and p.published limit 1`,
    );
    return r ? 200 : 404;
  }
  return 404;
}

/** The `<meta name="robots">` tag a page that is not found or gone carries (with `X-Robots-Tag: noindex`). */
export const NOINDEX_META = '<meta name="robots" content="noindex">';
