import { z } from 'zod';
import { MajorUnits } from './common.js';
import {
  MAX_PRODUCT_FILTERS,
  MAX_REVIEW_BULK,
  MAX_SIZE_CHART_CELL,
  MAX_SIZE_CHART_COLUMNS,
  MAX_SIZE_CHART_ROWS,
  REVIEWS_PAGE_SIZE,
  STOREFRONT_REVIEWS_PAGE_SIZE,
} from './limits.js';
import { limitParam, pageParam } from './paging.js';
import { REVIEW_FITS } from './review-fit.js';

/**
 * Merchandising contracts of issue 13 items 6, 7, 8 and 10: storefront filters (Product Options, website.menufilter),
 * size charts (website.sizechart), product reviews (website.apps.product-review.list) and the print-on-demand base
 * catalogue (website.catalog). Admin answers carry money in major units (2 decimals); storefront answers in cents.
 */

// ───────────────────────────── Product options / storefront filters (item 6) ─────────────────────────────

/**
 * What a storefront filter filters by (Shopify's Search & Discovery filters): an `option` of the variants (Size,
 * Color … named by `optionName`), the `price` range, the `vendor`, the `productType`, or `availability` (in stock).
 */
export const PRODUCT_FILTER_TYPES = ['option', 'price', 'vendor', 'productType', 'availability'] as const;
export const ProductFilterType = z.enum(PRODUCT_FILTER_TYPES, {
  message: 'type must be option, price, vendor, productType or availability',
});
export type ProductFilterType = z.infer<typeof ProductFilterType>;

/** One filter as the Product Options screen saves it; `values` orders an option's values (empty = as found, A→Z). */
export const ProductFilterInput = z.object({
  type: ProductFilterType,
  label: z.string().trim().min(1, 'label is required').max(60, 'label must have at most 60 characters'),
  optionName: z.string().trim().max(255, 'optionName must have at most 255 characters').nullable().optional(),
  values: z
    .array(z.string().trim().min(1, 'values may not be empty').max(255, 'values must have at most 255 characters'))
    .max(100, 'at most 100 values')
    .default([]),
  enabled: z.boolean().default(true),
});
export type ProductFilterInput = z.input<typeof ProductFilterInput>;

/**
 * PUT /api/product-options body: the whole ordered list of filters (position = list order), at most
 * MAX_PRODUCT_FILTERS. An `option` filter names its option; every other type appears once and has no optionName;
 * an option appears once (case-insensitive). Messages name the index: `filters.2.optionName: …`.
 */
export const ProductFiltersBody = z
  .object({
    filters: z.array(ProductFilterInput).max(MAX_PRODUCT_FILTERS, `at most ${MAX_PRODUCT_FILTERS} filters`),
  })
  .superRefine((b, ctx) => {
    const seen = new Set<string>();
    b.filters.forEach((f, i) => {
      if (f.type === 'option' && !f.optionName) {
        ctx.addIssue({ code: 'custom', path: ['filters', i, 'optionName'], message: 'an option filter names its option (e.g. Size)' });
        return;
      }
      if (f.type !== 'option' && f.optionName) {
        ctx.addIssue({ code: 'custom', path: ['filters', i, 'optionName'], message: `a ${f.type} filter has no optionName` });
        return;
      }
      if (f.type !== 'option' && f.values.length) {
        ctx.addIssue({ code: 'custom', path: ['filters', i, 'values'], message: `a ${f.type} filter has no values` });
        return;
      }
      const key = f.type === 'option' ? `option:${f.optionName!.toLowerCase()}` : f.type;
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['filters', i, f.type === 'option' ? 'optionName' : 'type'],
          message: f.type === 'option' ? `the option '${f.optionName}' is already a filter` : `the ${f.type} filter is already in the list`,
        });
      }
      seen.add(key);
    });
  })
  .meta({ id: 'ProductFiltersBody' });
