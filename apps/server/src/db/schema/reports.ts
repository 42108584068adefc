import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { stores, users } from './core.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const storeId = () =>
  uuid('store_id')
    .notNull()
    .references(() => stores.id, { onDelete: 'cascade' });

/**
 * One row per (store, visitor session) with its FIRST-TOUCH attribution (issue 17 item 1): the landing path,
 * referrer and its class (direct | search | social | email | other), utm_* values and the ad network of a click id
 * (fbclid → facebook, ttclid → tiktok, gclid → google). Written only by the `storefront_events` INSERT trigger of
 * migration 0018 from the session's first recorded events: attribution never changes once the row exists.
 * `cart`/`checkout` say whether the session reached the step (the UTM report's add-to-cart and reached-checkout);
 * `existed`, `prevCart`, `prevCheckout` are the trigger's bookkeeping (read through RETURNING under the row lock, as
 * `analytics_sessions` does). `lastSeenAt` is the session's latest event (live view: "visitors right now").
 */
export const visitorSessions = pgTable(
  'visitor_sessions',
  {
    storeId: storeId(),
    visitorSessionId: text('visitor_session_id').notNull(),
    startedAt: ts('started_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull(),
    landingPath: text('landing_path'),
    referrer: text('referrer'),
    referrerClass: text('referrer_class').notNull().default('direct'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    utmTerm: text('utm_term'),
    utmContent: text('utm_content'),
    clickNetwork: text('click_network'),
    cart: boolean('cart').notNull().default(false),
    checkout: boolean('checkout').notNull().default(false),
    existed: boolean('existed').notNull().default(false),
    prevCart: boolean('prev_cart').notNull().default(false),
    prevCheckout: boolean('prev_checkout').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.visitorSessionId] }), index('visitor_sessions_store_seen').on(t.storeId, t.lastSeenAt)],
);

/**
 * Sessions roll-up of the UTM report (issue 17 item 4), per store, 15-minute UTC bucket of the session's start
 * and attribution ('' = none): sessions started, sessions that added to cart, sessions that reached checkout.
 * Kept by the same trigger as `visitor_sessions`, additively.
 */
export const reportSessionBuckets = pgTable(
  'report_session_buckets',
  {
    storeId: storeId(),
    bucket: ts('bucket').notNull(),
    utmSource: text('utm_source').notNull(),
    utmMedium: text('utm_medium').notNull(),
    utmCampaign: text('utm_campaign').notNull(),
    landingPath: text('landing_path').notNull(),
    sessions: integer('sessions').notNull().default(0),
    addToCart: integer('add_to_cart').notNull().default(0),
    reachedCheckout: integer('reached_checkout').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.bucket, t.utmSource, t.utmMedium, t.utmCampaign, t.landingPath] })],
);

/**
 * Order-level sales roll-up (issue 17 items 2–4), per store, 15-minute UTC bucket, channel (orders.source_name)
 * and first-touch attribution ('' = none). Paid orders (lib/money.ts rule) count in the bucket of their
 * `created_at`: orders, gross sales (subtotal before discounts), discounts, shipping, taxes; refunds count as
 * returns in the bucket of the REFUND's `created_at` (Shopify). `feesCents` = the payout ledger's processing fee of
 * those orders at the rates of `report_fee_basis` (migration 0026). All cents. Triggers of migrations 0018/0026 on
 * `orders` and `order_refunds`.
 */
