/** Public API of the `reviews` module (issue 13 item 8): its routes (admin moderation and storefront). */
export { default as reviewsRoutes } from './routes.js';
