/**
 * Public API of the `orders` module: its routes (issue 12 item 1), the order confirmation mail the storefront
 * checkout sends (item 7), and the pure order rules the demo seed follows so its statuses match the actions.
 */

export { sendOrderConfirmation } from './notify.js';
export { default as ordersRoutes } from './routes.js';
export {
  CANCEL_REASON_LABELS,
  fulfillmentStatusOf,
  isClosed,
  type LineMove,
  lineStates,
  type StoredLine,
  trackingUrlFor,
} from './rules.js';
