import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { stores } from './core.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A Boost UpSell offer (issue 18 item 1, route website.upsell): `type` bundle | quantity_break | in_cart |
 * post_purchase; triggers `productIds` / `collectionIds` (both empty = any product); `offerProductIds` what it
 * offers; `discountType` percentage (`discountValue` in basis points, 1000 = 10 %) or fixed_amount (cents);
 * `tiers` [{quantity, bp}] for quantity breaks; higher `priority` is tried first; `startsAt`/`endsAt` the schedule
 * (null = from creation / no end). Product ids are not foreign keys: a deleted product just stops matching.
 */
export const upsellOffers = pgTable(
  'upsell_offers',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    type: text('type').notNull(),
    productIds: uuid('product_ids').array().notNull().default(sql`'{}'::uuid[]`),
    collectionIds: uuid('collection_ids').array().notNull().default(sql`'{}'::uuid[]`),
    offerProductIds: uuid('offer_product_ids').array().notNull().default(sql`'{}'::uuid[]`),
    discountType: text('discount_type').notNull().default('percentage'),
    discountValue: integer('discount_value').notNull().default(0),
    tiers: jsonb('tiers').$type<{ quantity: number; bp: number }[]>().notNull().default(sql`'[]'::jsonb`),
    active: boolean('active').notNull().default(true),
    priority: integer('priority').notNull().default(0),
    startsAt: ts('starts_at'),
    endsAt: ts('ends_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('upsell_offers_store').on(t.storeId, t.priority)],
);

/**
 * Per-offer counters by UTC day (issue 18 item 1 "views, adds, orders and revenue counted per offer"): storefront
 * views and adds, orders that took the offer and the revenue of its lines after its discount (cents). Written with
 * `n = n + excluded.n` upserts, so racing writers lose nothing.
 */
export const upsellOfferStats = pgTable(
  'upsell_offer_stats',
  {
    offerId: uuid('offer_id')
      .notNull()
      .references(() => upsellOffers.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
    adds: integer('adds').notNull().default(0),
    orders: integer('orders').notNull().default(0),
    revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.offerId, t.day] })],
);
