/**
 * Public API of the `product-options` module (issue 13 item 6): its routes, and `shopperFilterCondition`, the SQL
 * the storefront product list adds for the shopper's filters.
 */
export { default as productOptionsRoutes } from './routes.js';
export { type ShopperFilters, shopperFilterCondition } from './service.js';
