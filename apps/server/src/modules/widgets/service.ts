import {
  type StorefrontProductCard,
  type StorefrontWidget,
  WIDGETS_MAX,
  type Widget,
  type WidgetBody,
  type WidgetKind,
  type WidgetPlacement,
} from '@backroom/contracts';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rows, sql } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { isPaidOrder } from '../../lib/money.js';

/**
 * Product widgets (issue 18 item 2): the admin's CRUD and the storefront's choice of products per widget. Every
 * choice is ONE SQL statement over the shop's own rows (see {@link chooseProducts}); only published products with a
 * variant are ever shown, and never the products the page is already about.
 */

type Body = z.output<typeof WidgetBody>;

interface WidgetRow {
  id: string;
  kind: WidgetKind;
  placement: WidgetPlacement;
  title: string;
  limit: number;
  layout: Widget['layout'];
  days: number;
  active: boolean;
  product_ids: string[] | string;
  products: { id: string; title: string; handle: string }[] | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;
/** PGlite answers a uuid[] as its text form `{a,b}`; pg as an array. */
const parseUuids = (v: string[] | string): string[] =>
  Array.isArray(v)
    ? v
    : v
        .replace(/^\{|\}$/g, '')
        .split(',')
        .filter(Boolean);

const toWidget = (r: WidgetRow): Widget => ({
  id: r.id,
  kind: r.kind,
  placement: r.placement,
  title: r.title,
  limit: r.limit,
  layout: r.layout,
  days: r.days,
  active: r.active,
  productIds: parseUuids(r.product_ids),
  products: r.products ?? [],
  createdAt: new Date(r.created_at).toISOString(),
  updatedAt: new Date(r.updated_at).toISOString(),
});

/** The widgets of `storeId` (one, with `id`), by placement then oldest first, each with its handpicked products named. */
async function readWidgets(db: Db, storeId: string, id?: string): Promise<Widget[]> {
  const list = await rows<WidgetRow>(
    db,
    sql`select w.id, w.kind, w.placement, w.title, w."limit", w.layout, w.days, w.active, w.product_ids, w.created_at, w.updated_at,
               (select json_agg(json_build_object('id', p.id, 'title', p.title, 'handle', p.handle) order by u.n)
                  from unnest(w.product_ids) with ordinality u(pid, n)
                  join products p on p.id = u.pid and p.store_id = w.store_id) as products
        from product_widgets w
        where w.store_id = ${storeId}::uuid ${id ? sql`and w.id = ${id}::uuid` : sql``}
        order by array_position(array['product_above_description','product_below_description','cart','home'], w.placement),
                 w.created_at, w.id`,
  );
  return list.map(toWidget);
}

/** GET /api/widgets: the shop's widgets. */
export async function listWidgets(db: Db, storeId: string): Promise<Widget[]> {
  return readWidgets(db, storeId);
}

/** 400 `productIds: …` unless every handpicked id is a product of `storeId`; the ids in the merchant's order. */
async function checkProducts(db: Db, storeId: string, b: Body): Promise<string[]> {
  const ids = b.kind === 'handpicked' ? (b.productIds ?? []) : [];
  if (ids.length === 0) return ids;
  const found = await rows<{ id: string }>(
    db,
    sql`select id from products where store_id = ${storeId}::uuid and id = any(${uuidArray(ids)})`,
  );
  const known = new Set(found.map((r) => r.id));
  const bad = ids.find((id) => !known.has(id));
  if (bad) throw badRequest(`productIds: ${bad} is not a product of this shop`);
  return ids;
}

/**
 * POST /api/widgets: adds a widget to `storeId` (at most WIDGETS_MAX, counted in the inserting statement so two racing
 * adds cannot pass it). Errors: 400 (a handpicked id not of this shop, too many widgets).
 */
export async function createWidget(db: Db, storeId: string, b: Body): Promise<Widget> {
  const ids = await checkProducts(db, storeId, b);
  const inserted = await db.transaction(async (tx) => {
    // The shop's row lock serialises adds, so the count below is the count at insert time.
    await rows(tx, sql`select id from stores where id = ${storeId}::uuid for update`);
    return rows<{ id: string }>(
      tx,
      sql`insert into product_widgets (store_id, kind, placement, title, "limit", layout, days, active, product_ids)
          select ${storeId}::uuid, ${b.kind}, ${b.placement}, ${b.title}, ${b.limit}, ${b.layout}, ${b.days}, ${b.active}, ${uuidArray(ids)}
          where (select count(*) from product_widgets where store_id = ${storeId}::uuid) < ${WIDGETS_MAX}
          returning id`,
    );
  });
  if (!inserted[0]) throw badRequest(`kind: a shop has at most ${WIDGETS_MAX} widgets`);
  return (await readWidgets(db, storeId, inserted[0].id))[0]!;
}

/** PUT /api/widgets/{id}: replaces a widget of `storeId`; 404 for another shop's or an unknown id; 400 as on POST. */
export async function updateWidget(db: Db, storeId: string, id: string, b: Body): Promise<Widget> {
  const ids = await checkProducts(db, storeId, b);
  const updated = await rows<{ id: string }>(
    db,
    sql`update product_widgets set kind = ${b.kind}, placement = ${b.placement}, title = ${b.title}, "limit" = ${b.limit},
               layout = ${b.layout}, days = ${b.days}, active = ${b.active}, product_ids = ${uuidArray(ids)}, updated_at = now()
        where id = ${id}::uuid and store_id = ${storeId}::uuid
        returning id`,
  );
  if (!updated[0]) throw notFound('Widget');
  return (await readWidgets(db, storeId, id))[0]!;
}

/** DELETE /api/widgets/{id}: removes a widget of `storeId`; 404 otherwise. */
export async function deleteWidget(db: Db, storeId: string, id: string): Promise<void> {
  const gone = await rows(db, sql`delete from product_widgets where id = ${id}::uuid and store_id = ${storeId}::uuid returning id`);
  if (!gone[0]) throw notFound('Widget');
}

/** What the page a widget renders on is about: its product(s) (excluded from every widget) and the shopper's views. */
export interface WidgetContext {
  /** The product page's product and/or the cart's products (ids of this shop). */
  productIds: string[];
  /** The shopper's recently viewed products, newest first (ids of this shop). */
  viewedIds: string[];
}

/** SQL condition on `p` (products): shown on the storefront (published, with a variant) and not one of `exclude`. */
const shown = (exclude: readonly string[]) =>
  sql`p.published and exists (select 1 from product_variants v where v.product_id = p.id)
      and not (p.id = any(${uuidArray(exclude)}))`;

/**
 * The product ids a widget shows, in order, at most `w.limit` (one statement per call):
 * - `best_sellers`: products by net units sold in the shop's PAID orders (lib/money.ts `isPaidOrder`) placed in the
 *   last `w.days` days: each line's quantity minus the quantity refunded from that line (`order_refunds.lines`,
 *   `lineId` = the line's 1-based position; a cancel records its lines there too), so selling 3 and refunding 2
 *   counts 1. A product whose units were all refunded is left out. Ties by title, then id.
 * - `also_bought`: products by the number of distinct paid orders of the last `w.days` days that hold them AND one of
 *   the context products (co-purchase count); ties by title, id. Nothing without a context product (home).
 * - `recently_viewed`: the shopper's viewed products in their order (newest first).
 * - `handpicked`: the merchant's products in their order.
 * - `same_collection`: products sharing a collection with a context product, by their best position in those
 *   collections, then title, id. Nothing without a context product.
 * Every kind leaves out the context products, unpublished products and products without a variant.
 */
export async function chooseProducts(
  db: Db,
  storeId: string,
  w: Pick<Widget, 'kind' | 'limit' | 'days' | 'productIds'>,
  ctx: WidgetContext,
): Promise<string[]> {
  const exclude = ctx.productIds;
  const store = sql`${storeId}::uuid`;
  const window = sql`o.created_at >= now() - make_interval(days => ${w.days}::int)`;
  let query: SQL;
  switch (w.kind) {
    case 'best_sellers':
      // Refunded units per line, read through order_refunds' order_id index for the window's orders only.
      query = sql`select p.id from orders o
                    cross join lateral jsonb_array_elements(o.line_items) with ordinality li(line, n)
                    join products p on p.store_id = o.store_id and p.id::text = li.line->>'productId'
                    left join lateral (
                      select sum((rl->>'quantity')::int) as qty
                        from order_refunds r cross join lateral jsonb_array_elements(r.lines) rl
                       where r.order_id = o.id and (rl->>'lineId')::int = li.n) rf on true
                  where o.store_id = ${store} and ${isPaidOrder('o')} and ${window} and ${shown(exclude)}
                  group by p.id, p.title
                  having sum((li.line->>'quantity')::int - coalesce(rf.qty, 0)) > 0
                  order by sum((li.line->>'quantity')::int - coalesce(rf.qty, 0)) desc, p.title, p.id
                  limit ${w.limit}`;
      break;
    case 'also_bought':
      if (exclude.length === 0) return [];
      query = sql`with baskets as (
                    select distinct o.id from orders o cross join lateral jsonb_array_elements(o.line_items) li
                    where o.store_id = ${store} and ${isPaidOrder('o')} and ${window}
                      and li->>'productId' = any(${`{${exclude.join(',')}}`}::text[]))
                  select p.id from baskets b
                    join orders o on o.id = b.id
                    cross join lateral jsonb_array_elements(o.line_items) li
                    join products p on p.store_id = o.store_id and p.id::text = li->>'productId'
                  where ${shown(exclude)}
                  group by p.id, p.title
                  order by count(distinct o.id) desc, p.title, p.id
                  limit ${w.limit}`;
      break;
    case 'recently_viewed':
    case 'handpicked': {
      const ids = w.kind === 'handpicked' ? w.productIds : ctx.viewedIds;
      if (ids.length === 0) return [];
      query = sql`select p.id from unnest(${uuidArray(ids)}) with ordinality u(pid, n)
                    join products p on p.id = u.pid and p.store_id = ${store}
                  where ${shown(exclude)}
                  order by u.n
                  limit ${w.limit}`;
      break;
    }
    case 'same_collection':
      if (exclude.length === 0) return [];
      query = sql`select p.id from collection_products mine
                    join collections c on c.id = mine.collection_id and c.store_id = ${store}
                    join collection_products cp on cp.collection_id = mine.collection_id
                    join products p on p.id = cp.product_id and p.store_id = ${store}
                  where mine.product_id = any(${uuidArray(exclude)}) and ${shown(exclude)}
                  group by p.id, p.title
                  order by min(cp.position), p.title, p.id
                  limit ${w.limit}`;
      break;
  }
  return (await rows<{ id: string }>(db, query)).map((r) => r.id);
}

/** Grid cards (StorefrontProductCard, cents) of `ids`, in the order of `ids`; ids not found are left out. */
async function cards(db: Db, storeId: string, ids: readonly string[]): Promise<Map<string, StorefrontProductCard>> {
  if (ids.length === 0) return new Map();
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
  }>(
    db,
    sql`select p.id, p.handle, p.title, p.vendor, v.id as variant_id, v.price_cents, v.compare_at_price_cents,
          (select i.src from product_images i where i.product_id = p.id order by i.position limit 1) as image,
          (select i.src from product_images i where i.product_id = p.id order by i.position offset 1 limit 1) as hover
        from products p
        join lateral (select v.id, v.price_cents, v.compare_at_price_cents from product_variants v
                      where v.product_id = p.id order by v.price_cents asc, v.position asc limit 1) v on true
        where p.store_id = ${storeId}::uuid and p.id = any(${uuidArray(ids)})`,
  );
  return new Map(
    r.map((x) => [
      x.id,
      {
        id: x.id,
        handle: x.handle,
        title: x.title,
        vendor: x.vendor,
        priceCents: x.price_cents,
        compareAtPriceCents: x.compare_at_price_cents != null && x.compare_at_price_cents > x.price_cents ? x.compare_at_price_cents : null,
        imageSrc: x.image,
        hoverImageSrc: x.hover,
        variantId: x.variant_id,
      },
    ]),
  );
}

