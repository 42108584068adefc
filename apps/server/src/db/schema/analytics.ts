import { bigint, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { stores } from './core.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Per-store analytics roll-up in 15-minute UTC buckets (spec admin-dashboard §7 Overview analytics; DESIGN.md
 * "Data"). `bucket` is the bucket's start instant, a multiple of 15 minutes since 2000-01-01T00:00Z, so any IANA
 * zone (whole-hour, +05:30, +05:45, DST) regroups it exactly into local hours and days.
 *
 * Kept current by the statement-level triggers of migration `analytics_triggers` on `orders` and
 * `storefront_events`, in the writing transaction, with additive upserts (`n = n + excluded.n`), so racing
 * writes lose no count. Nothing else writes here.
 *
 * Order columns count paid orders (lib/money.ts: captured, sales net of refunds) by their `created_at`, as the home dashboard does;
 * money is integer cents. Funnel columns count visitor sessions by the bucket of their FIRST event of that kind
 * (see `analyticsSessions`); `visitors` counts sessions by their first event of any kind.
 */
export const analyticsBuckets = pgTable(
  'analytics_buckets',
  {
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    bucket: ts('bucket').notNull(),
    paidOrders: integer('paid_orders').notNull().default(0),
    paidSalesCents: bigint('paid_sales_cents', { mode: 'number' }).notNull().default(0),
    onlineSalesCents: bigint('online_sales_cents', { mode: 'number' }).notNull().default(0),
    /** Order value for AOV (modules/metrics, issue 30): gross sales − discounts of the orders counted here. */
    orderValueCents: bigint('order_value_cents', { mode: 'number' }).notNull().default(0),
    visitors: integer('visitors').notNull().default(0),
    viewStore: integer('view_store').notNull().default(0),
    addToCart: integer('add_to_cart').notNull().default(0),
    reachedCheckout: integer('reached_checkout').notNull().default(0),
    purchased: integer('purchased').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.bucket] })],
);

/**
 * The same roll-up summed per UTC day (`day` = the day's 00:00Z instant), so a long window reads one row per day in
 * its middle and 15-minute buckets only at its two edges (issue 14 item 1: the Overview call over 30 days read
 * ~2,900 bucket rows per request). Kept by the statement-level triggers of migration `analytics_days` on
 * `analytics_buckets` (every change of a bucket row adds its delta to its day, in the same transaction); nothing
 * else writes here. Columns and units as `analyticsBuckets`.
 */
export const analyticsDays = pgTable(
  'analytics_days',
  {
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    day: ts('day').notNull(),
    paidOrders: integer('paid_orders').notNull().default(0),
    paidSalesCents: bigint('paid_sales_cents', { mode: 'number' }).notNull().default(0),
    onlineSalesCents: bigint('online_sales_cents', { mode: 'number' }).notNull().default(0),
    /** Order value for AOV (modules/metrics, issue 30): gross sales − discounts of the orders counted here. */
    orderValueCents: bigint('order_value_cents', { mode: 'number' }).notNull().default(0),
    visitors: integer('visitors').notNull().default(0),
    viewStore: integer('view_store').notNull().default(0),
    addToCart: integer('add_to_cart').notNull().default(0),
    reachedCheckout: integer('reached_checkout').notNull().default(0),
    purchased: integer('purchased').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.day] })],
);

/**
 * One row per (store, visitor session): the instant the session first reached each funnel step (null = never).
 * Distinct sessions are not additive over buckets, so the funnel counts a session once, in the bucket of its first
 * reach of a step. `prev*` hold the values before the trigger's last change of the row (the trigger reads them
 * through RETURNING to move a session's count from its old bucket to its new one when an earlier event arrives).
 */
export const analyticsSessions = pgTable(
  'analytics_sessions',
  {
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    visitorSessionId: text('visitor_session_id').notNull(),
    viewAt: ts('view_at'),
    cartAt: ts('cart_at'),
    checkoutAt: ts('checkout_at'),
    purchaseAt: ts('purchase_at'),
    prevViewAt: ts('prev_view_at'),
    prevCartAt: ts('prev_cart_at'),
    prevCheckoutAt: ts('prev_checkout_at'),
    prevPurchaseAt: ts('prev_purchase_at'),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.visitorSessionId] })],
);
