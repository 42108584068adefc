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