/** Ids of the shop's products with these handles, in the order of `handles` (unknown handles left out). */
async function idsOfHandles(db: Db, storeId: string, handles: readonly string[]): Promise<string[]> {
  if (handles.length === 0) return [];
  const r = await rows<{ id: string }>(
    db,
    sql`select p.id from jsonb_array_elements_text(${JSON.stringify(handles)}::jsonb) with ordinality h(handle, n)
          join products p on p.store_id = ${storeId}::uuid and p.handle = h.handle
        order by h.n`,
  );
  return r.map((x) => x.id);
}

/**
 * GET /api/storefront/widgets: the shop's ACTIVE widgets of `placement`, each with its products for this page (the
 * product page's `product` handle and the cart's handles are the context; `viewed` the shopper's recently viewed
 * handles, newest first). A widget with no product to show is left out.
 */
export async function storefrontWidgets(
  db: Db,
  storeId: string,
  q: { placement: WidgetPlacement; product?: string; cart: string[]; viewed: string[] },
): Promise<StorefrontWidget[]> {
  const widgets = (await readWidgets(db, storeId)).filter((w) => w.active && w.placement === q.placement);
  if (widgets.length === 0) return [];
  const context = await idsOfHandles(db, storeId, [...(q.product ? [q.product] : []), ...q.cart]);
  const viewedIds = await idsOfHandles(db, storeId, q.viewed);
  const chosen = await Promise.all(widgets.map((w) => chooseProducts(db, storeId, w, { productIds: context, viewedIds })));
  const byId = await cards(db, storeId, [...new Set(chosen.flat())]);
  return widgets
    .map((w, i) => ({
      id: w.id,
      kind: w.kind,
      title: w.title,
      layout: w.layout,
      products: chosen[i]!.map((id) => byId.get(id)).filter((c): c is StorefrontProductCard => !!c),
    }))
    .filter((w) => w.products.length > 0);
}