export const reportOrderBuckets = pgTable(
  'report_order_buckets',
  {
    storeId: storeId(),
    bucket: ts('bucket').notNull(),
    channel: text('channel').notNull(),
    utmSource: text('utm_source').notNull(),
    utmMedium: text('utm_medium').notNull(),
    utmCampaign: text('utm_campaign').notNull(),
    landingPath: text('landing_path').notNull(),
    orders: integer('orders').notNull().default(0),
    grossCents: bigint('gross_cents', { mode: 'number' }).notNull().default(0),
    discountsCents: bigint('discounts_cents', { mode: 'number' }).notNull().default(0),
    returnsCents: bigint('returns_cents', { mode: 'number' }).notNull().default(0),
    shippingCents: bigint('shipping_cents', { mode: 'number' }).notNull().default(0),
    taxesCents: bigint('taxes_cents', { mode: 'number' }).notNull().default(0),
    feesCents: bigint('fees_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.bucket, t.channel, t.utmSource, t.utmMedium, t.utmCampaign, t.landingPath] })],
);

/**
 * Line-level sales roll-up (issue 17 items 2–3), per store, 15-minute UTC bucket and variant ('' when a line has
 * none): order lines, units, gross sales, the line's share of the order discount (discount × line / subtotal,
 * rounded, as refunds allocate it), cost of goods (cost per item at the time of sale × units; `uncostedLines` =
 * lines whose variant had no cost), and at the refund's time the refunded line amounts (returns) and the cost of
 * restocked units (`restockedCostCents`). Cents.
 */
export const reportLineBuckets = pgTable(
  'report_line_buckets',
  {
    storeId: storeId(),
    bucket: ts('bucket').notNull(),
    variantId: text('variant_id').notNull(),
    productId: text('product_id').notNull(),
    lines: integer('lines').notNull().default(0),
    quantity: integer('quantity').notNull().default(0),
    grossCents: bigint('gross_cents', { mode: 'number' }).notNull().default(0),
    discountsCents: bigint('discounts_cents', { mode: 'number' }).notNull().default(0),
    returnsCents: bigint('returns_cents', { mode: 'number' }).notNull().default(0),
    cogsCents: bigint('cogs_cents', { mode: 'number' }).notNull().default(0),
    restockedCostCents: bigint('restocked_cost_cents', { mode: 'number' }).notNull().default(0),
    uncostedLines: integer('uncosted_lines').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.bucket, t.variantId, t.productId] })],
);

/**
 * Ad spend the merchant entered or imported (issue 17 item 3), per day (the shop's calendar day) and channel
 * facebook | tiktok | google | other, in cents. Several rows for one day and channel add up.
 */
export const adSpend = pgTable(
  'ad_spend',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    storeId: storeId(),
    day: date('day', { mode: 'string' }).notNull(),
    channel: text('channel').notNull(),
    amountCents: integer('amount_cents').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('ad_spend_store_day').on(t.storeId, t.day)],
);

/**
 * Per store and LOCAL day (the store's standard timezone, `reports_store_tz`, spec §9) — the sales and profit terms
 * of the Sales and Estimated profit reports (issue 17 items 2, 3, 7): the sums of `report_order_buckets` (orders,
 * gross, discounts, returns on the refund's day, shipping, taxes, payment fees) and of `report_line_buckets` (cost
 * of goods, cost of restocked returns, lines without a cost) over the 15-minute buckets of that local day (a local
 * midnight is always a bucket bound). Kept by statement triggers on the two bucket tables (migration 0026), rebuilt
 * for a store when its timezone changes, so a report of a year in the shop's timezone reads 365 rows. Cents.
 */
export const reportDays = pgTable(
  'report_days',
  {
    storeId: storeId(),
    day: date('day', { mode: 'string' }).notNull(),
    orders: integer('orders').notNull().default(0),
    grossCents: bigint('gross_cents', { mode: 'number' }).notNull().default(0),
    discountsCents: bigint('discounts_cents', { mode: 'number' }).notNull().default(0),
    returnsCents: bigint('returns_cents', { mode: 'number' }).notNull().default(0),
    shippingCents: bigint('shipping_cents', { mode: 'number' }).notNull().default(0),
    taxesCents: bigint('taxes_cents', { mode: 'number' }).notNull().default(0),
    feesCents: bigint('fees_cents', { mode: 'number' }).notNull().default(0),
    cogsCents: bigint('cogs_cents', { mode: 'number' }).notNull().default(0),
    restockedCostCents: bigint('restocked_cost_cents', { mode: 'number' }).notNull().default(0),
    uncostedLines: integer('uncosted_lines').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.day] })],
);

