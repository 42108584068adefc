import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { SEARCH_TEXT, searchIndex } from '../search-text.js';
import { orders } from './commerce.js';
import { stores } from './core.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A discount (issue 12 item 6; Shopify's vocabulary). `method` code | automatic: a code discount is applied when
 * the shopper enters `code` (unique per store, case-insensitive), an automatic one whenever a cart qualifies.
 * `type` percentage | fixed_amount | free_shipping | buy_x_get_y. `value`: percentage and buy_x_get_y in basis
 * points (1000 = 10 %, 10000 = free), fixed_amount in cents of the store currency, 0 for free_shipping.
 * Applies to `appliesTo` all | products | collections (`productIds` / `collectionIds`); buy X get Y reads
 * `buyQuantity` and `getQuantity` on those items. Minimum requirement `minimumType` none | subtotal | quantity with
 * `minimumValue` (cents or items). `customerEmails` (lower-case) limits who may use it (empty = everyone).
 * `usageLimit` total uses (null = unlimited), `usageCount` uses so far (updated in the checkout transaction under
 * a row lock), `oncePerCustomer` one use per e-mail. Active in [startsAt, endsAt) (endsAt null = no end).
 * `combinesWith` {productDiscounts, orderDiscounts, shippingDiscounts}.
 */
export const discounts = pgTable(
  'discounts',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    code: text('code'),
    title: text('title').notNull(),
    type: text('type').notNull(),
    value: integer('value').notNull().default(0),
    appliesTo: text('applies_to').notNull().default('all'),
    productIds: uuid('product_ids').array().notNull().default(sql`'{}'::uuid[]`),
    collectionIds: uuid('collection_ids').array().notNull().default(sql`'{}'::uuid[]`),
    buyQuantity: integer('buy_quantity'),
    getQuantity: integer('get_quantity'),
    minimumType: text('minimum_type').notNull().default('none'),
    minimumValue: integer('minimum_value').notNull().default(0),
    customerEmails: text('customer_emails').array().notNull().default(sql`'{}'::text[]`),
    usageLimit: integer('usage_limit'),
    usageCount: integer('usage_count').notNull().default(0),
    oncePerCustomer: boolean('once_per_customer').notNull().default(false),
    combinesWith: jsonb('combines_with')
      .notNull()
      .default(sql`'{"productDiscounts":false,"orderDiscounts":false,"shippingDiscounts":false}'::jsonb`),
    startsAt: ts('starts_at').notNull().defaultNow(),
    endsAt: ts('ends_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discounts_store_code').on(t.storeId, sql`lower(${t.code})`),
    index('discounts_store_method').on(t.storeId, t.method, t.createdAt),
    searchIndex('discounts_search', t.storeId, SEARCH_TEXT.discounts),
    check('discounts_usage_within_limit', sql`${t.usageLimit} is null or ${t.usageCount} <= ${t.usageLimit}`),
  ],
);

/** One use of a discount by an order (per-customer limits read `email`; the usage count is kept on the discount). */
export const discountUsages = pgTable(
  'discount_usages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    discountId: uuid('discount_id')
      .notNull()
      .references(() => discounts.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    amountCents: integer('amount_cents').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('discount_usages_discount_email').on(t.discountId, t.email), index('discount_usages_order').on(t.orderId)],
);

/**
 * A storefront checkout (issue 12 item 5): recorded as the shopper enters the e-mail, updated while they type, and
 * completed by the order. `token` is the shopper's secret (random, base64url): it updates the checkout and recovers
 * the cart (`/checkouts/{token}/recover`). `lines` [{variantId, quantity}]; `subtotalCents` priced from the
 * database when last written. Abandoned = an e-mail, no order, and no change for the configured delay
 * (`ABANDONED_CHECKOUT_DELAY_MINUTES`, default 60); `number` is the checkout's public number.
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    number: bigserial('number', { mode: 'number' }).notNull(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    email: text('email'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    lines: jsonb('lines').notNull().default(sql`'[]'::jsonb`),
    subtotalCents: integer('subtotal_cents').notNull().default(0),
    discountCode: text('discount_code'),
    visitorSessionId: text('visitor_session_id'),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    completedAt: ts('completed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('checkouts_token').on(t.token), index('checkouts_store_updated').on(t.storeId, t.updatedAt)],
);
