import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { stores } from './core.js';

const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);
const storeId = () =>
  uuid('store_id')
    .notNull()
    .references(() => stores.id, { onDelete: 'cascade' });
const ts = (name: string) => timestamp(name, { withTimezone: true });

/** A product (Shopify CSV: Handle, Title, Body (HTML), Vendor, Type, Tags, Published, Option names). */
export const products = pgTable(
  'products',
  {
    id: id(),
    storeId: storeId(),
    handle: text('handle').notNull(),
    title: text('title').notNull(),
    bodyHtml: text('body_html').notNull().default(''),
    vendor: text('vendor').notNull().default(''),
    productType: text('product_type').notNull().default(''),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    published: boolean('published').notNull().default(true),
    optionNames: text('option_names').array().notNull().default(sql`'{}'::text[]`),
    seoTitle: text('seo_title'),
    seoDescription: text('seo_description'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('products_store_handle').on(t.storeId, t.handle)],
);

/** A sellable variant; prices in integer cents of the store currency. */
export const productVariants = pgTable(
  'product_variants',
  {
    id: id(),
    storeId: storeId(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(1),
    sku: text('sku').notNull().default(''),
    option1: text('option1'),
    option2: text('option2'),
    option3: text('option3'),
    priceCents: integer('price_cents').notNull(),
    compareAtPriceCents: integer('compare_at_price_cents'),
    inventoryQty: integer('inventory_qty').notNull().default(0),
    grams: integer('grams').notNull().default(0),
    requiresShipping: boolean('requires_shipping').notNull().default(true),
    taxable: boolean('taxable').notNull().default(true),
    barcode: text('barcode'),
    imageSrc: text('image_src'),
  },
  (t) => [index('product_variants_product').on(t.productId), index('product_variants_store').on(t.storeId)],
);

/** A product image. `src` is local (/uploads/…) when fetched, else the remote URL; `remoteSrc` keeps the origin. */
export const productImages = pgTable(
  'product_images',
  {
    id: id(),
    storeId: storeId(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(1),
    src: text('src').notNull(),
    remoteSrc: text('remote_src'),
    alt: text('alt').notNull().default(''),
  },
  (t) => [index('product_images_product').on(t.productId)],
);

/** A collection of products (spec theme-editor §3 lookups: title, handle, image.src). */
export const collections = pgTable(
  'collections',
  {
    id: id(),
    storeId: storeId(),
    handle: text('handle').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    imageSrc: text('image_src'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('collections_store_handle').on(t.storeId, t.handle)],
);

export const collectionProducts = pgTable(
  'collection_products',
  {
    collectionId: uuid('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.collectionId, t.productId] }), index('collection_products_product').on(t.productId)],
);

export const customers = pgTable(
  'customers',
  {
    id: id(),
    storeId: storeId(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('customers_store_email').on(t.storeId, t.email)],
);

/**
 * An order. Money in integer cents of `currency`. financialStatus: pending | authorized | paid |
 * partially_paid | partially_refunded | refunded | voided. fulfillmentStatus: unfulfilled | partially_fulfilled |
 * fulfilled. capturedDate is when the payment was captured (null unless paid). customerInfo is
 * [{full_name, email}] as the paid-orders table reads it (spec §3 order row).
 */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    storeId: storeId(),
    orderNumber: integer('order_number').notNull(),
    orderName: text('order_name').notNull(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    customerInfo: jsonb('customer_info').notNull().default(sql`'[]'::jsonb`),
    currency: text('currency').notNull().default('USD'),
    subtotalCents: integer('subtotal_cents').notNull().default(0),
    shippingCents: integer('shipping_cents').notNull().default(0),
    grandTotalCents: integer('grand_total_cents').notNull(),
    financialStatus: text('financial_status').notNull(),
    fulfillmentStatus: text('fulfillment_status').notNull().default('unfulfilled'),
    paymentName: text('payment_name').notNull().default(''),
    paymentSource: jsonb('payment_source'),
    /** online_store | pos | draft: onlineStoreSales counts online_store only. */
    sourceName: text('source_name').notNull().default('online_store'),
    lineItems: jsonb('line_items').notNull().default(sql`'[]'::jsonb`),
    visitorSessionId: text('visitor_session_id'),
    note: text('note'),
    capturedDate: ts('captured_date'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_store_number').on(t.storeId, t.orderNumber),
    index('orders_store_created').on(t.storeId, t.createdAt),
    index('orders_store_fulfillment').on(t.storeId, t.fulfillmentStatus),
    index('orders_store_financial_captured').on(t.storeId, t.financialStatus, t.capturedDate),
  ],
);

/** Storefront events feeding funnel, visitors and conversion rate: view_store | add_to_cart | reached_checkout | purchased. */
export const storefrontEvents = pgTable(
  'storefront_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    storeId: storeId(),
    visitorSessionId: text('visitor_session_id').notNull(),
    type: text('type').notNull(),
    occurredAt: ts('occurred_at').notNull().defaultNow(),
  },
  (t) => [index('storefront_events_store_time').on(t.storeId, t.occurredAt)],
);
