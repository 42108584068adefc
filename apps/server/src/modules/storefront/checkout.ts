import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type {
  AppliedDiscount,
  AppliedOffer,
  LineItemProperty,
  PostPurchaseBody,
  StorefrontCartQuote,
  StorefrontCartQuoteBody,
  StorefrontCheckoutBody,
  StorefrontCheckoutDraftBody,
  StorefrontOrder,
  StorefrontOrderLine,
  StorefrontRecoveredCheckout,
} from '@backroom/contracts';
import {
  StorefrontCheckoutBody as CheckoutSchema,
  StorefrontCheckoutDraftBody as DraftSchema,
  formatMoneyCents,
  PostPurchaseBody as PostPurchaseSchema,
  StorefrontCartQuoteBody as QuoteSchema,
} from '@backroom/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { type Db, rows, sql } from '../../db/client.js';
import { checkouts, customers, orderEvents, orders, storefrontEvents } from '../../db/schema/index.js';
import { orderDays } from '../../lib/delivery-promise.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import {
  DISCOUNT_MESSAGES,
  discountsForCart,
  type EngineLine,
  type PricedCart,
  type PricedOffer,
  priceCart,
  recordDiscountUses,
} from '../discounts/index.js';
import { takeStock } from '../inventory/index.js';
import { checkLineProperties } from '../personalizes/index.js';
import { activeOffer, activeOffers, countOffers, offerRevenueCents, offerUnitPriceCents, priceOffers, triggers } from '../upsell/index.js';
import type { StorefrontStore } from './host.js';
import { variantTitle } from './service.js';

/**
 * The storefront checkout path (issue 5 item 5, issue 12 items 5 and 6): cart quotes with discounts, the checkout
 * the shopper starts by entering an e-mail (abandoned when no order follows), its recovery, and the test-mode order.
 * The server computes every total from the database; money is integer cents of the store currency.
 */

/** Payment of a test-mode order (issue 5 lead notes). */
export const TEST_GATEWAY = { paymentName: 'Test gateway', paymentSource: { card: { type: 'visa' } } } as const;
/** Order numbers of a store start after this one (#1001 is the first). */
export const FIRST_ORDER_NUMBER = 1001;
/** Shipping of a test-mode order, cents: free (the checkout shows "Standard shipping — Free"). */
const TEST_SHIPPING_CENTS = 0;

/** The token that lets a browser reload its own thank-you page: HMAC-SHA256 of the order id, base64url. */
export function orderToken(config: Config, orderId: string): string {
  return createHmac('sha256', config.jwtSecret).update(`storefront-order:${orderId}`).digest('base64url').slice(0, 32);
}

/** Constant-time check of an order token. */
export function checkOrderToken(config: Config, orderId: string, token: string): boolean {
  const want = Buffer.from(orderToken(config, orderId));
  const got = Buffer.from(token);
  return want.length === got.length && timingSafeEqual(want, got);
}

interface StoredCustomerInfo {
  full_name: string;
  email: string;
  phone?: string;
  address?: { address1: string; city: string; zip: string; country: string };
}

/**
 * One entry of `orders.discount_applications` (see db/schema/commerce.ts): a discount (`discountId`) or a Boost
 * UpSell offer (`offerId`, issue 18 item 1; its `type` is the offer's).
 */
type StoredDiscountApplication =
  | { discountId: string; offerId?: undefined; title: string; code: string | null; type: AppliedDiscount['type']; amountCents: number }
  | { offerId: string; discountId?: undefined; title: string; code: null; type: AppliedOffer['type']; amountCents: number };

