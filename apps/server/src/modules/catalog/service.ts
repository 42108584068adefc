import type { CollectionSummary, ProductSummary } from '@backroom/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.js';
import { majorFromCents } from '../../lib/money.js';

/** `%…%` ILIKE pattern of a search text, with LIKE wildcards escaped. */
const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Products, variants and collections of one store (home dashboard "products counted in the catalog"). */
export async function catalogCounts(db: Db, storeId: string) {
  const [r] = await rows<{ count: number; variants: number; collections: number }>(
    db,
    sql`select (select count(*)::int from products where store_id = ${storeId}::uuid) as count,
               (select count(*)::int from product_variants where store_id = ${storeId}::uuid) as variants,
               (select count(*)::int from collections where store_id = ${storeId}::uuid) as collections`,
  );
  return { count: r?.count ?? 0, variants: r?.variants ?? 0, collections: r?.collections ?? 0 };
}

/**
 * One page of a store's products, A→Z by title: first picture, variant count, stock and price range (major
 * units, 2 decimals). `search` matches title, handle, vendor or a variant SKU (case-insensitive);
 * `collection` keeps the products of the collection with that handle.
 */
export async function listProducts(
  db: Db,
  storeId: string,
  q: { page: number; limit: number; search?: string; collection?: string },
): Promise<{ products: ProductSummary[]; total: number }> {
  const where: SQL[] = [sql`p.store_id = ${storeId}::uuid`];
  if (q.search) {
    const pat = like(q.search);
    where.push(sql`(p.title ilike ${pat} or p.handle ilike ${pat} or p.vendor ilike ${pat}
                    or exists (select 1 from product_variants sv where sv.product_id = p.id and sv.sku ilike ${pat}))`);
  }
  if (q.collection) {
    where.push(sql`exists (select 1 from collection_products cp join collections c on c.id = cp.collection_id
                           where cp.product_id = p.id and c.store_id = ${storeId}::uuid and c.handle = ${q.collection})`);
  }
  const cond = sql.join(where, sql` and `);
  // The count and the page are independent: on PostgreSQL they run at once on two pooled connections.
  const [[{ total } = { total: 0 }], list] = await Promise.all([
    rows<{ total: number }>(db, sql`select count(*)::int as total from products p where ${cond}`),
    rows<{
      id: string;
      title: string;
      handle: string;
      vendor: string;
      product_type: string;
      tags: string[];
      published: boolean;
      updated_at: Date | string;
      image: string | null;
      n: number;
      inv: number;
      min_cents: number | null;
      max_cents: number | null;
      currency: string;
    }>(
      db,
      sql`select p.id, p.title, p.handle, p.vendor, p.product_type, p.tags, p.published, p.updated_at, s.currency,
               (select i.src from product_images i where i.product_id = p.id order by i.position, i.id limit 1) as image,
               v.n, v.inv, v.min_cents, v.max_cents
        from products p
        join stores s on s.id = p.store_id
        cross join lateral (select count(*)::int as n, coalesce(sum(inventory_qty), 0)::int as inv,
                                   min(price_cents) as min_cents, max(price_cents) as max_cents
                            from product_variants where product_id = p.id) v
        where ${cond}
        order by lower(p.title), p.id
        limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
    ),
  ]);
  return {
    total,
    products: list.map((p) => ({
      id: p.id,
      _id: p.id,
      title: p.title,
      handle: p.handle,
      vendor: p.vendor,
      productType: p.product_type,
      tags: p.tags,
      published: p.published,
      image: p.image ? { src: p.image } : null,
      variantsCount: p.n,
      inventory: p.inv,
      priceMin: majorFromCents(p.min_cents ?? 0),
      priceMax: majorFromCents(p.max_cents ?? 0),
      currency: p.currency,
      updatedAt: new Date(p.updated_at).toISOString(),
    })),
  };
}

/**
 * One page of a store's collections, A→Z by title, with image.src (its own picture, else its first product's) and
 * product count; `search` matches title or handle.
 */
export async function listCollections(
  db: Db,
  storeId: string,
  q: { page: number; limit: number; search?: string },
): Promise<{ collections: CollectionSummary[]; total: number }> {
  const where: SQL[] = [sql`c.store_id = ${storeId}::uuid`];
  if (q.search) {
    const pat = like(q.search);
    where.push(sql`(c.title ilike ${pat} or c.handle ilike ${pat})`);
  }
  const cond = sql.join(where, sql` and `);
  const [{ total } = { total: 0 }] = await rows<{ total: number }>(db, sql`select count(*)::int as total from collections c where ${cond}`);
  const list = await rows<{ id: string; title: string; handle: string; description: string; image_src: string | null; n: number }>(
    db,
    sql`select c.id, c.title, c.handle, c.description,
               coalesce(c.image_src, (select i.src from collection_products cp join product_images i on i.product_id = cp.product_id
                                      where cp.collection_id = c.id order by cp.position, i.position limit 1)) as image_src,
               (select count(*)::int from collection_products cp where cp.collection_id = c.id) as n
        from collections c where ${cond}
        order by lower(c.title), c.id
        limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
  );
  return {
    total,
    collections: list.map((c) => ({
      id: c.id,
      title: c.title,
      handle: c.handle,
      description: c.description,
      image: c.image_src ? { src: c.image_src } : null,
      productsCount: c.n,
    })),
  };
}
