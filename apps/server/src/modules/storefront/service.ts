import type { StorefrontCollection, StorefrontEventsBody, StorefrontProduct, StorefrontProductCard } from '@backroom/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { type Db, rows, sql } from '../../db/client.js';
import { collections, productImages, products, productVariants, storefrontEvents } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { sanitizeMerchantHtml } from '../../lib/html.js';
import { type ShopperFilters, shopperFilterCondition } from '../product-options/index.js';
import { attributionColumns } from '../reports/index.js';

/** How far back an event's occurredAt may lie, ms (24 h), and how far ahead (clock skew, 5 min). */
export const EVENT_MAX_AGE_MS = 24 * 3600_000;
export const EVENT_MAX_SKEW_MS = 5 * 60_000;

type SortKey = 'manual' | 'newest' | 'price-asc' | 'price-desc' | 'title-asc';

/**
 * Published products of a store as grid cards (GET /api/storefront/products): optionally those of one collection
 * (by handle; 404 when it does not exist), those with the given ids, whose title contains `search` (case-insensitive),
 * matching the shopper's filters (option values, vendor, type, availability, price in cents; issue 13 item 6), sorted, one 1-based
 * page of `limit`. Each card carries the cheapest variant's price and id and the first two images. Products
 * without a variant are not sellable and not listed.
 */
export async function listProducts(
  db: Db,
  storeId: string,
  q: { collection?: string; ids?: string[]; search?: string; sort: SortKey; page: number; limit: number } & Omit<
    ShopperFilters,
    'available'
  > & {
      available?: '1';
    },
): Promise<{ products: StorefrontProductCard[]; total: number; page: number }> {
  let collectionId: string | null = null;
  if (q.collection) {
    const [c] = await db
      .select({ id: collections.id })
      .from(collections)
      .where(and(eq(collections.storeId, storeId), eq(collections.handle, q.collection)));
    if (!c) throw notFound('Collection');
    collectionId = c.id;
  }
  const search = q.search?.trim() ? `%${q.search.trim().replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
  const order = {
    manual: collectionId ? sql`cp.position asc, p.created_at desc` : sql`p.created_at desc`,
    newest: sql`p.created_at desc`,
    'price-asc': sql`v.price_cents asc`,
    'price-desc': sql`v.price_cents desc`,
    'title-asc': sql`p.title asc`,
  }[q.sort];
  const r = await rows<{
    id: string;
    handle: string;
    title: string;
    vendor: string;
    variant_id: string;
    price_cents: number;
    compare_at_price_cents: number | null;
    image: string | null;
    hover: string | null;
    total: number;
  }>(
    db,
    sql`select p.id, p.handle, p.title, p.vendor, v.id as variant_id, v.price_cents, v.compare_at_price_cents,
          (select i.src from product_images i where i.product_id = p.id order by i.position limit 1) as image,
          (select i.src from product_images i where i.product_id = p.id order by i.position offset 1 limit 1) as hover,
          count(*) over () as total
        from products p
        ${collectionId ? sql`join collection_products cp on cp.product_id = p.id and cp.collection_id = ${collectionId}` : sql``}
        join lateral (select v.id, v.price_cents, v.compare_at_price_cents from product_variants v
                      where v.product_id = p.id order by v.price_cents asc, v.position asc limit 1) v on true
        where p.store_id = ${storeId} and p.published
          ${search ? sql`and p.title ilike ${search}` : sql``}
          and ${shopperFilterCondition({ ...q, available: q.available === '1' })}
          ${
            q.ids
              ? q.ids.length
                ? sql`and p.id in (${sql.join(
                    q.ids.map((id) => sql`${id}`),
                    sql`, `,
                  )})`
                : sql`and false`
              : sql``
          }
        order by ${order}, p.id
        limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
  );
  return {
    products: r.map((x) => ({
      id: x.id,
      handle: x.handle,
      title: x.title,
      vendor: x.vendor,
      priceCents: x.price_cents,
      compareAtPriceCents: x.compare_at_price_cents != null && x.compare_at_price_cents > x.price_cents ? x.compare_at_price_cents : null,
      imageSrc: x.image,
      hoverImageSrc: x.hover,
      variantId: x.variant_id,
    })),
    total: r[0]?.total ?? 0,
    page: q.page,
  };
}

