/**
 * Public API of the `personalizes` module (spec §7 Personalisation): its routes, and the checkout's check of a cart
 * line's personalisation values (modules/storefront/checkout.ts).
 */
export { default as personalizesRoutes } from './routes.js';
export { checkLineProperties, savePersonalize } from './service.js';