function toOrder(config: Config, o: typeof orders.$inferSelect): StorefrontOrder {
  const info = ((o.customerInfo as StoredCustomerInfo[]) ?? [])[0];
  const a = info?.address;
  return {
    id: o.id,
    token: orderToken(config, o.id),
    orderNumber: o.orderNumber,
    orderName: o.orderName,
    createdAt: o.createdAt.toISOString(),
    currency: o.currency,
    subtotalCents: o.subtotalCents,
    discountCents: o.discountCents,
    discounts: ((o.discountApplications as StoredDiscountApplication[]) ?? []).flatMap((d): AppliedDiscount[] =>
      d.offerId === undefined ? [{ title: d.title, code: d.code, type: d.type, amountCents: d.amountCents }] : [],
    ),
    offers: ((o.discountApplications as StoredDiscountApplication[]) ?? []).flatMap((d): AppliedOffer[] =>
      d.offerId === undefined ? [] : [{ offerId: d.offerId, title: d.title, type: d.type, amountCents: d.amountCents }],
    ),
    shippingCents: o.shippingCents,
    grandTotalCents: o.grandTotalCents,
    financialStatus: o.financialStatus,
    paymentName: o.paymentName,
    // Lines written before line properties existed have none.
    lines: (o.lineItems as StorefrontOrderLine[]).map((l) => ({ ...l, properties: l.properties ?? [] })),
    customer: { name: info?.full_name ?? '', email: info?.email ?? '' },
    shippingAddress: a ? [a.address1, [a.zip, a.city].filter(Boolean).join(' '), a.country].filter(Boolean).join(', ') : '',
    note: o.note ?? '',
  };
}

/** A cart line priced from the database, with what the discount engine needs (product and its collections). */
interface PricedLine extends StorefrontOrderLine {
  compareAtPriceCents: number | null;
  collectionIds: string[];
}

/**
 * Prices cart lines of store `storeId` from the database: variants of published products only, quantities of the
 * same variant merged, in the cart's order. `strict`: a line that is not sellable is refused with 400 naming
 * `lines.i.variantId`; otherwise it is left out (quotes and recoveries of carts whose products went away).
 */
