import {
  CountResponse,
  CustomHtmlResponse,
  DEFAULT_TIMEZONE,
  ErrorResponse,
  OrdersCountQuery,
  ReportQuery,
  TotalOrdersResponse,
  TotalSalesResponse,
} from '@backroom/contracts';
import { assertStores } from '../../lib/guard.js';
import type { App } from '../../lib/types.js';
import { countOrders, customHomeHtml, paidTotals } from './service.js';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/** Home dashboard calls (spec admin-dashboard §1 Home dashboard, §7 Home dashboard). */
export async function dashboardRoutes(app: App) {
  /** GET /api/reports/total-sales?fromTime&toTime&stores&timezone → {total_sales} (major units). Scope: homes. */
  app.get(
    '/api/reports/total-sales',
    {
      // The scope is checked before the query is validated (issue 29 item 5); assertStores checks each store.
      preHandler: app.guard({ scope: 'homes', store: false }),
      schema: {
        summary: 'Paid sales of a period',
        operationId: 'getTotalSales',
        tags: ['dashboard'],
        querystring: ReportQuery,
        response: { 200: TotalSalesResponse, ...errors },
      },
    },
    async (req) => {
      const ids = await assertStores(app.db, req.auth, req.query.stores, 'homes');
      const t = await paidTotals(app.db, ids, req.query.fromTime, req.query.toTime, req.query.timezone ?? DEFAULT_TIMEZONE);
      return { total_sales: t.totalSales };
    },
  );

  /** GET /api/reports/total-orders?fromTime&toTime&stores&timezone → {total_orders} (paid orders). Scope: homes. */
  app.get(
    '/api/reports/total-orders',
    {
      // The scope is checked before the query is validated (issue 29 item 5); assertStores checks each store.
      preHandler: app.guard({ scope: 'homes', store: false }),
      schema: {
        summary: 'Paid orders of a period',
        operationId: 'getTotalOrders',
        tags: ['dashboard'],
        querystring: ReportQuery,
        response: { 200: TotalOrdersResponse, ...errors },
      },
    },
    async (req) => {
      const ids = await assertStores(app.db, req.auth, req.query.stores, 'homes');
      const t = await paidTotals(app.db, ids, req.query.fromTime, req.query.toTime, req.query.timezone ?? DEFAULT_TIMEZONE);
      return { total_orders: t.totalOrders };
    },
  );

  /** GET /api/helpbase/public/customHTML → {homeHtml} of the X-Store-Id store, sanitised. Any member. */
  app.get(
    '/api/helpbase/public/customHTML',
    {
      preHandler: app.guard({ scope: 'homes' }),
      schema: {
        summary: "The home dashboard's custom HTML block",
        operationId: 'getHomeHtml',
        tags: ['dashboard'],
        response: { 200: CustomHtmlResponse, ...errors },
      },
    },
    async (req) => ({ homeHtml: await customHomeHtml(app.db, req.auth.storeId) }),
  );

  /** GET /api/orders/count?fulfillmentStatus=unfulfilled → {count} for the X-Store-Id store. Scope: orders or homes. */
  app.get(
    '/api/orders/count',
    {
      preHandler: app.guard({ scope: ['homes', 'orders'] }),
      schema: {
        summary: 'Count orders',
        operationId: 'countOrders',
        tags: ['orders'],
        querystring: OrdersCountQuery,
        response: { 200: CountResponse, ...errors },
      },
    },
    async (req) => ({ count: await countOrders(app.db, req.auth.storeId, req.query) }),
  );
}
