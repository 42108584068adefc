import { z } from 'zod';
import { MajorUnits } from './common.js';
import { COLLECTIONS_PAGE_SIZE, PRODUCTS_PAGE_SIZE } from './limits.js';
import { limitParam, pageParam } from './paging.js';

/**
 * One rejected row of a CSV import: `row` is the 1-based line of the file where the record starts (the header
 * is line 1, as a spreadsheet numbers it when no cell spans lines), `handle` its Handle when it has one, and
 * `reason` names the column and the rule, e.g. "Variant Price: 'abc' is not a price".
 */
export const ImportRejection = z.object({ row: z.number().int(), handle: z.string().nullable(), reason: z.string() });
export type ImportRejection = z.infer<typeof ImportRejection>;

/**
 * POST /api/products/import answer (issue "Product import from a Shopify product CSV").
 * Counts of products (rows grouped by Handle): `created` new, `updated` existing ones the file changed, `skipped`
 * existing ones already equal to the file. `variants` and `images` count the variants and pictures written
 * (created or changed). `imagesStored` pictures were fetched into the shop's storage (/uploads/…);
 * `imagesRemote` could not be fetched and are kept as remote links. `rejected` lists every rejected row
 * (sorted by row); `warnings` file-level notes (e.g. the file was read as Windows-1252).
 */
export const ImportReport = z
  .object({
    rows: z.number().int(),
    created: z.number().int(),
    updated: z.number().int(),
    skipped: z.number().int(),
    variants: z.number().int(),
    images: z.number().int(),
    imagesStored: z.number().int(),
    imagesRemote: z.number().int(),
    encoding: z.enum(['utf-8', 'utf-16le', 'utf-16be', 'windows-1252']),
    rejected: z.array(ImportRejection),
    warnings: z.array(z.string()),
  })
  .meta({ id: 'ImportReport' });
export type ImportReport = z.infer<typeof ImportReport>;

/** GET /api/products/count answer: products, variants and collections of the store. */
export const ProductsCountResponse = z.object({ count: z.number().int(), variants: z.number().int(), collections: z.number().int() });
export type ProductsCountResponse = z.infer<typeof ProductsCountResponse>;

const Page = pageParam;
const Limit = limitParam(PRODUCTS_PAGE_SIZE, 250);

/** Stock filter of the products list: in_stock (> 0 in total), out_of_stock (≤ 0 in total). */
export const StockFilter = z.enum(['in_stock', 'out_of_stock'], { message: 'stock must be in_stock or out_of_stock' });

/**
 * GET /api/products query: page (from 1), limit (1-250, default 20), search (title, handle, vendor or SKU), and the
 * list filters of issue 13 item 2: collection handle, status (active/draft/archived), vendor, productType (exact,
 * case-insensitive), stock.
 */
export const ProductListQuery = z.object({
  page: Page,
  limit: Limit,
  search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
  collection: z.string().trim().max(255).optional(),
  status: z.enum(['active', 'draft', 'archived'], { message: 'status must be active, draft or archived' }).optional(),
  vendor: z.string().trim().max(255, 'vendor must be at most 255 characters').optional(),
  productType: z.string().trim().max(255, 'productType must be at most 255 characters').optional(),
  stock: StockFilter.optional(),
});
export type ProductListQuery = z.infer<typeof ProductListQuery>;

/** A picture reference as the editor lookups read it (`image.src`). */
export const ImageRef = z.object({ src: z.string() }).nullable();

/** One product of the list: prices in the store currency's major unit (2 decimals), first picture, variant count. */
export const ProductSummary = z.object({
  id: z.uuid(),
  /** Same as id: the theme editor's product lookup reads `_id` (spec theme-editor §3 Lookups). */
  _id: z.uuid(),
  title: z.string(),
  handle: z.string(),
  vendor: z.string(),
  productType: z.string(),
  tags: z.array(z.string()),
  published: z.boolean(),
  /** Shopify status: active | draft | archived. */
  status: z.enum(['active', 'draft', 'archived']),
  image: ImageRef,
  variantsCount: z.number().int(),
  inventory: z.number().int(),
  /** Lowest variant price, major units (2 decimals). */
  priceMin: MajorUnits,
  /** Highest variant price, major units (2 decimals). */
  priceMax: MajorUnits,
  currency: z.string(),
  updatedAt: z.string(),
});
export type ProductSummary = z.infer<typeof ProductSummary>;

/** GET /api/products answer. */
export const ProductListResponse = z.object({
  products: z.array(ProductSummary),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type ProductListResponse = z.infer<typeof ProductListResponse>;

/** GET /api/collections query: page, limit, search (title or handle). */
export const CollectionListQuery = z.object({
  page: Page,
  limit: limitParam(COLLECTIONS_PAGE_SIZE, 250),
  search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
});
export type CollectionListQuery = z.infer<typeof CollectionListQuery>;

/** One collection: title, handle, image.src (spec theme-editor §3 Lookups) and its product count. */
export const CollectionSummary = z.object({
  id: z.uuid(),
  title: z.string(),
  handle: z.string(),
  description: z.string(),
  image: ImageRef,
  productsCount: z.number().int(),
  /** manual | automated (issue 13 item 3). */
  type: z.enum(['manual', 'automated']),
});
export type CollectionSummary = z.infer<typeof CollectionSummary>;

/** GET /api/collections answer. */
export const CollectionListResponse = z.object({
  collections: z.array(CollectionSummary),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type CollectionListResponse = z.infer<typeof CollectionListResponse>;
