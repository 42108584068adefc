import { z } from 'zod';
import { MajorUnits } from './common.js';
import { BULK_EDIT_PAGE_SIZE, INVENTORY_PAGE_SIZE, MAX_BULK_UPDATE_PRODUCTS } from './limits.js';
import { limitParam, pageParam } from './paging.js';
import { BulkProductPatch, InventoryPolicy, Price, ProductStatus } from './products.js';

/**
 * Catalog operations of issue 13 (scope `products`): the bulk-edit grid's read (website.products.bulkEdit), bulk
 * updates run as background jobs (website.bulkupdates), stock per variant with adjustments and history
 * (website.inventory), and the Google Merchant feed (website.product-feeds). Money in major units at this edge.
 */

const Page = pageParam;
const limit = (max: number, dflt: number) => limitParam(dflt, max);

// ── Bulk-edit grid ─────────────────────────────────────────────────────────────────────────────

/** GET /api/products/grid query: page, limit (1–250, default 200), search (title, handle, vendor, SKU), status, collection handle, ids. */
export const ProductGridQuery = z.object({
  page: Page,
  limit: limit(250, BULK_EDIT_PAGE_SIZE),
  search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
  status: ProductStatus.optional(),
  collection: z.string().trim().max(255).optional(),
  /** Only these products (the products list's selection): ids separated by commas, at most 250. */
  ids: z
    .string()
    .regex(/^[0-9a-f-]{36}(,[0-9a-f-]{36}){0,249}$/i, 'ids must be at most 250 product ids separated by commas')
    .optional(),
});
export type ProductGridQuery = z.infer<typeof ProductGridQuery>;

/** One variant row of the grid. */
export const GridVariant = z.object({
  id: z.uuid(),
  title: z.string(),
  price: MajorUnits,
  compareAtPrice: MajorUnits.nullable(),
  sku: z.string(),
  inventoryQuantity: z.number().int(),
  inventoryPolicy: InventoryPolicy,
});
export type GridVariant = z.infer<typeof GridVariant>;

/** One product of the grid with its variants in position order. */
export const GridProduct = z.object({
  id: z.uuid(),
  title: z.string(),
  status: ProductStatus,
  vendor: z.string(),
  variants: z.array(GridVariant),
});
export type GridProduct = z.infer<typeof GridProduct>;

/** GET /api/products/grid answer: products A→Z with their variants. */
export const ProductGridResponse = z
  .object({
    products: z.array(GridProduct),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    currency: z.string(),
  })
  .meta({ id: 'ProductGrid' });
export type ProductGridResponse = z.infer<typeof ProductGridResponse>;

// ── Bulk updates ───────────────────────────────────────────────────────────────────────────────

/**
 * Which products a bulk update touches: explicit ids, or the products list's filters (collection handle, status,
 * vendor, type, search) — all given conditions apply. At least one is required (never "the whole shop" by accident;
 * `all: true` says so explicitly).
 */
export const BulkUpdateFilter = z
  .object({
    productIds: z
      .array(z.uuid({ message: 'must be a product id' }))
      .max(MAX_BULK_UPDATE_PRODUCTS, 'at most 10000 products')
      .optional(),
    collection: z.string().trim().min(1, 'must not be empty').max(255).optional(),
    status: ProductStatus.optional(),
    vendor: z.string().trim().min(1, 'must not be empty').max(255).optional(),
    productType: z.string().trim().min(1, 'must not be empty').max(255).optional(),
    search: z.string().trim().min(1, 'must not be empty').max(200).optional(),
    all: z.literal(true, { message: 'must be true' }).optional(),
  })
  .refine((f) => Object.values(f).some((v) => v !== undefined), 'choose the products: ids, a filter, or all: true');
export type BulkUpdateFilter = z.infer<typeof BulkUpdateFilter>;

export const PRICE_CHANGE_MODES = ['increase_percent', 'decrease_percent', 'increase_amount', 'decrease_amount', 'set'] as const;
/** How a price changes: by a percentage, by an amount (major units), or set to a value. */
export const PriceChangeMode = z.enum(PRICE_CHANGE_MODES, { message: `must be one of ${PRICE_CHANGE_MODES.join(', ')}` });
export type PriceChangeMode = z.infer<typeof PriceChangeMode>;

const Tags = z
  .array(z.string().trim().min(1, 'must not be empty').max(255, 'must be at most 255 characters'))
  .min(1, 'at least one tag')
  .max(50, 'at most 50 tags');

