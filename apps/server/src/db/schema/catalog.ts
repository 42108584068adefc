import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { stores } from './core.js';

/**
 * The append-only stock history of issue 13 item 4 (website.inventory): one row per change of a variant's
 * `inventory_qty` — who (user, or null for a shopper's checkout), why (`reason`), by how much (`delta`) and the
 * quantity after it. Rows are never updated (migration 0005 adds a trigger refusing UPDATE); the variant and
 * product are kept as ids plus the titles of the time, so the history survives a deleted product.
 * reason: received | correction | count | damaged | theft_or_loss | promotion_or_donation | restock | order |
 * product_edit | import (Shopify's adjustment reasons plus the system's own).
 */
export const inventoryAdjustments = pgTable(
  'inventory_adjustments',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    variantId: uuid('variant_id').notNull(),
    productId: uuid('product_id').notNull(),
    productTitle: text('product_title').notNull(),
    variantTitle: text('variant_title').notNull(),
    sku: text('sku').notNull().default(''),
    delta: integer('delta').notNull(),
    quantityAfter: integer('quantity_after').notNull(),
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    /** The staff member who made the change (no foreign key: an append-only row is never rewritten). */
    userId: uuid('user_id'),
    userName: text('user_name').notNull().default(''),
    /** The order that moved the stock (reason order/restock), when one did. */
    orderId: uuid('order_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('inventory_adjustments_store_time').on(t.storeId, t.createdAt),
    index('inventory_adjustments_variant').on(t.variantId, t.createdAt),
  ],
);
