/**
 * Public API of the `storefront` module: the Host-routing plugin that serves every shop's origin and its API, and
 * the per-shop checkout limit (the hardening tests spend it).
 */
export { default as storefrontHost } from './plugin.js';
export { CHECKOUT_LIMIT_PER_SHOP } from './routes.js';