/**
 * POST /api/bulk-updates body (issue 13 item 5): price or compare-at change over a filter, tags added or removed,
 * a status change, or `edit` (the bulk-edit grid's save of more than BULK_EDIT_DIRECT_MAX products: absolute
 * values per product and variant). Percentages are 0–1000; amounts and set values are prices (major units).
 */
export const BulkUpdateBody = z
  .discriminatedUnion(
    'action',
    [
      z.object({
        action: z.enum(['price', 'compare_at_price']),
        mode: PriceChangeMode,
        value: z.number({ message: 'must be a number' }).min(0, 'must be 0 or more').max(10_000_000, 'must be at most 10000000'),
        filter: BulkUpdateFilter,
      }),
      z.object({ action: z.enum(['add_tags', 'remove_tags']), tags: Tags, filter: BulkUpdateFilter }),
      z.object({ action: z.literal('status'), status: ProductStatus, filter: BulkUpdateFilter }),
      z.object({
        action: z.literal('edit'),
        products: z.array(BulkProductPatch).min(1, 'at least one product').max(MAX_BULK_UPDATE_PRODUCTS, 'at most 10000 products'),
      }),
    ],
    { message: 'action must be price, compare_at_price, add_tags, remove_tags, status or edit' },
  )
  .superRefine((b, ctx) => {
    if ((b.action === 'price' || b.action === 'compare_at_price') && b.mode.endsWith('percent') && b.value > 1000)
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'a percentage must be at most 1000' });
    if ((b.action === 'price' || b.action === 'compare_at_price') && !b.mode.endsWith('percent') && !Price.safeParse(b.value).success)
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'must have at most 2 decimals' });
  })
  .meta({ id: 'BulkUpdateBody' });
export type BulkUpdateBody = z.infer<typeof BulkUpdateBody>;

/** A product a bulk update could not change, and why ("variants.2.price: would be below 0"). */
export const BulkUpdateError = z.object({ productId: z.uuid(), title: z.string(), message: z.string() });

/**
 * The report of a bulk update (the job's `result`; also written after each chunk while it runs): products
 * matched when it started, products and variants changed, products left as they were (nothing to change), errors.
 */
export const BulkUpdateReport = z.object({
  matched: z.number().int(),
  updated: z.number().int(),
  variants: z.number().int(),
  unchanged: z.number().int(),
  errors: z.array(BulkUpdateError),
});
export type BulkUpdateReport = z.infer<typeof BulkUpdateReport>;

