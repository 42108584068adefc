/** Public API of the `catalog` module: product CSV import, product and collection lists (and `npm run import`). */

export { importProductsCsv } from './import.js';
export { default as catalogRoutes } from './routes.js';
