import {
  AbandonedCheckoutsQuery,
  AnalyticsQuery,
  CustomerListQuery,
  DiscountListQuery,
  isLocalDate,
  isTimeZone,
  OrderListQuery,
  PageListQuery,
  PersonalizeListQuery,
  ProductGridQuery,
  ProductListQuery,
  ReportCompare,
  ReviewListQuery,
} from '@backroom/contracts';
import { z } from 'zod';

/**
 * Search-parameter schemas of the admin's routes (issue 15 "route search parameters validated with `validateSearch`
 * and the contract's zod schemas"). The route registry (routes.ts) names a route's schema in its `search` field;
 * the router (router.tsx) validates the address with it (`validateSearch`), and the screen reads the result typed
 * with `useRouteSearch(schema)` (shell/hooks.ts). Each field is built from the API's own query schema in
 * @backroom/contracts, and forgiving: a typed-in address with a bad value falls back to the field's default
 * instead of an error screen.
 */

/**
 * `website.products` (`/admin/products?search=…&page=…`): `search` is the API's product search (trimmed, at most 200
 * characters; a value the router parsed as a number, `?search=123`, counts as its text; invalid → absent), `page`
 * the API's page (a whole number ≥ 1; invalid → 1). Absent values stay absent, so the plain address is the first
 * page of everything; the screen reads them with {@link readProductsSearch}.
 */
export const PRODUCTS_SEARCH = z.object({
  search: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), ProductListQuery.shape.search).catch(undefined),
  page: ProductListQuery.shape.page.removeDefault().optional().catch(1),
  // The list filters of issue 13 item 2 (status, vendor, type, collection handle, stock); invalid → absent.
  status: ProductListQuery.shape.status.catch(undefined),
  vendor: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), ProductListQuery.shape.vendor).catch(undefined),
  productType: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), ProductListQuery.shape.productType).catch(undefined),
  collection: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), ProductListQuery.shape.collection).catch(undefined),
  stock: ProductListQuery.shape.stock.catch(undefined),
});

/** The products list filters an address can carry (issue 13 item 2); absent = not filtered. */
export interface ProductFilters {
  status?: 'active' | 'draft' | 'archived';
  vendor?: string;
  productType?: string;
  collection?: string;
  stock?: 'in_stock' | 'out_of_stock';
}

/** The products list query of an address: search '' and page 1 when absent, and the filters given. */
export function readProductsSearch(s: ProductsSearch): { search: string; page: number } & ProductFilters {
  const { search, page, ...filters } = s;
  const given = Object.fromEntries(Object.entries(filters).filter(([, v]) => v)) as ProductFilters;
  return { search: search ?? '', page: page ?? 1, ...given };
}
export type ProductsSearch = z.output<typeof PRODUCTS_SEARCH>;

/**
 * `website.pages` (`/admin/pages?search=…&page=…`): the pages list's title/handle search and 1-based page, from the
 * API's own query schema; bad values fall back to absent / 1.
 */
export const PAGES_SEARCH = z.object({
  search: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), PageListQuery.shape.search).catch(undefined),
  page: PageListQuery.shape.page.removeDefault().optional().catch(1),
});

/** `website.product-personalized` search parameters: `search` (name or product title) and 1-based `page`. */
export const PERSONALIZES_SEARCH = z.object({
  search: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), PersonalizeListQuery.shape.search).catch(undefined),
  page: PersonalizeListQuery.shape.page.removeDefault().optional().catch(1),
});

/**
 * `website.apps.product-review.list` (`/admin/apps/product-reviews?status=…&rating=…&productId=…&search=…&page=…`; issue
 * 13 item 8 "list with filters"): the status tab, stars, one product, the text search and the page, each the reviews
 * API's own rule (contracts ReviewListQuery); an invalid value falls back to absent (page: 1).
 */
export const REVIEWS_SEARCH = z.object({
  status: ReviewListQuery.shape.status.catch(undefined),
  rating: ReviewListQuery.shape.rating.catch(undefined),
  productId: ReviewListQuery.shape.productId.catch(undefined),
  search: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), ReviewListQuery.shape.search).catch(undefined),
  page: ReviewListQuery.shape.page.removeDefault().optional().catch(1),
});
export type ReviewsSearch = z.output<typeof REVIEWS_SEARCH>;

/** A value the router parsed as a number (`?search=1001`) counts as its text. */
const asText = (v: unknown) => (typeof v === 'number' ? String(v) : v);
const O = OrderListQuery.shape;

/**
 * `website.orders` (`/admin/orders?tab=…&search=…&financialStatus=…&fulfillmentStatus=…&paymentMethod=…&fromTime=…&toTime=…&page=…`):
 * each field is the orders API's own rule (contracts OrderListQuery); an invalid value falls back to absent.
 */
export const ORDERS_SEARCH = z.object({
  tab: O.tab.removeDefault().optional().catch(undefined),
  search: z.preprocess(asText, O.search).catch(undefined),
  financialStatus: O.financialStatus.catch(undefined),
  fulfillmentStatus: O.fulfillmentStatus.catch(undefined),
  paymentMethod: z.preprocess(asText, O.paymentMethod).catch(undefined),
  fromTime: O.fromTime.catch(undefined),
  toTime: O.toTime.catch(undefined),
  page: O.page.removeDefault().optional().catch(1),
});
export type OrdersSearch = z.output<typeof ORDERS_SEARCH>;

