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
import { and, eq } from 'drizzle-orm';
import type { App } from '../../app.js';
import { rows, sql } from '../../db/client.js';
import { orders, storePreferences } from '../../db/schema/index.js';
import { assertStores } from '../../lib/guard.js';
import { sanitizeMerchantHtml } from '../../lib/html.js';
import { resolveRange } from '../../lib/time-range.js';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/**
 * Paid sales and paid-order count over `stores` in [fromTime, toTime] read in `timezone`
 * (spec admin-dashboard §7 "Total sales and total orders reports"). A paid order is financial_status 'paid';
 * its time is created_at. Sales are in major units rounded to 2 decimals (§9).
 */
export async function paidTotals(app: App, storeIds: string[], fromTime: string, toTime: string, timezone: string) {
  const r = resolveRange(fromTime, toTime, timezone);
  const [row] = await rows<{ cents: number; n: number }>(
    app.db,
    sql`select coalesce(sum(grand_total_cents), 0)::bigint as cents, count(*)::bigint as n
        from orders
        where store_id in (${sql.join(
          storeIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
          and financial_status = 'paid'
          and created_at >= ${r.start} and created_at < ${r.end}`,
  );
  return { totalSales: Math.round(Number(row?.cents ?? 0)) / 100, totalOrders: Number(row?.n ?? 0) };
}

/** Home dashboard calls (spec admin-dashboard §1 Home dashboard, §7 Home dashboard). */
export default async function dashboardRoutes(app: App) {
  /** GET /api/reports/total-sales?fromTime&toTime&stores&timezone → {total_sales} (major units). Scope: homes. */
  app.get(
    '/api/reports/total-sales',
    {
      preHandler: app.guard({ scope: null, store: false }),
      schema: { tags: ['dashboard'], querystring: ReportQuery, response: { 200: TotalSalesResponse, ...errors } },
    },
    async (req) => {
      const ids = await assertStores(app.db, req.auth.userId, req.query.stores, 'homes');
      const t = await paidTotals(app, ids, req.query.fromTime, req.query.toTime, req.query.timezone ?? DEFAULT_TIMEZONE);
      return { total_sales: t.totalSales };
    },
  );

  /** GET /api/reports/total-orders?fromTime&toTime&stores&timezone → {total_orders} (paid orders). Scope: homes. */
  app.get(
    '/api/reports/total-orders',
    {
      preHandler: app.guard({ scope: null, store: false }),
      schema: { tags: ['dashboard'], querystring: ReportQuery, response: { 200: TotalOrdersResponse, ...errors } },
    },
    async (req) => {
      const ids = await assertStores(app.db, req.auth.userId, req.query.stores, 'homes');
      const t = await paidTotals(app, ids, req.query.fromTime, req.query.toTime, req.query.timezone ?? DEFAULT_TIMEZONE);
      return { total_orders: t.totalOrders };
    },
  );

  /** GET /api/helpbase/public/customHTML → {homeHtml} of the X-Store-Id store, sanitised. Any member. */
  app.get(
    '/api/helpbase/public/customHTML',
    { preHandler: app.guard({ scope: 'homes' }), schema: { tags: ['dashboard'], response: { 200: CustomHtmlResponse, ...errors } } },
    async (req) => {
      const [p] = await app.db
        .select({ html: storePreferences.homeHtml })
        .from(storePreferences)
        .where(eq(storePreferences.storeId, req.auth.storeId));
      return { homeHtml: sanitizeMerchantHtml(p?.html ?? '') };
    },
  );

  /** GET /api/orders/count?fulfillmentStatus=unfulfilled → {count} for the X-Store-Id store. Scope: orders or homes. */
  app.get(
    '/api/orders/count',
    {
      preHandler: app.guard({ scope: ['homes', 'orders'] }),
      schema: { tags: ['orders'], querystring: OrdersCountQuery, response: { 200: CountResponse, ...errors } },
    },
    async (req) => {
      const conds = [eq(orders.storeId, req.auth.storeId)];
      if (req.query.fulfillmentStatus) conds.push(eq(orders.fulfillmentStatus, req.query.fulfillmentStatus));
      if (req.query.financialStatus) conds.push(eq(orders.financialStatus, req.query.financialStatus));
      const count = await app.db.$count(orders, and(...conds));
      return { count: Number(count) };
    },
  );
}
