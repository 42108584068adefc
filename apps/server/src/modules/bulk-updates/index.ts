/**
 * Public API of the `bulk-updates` module (issue 13 item 5): its routes (`POST/GET /api/bulk-updates`) and the job
 * type `catalog.bulk-update` they declare; the work itself is `runBulkUpdate` in service.ts.
 */
export { default as bulkUpdatesRoutes } from './routes.js';