const C = CustomerListQuery.shape;
/** `website.customer` (`/admin/customers?search=…&ordersMin=…&spentMin=…&createdFrom=…&page=…`): the customers API's rules. */
export const CUSTOMERS_SEARCH = z.object({
  search: z.preprocess(asText, C.search).catch(undefined),
  ordersMin: C.ordersMin.catch(undefined),
  spentMin: C.spentMin.catch(undefined),
  createdFrom: C.createdFrom.catch(undefined),
  createdTo: C.createdTo.catch(undefined),
  page: C.page.removeDefault().optional().catch(1),
});
export type CustomersSearch = z.output<typeof CUSTOMERS_SEARCH>;
/**
 * `website.discount.code` / `website.discount.automatic` (`?search=…&page=…`): the discounts list's search (the API's,
 * at most 200 characters) and page; invalid values fall back to absent / 1.
 */
export const DISCOUNTS_SEARCH = z.object({
  search: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), DiscountListQuery.shape.search).catch(undefined),
  page: DiscountListQuery.shape.page.removeDefault().optional().catch(1),
});

/**
 * `website.abandoned` (`?search=…&page=…&fromTime=YYYY-MM-DD&toTime=YYYY-MM-DD`): the abandoned checkouts' search,
 * page and abandonment days in the shop's time zone (the API's rules; invalid values fall back to absent / 1).
 */
export const ABANDONED_SEARCH = z.object({
  search: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), AbandonedCheckoutsQuery.shape.search).catch(undefined),
  page: AbandonedCheckoutsQuery.shape.page.removeDefault().optional().catch(1),
  fromTime: AbandonedCheckoutsQuery.shape.fromTime.catch(undefined),
  toTime: AbandonedCheckoutsQuery.shape.toTime.catch(undefined),
});
export type AbandonedSearch = z.output<typeof ABANDONED_SEARCH>;

/**
 * A present-but-invalid value becomes `null` (so the screen still knows the address carried the parameter), an
 * absent one stays `undefined`.
 */
const invalidAsNull = <T extends z.ZodType>(field: T) => z.union([field, z.null()]).optional().catch(null);

/**
 * `website.analytics` (`/admin/analytics?from_time=&to_time=&store=&refresh=&tz=`, spec admin-dashboard §2 Overview,
 * §9): the Overview API's query (`AnalyticsQuery`) under the address's names. `from_time`/`to_time` are local dates
 * YYYY-MM-DD (`isLocalDate`), `store` the comma-joined store ids of `StoreList` (kept as written), `refresh` true only
 * for 'true' (§2), `tz` a time zone the runtime knows (`isTimeZone`). An invalid value reads as `null`: the screen
 * falls back to its default for it (today, the current store, the store's zone), while knowing the address had it.
 */
export const OVERVIEW_SEARCH = z.object({
  from_time: invalidAsNull(AnalyticsQuery.shape.fromTime.refine(isLocalDate)),
  to_time: invalidAsNull(AnalyticsQuery.shape.toTime.refine(isLocalDate)),
  store: invalidAsNull(
    z.preprocess(
      (v) => (typeof v === 'number' ? String(v) : v),
      z.string().refine((s) => AnalyticsQuery.shape.stores.safeParse(s).success),
    ),
  ),
  refresh: invalidAsNull(z.preprocess((v) => String(v) === 'true', z.boolean())),
  tz: invalidAsNull(z.string().pipe(AnalyticsQuery.shape.timezone.unwrap()).refine(isTimeZone)),
});

/**
 * `website.products.bulkEdit` (`/admin/products/bulk-edit?ids=…`): the products list's selection, the grid API's own
 * `ids` rule (at most 250 product ids separated by commas); a bad value falls back to absent (every product).
 */
export const BULK_EDIT_SEARCH = z.object({ ids: ProductGridQuery.shape.ids.catch(undefined) });

/**
 * `website.sales-reports`, `website.estimated-profit`, `website.utm-analystics`
 * (`/admin/sales-reports?from_time=…&to_time=…&group_by=…&compare=…`, issue 17): the report's local days, grouping and
 * comparison. Dates are real YYYY-MM-DD days; the grouping is checked by each screen against its own list; an invalid
 * value is absent (the screen's default: the last 7 days, by day, no comparison).
 */
export const REPORTS_SEARCH = z.object({
  from_time: z.string().refine(isLocalDate).optional().catch(undefined),
  to_time: z.string().refine(isLocalDate).optional().catch(undefined),
  group_by: z.string().max(40).optional().catch(undefined),
  compare: ReportCompare.optional().catch(undefined),
});

/**
 * The design editors (`print-hub-editor`, `book-editor`, `book2-editor`; issue 19): `design` = the design's id
 * (absent → the editor lists the shop's designs of its kind), `base` = a base catalogue product id a new
 * print-hub design starts from (the catalogue's Design button). Bad values fall back to absent.
 */
export const DESIGN_EDITOR_SEARCH = z.object({
  design: z.uuid().optional().catch(undefined),
  base: z
    .string()
    .regex(/^[a-z0-9-]{1,80}$/)
    .optional()
    .catch(undefined),
});
