/**
 * Shared bounds, limits, defaults and page sizes, declared once for the server, the admin and the seed (issue 15
 * "one source per rule"). Sizes are bytes, counts are items. The default time zone lives in `time.ts`
 * (`DEFAULT_TIMEZONE`).
 */

/**
 * Login e-mail and every password the product sets: 5 to 50 characters after trimming (spec admin-dashboard §5
 * login form, §9 "Login length bounds").
 */
export const LOGIN_MIN_LENGTH = 5;
/** Upper login / password bound, see {@link LOGIN_MIN_LENGTH}. */
export const LOGIN_MAX_LENGTH = 50;

/** Rows per page of the Overview's 'Order paid' table (spec admin-dashboard §9 "Paid orders page size"). */
export const PAID_ORDERS_PAGE_SIZE = 7;

/**
 * Largest Shopify product CSV the import accepts, in bytes: 60 MiB (the server answers 413 above it; the admin's
 * drop zone refuses larger files before sending).
 */
export const MAX_IMPORT_BYTES = 60 * 1024 * 1024;

/*
 * Page sizes of the lists: the admin screen asks for exactly this many rows and the server's list query uses the
 * same number as its default `limit` (issue 15 "shared … page sizes in packages/contracts"). The spec fixes only
 * the paid-orders size above; these are the product's choices, declared here so server and admin cannot drift.
 */

/** Rows per page of the Orders list (`GET /api/orders`, admin Orders screen). */
export const ORDERS_PAGE_SIZE = 50;
/** Rows per page of the Customers list (`GET /api/customers`, admin Customers screen). */
export const CUSTOMERS_PAGE_SIZE = 50;
/** Rows per page of All products (`GET /api/products`, admin Products screen). */
export const PRODUCTS_PAGE_SIZE = 20;
/** Rows per page of the Collections list (`GET /api/collections`, admin Collections screen). */
export const COLLECTIONS_PAGE_SIZE = 20;
/** Rows per page of the Discounts list (`GET /api/discounts`, one method tab). */
export const DISCOUNTS_PAGE_SIZE = 20;
/** Rows per page of the Pages list (`GET /api/stores/onlinestore/pages/`). */
export const PAGES_PAGE_SIZE = 20;
/** Rows per page of Abandoned checkouts (`GET /api/checkouts/abandoned`). */
export const ABANDONED_PAGE_SIZE = 20;
/** Rows per page of a list without a screen-specific size (personalizations, jobs, login history). */
export const DEFAULT_PAGE_SIZE = 20;
/** Rows per page of the Profile screen's login history (the server's default stays {@link DEFAULT_PAGE_SIZE}). */
export const LOGIN_HISTORY_PAGE_SIZE = 10;
/** Images per page of `GET /api/uploads` (the editor's image picker). */
export const UPLOADS_PAGE_SIZE = 24;
/** Products per page of a storefront collection page (`GET /api/storefront/products`). */
export const COLLECTION_PAGE_SIZE = 24;
/** Collections per page of `GET /api/storefront/collections`. */
export const STOREFRONT_COLLECTIONS_PAGE_SIZE = 50;
/** At most this many hits of a picker's search (menu link targets, discount and theme-editor lookups, a page of them). */
export const LOOKUP_RESULTS_LIMIT = 20;

// Catalog operations (issue 13: bulk edit, bulk updates, inventory).
/** Products per page of the bulk-edit grid (`GET /api/products/grid`); its limit accepts 1–250. */
export const BULK_EDIT_PAGE_SIZE = 200;
/**
 * Products a bulk-edit grid save sends straight to `PATCH /api/products/bulk` (one transaction, answered at once); a
 * save changing more products runs as a bulk update (`POST /api/bulk-updates`, action `edit`) with progress.
 */
export const BULK_EDIT_DIRECT_MAX = 50;
/** Products one bulk update may touch (its filter is resolved to product ids when it starts). */
export const MAX_BULK_UPDATE_PRODUCTS = 10_000;
/** Products written per transaction by a bulk-update job (its progress and checkpoint step). */
export const BULK_UPDATE_CHUNK = 50;
/** Rows per page of the inventory screen and of the stock history. */
export const INVENTORY_PAGE_SIZE = 50;

/**
 * Largest photo a shopper may upload for a personalised product's image field, in bytes: 5 MiB (issue 11 item 4;
 * `POST /api/storefront/personalizes/photos` answers 413 above it, the product page refuses larger files first).
 */
export const PERSONALIZE_PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/**
 * Largest custom font file, bytes: 5 MiB (spec admin-dashboard §7 Personalisation; issue 11 item 4
 * "≤ 5 MB"): `POST /api/personalizes/font` answers 413 above it, the admin's fonts screen refuses larger files first.
 */
export const FONT_MAX_BYTES = 5 * 1024 * 1024;

/** Storefront filters a shop may configure on the Product Options screen (issue 13 item 6). */
export const MAX_PRODUCT_FILTERS = 20;
/** Size charts per shop, and the bounds of one chart's table (issue 13 item 7): columns, rows, characters per cell. */
export const MAX_SIZE_CHARTS = 200;
export const MAX_SIZE_CHART_COLUMNS = 12;
export const MAX_SIZE_CHART_ROWS = 40;
export const MAX_SIZE_CHART_CELL = 40;
/** Rows per page of the admin Reviews table, and reviews per page on the storefront product page (issue 13 item 8). */
export const REVIEWS_PAGE_SIZE = 20;
export const STOREFRONT_REVIEWS_PAGE_SIZE = 10;
/** Largest review CSV the import reads, in bytes (2 MiB), and its most rows (issue 13 item 8). */
export const MAX_REVIEW_IMPORT_BYTES = 2 * 1024 * 1024;
export const MAX_REVIEW_IMPORT_ROWS = 5000;
/** Reviews one IP may submit on the storefront: 5 an hour (issue 13 item 8 "rate limited"). */
export const REVIEW_SUBMIT_LIMIT = { points: 5, duration: 3600 } as const;
/** Reviews one bulk moderation request may act on: a page of the admin Reviews table at most (issue 13 item 8). */
export const MAX_REVIEW_BULK = 100;

