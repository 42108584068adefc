/**
 * Public API of the `upsell` module (issue 18 item 1, Boost UpSell): its routes, and what the storefront checkout and
 * post-purchase need — the active offers (`activeOffers`, `activeOffer`), the pure pricing (`priceOffers`,
 * `offerRevenueCents`, `offerUnitPriceCents`, `triggers`) and the per-offer counters (`countOffers`).
 */
export { offerRevenueCents, offerUnitPriceCents, priceOffers, triggers } from './pricing.js';
export { default as upsellRoutes } from './routes.js';
export { activeOffer, activeOffers, countOffers } from './service.js';
