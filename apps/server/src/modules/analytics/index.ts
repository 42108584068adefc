/**
 * Public API of the `analytics` module: the Overview routes under `/api/analytics/*` and the figure functions the
 * benchmark (`bench/analytics`) measures against their raw-scan twins.
 */
export { default as analyticsRoutes } from './routes.js';
export {
  dashboardFigures,
  orderFigures,
  paidOrders,
  paidOrdersCount,
  rawDashboardFigures,
  rawOrderFigures,
  resolveWindow,
  series,
} from './service.js';
