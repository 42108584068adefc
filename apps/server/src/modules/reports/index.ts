/** Public API of the `reports` module (issue 17): its routes and the attribution mapping the events route uses. */
export { attributionColumns } from './attribution.js';
export { default as reportsRoutes } from './routes.js';