export type ProductFiltersBody = z.input<typeof ProductFiltersBody>;

export const ProductFilter = z.object({
  id: z.uuid(),
  type: ProductFilterType,
  label: z.string(),
  optionName: z.string().nullable(),
  values: z.array(z.string()),
  enabled: z.boolean(),
  position: z.number().int(),
});
export type ProductFilter = z.infer<typeof ProductFilter>;

/**
 * GET/PUT /api/product-options answer: the filters in order, and the options the shop's products use (name → values
 * found in the variants, A→Z, with how many products use the option): the option definitions the screen offers.
 */
export const ProductFiltersResponse = z
  .object({
    filters: z.array(ProductFilter),
    options: z.array(z.object({ name: z.string(), values: z.array(z.string()), products: z.number().int() })),
  })
  .meta({ id: 'ProductFiltersResponse' });
export type ProductFiltersResponse = z.infer<typeof ProductFiltersResponse>;

/** GET /api/storefront/filters query: the collection handle whose products the values count (absent or `all`: every product). */
export const StorefrontFiltersQuery = z.object({ collection: z.string().max(200).optional() });

/**
 * One filter the storefront collection page offers: `param` is the query parameter the products call takes
 * (`option`, `vendor`, `type`, `available`, `price`); option values are sent as `Name:Value`. `values` carry how many
 * published products of the collection match; `range` is the collection's lowest and highest price, cents.
 */
export const StorefrontFilter = z.object({
  type: ProductFilterType,
  label: z.string(),
  param: z.enum(['option', 'vendor', 'type', 'available', 'price']),
  values: z.array(z.object({ value: z.string(), label: z.string(), count: z.number().int() })),
  range: z.object({ minCents: z.number().int(), maxCents: z.number().int() }).nullable(),
});
export type StorefrontFilter = z.infer<typeof StorefrontFilter>;
export const StorefrontFiltersResponse = z.object({ filters: z.array(StorefrontFilter) });
export type StorefrontFiltersResponse = z.infer<typeof StorefrontFiltersResponse>;

// ───────────────────────────── Size charts (item 7) ─────────────────────────────

const Cell = z.string().trim().max(MAX_SIZE_CHART_CELL, `a cell has at most ${MAX_SIZE_CHART_CELL} characters`);

/**
 * POST/PUT /api/size-charts body: a title, the unit of the measures (cm or in), the table (`columns` headers and
 * `rows`, each row as many cells as columns), an optional note (how to measure) and where it shows: `productIds`
 * and `collectionIds` of the shop (a product's own chart wins over a collection's).
 */
export const SizeChartBody = z
  .object({
    title: z.string().trim().min(1, 'title is required').max(100, 'title must have at most 100 characters'),
    unit: z.enum(['cm', 'in'], { message: 'unit must be cm or in' }).default('cm'),
    columns: z
      .array(Cell.min(1, 'a column needs a heading'))
      .min(1, 'at least one column')
      .max(MAX_SIZE_CHART_COLUMNS, `at most ${MAX_SIZE_CHART_COLUMNS} columns`),
    rows: z.array(z.array(Cell)).min(1, 'at least one row').max(MAX_SIZE_CHART_ROWS, `at most ${MAX_SIZE_CHART_ROWS} rows`),
    note: z.string().trim().max(1000, 'note must have at most 1000 characters').default(''),
    productIds: z.array(z.uuid('productIds must be product ids')).max(500, 'at most 500 products').default([]),
    collectionIds: z.array(z.uuid('collectionIds must be collection ids')).max(100, 'at most 100 collections').default([]),
  })
  .superRefine((b, ctx) => {
    b.rows.forEach((r, i) => {
      if (r.length !== b.columns.length) {
        ctx.addIssue({ code: 'custom', path: ['rows', i], message: `a row has ${b.columns.length} cells, one per column` });
      }
    });
  })
  .meta({ id: 'SizeChartBody' });