/**
 * `report_line_buckets` summed per store, LOCAL day (as `report_days`) and variant: the product / variant / vendor
 * rows of the Sales report and the product rows of Estimated profit in the shop's timezone. Same triggers as
 * `report_days`. Cents.
 */
export const reportLineDays = pgTable(
  'report_line_days',
  {
    storeId: storeId(),
    day: date('day', { mode: 'string' }).notNull(),
    variantId: text('variant_id').notNull(),
    productId: text('product_id').notNull(),
    lines: integer('lines').notNull().default(0),
    quantity: integer('quantity').notNull().default(0),
    grossCents: bigint('gross_cents', { mode: 'number' }).notNull().default(0),
    discountsCents: bigint('discounts_cents', { mode: 'number' }).notNull().default(0),
    returnsCents: bigint('returns_cents', { mode: 'number' }).notNull().default(0),
    cogsCents: bigint('cogs_cents', { mode: 'number' }).notNull().default(0),
    restockedCostCents: bigint('restocked_cost_cents', { mode: 'number' }).notNull().default(0),
    uncostedLines: integer('uncosted_lines').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.day, t.variantId, t.productId] })],
);

/**
 * The one row of processing-fee rates the report roll-ups' `fees_cents` are computed with (the payout ledger's rule,
 * payout/ledger.ts `processingFeeSql`): the config's PAYOUT_FEE_BPS / PAYOUT_FEE_FIXED_CENTS, written by
 * `syncReportFeeBasis` when the app starts, which recomputes the fees of every bucket when the rates changed.
 */
export const reportFeeBasis = pgTable('report_fee_basis', {
  id: integer('id').primaryKey().default(1),
  feeBps: integer('fee_bps').notNull(),
  feeFixedCents: integer('fee_fixed_cents').notNull(),
});

/**
 * Live view counters (issue 17 item 5): per store, LOCAL day of the session's start (the store's standard
 * timezone), landing path ('' = none) and source (the UTM source, else the referrer class), the visitor sessions
 * started — so "today's top landing pages and sources" reads today's few rows whatever the traffic. Kept by a
 * statement trigger on `visitor_sessions` inserts (a session's attribution never changes), rebuilt for the last
 * days when the store's timezone changes (migration 0026).
 */
export const liveSessionDays = pgTable(
  'live_session_days',
  {
    storeId: storeId(),
    day: date('day', { mode: 'string' }).notNull(),
    landingPath: text('landing_path').notNull(),
    source: text('source').notNull(),
    sessions: integer('sessions').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.day, t.landingPath, t.source] })],
);

/**
 * The UTM report's roll-up per store, LOCAL day (as `report_days`) and first-touch attribution ('' = none): sessions
 * started, sessions that added to cart / reached checkout (from `report_session_buckets`), paid orders and their
 * total sales with returns on the refund's day (from `report_order_buckets`). Same triggers and rebuild as
 * `report_days` (migration 0026): a year in the shop's timezone reads a row per day and attribution seen. Cents.
 */
export const reportUtmDays = pgTable(
  'report_utm_days',
  {
    storeId: storeId(),
    day: date('day', { mode: 'string' }).notNull(),
    utmSource: text('utm_source').notNull(),
    utmMedium: text('utm_medium').notNull(),
    utmCampaign: text('utm_campaign').notNull(),
    landingPath: text('landing_path').notNull(),
    sessions: integer('sessions').notNull().default(0),
    addToCart: integer('add_to_cart').notNull().default(0),
    reachedCheckout: integer('reached_checkout').notNull().default(0),
    orders: integer('orders').notNull().default(0),
    salesCents: bigint('sales_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.day, t.utmSource, t.utmMedium, t.utmCampaign, t.landingPath] })],
);
