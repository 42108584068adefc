import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { products } from './commerce.js';
import { stores } from './core.js';

const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);
const storeId = () =>
  uuid('store_id')
    .notNull()
    .references(() => stores.id, { onDelete: 'cascade' });
const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The storefront filters of a shop (issue 13 item 6, Product Options, website.menufilter), in `position` order:
 * type option (named by `option_name`, values ordered by `values`), price, vendor, productType, availability.
 */
export const productFilters = pgTable(
  'product_filters',
  {
    id: id(),
    storeId: storeId(),
    position: integer('position').notNull(),
    type: text('type').notNull(),
    label: text('label').notNull(),
    optionName: text('option_name'),
    values: text('values').array().notNull().default(sql`'{}'::text[]`),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [index('product_filters_store').on(t.storeId, t.position)],
);

/**
 * A size chart (issue 13 item 7, website.sizechart): a table (`columns` headers, `rows` of cells, jsonb) in `unit`,
 * shown on the product pages of `product_ids` and of the products of `collection_ids` (ids of the same shop; a
 * deleted product or collection simply stops matching).
 */
export const sizeCharts = pgTable(
  'size_charts',
  {
    id: id(),
    storeId: storeId(),
    title: text('title').notNull(),
    unit: text('unit').notNull().default('cm'),
    columns: jsonb('columns').$type<string[]>().notNull(),
    rows: jsonb('rows').$type<string[][]>().notNull(),
    note: text('note').notNull().default(''),
    productIds: uuid('product_ids').array().notNull().default(sql`'{}'::uuid[]`),
    collectionIds: uuid('collection_ids').array().notNull().default(sql`'{}'::uuid[]`),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('size_charts_store').on(t.storeId)],
);

/**
 * A product review (issue 13 item 8): submitted by a shopper on the storefront (status pending until the shop
 * publishes it) or imported from CSV; the shop may hide it and reply publicly.
 */
export const productReviews = pgTable(
  'product_reviews',
  {
    id: id(),
    storeId: storeId(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    author: text('author').notNull(),
    email: text('email').notNull().default(''),
    rating: integer('rating').notNull(),
    title: text('title').notNull().default(''),
    body: text('body').notNull(),
    /** pending | published | hidden */
    status: text('status').notNull().default('pending'),
    reply: text('reply').notNull().default(''),
    repliedAt: ts('replied_at'),
    /** The size the reviewer bought ('' = not given), shown with the review unless the theme hides review sizes. */
    size: text('size').notNull().default(''),
    /** How it fits: '' (not given) | small | true_to_size | large. */
    fit: text('fit').notNull().default(''),
    /** storefront | import */
    source: text('source').notNull().default('storefront'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('product_reviews_store_time').on(t.storeId, t.createdAt),
    index('product_reviews_product').on(t.productId, t.status),
    check('product_reviews_rating', sql`${t.rating} between 1 and 5`),
  ],
);

/**
 * The base product of the print-on-demand catalogue a shop product was made from (issue 13 item 10), by the base
 * product's stable id (the catalogue itself is code: `modules/pod-catalog/base-products.ts`). Issue 19's editors
 * read the print areas through it.
 */
export const productBases = pgTable(
  'product_bases',
  {
    productId: uuid('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    storeId: storeId(),
    baseProductId: text('base_product_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('product_bases_store_base').on(t.storeId, t.baseProductId)],
);
