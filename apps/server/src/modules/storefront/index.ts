/** Public API of the `storefront` module: the Host-routing plugin that serves every shop's origin and its API. */
export { default as storefrontHost } from './plugin.js';
