/** Public API of the `pages` module: the content-page routes (spec §7 Pages). */
export { default as pagesRoutes } from './routes.js';