/** A published product by handle with its variants, images and collections; body HTML sanitised. 404 otherwise. */
export async function getProduct(db: Db, storeId: string, handle: string): Promise<StorefrontProduct> {
  const [p] = await db
    .select()
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.handle, handle), eq(products.published, true)));
  if (!p) throw notFound('Product');
  const [variants, images, cols] = await Promise.all([
    db.select().from(productVariants).where(eq(productVariants.productId, p.id)).orderBy(asc(productVariants.position)),
    db.select().from(productImages).where(eq(productImages.productId, p.id)).orderBy(asc(productImages.position)),
    rows<{ handle: string; title: string }>(
      db,
      sql`select c.handle, c.title from collections c join collection_products cp on cp.collection_id = c.id
          where cp.product_id = ${p.id} and c.store_id = ${storeId} order by c.title`,
    ),
  ]);
  return {
    id: p.id,
    handle: p.handle,
    title: p.title,
    bodyHtml: sanitizeMerchantHtml(p.bodyHtml),
    vendor: p.vendor,
    productType: p.productType,
    tags: p.tags,
    optionNames: p.optionNames,
    images: images.map((i) => ({ src: i.src, alt: i.alt || p.title })),
    variants: variants.map((v) => ({
      id: v.id,
      title: variantTitle(v),
      option1: v.option1,
      option2: v.option2,
      option3: v.option3,
      priceCents: v.priceCents,
      compareAtPriceCents: v.compareAtPriceCents != null && v.compareAtPriceCents > v.priceCents ? v.compareAtPriceCents : null,
      inventoryQty: v.inventoryQty,
      available: v.inventoryPolicy === 'continue' || v.inventoryQty > 0,
      tracksStock: v.inventoryPolicy === 'deny',
      imageSrc: v.imageSrc,
    })),
    collections: cols,
  };
}

/** "Black / M" from a variant's option values; "Default Title" when it has none. */
export function variantTitle(v: { option1: string | null; option2: string | null; option3: string | null }): string {
  const parts = [v.option1, v.option2, v.option3].filter((x): x is string => !!x);
  return parts.length ? parts.join(' / ') : 'Default Title';
}

/**
 * Collections of a store with their published-product counts (GET /api/storefront/collections), by title,
 * optionally filtered by a title search, one 1-based page. A collection without an image borrows the first image
 * of its first product so grids are never blank.
 */
export async function listCollections(
  db: Db,
  storeId: string,
  q: { search?: string; page: number; limit: number; handle?: string },
): Promise<{ collections: StorefrontCollection[]; total: number }> {
  const search = q.search?.trim() ? `%${q.search.trim().replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
  const r = await rows<{
    id: string;
    handle: string;
    title: string;
    description: string;
    image_src: string | null;
    products_count: number;
    total: number;
  }>(
    db,
    sql`select c.id, c.handle, c.title, c.description,
          coalesce(c.image_src, (select i.src from collection_products cp join products p on p.id = cp.product_id and p.published
                                 join product_images i on i.product_id = p.id
                                 where cp.collection_id = c.id order by cp.position, i.position limit 1)) as image_src,
          (select count(*) from collection_products cp join products p on p.id = cp.product_id and p.published
           where cp.collection_id = c.id) as products_count,
          count(*) over () as total
        from collections c
        where c.store_id = ${storeId}
          ${search ? sql`and c.title ilike ${search}` : sql``}
          ${q.handle ? sql`and c.handle = ${q.handle}` : sql``}
        order by c.title, c.id
        limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
  );
  return {
    collections: r.map((x) => ({
      id: x.id,
      handle: x.handle,
      title: x.title,
      description: sanitizeMerchantHtml(x.description),
      imageSrc: x.image_src,
      productsCount: Number(x.products_count),
    })),
    total: r[0]?.total ?? 0,
  };
}

/** One collection by handle (404 when absent). */
export async function getCollection(db: Db, storeId: string, handle: string): Promise<StorefrontCollection> {
  const {
    collections: [c],
  } = await listCollections(db, storeId, { handle, page: 1, limit: 1 });
  if (!c) throw notFound('Collection');
  return c;
}

/**
 * Records a batch of shopper events for the Host's store (POST /api/storefront/events). occurredAt defaults to
 * now and must lie in [now − 24 h, now + 5 min], else 400 naming the index. Returns how many were stored.
 * Analytics roll-ups follow by database trigger.
 */
export async function recordEvents(db: Db, storeId: string, events: StorefrontEventsBody, now = new Date()): Promise<number> {
  const values = events.map((e, i) => {
    const at = e.occurredAt ? new Date(e.occurredAt) : now;
    if (at.getTime() < now.getTime() - EVENT_MAX_AGE_MS || at.getTime() > now.getTime() + EVENT_MAX_SKEW_MS) {
      throw badRequest(`body.${i}.occurredAt: must be within the last 24 hours`);
    }
    // First-touch attribution (issue 17 item 1): folded into visitor_sessions by the events trigger (migration 0013).
    return { storeId, visitorSessionId: e.visitorSessionId, type: e.type, occurredAt: at, ...attributionColumns(e) };
  });
  await db.insert(storefrontEvents).values(values);
  return values.length;
}