export type SizeChartBody = z.input<typeof SizeChartBody>;

const Named = z.object({ id: z.uuid(), title: z.string() });
export const SizeChart = z
  .object({
    id: z.uuid(),
    title: z.string(),
    unit: z.enum(['cm', 'in']),
    columns: z.array(z.string()),
    rows: z.array(z.array(z.string())),
    note: z.string(),
    products: z.array(Named),
    collections: z.array(Named),
    updatedAt: z.string(),
  })
  .meta({ id: 'SizeChart' });
export type SizeChart = z.infer<typeof SizeChart>;
export const SizeChartListResponse = z.object({ sizeCharts: z.array(SizeChart) });
export type SizeChartListResponse = z.infer<typeof SizeChartListResponse>;

/** GET /api/storefront/products/{handle}/size-chart answer: the chart shown on that product page, or null. */
export const StorefrontSizeChartResponse = z.object({
  sizeChart: z
    .object({
      title: z.string(),
      unit: z.enum(['cm', 'in']),
      columns: z.array(z.string()),
      rows: z.array(z.array(z.string())),
      note: z.string(),
    })
    .nullable(),
});
export type StorefrontSizeChartResponse = z.infer<typeof StorefrontSizeChartResponse>;

// ───────────────────────────── Reviews (item 8) ─────────────────────────────

/** A review's moderation state: pending (submitted, not shown), published (shown), hidden (kept, not shown). */
export const REVIEW_STATUSES = ['pending', 'published', 'hidden'] as const;
export const ReviewStatus = z.enum(REVIEW_STATUSES, { message: 'status must be pending, published or hidden' });
export type ReviewStatus = z.infer<typeof ReviewStatus>;

const Rating = z.coerce
  .number({ message: 'rating must be a whole number from 1 to 5' })
  .int('rating must be a whole number from 1 to 5')
  .min(1, 'rating must be a whole number from 1 to 5')
  .max(5, 'rating must be a whole number from 1 to 5');

/** How a reviewed item fits ('' = not said): the "size fit" a review shows unless the theme hides review sizes. */
export const ReviewFit = z.enum(REVIEW_FITS, { message: 'fit must be small, true_to_size or large' });
export type ReviewFit = z.infer<typeof ReviewFit>;

/** GET /api/reviews query: status tab, stars, one product, text search (author, e-mail, title, body, product), page. */
export const ReviewListQuery = z.object({
  status: ReviewStatus.optional(),
  rating: Rating.optional(),
  productId: z.uuid('productId must be a product id').optional(),
  search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
  page: pageParam,
  limit: limitParam(REVIEWS_PAGE_SIZE),
});
export type ReviewListQuery = z.input<typeof ReviewListQuery>;

export const Review = z
  .object({
    id: z.uuid(),
    product: z.object({ id: z.uuid(), title: z.string(), handle: z.string() }),
    author: z.string(),
    email: z.string(),
    rating: z.number().int(),
    title: z.string(),
    body: z.string(),
    /** The size the reviewer bought and how it fits ('' = not given; storefront reviews since the size-fit fields). */
    size: z.string(),
    fit: ReviewFit,
    status: ReviewStatus,
    reply: z.string(),
    repliedAt: z.string().nullable(),
    source: z.enum(['storefront', 'import']),
    createdAt: z.string(),
  })
  .meta({ id: 'Review' });
export type Review = z.infer<typeof Review>;

/** GET /api/reviews answer: one page, the total matching, and the count per status (the tabs) of the whole shop. */
export const ReviewListResponse = z.object({
  reviews: z.array(Review),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  counts: z.object({ pending: z.number().int(), published: z.number().int(), hidden: z.number().int() }),
});
export type ReviewListResponse = z.infer<typeof ReviewListResponse>;

