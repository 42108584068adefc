/** Public API of the `custom-stores` module: shops built from a template for a client (issue 18 item 7). */
export { default as customStoresRoutes } from './routes.js';
