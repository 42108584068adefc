import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { SEARCH_TEXT, searchIndex } from '../search-text.js';
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
    /** Shopify's product status: active | draft | archived (only active products with `published` show on the storefront). */
    status: text('status').notNull().default('active'),
    optionNames: text('option_names').array().notNull().default(sql`'{}'::text[]`),
    seoTitle: text('seo_title'),
    seoDescription: text('seo_description'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('products_store_handle').on(t.storeId, t.handle), searchIndex('products_search', t.storeId, SEARCH_TEXT.products)],
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
    /** Cost per item, cents (Shopify "Cost per item"); null = not given. */
    costCents: integer('cost_cents'),
    inventoryQty: integer('inventory_qty').notNull().default(0),
    /** deny: never sold below 0 in stock; continue: sold when out of stock (Shopify "Variant Inventory Policy"). */
    inventoryPolicy: text('inventory_policy').notNull().default('deny'),
    grams: integer('grams').notNull().default(0),
    /** Unit the merchant reads the weight in (g, kg, lb, oz); the weight itself is kept in grams. */
    weightUnit: text('weight_unit').notNull().default('kg'),
    requiresShipping: boolean('requires_shipping').notNull().default(true),
    taxable: boolean('taxable').notNull().default(true),
    barcode: text('barcode'),
    imageSrc: text('image_src'),
  },
  (t) => [
    index('product_variants_product').on(t.productId),
    index('product_variants_store').on(t.storeId),
    searchIndex('product_variants_search', t.storeId, SEARCH_TEXT.variants),
  ],
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
    /** manual (products and order chosen by the merchant) | automated (products matching `rules`, kept current). */
    type: text('type').notNull().default('manual'),
    /** Shopify smart-collection rules [{column, relation, condition}] of an automated collection. */
    rules: jsonb('rules').notNull().default(sql`'[]'::jsonb`),
    /** true: a product matching ANY rule belongs; false: it must match ALL rules. */
    disjunctive: boolean('disjunctive').notNull().default(false),
    seoTitle: text('seo_title'),
    seoDescription: text('seo_description'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('collections_store_handle').on(t.storeId, t.handle),
    searchIndex('collections_search', t.storeId, SEARCH_TEXT.collections),
  ],
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

/** PostgreSQL's 64-bit transaction id (`xid8`, what `pg_current_xact_id()` returns), read as its decimal text. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/**
 * Which transactions changed a shop's product list (issue 14 item 1): one row per (store, writing transaction), added
 * by statement-level triggers on products, product_variants, product_images, collections and collection_products
 * and by a row trigger on a store's currency (migration 0027). Append-only, so concurrent writers never wait on each
 * other. The admin product list remembers each answer with the snapshot that read it and asks this table whether a
 * transaction that snapshot could not see has since written the shop's catalog (`modules/catalog/list-cache.ts`):
 * the answer is as fresh as a new read, across every copy of the server. Rows older than the cache's horizon are
 * pruned by the same module.
 */