/** PATCH /api/reviews/{id} body: publish/hide (status) and/or the shop's public reply ('' removes it). */
export const ReviewUpdateBody = z
  .object({
    status: ReviewStatus.optional(),
    reply: z.string().trim().max(2000, 'reply must have at most 2000 characters').optional(),
  })
  .refine((b) => b.status !== undefined || b.reply !== undefined, { message: 'give a status or a reply' });
export type ReviewUpdateBody = z.input<typeof ReviewUpdateBody>;

/** What a bulk moderation does to every chosen review: publish, hide (kept, not shown) or delete for good. */
export const REVIEW_BULK_ACTIONS = ['publish', 'hide', 'delete'] as const;

/**
 * POST /api/reviews/bulk body (issue 13 item 8, bulk moderation as Shopify's Product Reviews app does): the chosen
 * reviews (1–{@link MAX_REVIEW_BULK} ids, no repeats) and one action, applied in one transaction.
 */
export const ReviewBulkBody = z.object({
  ids: z
    .array(z.uuid('ids: each id must be a review id'))
    .min(1, 'choose at least one review')
    .max(MAX_REVIEW_BULK, `at most ${MAX_REVIEW_BULK} reviews at once`)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'a review is listed twice' }),
  action: z.enum(REVIEW_BULK_ACTIONS, { message: 'action must be publish, hide or delete' }),
});
export type ReviewBulkBody = z.input<typeof ReviewBulkBody>;

/** POST /api/reviews/bulk answer: the action done and how many reviews it changed (all of the given ids). */
export const ReviewBulkResult = z.object({ action: z.enum(REVIEW_BULK_ACTIONS), count: z.number().int() });
export type ReviewBulkResult = z.infer<typeof ReviewBulkResult>;

/** POST /api/reviews/import answer: reviews added, and every skipped CSV line (1-based, header = 1) with its reason. */
export const ReviewImportReport = z.object({
  imported: z.number().int(),
  skipped: z.array(z.object({ line: z.number().int(), reason: z.string() })),
});
export type ReviewImportReport = z.infer<typeof ReviewImportReport>;

/**
 * POST /api/storefront/products/{handle}/reviews body: what a shopper writes, with the size they bought and how it
 * fits (both optional; the form leaves them out when the theme's `hideReviewSizes` is on). Held for moderation.
 */
export const StorefrontReviewBody = z.object({
  author: z.string().trim().min(1, 'name is required').max(80, 'name must have at most 80 characters'),
  email: z.email('email must be an e-mail address').max(255),
  rating: Rating,
  title: z.string().trim().max(120, 'title must have at most 120 characters').default(''),
  body: z.string().trim().min(1, 'review is required').max(5000, 'review must have at most 5000 characters'),
  size: z.string().trim().max(40, 'size must have at most 40 characters').default(''),
  fit: ReviewFit.default(''),
});
export type StorefrontReviewBody = z.input<typeof StorefrontReviewBody>;

export const StorefrontReviewsQuery = z.object({
  page: pageParam,
  limit: z.coerce.number().int().min(1).max(50).default(STOREFRONT_REVIEWS_PAGE_SIZE),
});

