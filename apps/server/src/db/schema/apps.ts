import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { stores, users } from './core.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A shop's Telegram notifications (issue 18 item 4, route website.notification): one row per shop. `connectCode` is
 * the one-time code of the `https://t.me/{bot}?start={code}` deep link (valid until `connectCodeExpiresAt`); the
 * chat that sends `/start {code}` is stored in `chatId`. `disabledReason` is set when the Bot API refused a message
 * for good (403: bot blocked, chat gone) — sending stops until the shop connects again. `events` are the chosen
 * event keys (contracts TELEGRAM_EVENTS); `lowStockThreshold` units; `dailySummaryHour` 0–23 in the shop's timezone,
 * `lastSummaryOn` the shop-local date (YYYY-MM-DD) of the last summary sent.
 */
export const telegramLinks = pgTable('telegram_links', {
  storeId: uuid('store_id')
    .primaryKey()
    .references(() => stores.id, { onDelete: 'cascade' }),
  chatId: text('chat_id'),
  chatTitle: text('chat_title'),
  connectedAt: ts('connected_at'),
  connectCode: text('connect_code').unique(),
  connectCodeExpiresAt: ts('connect_code_expires_at'),
  events: jsonb('events').$type<string[]>().notNull().default(sql`'["new_order","payout_status","low_stock"]'::jsonb`),
  lowStockThreshold: integer('low_stock_threshold').notNull().default(5),
  dailySummaryHour: integer('daily_summary_hour').notNull().default(9),
  lastSummaryOn: text('last_summary_on'),
  disabledReason: text('disabled_reason'),
  disabledAt: ts('disabled_at'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * One storefront cache purge (issue 18 item 5, route website.clearCacheUrls): the URLs cleared (`all` = the shop's
 * whole cache), how many cached pages were dropped, whether the CDN was called and answered, and what caused it
 * (`manual` from the screen, or the save that purged on its own: `theme`, `page`, `menu`, `product`).
 */
export const cachePurges = pgTable(
  'cache_purges',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    urls: jsonb('urls').$type<string[]>().notNull(),
    all: boolean('all').notNull().default(false),
    purged: integer('purged').notNull().default(0),
    cdn: text('cdn').notNull().default('off'),
    source: text('source').notNull().default('manual'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('cache_purges_store').on(t.storeId, t.createdAt)],
);

/**
 * A shop built to order by provider staff (issue 18 item 7, route website.custom-store): created from
 * `templateStoreId` by `createdBy` and handed to `ownerEmail` by a staff invitation.
 */
export const customStores = pgTable(
  'custom_stores',
  {
    storeId: uuid('store_id')
      .primaryKey()
      .references(() => stores.id, { onDelete: 'cascade' }),
    templateStoreId: uuid('template_store_id').references(() => stores.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ownerEmail: text('owner_email').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('custom_stores_created_by').on(t.createdBy, t.createdAt)],
);

/**
 * A product widget (issue 18 item 2, route website.apps.widgets.list): a titled row of products the storefront
 * renders at `placement` (product_above_description | product_below_description | cart | home) — `kind`
 * best_sellers | recently_viewed | also_bought | handpicked | same_collection, at most `limit` products, `days` the
 * order window of best sellers and also bought, `productIds` the handpicked products in order (no foreign key: a
 * deleted product just stops showing).
 */
export const productWidgets = pgTable(
  'product_widgets',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    placement: text('placement').notNull(),
    title: text('title').notNull(),
    limit: integer('limit').notNull(),
    layout: text('layout').notNull().default('grid'),
    days: integer('days').notNull().default(30),
    active: boolean('active').notNull().default(true),
    productIds: uuid('product_ids').array().notNull().default(sql`'{}'::uuid[]`),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('product_widgets_store_placement').on(t.storeId, t.placement)],
);
