/**
 * Public API of the `discounts` module (issue 12 item 6): its admin routes, and what the storefront checkout needs to
 * price a cart and count uses — the pure engine (`priceCart`, `DISCOUNT_MESSAGES`), the loader of the discounts that
 * may apply (`discountsForCart`, row-locked in the checkout transaction) and `recordDiscountUses`.
 */
export { allocate, DISCOUNT_MESSAGES, type EngineLine, type PricedCart, type PricedOffer, priceCart } from './engine.js';
export { default as discountsRoutes } from './routes.js';
export { discountsForCart, recordDiscountUses } from './service.js';