/** GET /api/storefront/products/{handle}/reviews answer: published reviews newest first, their count and average (null when none). */
export const StorefrontReviewsResponse = z.object({
  average: z.number().nullable(),
  count: z.number().int(),
  page: z.number().int(),
  reviews: z.array(
    z.object({
      id: z.uuid(),
      author: z.string(),
      rating: z.number().int(),
      title: z.string(),
      body: z.string(),
      /** The size the reviewer bought and how it fits ('' = not given). */
      size: z.string(),
      fit: ReviewFit,
      reply: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type StorefrontReviewsResponse = z.infer<typeof StorefrontReviewsResponse>;
export const StorefrontReviewCreated = z.object({ status: z.literal('pending'), message: z.string() });

// ───────────────────────────── Print-on-demand base catalogue (item 10) ─────────────────────────────

/**
 * A printable area of a base product (issue 13 item 10; the print-on-demand editors of issue 19 draw on it): a
 * stable `key` (front, back, sleeve-left …), its print size in millimetres and the artwork size in pixels at `dpi`,
 * and where it sits on the product's flat mockup (`mockup`: left/top/width/height in percent of the mockup).
 */
export const BasePrintArea = z.object({
  key: z.string(),
  name: z.string(),
  /** Millimetres, not always whole: a 12 × 16 in area is 304.8 × 406.4 mm. */
  widthMm: z.number(),
  heightMm: z.number(),
  dpi: z.number().int(),
  widthPx: z.number().int(),
  heightPx: z.number().int(),
  mockup: z.object({ left: z.number(), top: z.number(), width: z.number(), height: z.number() }),
});
export type BasePrintArea = z.infer<typeof BasePrintArea>;

/** A base product of the supplier catalogue; costs and prices in major units; `inShop` = products of this shop made from it. */
export const BaseProduct = z
  .object({
    id: z.string(),
    title: z.string(),
    category: z.string(),
    brand: z.string(),
    description: z.string(),
    technique: z.string(),
    provider: z.string(),
    productionDays: z.number().int(),
    // Money of the print-on-demand catalogue (issue 19 "base cost", "retail price"), major units like every admin field.
    baseCost: MajorUnits,
    suggestedPrice: MajorUnits,
    sizes: z.array(z.object({ name: z.string(), extraCost: MajorUnits })),
    colors: z.array(z.object({ name: z.string(), hex: z.string() })),
    printAreas: z.array(BasePrintArea),
    /**
     * Books (issue 19 book-editor / book2-editor): one page's trim size (mm), the paper's thickness per page (mm) and
     * the cover's spine allowance (mm) — the spine = pages × paperThicknessMm + coverAllowanceMm. Null for other items.
     */
    book: z
      .object({
        kind: z.enum(['book', 'book2']),
        pageWidthMm: z.number(),
        pageHeightMm: z.number(),
        paperThicknessMm: z.number(),
        coverAllowanceMm: z.number(),
      })
      .nullable()
      .optional(),
    /** Its mockup picture (800 × 800 px SVG served by the app, `/base-catalog/{id}.svg`; no CDN). */
    imageSrc: z.string(),
    inShop: z.number().int(),
  })
  .meta({ id: 'BaseProduct' });
export type BaseProduct = z.infer<typeof BaseProduct>;

/** GET /api/catalog/base-products query: category (exact) and a title/brand search. */
export const BaseCatalogQuery = z.object({
  category: z.string().trim().max(100).optional(),
  search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
});
export type BaseCatalogQuery = z.input<typeof BaseCatalogQuery>;
export const BaseCatalogResponse = z.object({ products: z.array(BaseProduct), categories: z.array(z.string()) });
export type BaseCatalogResponse = z.infer<typeof BaseCatalogResponse>;
export const BaseProductParams = z.object({ id: z.string().regex(/^[a-z0-9-]{1,80}$/, 'id must be a base product id') });

/**
 * POST /api/catalog/base-products/{id}/products body: the shop product to create (a draft): title (default the base
 * title), retail price of the smallest size (major units, default the suggested price; bigger sizes add their extra
 * cost), and the sizes and colours to offer (default all; each must be the base product's).
 */
export const AddBaseProductBody = z.object({
  title: z.string().trim().min(1, 'title is required').max(255, 'title must have at most 255 characters').optional(),
  price: z.number({ message: 'price must be a number' }).positive('price must be more than 0').max(1_000_000).optional(),
  sizes: z.array(z.string().min(1)).min(1, 'choose at least one size').optional(),
  colors: z.array(z.string().min(1)).min(1, 'choose at least one colour').optional(),
});
export type AddBaseProductBody = z.input<typeof AddBaseProductBody>;
