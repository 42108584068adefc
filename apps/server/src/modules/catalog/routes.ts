import type { App } from '../../app.js';

/** Catalog routes: products import and counts (filled in by the catalog work). */
export default async function catalogRoutes(_app: App) {}
