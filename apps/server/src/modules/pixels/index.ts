/**
 * Public API of the `pixels` module (issue 17 item 6): the pixel routes (admin and storefront, and the Conversions
 * API job), what the storefront page inlines (`storefrontPixelsConfig`), and the checkout's client for Meta's
 * matching (`checkoutClient`).
 */

export { checkoutClient } from './capi.js';
export { default as pixelsRoutes } from './routes.js';
export { storefrontPixelsConfig } from './service.js';
