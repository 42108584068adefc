import { LOOKUP_RESULTS_LIMIT } from '@backroom/contracts';
import { type Db, rows, sql } from '../../db/client.js';

/**
 * The catalog pickers' lookup (`GET /api/discounts/lookups`, `GET /api/widgets/lookups`): products or collections of
 * the store by title search (at most LOOKUP_RESULTS_LIMIT = 20, ordered by title; `%`/`_` in the search are literal)
 * or by ids (those of them that are the store's; ids of another store are silently left out). Scoped by `storeId`.
 */
export async function lookupCatalogItems(
  db: Db,
  storeId: string,
  q: { kind: 'products' | 'collections'; search?: string; ids?: string[] },
): Promise<{ items: { id: string; title: string; imageSrc: string | null }[] }> {
  const search = q.search ? `%${q.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
  const ids = q.ids
    ? q.ids.length
      ? sql`and x.id in (${sql.join(
          q.ids.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql`and false`
    : sql``;
  const items = await rows<{ id: string; title: string; image_src: string | null }>(
    db,
    q.kind === 'products'
      ? sql`select x.id, x.title,
              (select i.src from product_images i where i.product_id = x.id order by i.position limit 1) as image_src
            from products x where x.store_id = ${storeId} ${search ? sql`and x.title ilike ${search}` : sql``} ${ids}
            order by x.title, x.id limit ${q.ids ? q.ids.length || 1 : LOOKUP_RESULTS_LIMIT}`
      : sql`select x.id, x.title, x.image_src from collections x
            where x.store_id = ${storeId} ${search ? sql`and x.title ilike ${search}` : sql``} ${ids}
            order by x.title, x.id limit ${q.ids ? q.ids.length || 1 : LOOKUP_RESULTS_LIMIT}`,
  );
  return { items: items.map((r) => ({ id: r.id, title: r.title, imageSrc: r.image_src })) };
}
