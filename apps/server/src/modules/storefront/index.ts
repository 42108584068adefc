/**
 * Public API of the `storefront` module: the Host-routing plugin that serves every shop's origin and its API, and
 * the per-shop checkout limit (the hardening tests spend it), and the status of a page path (issue 31 item 4).
 */
export { default as storefrontHost } from './plugin.js';
export { CHECKOUT_LIMIT_PER_SHOP } from './routes.js';
export { storefrontPageStatus } from './status.js';