async function priceLines(
  db: Db,
  storeId: string,
  lines: readonly { variantId: string; quantity: number; properties?: LineItemProperty[] }[],
  strict: boolean,
): Promise<PricedLine[]> {
  // Lines of one variant merge unless their properties (personalisation values) differ: one line per (variant, properties).
  const merged = new Map<string, { variantId: string; quantity: number; properties: LineItemProperty[] }>();
  for (const l of lines) {
    const properties = l.properties ?? [];
    const key = `${l.variantId}\u0000${JSON.stringify(properties)}`;
    const m = merged.get(key);
    if (m) m.quantity += l.quantity;
    else merged.set(key, { variantId: l.variantId, quantity: l.quantity, properties });
  }
  const ids = [...new Set(lines.map((l) => l.variantId))];
  if (!ids.length) return [];
  const found = await rows<{
    id: string;
    product_id: string;
    handle: string;
    title: string;
    option1: string | null;
    option2: string | null;
    option3: string | null;
    sku: string;
    price_cents: number;
    compare_at_price_cents: number | null;
    image_src: string | null;
    collection_ids: string[] | null;
  }>(
    db,
    sql`select v.id, p.id as product_id, p.handle, p.title, v.option1, v.option2, v.option3, v.sku, v.price_cents,
          v.compare_at_price_cents,
          coalesce(v.image_src, (select i.src from product_images i where i.product_id = p.id order by i.position limit 1)) as image_src,
          array(select cp.collection_id::text from collection_products cp where cp.product_id = p.id) as collection_ids
        from product_variants v join products p on p.id = v.product_id
        where v.store_id = ${storeId} and p.published
          and v.id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
  );
  const byId = new Map(found.map((f) => [f.id, f]));
  if (strict) {
    const missing = lines.findIndex((l) => !byId.has(l.variantId));
    if (missing !== -1) throw badRequest(`lines.${missing}.variantId: not a product of this store`);
  }
  return [...merged.values()]
    .filter(({ variantId }) => byId.has(variantId))
    .map(({ variantId: id, quantity, properties }) => {
      const f = byId.get(id)!;
      return {
        productId: f.product_id,
        variantId: id,
        handle: f.handle,
        title: f.title,
        variantTitle: variantTitle(f),
        sku: f.sku,
        quantity,
        priceCents: f.price_cents,
        imageSrc: f.image_src,
        properties,
        compareAtPriceCents: f.compare_at_price_cents != null && f.compare_at_price_cents > f.price_cents ? f.compare_at_price_cents : null,
        collectionIds: f.collection_ids ?? [],
      };
    });
}

const engineLines = (lines: readonly PricedLine[]): EngineLine[] =>
  lines.map((l) => ({
    variantId: l.variantId,
    productId: l.productId,
    collectionIds: l.collectionIds,
    quantity: l.quantity,
    unitPriceCents: l.priceCents,
  }));

const appliedOf = (priced: PricedCart): AppliedDiscount[] =>
  priced.applied.map((a) => ({ title: a.title, code: a.code, type: a.type, amountCents: a.amountCents }));

const offersOf = (priced: PricedCart): AppliedOffer[] =>
  priced.offers.map((o) => ({ offerId: o.offerId, title: o.title, type: o.type, amountCents: o.amountCents }));

/** Boost UpSell offers priced in a cart (issue 18 item 1): the active bundle, quantity-break and in-cart offers. */
async function cartOffers(db: Db, storeId: string, lines: readonly EngineLine[], now: Date): Promise<PricedOffer[]> {
  return priceOffers(lines, await activeOffers(db, storeId, now, ['bundle', 'quantity_break', 'in_cart']));
}

/**
 * POST /api/storefront/cart/quote (issue 12 item 6 "the storefront cart takes a code and shows the reduction"): the
 * cart priced by the server with the typed code and the automatic discounts (engine rules in
 * modules/discounts/engine.ts). A code that does not apply is left out and explained in `discountCodeError`
 * (DISCOUNT_MESSAGES). Lines no longer sold are left out. No row is locked or counted here.
 */
export async function quoteCart(
  db: Db,
  store: StorefrontStore,
  input: StorefrontCartQuoteBody,
  now = new Date(),
): Promise<StorefrontCartQuote> {
  const body = QuoteSchema.parse(input);
  const lines = await priceLines(db, store.id, body.lines, false);
  const email = body.email?.toLowerCase() ?? null;
  const found = await discountsForCart(db, store.id, { code: body.discountCode, email, now, lock: false });
  const engine = engineLines(lines);
  const offers = await cartOffers(db, store.id, engine, now);
  const priced = priceCart({ lines: engine, shippingCents: TEST_SHIPPING_CENTS, email, now }, found.code, found.automatic, offers);
  return {
    subtotalCents: priced.subtotalCents,
    discountCents: priced.discountCents,
    shippingCents: priced.shippingCents,
    totalCents: priced.totalCents,
    discounts: appliedOf(priced),
    offers: offersOf(priced),
    discountCodeError: priced.codeError ? DISCOUNT_MESSAGES[priced.codeError] : null,
  };
}

/** A new checkout token: 24 random bytes, 32 base64url characters. */
const newCheckoutToken = () => randomBytes(24).toString('base64url');

/**
 * POST /api/storefront/checkouts (issue 12 item 5): records the checkout the shopper is filling in, once they have
 * entered an e-mail — its lines (priced now, for the abandoned-checkouts list), e-mail, names and discount code.
 * With the `token` of an open checkout of this store it updates that one (and its `updated_at`, which restarts the
 * abandonment delay); with no token, an unknown one or a completed one it starts a new checkout. Answers the token.
 */
export async function saveCheckoutDraft(
  db: Db,
  store: StorefrontStore,
  input: StorefrontCheckoutDraftBody,
  now = new Date(),
): Promise<{ token: string }> {
  const body = DraftSchema.parse(input);
  const lines = await priceLines(db, store.id, body.lines, false);
  const values = {
    email: body.email.toLowerCase(),
    firstName: body.firstName,
    lastName: body.lastName,
    lines: lines.map((l) => ({
      variantId: l.variantId,
      quantity: l.quantity,
      properties: l.properties,
      title: l.title,
      variantTitle: l.variantTitle,
      priceCents: l.priceCents,
      imageSrc: l.imageSrc,
    })),
    subtotalCents: lines.reduce((s, l) => s + l.priceCents * l.quantity, 0),
    discountCode: body.discountCode || null,
    visitorSessionId: body.visitorSessionId,
    updatedAt: now,
  };
  if (body.token) {
    const [updated] = await db
      .update(checkouts)
      .set(values)
      .where(and(eq(checkouts.token, body.token), eq(checkouts.storeId, store.id), isNull(checkouts.completedAt)))
      .returning({ token: checkouts.token });
    if (updated) return updated;
  }
  const [created] = await db
    .insert(checkouts)
    .values({ ...values, storeId: store.id, token: newCheckoutToken(), createdAt: now })
    .returning({ token: checkouts.token });
  return created!;
}

/**
 * GET /api/storefront/checkouts/{token} (the recovery link of issue 12 item 5): the checkout's cart priced today
 * (lines no longer sold are left out), its e-mail and discount code. 404 for a token of another store or none.
 * A completed checkout is still recoverable (the shopper may want the same cart again).
 */
export async function recoverCheckout(db: Db, store: StorefrontStore, token: string): Promise<StorefrontRecoveredCheckout> {
  const [c] = await db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.token, token), eq(checkouts.storeId, store.id)));
  if (!c) throw notFound('Checkout');
  const lines = await priceLines(
    db,
    store.id,
    c.lines as { variantId: string; quantity: number; properties?: LineItemProperty[] }[],
    false,
  );
  return {
    lines: lines.map((l) => ({
      variantId: l.variantId,
      quantity: l.quantity,
      handle: l.handle,
      title: l.title,
      variantTitle: l.variantTitle,
      priceCents: l.priceCents,
      compareAtPriceCents: l.compareAtPriceCents,
      imageSrc: l.imageSrc,
      properties: l.properties,
    })),
    email: c.email ?? '',
    discountCode: c.discountCode,
  };
}

/**
 * Test-mode checkout (issue 5 item 5, issue 12 items 4–6). In ONE transaction:
 * - prices every line from the database (variants of published products of this store only — 400 naming
 *   `lines.i.variantId` otherwise; client prices are never read);
 * - reads the discounts that may apply `FOR UPDATE` (the typed `discountCode` and the automatic ones) and prices the
 *   cart with the engine; a code that does not apply is refused with 400 `discountCode: <reason>` (unknown, not
 *   active yet, expired, used up, already used by this e-mail, conditions not met);
 * - creates or updates the customer by e-mail (one upsert);
 * - creates a paid order (financialStatus 'paid', fulfillmentStatus 'unfulfilled', paymentName 'Test gateway',
 *   paymentSource {card:{type:'visa'}}, sourceName 'online_store', capturedDate now, the store's next orderNumber
 *   under a per-store advisory lock, name "#n", subtotal, discountCents and its discount applications, shipping
 *   free, grand total = subtotal − discount + shipping);
 * - takes the units out of stock through modules/inventory `takeStock` (one conditional UPDATE per variant, units of
 *   one variant merged, logged with the order's id): a "deny" variant is never oversold — two shoppers racing for
 *   the last unit get one order and one 409 OUT_OF_STOCK `lines.{i}.quantity: only {n} left of {title}` (i = the
 *   variant's first line in the body), which the storefront checkout shows; nothing of the order is kept then;
 * - counts each applied discount's use (conditional update under the row lock: concurrent checkouts never exceed a
 *   usage limit), completes the shopper's checkout (`checkoutToken`) and records the `purchased` event.
 */
export async function placeTestOrder(
  db: Db,
  config: Config,
  store: StorefrontStore,
  input: StorefrontCheckoutBody,
  now = new Date(),
): Promise<StorefrontOrder> {
  const body = CheckoutSchema.parse(input);
  const c = body.customer;
  const email = c.email.toLowerCase();
  return db.transaction(async (txx) => {
    const tx = txx as unknown as Db;
    // Personalisation values checked against the products' fields (issue 11 item 4), before pricing.
    const lines = await priceLines(tx, store.id, await checkLineProperties(tx, store.id, body.lines), true);
    const found = await discountsForCart(tx, store.id, { code: body.discountCode, email, now, lock: true });
    const engine = engineLines(lines);
    const offers = await cartOffers(tx, store.id, engine, now);
    const priced = priceCart({ lines: engine, shippingCents: TEST_SHIPPING_CENTS, email, now }, found.code, found.automatic, offers);
    if (priced.codeError) throw badRequest(`discountCode: ${DISCOUNT_MESSAGES[priced.codeError]}`);
    // Creates or updates the customer by e-mail in one statement (unique per store and e-mail): racing checkouts of
    // one new shopper make one customer, and the latest checkout's name wins.
    const [customer] = await tx
      .insert(customers)
      .values({ storeId: store.id, email, firstName: c.firstName, lastName: c.lastName })
      .onConflictDoUpdate({
        target: [customers.storeId, customers.email],
        set: { firstName: sql`excluded.first_name`, lastName: sql`excluded.last_name` },
      })
      .returning();
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`orders:${store.id}`}))`);
    const [{ next } = { next: FIRST_ORDER_NUMBER }] = await rows<{ next: number }>(
      tx,
      sql`select coalesce(max(order_number) + 1, ${FIRST_ORDER_NUMBER}) as next from orders where store_id = ${store.id}`,
    );
    const info: StoredCustomerInfo[] = [
      {
        full_name: `${c.firstName} ${c.lastName}`,
        email,
        phone: c.phone,
        address: { address1: c.address1, city: c.city, zip: c.zip, country: c.country },
      },
    ];
    const applications: StoredDiscountApplication[] = [
      ...priced.applied.map((a) => ({ discountId: a.id, title: a.title, code: a.code, type: a.type, amountCents: a.amountCents })),
      ...priced.offers.map((o) => ({ offerId: o.offerId, title: o.title, code: null, type: o.type, amountCents: o.amountCents })),
    ];
    const [order] = await tx
      .insert(orders)
      .values({
        storeId: store.id,
        orderNumber: Number(next),
        orderName: `#${next}`,
        customerId: customer!.id,
        customerInfo: info,
        currency: store.currency,
        subtotalCents: priced.subtotalCents,
        discountCents: priced.discountCents,
        discountApplications: applications,
        shippingCents: priced.shippingCents,
        grandTotalCents: priced.totalCents,
        financialStatus: 'paid',
        fulfillmentStatus: 'unfulfilled',
        paymentName: TEST_GATEWAY.paymentName,
        paymentSource: TEST_GATEWAY.paymentSource,
        sourceName: 'online_store',
        lineItems: lines.map(({ compareAtPriceCents: _c, collectionIds: _ids, ...l }) => l),
        visitorSessionId: body.visitorSessionId,
        note: body.note || null,
        capturedDate: now,
        createdAt: now,
      })
      .returning();
    // Units of one variant (lines that differ only by personalisation) are taken in one update, named by the
    // variant's first line of the body.
    const stock = new Map<string, { variantId: string; quantity: number; index: number }>();
    body.lines.forEach((l, index) => {
      const s = stock.get(l.variantId);
      if (s) s.quantity += l.quantity;
      else stock.set(l.variantId, { variantId: l.variantId, quantity: l.quantity, index });
    });
    await takeStock(tx, store.id, [...stock.values()], { orderId: order!.id });
    if (!(await recordDiscountUses(tx, priced.applied, order!.id, email))) {
      throw conflict(`discountCode: ${DISCOUNT_MESSAGES.used_up}`);
    }
    // Each offer taken counts one order and the revenue of its lines (issue 18 item 1).
    await countOffers(
      tx,
      store.id,
      priced.offers.map((o) => ({ offerId: o.offerId, orders: 1, revenueCents: offerRevenueCents(o, engine) })),
      now,
    );
    if (body.checkoutToken) {
      await tx
        .update(checkouts)
        .set({ orderId: order!.id, completedAt: now })
        .where(and(eq(checkouts.token, body.checkoutToken), eq(checkouts.storeId, store.id), isNull(checkouts.completedAt)));
    }
    await tx
      .insert(storefrontEvents)
      .values({ storeId: store.id, visitorSessionId: body.visitorSessionId, type: 'purchased', occurredAt: now });
    // The shop days of its delivery promise (issue 31 item 1): the thank-you page dates it from them.
    return { ...toOrder(config, order!), ...(await orderDays(tx, store.id, order!.id, order!.createdAt)) };
  });
}

