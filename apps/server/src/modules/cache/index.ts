/**
 * Public API of the `cache` module (issue 18 item 5): the storefront page cache (`memoryPageCache`, `redisPageCache`;
 * `buildApp` decorates one as `app.pageCache` — the storefront renderer reads it with get/set by shop, URL and theme
 * version) and the Clear Cache Urls routes with their automatic purges after theme, page, menu and product saves.
 */
export { memoryPageCache, redisPageCache } from './page-cache.js';
export { default as cacheRoutes } from './routes.js';
