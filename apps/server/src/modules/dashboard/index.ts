/**
 * Public API of the `dashboard` module: the home dashboard's reports, order count and custom HTML; `paidTotals` (the
 * home report's figures) for the money property test of the orders module.
 */
export { dashboardRoutes } from './routes.js';
export { paidTotals } from './service.js';
