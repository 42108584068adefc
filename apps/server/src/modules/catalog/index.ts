/**
 * Public API of the `catalog` module: its routes (product CSV import, products API, product and collection lists,
 * the bulk-edit grid) and `bulkUpdateProducts` (PATCH /api/products/bulk's one-transaction write, also run by the
 * bulk-update jobs of modules/bulk-updates), `createProduct` (the print-on-demand catalogue's one-click drafts), `getProduct`/`updateProduct` (a design's "Save as product", issue 19); `npm run import` runs `import-cli.ts` inside the module.
 */

export { lookupCatalogItems } from './lookups.js';
export { bulkUpdateProducts, createProduct, getProduct, updateProduct } from './products.js';
export { default as catalogRoutes } from './routes.js';
