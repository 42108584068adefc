import {
  ErrorResponse,
  InventoryAdjustBody,
  InventoryAdjustResponse,
  InventoryHistoryQuery,
  InventoryHistoryResponse,
  InventoryListQuery,
  InventoryListResponse,
} from '@backroom/contracts';
import type { App } from '../../lib/types.js';
import { adjustStock, listInventory, stockHistory } from './service.js';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const common = { tags: ['inventory'] };

/**
 * Inventory routes (issue 13 item 4, route website.inventory, scope `products`): GET /api/inventory (stock per
 * variant), POST /api/inventory/adjustments (adjust or count, with a reason; serialised in the database),
 * GET /api/inventory/history (the append-only history: who changed what, when, why).
 */
export default async function inventoryRoutes(app: App) {
  const guard = app.guard({ scope: 'products' });

  /** GET /api/inventory?page&limit&search&stock → a page of variants with their stock. */
  app.get(
    '/api/inventory',
    {
      preHandler: guard,
      schema: {
        ...common,
        summary: 'Stock per variant',
        operationId: 'listInventory',
        querystring: InventoryListQuery,
        response: { 200: InventoryListResponse, ...errors },
      },
    },
    async (req) => ({ ...(await listInventory(app.db, req.auth.storeId, req.query)), page: req.query.page, limit: req.query.limit }),
  );

  /** POST /api/inventory/adjustments {variantId, delta | quantity, reason, note} → {inventoryQuantity, adjustment}; 404 foreign variant. */
  app.post(
    '/api/inventory/adjustments',
    {
      config: { purges: 'catalog' },
      preHandler: guard,
      schema: {
        ...common,
        summary: "Adjust or count a variant's stock",
        operationId: 'adjustInventory',
        body: InventoryAdjustBody,
        response: { 200: InventoryAdjustResponse, ...errors },
      },
    },
    async (req) => {
      const { userId, user, email } = req.auth;
      const actor = { userId, userName: `${user.firstName} ${user.lastName}`.trim() || email };
      return adjustStock(app.db, req.auth.storeId, actor, req.body);
    },
  );

  /** GET /api/inventory/history?page&limit&variantId → the stock history, newest first. */
  app.get(
    '/api/inventory/history',
    {
      preHandler: guard,
      schema: {
        ...common,
        summary: 'Stock history',
        operationId: 'inventoryHistory',
        querystring: InventoryHistoryQuery,
        response: { 200: InventoryHistoryResponse, ...errors },
      },
    },
    async (req) => ({ ...(await stockHistory(app.db, req.auth.storeId, req.query)), page: req.query.page, limit: req.query.limit }),
  );
}