/** A placed order for its thank-you page, when `token` is the one checkout gave (else 404, as if absent). */
export async function getOrder(db: Db, config: Config, storeId: string, id: string, token: string): Promise<StorefrontOrder> {
  if (!checkOrderToken(config, id, token)) throw notFound('Order');
  const [o] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.storeId, storeId)));
  if (!o) throw notFound('Order');
  return { ...toOrder(config, o), ...(await orderDays(db, storeId, o.id, o.createdAt)) };
}

/** "$16.00 USD" (the orders timeline's way of writing money). */
const timelineMoney = (cents: number, currency: string) => `${formatMoneyCents(cents, currency)} ${currency}`;

/**
 * POST /api/storefront/orders/{id}/post-purchase (issue 18 item 1): the shopper takes a post-purchase offer with one
 * click on the thank-you page. In ONE transaction, under the order's row lock:
 * - 404 unless `token` is the order's thank-you token and the order is this shop's;
 * - 409 `offerId: this order can no longer take an offer` unless the order is paid, not cancelled and not fulfilled;
 * - 400 `offerId: this offer is not available` unless `offerId` is an active post_purchase offer of this shop that
 *   the order's products trigger; 409 `offerId: this offer was already taken` when the order has its line already;
 * - 400 `variantId: not part of this offer` unless the variant is of a published offer product;
 * - prices one unit on the server (`offerUnitPriceCents`: percentage rounded half up, or fixed cents, never below 0);
 * - takes it out of stock (`takeStock`; 409 OUT_OF_STOCK when a deny variant is sold out);
 * - charges it to the order's test-mode payment: appends the line (with its `offerId`) to `line_items`, adds the unit
 *   price to the subtotal, its reduction to `discountCents` (and the offer to the discount applications) and the
 *   charge to the grand total — the roll-up triggers on `orders` move that day's sales, reports and payout ledger;
 * - writes the timeline entry `post_purchase` and counts one order and the charge in the offer's counters.
 * Answers the order as the thank-you page shows it.
 */
