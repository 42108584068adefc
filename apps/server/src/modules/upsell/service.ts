import type {
  StorefrontOffer,
  StorefrontOfferProduct,
  UpsellCounters,
  UpsellOffer,
  UpsellOfferBody,
  UpsellOfferStats,
  UpsellOfferType,
  UpsellStatus,
} from '@backroom/contracts';
import { and, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rows, sql } from '../../db/client.js';
import { upsellOffers } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { centsFromMajor, majorFromCents } from '../../lib/money.js';
import { type OfferRule, offerOrder, offerUnitPriceCents, triggers } from './pricing.js';

/**
 * Boost UpSell offers (issue 18 item 1): the admin CRUD, the per-offer counters, what the storefront shows and what
 * the checkout prices. Every query is scoped by the shop. Money: the admin API speaks major units, the tables and
 * the storefront cents; percentages are stored in basis points.
 */

type Body = z.output<typeof UpsellOfferBody>;
type Row = typeof upsellOffers.$inferSelect;
interface Totals {
  views: number;
  adds: number;
  orders: number;
  revenue_cents: number;
}

/** orders ÷ views in percent, 2 decimals; 0 without views. */
const conversion = (orders: number, views: number) => (views > 0 ? Math.round((orders / views) * 10_000) / 100 : 0);

const counters = (t: Totals | undefined): UpsellCounters => ({
  views: Number(t?.views ?? 0),
  adds: Number(t?.adds ?? 0),
  orders: Number(t?.orders ?? 0),
  revenue: majorFromCents(Number(t?.revenue_cents ?? 0)),
  conversionRate: conversion(Number(t?.orders ?? 0), Number(t?.views ?? 0)),
});

/** The status of an offer at `now`: switched off, scheduled (starts later), expired (ended) or active. */
export function offerStatus(o: Pick<Row, 'active' | 'startsAt' | 'endsAt'>, now: Date): UpsellStatus {
  if (!o.active) return 'inactive';
  if (o.startsAt && o.startsAt > now) return 'scheduled';
  if (o.endsAt && o.endsAt <= now) return 'expired';
  return 'active';
}

