/** Public API of the `pod-catalog` module (issue 13 item 10): the print-on-demand base catalogue routes. */

export { type DesignBase, designBaseOf } from './design-base.js';
export { default as podCatalogRoutes } from './routes.js';
export { POD_TAG } from './service.js';