export async function takePostPurchaseOffer(
  db: Db,
  config: Config,
  store: StorefrontStore,
  orderId: string,
  input: PostPurchaseBody,
  now = new Date(),
): Promise<StorefrontOrder> {
  const body = PostPurchaseSchema.parse(input);
  if (!checkOrderToken(config, orderId, body.token)) throw notFound('Order');
  return db.transaction(async (txx) => {
    const tx = txx as unknown as Db;
    const [o] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.storeId, store.id)))
      .for('update');
    if (!o) throw notFound('Order');
    if (o.financialStatus !== 'paid' || o.cancelledAt || o.fulfillmentStatus === 'fulfilled') {
      throw conflict('offerId: this order can no longer take an offer');
    }
    const offer = await activeOffer(tx, store.id, body.offerId, 'post_purchase', now);
    const lines = o.lineItems as StorefrontOrderLine[];
    const productIds = [...new Set(lines.map((l) => l.productId))];
    const collections = await rows<{ product_id: string; collection_id: string }>(
      tx,
      sql`select product_id::text, collection_id::text from collection_products
          where product_id = any(${`{${productIds.join(',')}}`}::uuid[])`,
    );
    const triggered =
      offer &&
      productIds.some((productId) =>
        triggers(offer, { productId, collectionIds: collections.filter((c) => c.product_id === productId).map((c) => c.collection_id) }),
      );
    if (!offer || !triggered) throw badRequest('offerId: this offer is not available');
    if (lines.some((l) => l.offerId === offer.id)) throw conflict('offerId: this offer was already taken');
    const [line] = await priceLines(tx, store.id, [{ variantId: body.variantId, quantity: 1 }], false);
    if (!line || !offer.offerProductIds.includes(line.productId)) throw badRequest('variantId: not part of this offer');
    const chargedCents = offerUnitPriceCents(offer, line.priceCents);
    const reductionCents = line.priceCents - chargedCents;
    await takeStock(tx, store.id, [{ variantId: line.variantId, quantity: 1, index: 0 }], { orderId: o.id });
    const { compareAtPriceCents: _c, collectionIds: _ids, ...stored } = line;
    const application: StoredDiscountApplication = {
      offerId: offer.id,
      title: offer.title,
      code: null,
      type: 'post_purchase',
      amountCents: reductionCents,
    };
    const [updated] = await tx
      .update(orders)
      .set({
        lineItems: [...lines, { ...stored, offerId: offer.id }],
        subtotalCents: o.subtotalCents + line.priceCents,
        discountCents: o.discountCents + reductionCents,
        discountApplications: [...((o.discountApplications as StoredDiscountApplication[]) ?? []), application],
        grandTotalCents: o.grandTotalCents + chargedCents,
        updatedAt: now,
      })
      .where(eq(orders.id, o.id))
      .returning();
    await tx.insert(orderEvents).values({
      storeId: store.id,
      orderId: o.id,
      type: 'post_purchase',
      message: `Post-purchase offer "${offer.title}" accepted: ${line.title} × 1 charged ${timelineMoney(chargedCents, o.currency)} to ${o.paymentName || TEST_GATEWAY.paymentName}`,
      detail: { offerId: offer.id, variantId: line.variantId, priceCents: line.priceCents, chargedCents },
      createdAt: now,
    });
    await countOffers(tx, store.id, [{ offerId: offer.id, orders: 1, revenueCents: chargedCents }], now);
    return { ...toOrder(config, updated!), ...(await orderDays(tx, store.id, updated!.id, updated!.createdAt)) };
  });
}
