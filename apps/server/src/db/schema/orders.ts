import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orders } from './commerce.js';
import { stores, users } from './core.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const storeId = () =>
  uuid('store_id')
    .notNull()
    .references(() => stores.id, { onDelete: 'cascade' });
const orderId = () =>
  uuid('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' });

/**
 * A shipment of some of an order's units (Shopify fulfillment). `lines` = [{lineId, quantity}] where lineId is the
 * 1-based position in `orders.line_items`. Written by modules/orders under the order's row lock.
 */
export const orderFulfillments = pgTable(
  'order_fulfillments',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    storeId: storeId(),
    orderId: orderId(),
    lines: jsonb('lines').notNull().default(sql`'[]'::jsonb`),
    trackingNumber: text('tracking_number'),
    carrier: text('carrier'),
    trackingUrl: text('tracking_url'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('order_fulfillments_order').on(t.orderId)],
);

/**
 * Money given back on an order (Shopify refund). `amountCents` is what left the shop; `lines` =
 * [{lineId, quantity, restock, amountCents}] are the units removed from the order (restock: returned to stock).
 * The sum of an order's refunds equals `orders.refunded_cents` and never exceeds its grand total.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    storeId: storeId(),
    orderId: orderId(),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull().default(''),
    lines: jsonb('lines').notNull().default(sql`'[]'::jsonb`),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('order_refunds_order').on(t.orderId)],
);

/**
 * The order's timeline (Shopify "Timeline"): one row per action, written in the action's transaction. type:
 * fulfilled | refunded | cancelled | marked_as_paid | note | tags | email | comment. `authorName` is kept so the
 * entry still reads right after the staff member is gone; null author = the system (e.g. an e-mail sent).
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    storeId: storeId(),
    orderId: orderId(),
    type: text('type').notNull(),
    message: text('message').notNull(),
    detail: jsonb('detail'),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('order_events_order').on(t.orderId, t.createdAt)],
);
