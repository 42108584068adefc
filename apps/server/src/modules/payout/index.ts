/** Public API of the `payout` module: its routes, and what the onboarding guide asks (issue 10). */

export { processingFeeSql } from './ledger.js';
export { storeHasGateway } from './proxies.js';
export { default as payoutRoutes } from './routes.js';
export { hasPayoutConfig } from './service.js';