/** Longest SEO title of a product, in characters (Shopify's limit; search engines show about 60). */
export const SEO_TITLE_MAX = 70;
/** Longest SEO description of a page or a product, in characters (search engines show about 160). */
export const SEO_DESCRIPTION_MAX = 320;

/** Live view (issue 17 item 5): a visitor is "right now" when their session had an event in the last 5 minutes. */
export const LIVE_VISITOR_WINDOW_MINUTES = 5;
/** Live view: carts and checkouts count as in progress while their session had an event in the last 10 minutes (Shopify's Live View). */
export const LIVE_ACTIVITY_WINDOW_MINUTES = 10;
/** Live view: rows of each top list (landing pages, sources, countries). */
export const LIVE_TOP_LIST_SIZE = 5;
/** Pixels a shop may configure (issue 17 item 6); shops a pixel may be shared with. */
export const MAX_PIXELS = 20;

// Apps (issue 18 items 4, 5, 7).
/** Minutes a Telegram connect link (`https://t.me/{bot}?start={code}`) stays valid. */
export const TELEGRAM_CONNECT_CODE_MINUTES = 15;
/** Largest low-stock threshold a shop may choose for Telegram alerts, in units. */
export const TELEGRAM_LOW_STOCK_MAX = 10_000;
/** At most this many URLs in one `POST /api/cache/purge` (issue 18 item 5). */
export const CACHE_PURGE_MAX_URLS = 100;
/** Longest URL accepted by a purge, characters. */
export const CACHE_PURGE_URL_MAX_LENGTH = 2048;
/** Purges listed by `GET /api/cache/purges` (the Clear Cache Urls screen's "last purges"). */
export const CACHE_PURGES_LIST_SIZE = 20;
// Global search and the command palette (issue 20).
/** A search text shorter than this many characters (after trimming) answers nothing (issue 20 item 1). */
export const SEARCH_MIN_CHARS = 2;
/** Longest search text accepted, in characters (a longer one is 400). */
export const SEARCH_MAX_CHARS = 100;
/** Results per type when `limit` is absent: what the palette shows under each heading. */
export const SEARCH_RESULTS_PER_TYPE = 5;
/** Largest `limit` (results per type) `GET /api/search` accepts. */
export const SEARCH_RESULTS_PER_TYPE_MAX = 20;
/** How long the palette waits after the last keystroke before it asks the server, in ms. */
export const SEARCH_DEBOUNCE_MS = 200;
/** How many recent searches the palette remembers (this browser, localStorage). */
export const SEARCH_RECENT_MAX = 5;

/** Longest merchant note of an order or a customer, characters (`PATCH /api/orders/{id}`, `/api/customers/{id}`). */
export const NOTE_MAX_LENGTH = 5000;
/** Most tags an order or a customer carries (same routes as {@link NOTE_MAX_LENGTH}). */
export const TAGS_MAX_COUNT = 50;

/**
 * Web widths an uploaded image is resized to (px, WebP); a smaller original keeps its own width as the largest.
 * Here (not in media.ts) so the storefront rebuilds an upload's `srcset` from its name without zod (issue 16 item 2).
 */
export const UPLOAD_WIDTHS = [480, 960, 1920] as const;

// Attribution and reports (issue 17).
/** Longest landing path a storefront event may carry, characters (the beacon sends path and query; the query is dropped). */
export const ATTRIBUTION_PATH_MAX = 1000;
/** Longest referrer URL a storefront event may carry, characters. */
export const ATTRIBUTION_REFERRER_MAX = 1000;
/** Longest utm_* value, characters (longer ones are refused with 400). */
export const ATTRIBUTION_UTM_MAX = 200;
/** Longest ad click id (fbclid, ttclid, gclid), characters. */
export const ATTRIBUTION_CLICK_ID_MAX = 500;
/** Rows a grouped report answers at most (product, variant, vendor, UTM and landing-page groupings: the largest first). */
export const REPORT_ROWS_MAX = 500;
/** Longest report range, days (a year and a leap day, twice for the compared period). */
export const REPORT_RANGE_MAX_DAYS = 366;
/** Ad-spend rows per page of `GET /api/reports/ad-spend`. */
export const AD_SPEND_PAGE_SIZE = 50;
/** Largest ad-spend CSV `POST /api/reports/ad-spend/import` accepts, bytes (1 MiB: years of daily rows). */
export const AD_SPEND_IMPORT_MAX_BYTES = 1024 * 1024;

// Product widgets (issue 18 item 2).
/** Most products one widget shows (its `limit`) and most handpicked products it names. */
export const WIDGET_PRODUCTS_MAX = 24;
/** Longest widget title, characters. */
export const WIDGET_TITLE_MAX = 100;
/** Window of orders best sellers and also-bought read by default, days; at most WIDGET_DAYS_MAX. */
export const WIDGET_DAYS_DEFAULT = 30;
export const WIDGET_DAYS_MAX = 365;
/** Recently viewed products a shopper's browser keeps and sends, newest first. */
export const WIDGET_VIEWED_MAX = 20;
/** Most widgets a shop keeps. */
export const WIDGETS_MAX = 50;
