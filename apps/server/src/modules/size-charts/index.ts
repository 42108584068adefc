/** Public API of the `size-charts` module (issue 13 item 7): its routes (admin and storefront). */
export { default as sizeChartsRoutes } from './routes.js';