/** One bulk update as the Bulk Updates screen lists it: the job (state, progress in products) and what it does. */
export const BulkUpdate = z
  .object({
    id: z.uuid(),
    description: z.string(),
    state: z.enum(['queued', 'running', 'completed', 'failed']),
    progress: z.object({ done: z.number().int(), total: z.number().int().nullable() }),
    report: BulkUpdateReport.nullable(),
    error: z.string().nullable(),
    createdBy: z.string(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'BulkUpdate' });
export type BulkUpdate = z.infer<typeof BulkUpdate>;

/** GET /api/bulk-updates query: limit 1–50 (default 20), newest first. */
export const BulkUpdateListQuery = z.object({ limit: limit(50, 20) });
/** GET /api/bulk-updates answer. */
export const BulkUpdateListResponse = z.object({ items: z.array(BulkUpdate) }).meta({ id: 'BulkUpdateList' });
export type BulkUpdateListResponse = z.infer<typeof BulkUpdateListResponse>;

// ── Inventory ──────────────────────────────────────────────────────────────────────────────────

/** GET /api/inventory query: page, limit (1–250, default 50), search (product title or SKU), stock. */
export const InventoryListQuery = z.object({
  page: Page,
  limit: limit(250, INVENTORY_PAGE_SIZE),
  search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
  stock: z.enum(['in_stock', 'out_of_stock'], { message: 'stock must be in_stock or out_of_stock' }).optional(),
});
export type InventoryListQuery = z.infer<typeof InventoryListQuery>;

/** One variant's stock. */
export const InventoryItem = z.object({
  variantId: z.uuid(),
  productId: z.uuid(),
  productTitle: z.string(),
  variantTitle: z.string(),
  sku: z.string(),
  image: z.string().nullable(),
  status: ProductStatus,
  inventoryQuantity: z.number().int(),
  inventoryPolicy: InventoryPolicy,
});
export type InventoryItem = z.infer<typeof InventoryItem>;

export const InventoryListResponse = z
  .object({ items: z.array(InventoryItem), total: z.number().int(), page: z.number().int(), limit: z.number().int() })
  .meta({ id: 'InventoryList' });
export type InventoryListResponse = z.infer<typeof InventoryListResponse>;

/** Reasons a merchant gives for a stock change (Shopify's adjustment reasons). */
export const ADJUSTMENT_REASONS = ['received', 'correction', 'count', 'damaged', 'theft', 'returned', 'promotion', 'other'] as const;
export const AdjustmentReason = z.enum(ADJUSTMENT_REASONS, { message: `reason must be one of ${ADJUSTMENT_REASONS.join(', ')}` });
export type AdjustmentReason = z.infer<typeof AdjustmentReason>;

const Quantity = z
  .number({ message: 'must be a whole number' })
  .int('must be a whole number')
  .min(-1_000_000_000, 'must be at least -1000000000')
  .max(1_000_000_000, 'must be at most 1000000000');

/**
 * POST /api/inventory/adjustments body: either `delta` (add/remove, not 0) or `quantity` (the counted stock, set
 * exactly), with a reason and an optional note.
 */
export const InventoryAdjustBody = z
  .object({
    variantId: z.uuid({ message: 'must be a variant id' }),
    delta: Quantity.refine((n) => n !== 0, 'must not be 0').optional(),
    quantity: Quantity.optional(),
    reason: AdjustmentReason,
    note: z.string().trim().max(500, 'must be at most 500 characters').optional(),
  })
  .superRefine((b, ctx) => {
    if ((b.delta === undefined) === (b.quantity === undefined))
      ctx.addIssue({ code: 'custom', path: ['delta'], message: 'give either delta or quantity' });
  })
  .meta({ id: 'InventoryAdjustBody' });
export type InventoryAdjustBody = z.infer<typeof InventoryAdjustBody>;

/** One row of the append-only stock history. `userName` '' = the system (a checkout, an import). */
export const InventoryAdjustment = z.object({
  id: z.uuid(),
  variantId: z.uuid(),
  productId: z.uuid(),
  productTitle: z.string(),
  variantTitle: z.string(),
  sku: z.string(),
  delta: z.number().int(),
  quantityAfter: z.number().int(),
  reason: z.string(),
  note: z.string(),
  userName: z.string(),
  orderId: z.uuid().nullable(),
  createdAt: z.string(),
});
export type InventoryAdjustment = z.infer<typeof InventoryAdjustment>;

/** POST /api/inventory/adjustments answer: the variant's new stock and the history row written. */
export const InventoryAdjustResponse = z
  .object({ inventoryQuantity: z.number().int(), adjustment: InventoryAdjustment.nullable() })
  .meta({ id: 'InventoryAdjustResponse' });
export type InventoryAdjustResponse = z.infer<typeof InventoryAdjustResponse>;

/** GET /api/inventory/history query: page, limit, variantId (one variant's history; all variants without). */
export const InventoryHistoryQuery = z.object({
  page: Page,
  limit: limit(250, INVENTORY_PAGE_SIZE),
  variantId: z.uuid({ message: 'variantId must be a variant id' }).optional(),
});
export type InventoryHistoryQuery = z.infer<typeof InventoryHistoryQuery>;

export const InventoryHistoryResponse = z
  .object({ items: z.array(InventoryAdjustment), total: z.number().int(), page: z.number().int(), limit: z.number().int() })
  .meta({ id: 'InventoryHistory' });
export type InventoryHistoryResponse = z.infer<typeof InventoryHistoryResponse>;

// ── Product feeds ──────────────────────────────────────────────────────────────────────────────

/** A product the feed leaves out or shows with a warning (Merchant Center would refuse or flag it). */
export const FeedIssue = z.object({ productId: z.uuid(), title: z.string(), problems: z.array(z.string()) });
export type FeedIssue = z.infer<typeof FeedIssue>;

/**
 * GET /api/product-feeds answer: the Google Merchant feed of the shop — its public address (storefront origin
 * `/feeds/google.xml`), items (one per variant of an active product with a picture), active products in it, and
 * products with problems (left out: no picture; warned: no description, no brand, no GTIN/MPN).
 */
export const ProductFeedsResponse = z
  .object({
    feeds: z.array(
      z.object({
        channel: z.literal('google'),
        name: z.string(),
        url: z.string(),
        items: z.number().int(),
        products: z.number().int(),
        issues: z.array(FeedIssue),
      }),
    ),
  })
  .meta({ id: 'ProductFeeds' });
export type ProductFeedsResponse = z.infer<typeof ProductFeedsResponse>;
