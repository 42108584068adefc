/**
 * Public API of the `metrics` module (issue 30 item 1): the one definition of every figure the admin shows on more
 * than one screen — which orders count, total sales with returns on the refund's day, AOV, sessions, conversion
 * rate, open orders, visitors right now, Top locations' country names — as SQL fragments, figure
 * rows and totals. The available balance has its one definition in the payout ledger (`balanceCents`, modules/payout),
 * which the payout screen and the home card read. Help texts: packages/contracts/src/metrics.ts (`METRIC_HELP`).
 */
export {
  aovMajor,
  conversionRatePercent,
  countryName,
  figureRows,
  isCountedOrder,
  isOpenOrder,
  openOrderText,
} from './definitions.js';
export { openOrdersCount, periodTotals, salesAndOrders } from './service.js';
