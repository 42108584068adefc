/**
 * Public API of the `inventory` module (issue 13 item 4): its routes (stock list, adjustments, history) and the
 * stock functions every writer of `inventory_qty` calls inside its own transaction — `takeStock` (storefront
 * checkout: "deny" variants never oversold), `returnStock` (restock of a cancelled/refunded order),
 * `logStockChanges` (the append-only history).
 */
export { default as inventoryRoutes } from './routes.js';
export { logStockChanges, returnStock, type StockActor, type StockChange, takeStock } from './service.js';
