import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { SEARCH_TEXT, searchIndex } from '../search-text.js';
import { products } from './commerce.js';
import { stores } from './core.js';

const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);
const storeId = () =>
  uuid('store_id')
    .notNull()
    .references(() => stores.id, { onDelete: 'cascade' });
const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A navigation menu (spec admin-dashboard §7 Navigation menus; issue 11 item 3). `items` is the tree
 * `[{id, title, type: home|collection|product|page|url, target, children}]`, at most three levels deep; `target` is
 * the collection/product/page id, or the URL. No foreign keys: a deleted target leaves its item, marked broken
 * where menus are read (modules/menus). Rows written before issue 11 hold `[{title, url, items}]`; readers take both.
 */
export const menus = pgTable(
  'menus',
  {
    id: id(),
    storeId: storeId(),
    title: text('title').notNull(),
    handle: text('handle').notNull(),
    items: jsonb('items').notNull().default(sql`'[]'::jsonb`),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('menus_store_handle').on(t.storeId, t.handle)],
);

/**
 * A content page (spec §7 Pages; issue 11 item 2): About us, policies. `bodyHtml` is sanitised on save and again
 * when the storefront renders it; `handle` is unique per shop and makes the storefront path `/pages/{handle}`.
 */
export const pages = pgTable(
  'pages',
  {
    id: id(),
    storeId: storeId(),
    title: text('title').notNull(),
    handle: text('handle').notNull(),
    bodyHtml: text('body_html').notNull().default(''),
    seoTitle: text('seo_title').notNull().default(''),
    seoDescription: text('seo_description').notNull().default(''),
    published: boolean('published').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pages_store_handle').on(t.storeId, t.handle), searchIndex('pages_search', t.storeId, SEARCH_TEXT.pages)],
);

/**
 * A font a shop uploaded for personalised products (spec §3 Custom font {name, fontUrl}; issue 11 item 4). The file
 * lives in the shop's media storage under `key` (modules/media); `family` is the family name read from the file
 * itself; `format` is ttf | otf | woff | woff2, recognised by content.
 */
export const personalizeFonts = pgTable(
  'personalize_fonts',
  {
    id: id(),
    storeId: storeId(),
    name: text('name').notNull(),
    family: text('family').notNull(),
    key: text('key').notNull(),
    format: text('format').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('personalize_fonts_store').on(t.storeId)],
);

/**
 * The personalisation of one product (spec §7 Personalisation; issue 11 item 4): `fields` is
 * `[{id, type: text|image, label, required, …}]` — text fields with max length, font, colour, size and position on
 * the product image (percent of its width/height), image fields with their box. One per product.
 */
export const personalizes = pgTable(
  'personalizes',
  {
    id: id(),
    storeId: storeId(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    fields: jsonb('fields').notNull().default(sql`'[]'::jsonb`),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('personalizes_product').on(t.productId), index('personalizes_store').on(t.storeId)],
);

/**
 * A domain the shop asked to buy (spec §7 "POST /stores/config/buy-domains", "pending-domains"). There is no
 * registrar behind it (README): the purchase stays pending until an operator handles it, or the shop cancels it.
 */
export const domainPurchases = pgTable(
  'domain_purchases',
  {
    id: id(),
    storeId: storeId(),
    domain: text('domain').notNull(),
    years: integer('years').notNull().default(1),
    status: text('status').notNull().default('pending'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('domain_purchases_store_domain').on(t.storeId, t.domain)],
);
