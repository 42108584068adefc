import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orders, products } from './commerce.js';
import { stores, users } from './core.js';
import { jobs } from './jobs.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Print-on-demand designs (issue 19): a @backroom/design document (jsonb, `schema_version` = the package version
 * it was written with) with an optimistic-concurrency `version` (+1 per save; a save naming an older one is 409).
 * `product_id` is the shop product "Save as product" made; `published_document` the document it was made from,
 * which order lines render (later edits are drafts until published again).
 */
export const designs = pgTable(
  'designs',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    baseProductId: text('base_product_id'),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    document: jsonb('document').notNull(),
    schemaVersion: integer('schema_version').notNull(),
    publishedDocument: jsonb('published_document'),
    publishedAt: ts('published_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('designs_store_updated').on(t.storeId, t.updatedAt),
    uniqueIndex('designs_product').on(t.productId),
    check('designs_kind', sql`${t.kind} in ('print_hub', 'book', 'book2')`),
  ],
);

/**
 * A render of a design (issue 19 item 6): `kind` mockup | print, done by the job `job_id` (its state and progress
 * are the render's status), `files` [{name, url, contentType}] once done. An order line's print render (made when
 * the order is paid) names the order, the line's 1-based id, the shopper's `values` and the `document` it prints;
 * one per line and kind.
 */
export const designRenders = pgTable(
  'design_renders',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    designId: uuid('design_id').references(() => designs.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    lineItemId: integer('line_item_id'),
    values: jsonb('values').notNull().default(sql`'{}'::jsonb`),
    /** An order line's render: the published document when the order was paid (later edits or a deleted design do not change it). */
    document: jsonb('document'),
    files: jsonb('files').notNull().default(sql`'[]'::jsonb`),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('design_renders_design').on(t.designId),
    uniqueIndex('design_renders_order_line').on(t.orderId, t.lineItemId, t.kind),
    check('design_renders_kind', sql`${t.kind} in ('mockup', 'print')`),
  ],
);
