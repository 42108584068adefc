/**
 * Public API of the `collections` module (issue 13 item 3): its routes, and `syncAutomatedCollections`, which every
 * writer of products (catalog API, bulk edit, bulk updates, imports) calls in its transaction so automated
 * collections stay current.
 */
export { default as collectionsRoutes } from './routes.js';
export { syncAutomatedCollections } from './service.js';
