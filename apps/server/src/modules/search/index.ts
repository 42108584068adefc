/** Public API of the `search` module (issue 20): `GET /api/search`, the admin's global search and palette. */
export { default as searchRoutes } from './routes.js';