function toOffer(r: Row, t: Totals | undefined, now: Date): UpsellOffer {
  return {
    id: r.id,
    title: r.title,
    type: r.type as UpsellOfferType,
    productIds: r.productIds,
    collectionIds: r.collectionIds,
    offerProductIds: r.offerProductIds,
    discount: {
      type: r.discountType as 'percentage' | 'fixed_amount',
      value: r.discountType === 'percentage' ? r.discountValue / 100 : majorFromCents(r.discountValue),
    },
    tiers: r.tiers.map((x) => ({ quantity: x.quantity, percentage: x.bp / 100 })),
    active: r.active,
    priority: r.priority,
    startsAt: r.startsAt?.toISOString() ?? null,
    endsAt: r.endsAt?.toISOString() ?? null,
    status: offerStatus(r, now),
    stats: counters(t),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** Totals of the counters per offer of `storeId` (one grouped read). */
async function totalsOf(db: Db, storeId: string, id?: string): Promise<Map<string, Totals>> {
  const list = await rows<Totals & { offer_id: string }>(
    db,
    sql`select offer_id, sum(views)::int as views, sum(adds)::int as adds, sum(orders)::int as orders,
               sum(revenue_cents)::bigint as revenue_cents
        from upsell_offer_stats where store_id = ${storeId}::uuid ${id ? sql`and offer_id = ${id}::uuid` : sql``}
        group by offer_id`,
  );
  return new Map(list.map((r) => [r.offer_id, r]));
}

/** GET /api/upsell/offers: every offer of the shop with its counters, highest priority first, then newest. */
export async function listOffers(db: Db, storeId: string, now = new Date()): Promise<UpsellOffer[]> {
  const list = await db.select().from(upsellOffers).where(eq(upsellOffers.storeId, storeId));
  const totals = await totalsOf(db, storeId);
  return list
    .sort((a, b) => b.priority - a.priority || b.createdAt.getTime() - a.createdAt.getTime() || a.id.localeCompare(b.id))
    .map((r) => toOffer(r, totals.get(r.id), now));
}

/** GET /api/upsell/offers/{id}; 404 unless the offer is this shop's. */
export async function getOffer(db: Db, storeId: string, id: string, now = new Date()): Promise<UpsellOffer> {
  const [r] = await db
    .select()
    .from(upsellOffers)
    .where(and(eq(upsellOffers.id, id), eq(upsellOffers.storeId, storeId)));
  if (!r) throw notFound('Offer');
  return toOffer(r, (await totalsOf(db, storeId, id)).get(id), now);
}

/** 400 naming the field when an id of `field` is not a product (or collection) of this shop. */
async function checkIds(db: Db, storeId: string, b: Body): Promise<void> {
  const products = [...new Set([...b.productIds, ...b.offerProductIds])];
  const found = new Set(
    products.length
      ? (
          await rows<{ id: string }>(
            db,
            sql`select id from products where store_id = ${storeId}::uuid and id = any(${`{${products.join(',')}}`}::uuid[])`,
          )
        ).map((r) => r.id)
      : [],
  );
  const messages: string[] = [];
  if (b.productIds.some((id) => !found.has(id))) messages.push('productIds: not a product of this store');
  if (b.offerProductIds.some((id) => !found.has(id))) messages.push('offerProductIds: not a product of this store');
  if (b.collectionIds.length) {
    const cols = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from collections
          where store_id = ${storeId}::uuid and id = any(${`{${b.collectionIds.join(',')}}`}::uuid[])`,
    );
    if (Number(cols[0]?.n) !== new Set(b.collectionIds).size) messages.push('collectionIds: not a collection of this store');
  }
  if (messages.length) throw badRequest(...messages);
}

const values = (b: Body) => ({
  title: b.title,
  type: b.type,
  productIds: [...new Set(b.productIds)],
  collectionIds: [...new Set(b.collectionIds)],
  offerProductIds: [...new Set(b.offerProductIds)],
  discountType: b.discount.type,
  // Percent → basis points; major units → cents. Quantity breaks price by their tiers only.
  discountValue:
    b.type === 'quantity_break'
      ? 0
      : b.discount.type === 'percentage'
        ? Math.round(b.discount.value * 100)
        : centsFromMajor(b.discount.value),
  tiers:
    b.type === 'quantity_break'
      ? [...b.tiers].sort((x, y) => x.quantity - y.quantity).map((t) => ({ quantity: t.quantity, bp: Math.round(t.percentage * 100) }))
      : [],
  active: b.active,
  priority: b.priority,
  startsAt: b.startsAt ? new Date(b.startsAt) : null,
  endsAt: b.endsAt ? new Date(b.endsAt) : null,
});

/** POST /api/upsell/offers (body already validated by UpsellOfferBody): the new offer; 400 for a foreign product or collection. */
export async function createOffer(db: Db, storeId: string, b: Body, now = new Date()): Promise<UpsellOffer> {
  await checkIds(db, storeId, b);
  const [r] = await db
    .insert(upsellOffers)
    .values({ ...values(b), storeId })
    .returning();
  return toOffer(r!, undefined, now);
}

/** PUT /api/upsell/offers/{id}: replaces the offer (counters kept); 404 unless it is this shop's. */
export async function updateOffer(db: Db, storeId: string, id: string, b: Body, now = new Date()): Promise<UpsellOffer> {
  // Another shop's offer is 404 before its body's ids are looked at.
  const [exists] = await db
    .select({ id: upsellOffers.id })
    .from(upsellOffers)
    .where(and(eq(upsellOffers.id, id), eq(upsellOffers.storeId, storeId)));
  if (!exists) throw notFound('Offer');
  await checkIds(db, storeId, b);
  const [r] = await db
    .update(upsellOffers)
    .set({ ...values(b), updatedAt: now })
    .where(and(eq(upsellOffers.id, id), eq(upsellOffers.storeId, storeId)))
    .returning();
  if (!r) throw notFound('Offer');
  return toOffer(r, (await totalsOf(db, storeId, id)).get(id), now);
}

/** DELETE /api/upsell/offers/{id} (its counters go with it; orders keep their lines and applications); 404 unless this shop's. */
export async function deleteOffer(db: Db, storeId: string, id: string): Promise<void> {
  const gone = await db
    .delete(upsellOffers)
    .where(and(eq(upsellOffers.id, id), eq(upsellOffers.storeId, storeId)))
    .returning({ id: upsellOffers.id });
  if (!gone.length) throw notFound('Offer');
}

/** GET /api/upsell/offers/{id}/stats: totals and one row per UTC day with activity, oldest first; 404 unless this shop's. */
export async function offerStats(db: Db, storeId: string, id: string): Promise<UpsellOfferStats> {
  const [exists] = await db
    .select({ id: upsellOffers.id })
    .from(upsellOffers)
    .where(and(eq(upsellOffers.id, id), eq(upsellOffers.storeId, storeId)));
  if (!exists) throw notFound('Offer');
  const days = await rows<Totals & { day: string }>(
    db,
    sql`select day::text as day, views, adds, orders, revenue_cents from upsell_offer_stats
        where offer_id = ${id}::uuid and store_id = ${storeId}::uuid order by day`,
  );
  const sum = days.reduce(
    (s, d) => ({
      views: s.views + Number(d.views),
      adds: s.adds + Number(d.adds),
      orders: s.orders + Number(d.orders),
      revenue_cents: s.revenue_cents + Number(d.revenue_cents),
    }),
    { views: 0, adds: 0, orders: 0, revenue_cents: 0 },
  );
  return {
    offerId: id,
    totals: counters(sum),
    days: days.map((d) => ({
      date: d.day,
      views: Number(d.views),
      adds: Number(d.adds),
      orders: Number(d.orders),
      revenue: majorFromCents(Number(d.revenue_cents)),
    })),
  };
}

/**
 * Adds to the counters of offers of `storeId` on the UTC day of `now` (`n = n + excluded.n`, so racing writers lose
 * nothing). Offers of another shop, or gone, are skipped. Used by the storefront events (views, adds), the checkout
 * and the post-purchase (orders, revenue cents) in their transactions.
 */
export async function countOffers(
  db: Db,
  storeId: string,
  deltas: readonly { offerId: string; views?: number; adds?: number; orders?: number; revenueCents?: number }[],
  now = new Date(),
): Promise<void> {
  if (!deltas.length) return;
  const day = now.toISOString().slice(0, 10);
  // One row per offer (merged), in id order so concurrent writers lock rows in the same order.
  const merged = new Map<string, { views: number; adds: number; orders: number; revenueCents: number }>();
  for (const d of deltas) {
    const m = merged.get(d.offerId) ?? { views: 0, adds: 0, orders: 0, revenueCents: 0 };
    m.views += d.views ?? 0;
    m.adds += d.adds ?? 0;
    m.orders += d.orders ?? 0;
    m.revenueCents += d.revenueCents ?? 0;
    merged.set(d.offerId, m);
  }
  const list = [...merged.entries()].sort(([a], [b]) => a.localeCompare(b));
  await db.execute(sql`
    insert into upsell_offer_stats (offer_id, store_id, day, views, adds, orders, revenue_cents)
    select o.id, o.store_id, ${day}::date, d.views, d.adds, d.orders, d.revenue_cents
    from (values ${sql.join(
      list.map(([id, m]) => sql`(${id}::uuid, ${m.views}::int, ${m.adds}::int, ${m.orders}::int, ${m.revenueCents}::bigint)`),
      sql`, `,
    )}) as d(offer_id, views, adds, orders, revenue_cents)
    join upsell_offers o on o.id = d.offer_id and o.store_id = ${storeId}::uuid
    order by o.id
    on conflict (offer_id, day) do update set
      views = upsell_offer_stats.views + excluded.views,
      adds = upsell_offer_stats.adds + excluded.adds,
      orders = upsell_offer_stats.orders + excluded.orders,
      revenue_cents = upsell_offer_stats.revenue_cents + excluded.revenue_cents`);
}

/** POST /api/storefront/upsell/events: views and adds the storefront saw, counted per offer of this shop. */
export async function recordOfferEvents(
  db: Db,
  storeId: string,
  body: { events: readonly { offerId: string; type: 'view' | 'add' }[] },
  now = new Date(),
): Promise<void> {
  await countOffers(
    db,
    storeId,
    body.events.map((e) => ({ offerId: e.offerId, views: e.type === 'view' ? 1 : 0, adds: e.type === 'add' ? 1 : 0 })),
    now,
  );
}

const toRule = (r: Row): OfferRule => ({
  id: r.id,
  title: r.title,
  type: r.type as OfferRule['type'],
  productIds: r.productIds,
  collectionIds: r.collectionIds,
  offerProductIds: r.offerProductIds,
  discountType: r.discountType as OfferRule['discountType'],
  discountValue: r.discountValue,
  tiers: r.tiers,
  priority: r.priority,
  createdAt: r.createdAt,
});

/** The offers of `storeId` active at `now` (switched on, started, not ended), optionally of some types only, in pricing order. */
export async function activeOffers(db: Db, storeId: string, now: Date, types?: readonly UpsellOfferType[]): Promise<OfferRule[]> {
  const list = await db
    .select()
    .from(upsellOffers)
    .where(
      and(
        eq(upsellOffers.storeId, storeId),
        eq(upsellOffers.active, true),
        or(isNull(upsellOffers.startsAt), lte(upsellOffers.startsAt, now)),
        or(isNull(upsellOffers.endsAt), gt(upsellOffers.endsAt, now)),
        types ? inArray(upsellOffers.type, [...types]) : undefined,
      ),
    );
  return offerOrder(list.map(toRule));
}

/** The offer `id` of `storeId` when it is active at `now` and of `type`, else null. */
export async function activeOffer(db: Db, storeId: string, id: string, type: UpsellOfferType, now: Date): Promise<OfferRule | null> {
  return (await activeOffers(db, storeId, now, [type])).find((o) => o.id === id) ?? null;
}

interface ProductRow {
  id: string;
  handle: string;
  title: string;
  image_src: string | null;
  variants: {
    id: string;
    option1: string | null;
    option2: string | null;
    option3: string | null;
    price_cents: number;
    available: boolean;
  }[];
  collection_ids: string[] | null;
}

/** Published products of `storeId` among `ids` with their variants (position order) and collections. */
async function productsOf(db: Db, storeId: string, ids: readonly string[]): Promise<Map<string, ProductRow>> {
  if (!ids.length) return new Map();
  const list = await rows<ProductRow>(
    db,
    sql`select p.id, p.handle, p.title,
               (select i.src from product_images i where i.product_id = p.id order by i.position limit 1) as image_src,
               (select coalesce(json_agg(json_build_object('id', v.id, 'option1', v.option1, 'option2', v.option2,
                       'option3', v.option3, 'price_cents', v.price_cents,
                       'available', v.inventory_policy = 'continue' or v.inventory_qty > 0) order by v.position, v.id), '[]')
                  from product_variants v where v.product_id = p.id) as variants,
               array(select cp.collection_id::text from collection_products cp where cp.product_id = p.id) as collection_ids
        from products p
        where p.store_id = ${storeId}::uuid and p.published and p.id = any(${`{${[...new Set(ids)].join(',')}}`}::uuid[])`,
  );
  return new Map(list.map((p) => [p.id, p]));
}

/** The distinct products of the variants `ids` of `storeId` (the cart asks by variant). */
export async function productsOfVariants(db: Db, storeId: string, ids: readonly string[]): Promise<string[]> {
  if (!ids.length) return [];
  const list = await rows<{ product_id: string }>(
    db,
    sql`select distinct product_id::text from product_variants
        where store_id = ${storeId}::uuid and id = any(${`{${[...new Set(ids)].join(',')}}`}::uuid[])`,
  );
  return list.map((r) => r.product_id);
}

const variantTitle = (v: { option1: string | null; option2: string | null; option3: string | null }) =>
  [v.option1, v.option2, v.option3].filter(Boolean).join(' / ') || 'Default Title';

/**
 * GET /api/storefront/upsell/offers?productIds=&type= (public, the shop's host): the active offers the given
 * products trigger — a bundle also shows on the page of any of its products —, each with its published products
 * and every variant at its price and at the offer's unit price, a bundle with its full and discounted total (first
 * variant of each product; percentage rounded per product as the checkout rounds per line). An offer whose products
 * are all unpublished is left out.
 */
export async function storefrontOffers(
  db: Db,
  storeId: string,
  productIds: readonly string[],
  type: UpsellOfferType | undefined,
  now = new Date(),
): Promise<StorefrontOffer[]> {
  const offers = await activeOffers(db, storeId, now, type ? [type] : undefined);
  if (!offers.length) return [];
  const given = await productsOf(db, storeId, productIds);
  const lines = productIds.map((id) => ({ productId: id, collectionIds: given.get(id)?.collection_ids ?? [] }));
  const shown = offers.filter((o) => {
    const hit = lines.some((l) => {
      if (o.type === 'bundle' && o.offerProductIds.includes(l.productId)) return true;
      if (o.productIds.length === 0 && o.collectionIds.length === 0) return true;
      return o.productIds.includes(l.productId) || l.collectionIds.some((c) => o.collectionIds.includes(c));
    });
    return hit || (lines.length === 0 && o.productIds.length === 0 && o.collectionIds.length === 0);
  });
  const wanted = shown.flatMap((o) => (o.type === 'bundle' ? [...o.productIds, ...o.offerProductIds] : o.offerProductIds));
  // A bundle triggered by collections shows the page's product as its trigger.
  const products = await productsOf(db, storeId, [...wanted, ...productIds]);
  const out: StorefrontOffer[] = [];
  for (const o of shown) {
    let ids = o.type === 'bundle' ? [...o.productIds, ...o.offerProductIds] : [...o.offerProductIds];
    // A quantity break offers the page's own products that it triggers (its tiers apply to them).
    if (o.type === 'quantity_break') ids = lines.filter((l) => triggers(o, l)).map((l) => l.productId);
    if (o.type === 'bundle' && o.productIds.length === 0 && o.collectionIds.length > 0) {
      const page = productIds.find((id) => !o.offerProductIds.includes(id));
      ids = page ? [page, ...o.offerProductIds] : [...o.offerProductIds];
    }
    const list: StorefrontOfferProduct[] = [...new Set(ids)]
      .map((id) => products.get(id))
      .filter((p): p is ProductRow => !!p && p.variants.length > 0)
      .map((p) => ({
        id: p.id,
        handle: p.handle,
        title: p.title,
        imageSrc: p.image_src,
        variants: p.variants.map((v) => ({
          id: v.id,
          title: variantTitle(v),
          priceCents: Number(v.price_cents),
          offerPriceCents:
            o.type === 'in_cart' || o.type === 'post_purchase' ? offerUnitPriceCents(o, Number(v.price_cents)) : Number(v.price_cents),
          available: v.available,
        })),
      }));
    if (!list.length) continue;
    let bundleCents: number | null = null;
    let bundleOfferCents: number | null = null;
    if (o.type === 'bundle') {
      if (list.length < 2) continue;
      const prices = list.map((p) => p.variants[0]!.priceCents);
      bundleCents = prices.reduce((s, x) => s + x, 0);
      bundleOfferCents =
        o.discountType === 'percentage'
          ? prices.reduce((s, x) => s + x - Math.round((x * o.discountValue) / 10_000), 0)
          : Math.max(0, bundleCents - o.discountValue);
    }
    out.push({
      id: o.id,
      title: o.title,
      type: o.type,
      discount: {
        type: o.discountType,
        bp: o.discountType === 'percentage' ? o.discountValue : 0,
        cents: o.discountType === 'fixed_amount' ? o.discountValue : 0,
      },
      tiers: o.tiers.map((x) => ({ quantity: x.quantity, bp: x.bp })),
      products: list,
      bundleCents,
      bundleOfferCents,
    });
  }
  return out;
}