export const catalogChanges = pgTable(
  'catalog_changes',
  {
    /** No foreign key: a shop's deletion cascades into its products, whose triggers still write here. */
    storeId: uuid('store_id').notNull(),
    xid: xid8('xid').notNull(),
    changedAt: ts('changed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.xid] })],
);

/**
 * Handles of products a shop deleted (issue 31 item 4): their storefront page answers 410 Gone instead of 404.
 * Kept by a statement-level trigger on products (migration 0031); a live product with the same handle wins.
 */
export const deletedProductHandles = pgTable(
  'deleted_product_handles',
  {
    /** No foreign key: a shop's deletion cascades into its products (the trigger then keeps nothing). */
    storeId: uuid('store_id').notNull(),
    handle: text('handle').notNull(),
    deletedAt: ts('deleted_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.handle] })],
);

export const customers = pgTable(
  'customers',
  {
    id: id(),
    storeId: storeId(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    /** The merchant's note about the customer (Shopify "Notes"). */
    note: text('note').notNull().default(''),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** Addresses [{firstName, lastName, address1, city, zip, country, phone}], the default first. */
    addresses: jsonb('addresses').notNull().default(sql`'[]'::jsonb`),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  // One customer per e-mail and store: the checkout creates or updates it with one upsert (issue 12 item 4).
  (t) => [
    uniqueIndex('customers_store_email').on(t.storeId, t.email),
    index('customers_store_created').on(t.storeId, t.createdAt),
    searchIndex('customers_search', t.storeId, SEARCH_TEXT.customers),
  ],
);

/**
 * An order. Money in integer cents of `currency`. financialStatus (Shopify): pending | authorized | paid |
 * partially_paid | partially_refunded | refunded | voided. fulfillmentStatus (Shopify): unfulfilled | partial |
 * fulfilled | restocked. capturedDate is when the payment was captured (null unless paid). customerInfo is
 * [{full_name, email, phone?, address?}] as the paid-orders table reads it (spec §3 order row).
 * grandTotalCents = subtotal − discount + shipping + tax; refundedCents is the sum of its `order_refunds`, kept in
 * the refund's transaction (net sales = grand total − refunded, lib/money.ts). lineItems is the immutable snapshot
 * the checkout wrote; a line's id is its 1-based position. closedAt: set when the order is cancelled, or paid and
 * fully fulfilled (Shopify's "Closed"/archived).
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
    /** Total of the discounts applied at checkout, cents (issue 12 item 6): grand total = subtotal − discount + shipping. */
    discountCents: integer('discount_cents').notNull().default(0),
    /** The discounts applied: [{discountId, title, code (null when automatic), type, amountCents}]. */
    discountApplications: jsonb('discount_applications').notNull().default(sql`'[]'::jsonb`),
    taxCents: integer('tax_cents').notNull().default(0),
    grandTotalCents: integer('grand_total_cents').notNull(),
    refundedCents: integer('refunded_cents').notNull().default(0),
    financialStatus: text('financial_status').notNull(),
    fulfillmentStatus: text('fulfillment_status').notNull().default('unfulfilled'),
    paymentName: text('payment_name').notNull().default(''),
    paymentSource: jsonb('payment_source'),
    /** online_store | pos | draft: onlineStoreSales counts online_store only. */
    sourceName: text('source_name').notNull().default('online_store'),
    lineItems: jsonb('line_items').notNull().default(sql`'[]'::jsonb`),
    visitorSessionId: text('visitor_session_id'),
    // The session's first-touch attribution (issue 17 item 1), copied from `visitor_sessions` by the BEFORE INSERT
    // trigger of migration 0018 when the order names a visitor session; null when unknown.
    landingPath: text('landing_path'),
    referrer: text('referrer'),
    referrerClass: text('referrer_class'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    utmTerm: text('utm_term'),
    utmContent: text('utm_content'),
    clickNetwork: text('click_network'),
    note: text('note'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    capturedDate: ts('captured_date'),
    cancelledAt: ts('cancelled_at'),
    /** Shopify's cancel reasons: customer | inventory | fraud | declined | other. */
    cancelReason: text('cancel_reason'),
    closedAt: ts('closed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_store_number').on(t.storeId, t.orderNumber),
    index('orders_store_created').on(t.storeId, t.createdAt),
    index('orders_store_fulfillment').on(t.storeId, t.fulfillmentStatus),
    index('orders_store_financial_captured').on(t.storeId, t.financialStatus, t.capturedDate),
    searchIndex('orders_search', t.storeId, SEARCH_TEXT.orders),
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
    // First-touch attribution (issue 17 item 1), on the first event of a session only (null elsewhere). The
    // trigger of migration 0018 folds it into `visitor_sessions`; referrerClass: direct | search | social | email |
    // other; clickNetwork: facebook | tiktok | google when an fbclid/ttclid/gclid came with the landing URL.
    landingPath: text('landing_path'),
    referrer: text('referrer'),
    referrerClass: text('referrer_class'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    utmTerm: text('utm_term'),
    utmContent: text('utm_content'),
    clickNetwork: text('click_network'),
  },
  (t) => [index('storefront_events_store_time').on(t.storeId, t.occurredAt)],
);
