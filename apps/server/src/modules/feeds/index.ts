/**
 * Public API of the `feeds` module (issue 13 item 9): the admin route `GET /api/product-feeds` and `googleFeed`,
 * which the storefront module serves at `/feeds/google.xml` on each shop's origin.
 */
export { default as feedsRoutes } from './routes.js';
export { googleFeed } from './service.js';
