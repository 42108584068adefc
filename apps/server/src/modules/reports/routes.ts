import {
  AD_SPEND_IMPORT_MAX_BYTES,
  AdSpendBody,
  AdSpendEntry,
  AdSpendImportReport,
  AdSpendList,
  AdSpendQuery,
  ErrorResponse,
  IdParams,
  OkResponse,
  ProfitReport,
  ProfitReportQuery,
  SalesReport,
  SalesReportQuery,
  type Scope,
  UtmReport,
  UtmReportQuery,
} from '@backroom/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { assertStores } from '../../lib/guard.js';
import { storeTimezone } from '../../lib/store-timezone.js';
import { assertTimezone } from '../../lib/time-range.js';
import type { App } from '../../lib/types.js';
import { readFileField } from '../media/index.js';
import {
  addAdSpend,
  deleteAdSpend,
  importAdSpend,
  listAdSpend,
  profitReport,
  type ReportRange,
  reportCsv,
  salesReport,
  syncReportFeeBasis,
  utmReport,
} from './service.js';

const tags = ['reports'];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/** Scopes of the report screens (spec admin-dashboard §6; route registry website.sales-reports …). */
const SCOPES = { sales: 'sale_reports', profit: 'estimated_profit', utm: 'utm_analystics' } as const satisfies Record<string, Scope>;

const SALES_COLUMNS = ['orders', 'gross_sales', 'discounts', 'returns', 'net_sales', 'shipping', 'taxes', 'total_sales'];
const PROFIT_COLUMNS = [
  'net_sales',
  'cost_of_goods_sold',
  'payment_fees',
  'shipping',
  'shipping_costs',
  'ad_spend',
  'estimated_profit',
  'margin',
  'lines_without_cost',
];
const UTM_COLUMNS = ['sessions', 'add_to_cart', 'reached_checkout', 'orders', 'sales', 'conversion_rate', 'aov'];

/**
 * The stores and days of a report call: every store must be one the session may read with `scope` (else 404, 403
 * without the scope); the timezone defaults to the first store's standardTimezone.
 */
async function rangeOf(
  app: App,
  req: FastifyRequest,
  q: { stores: string[]; fromTime: string; toTime: string; timezone?: string },
  scope: Scope,
): Promise<ReportRange> {
  const storeIds = await assertStores(app.db, req.auth, q.stores, scope);
  const timezone = q.timezone ? assertTimezone(q.timezone) : await storeTimezone(app.db, storeIds[0]!);
  return { storeIds, fromTime: q.fromTime, toTime: q.toTime, timezone };
}

/** Sends `csv` as a download named `name` (the route's JSON serializer bypassed for this answer). */
function sendCsv(reply: FastifyReply, name: string, csv: string) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .serializer((s: unknown) => s as string)
    .send(csv);
}

/**
 * Reports API (issue 17 items 2–4): sales, estimated profit with ad spend, UTM analytics. Figures come from the
 * roll-ups of migration 0018; money in major units (2 decimals), days in the shop's timezone.
 */
export default async function reportsRoutes(app: App) {
  // Multi-shop reports: the scope is checked before the query (which names the stores) is validated (issue 29 item 5);
  // rangeOf's assertStores then checks it in each store of the list.
  const multiStore = (scope: Scope) => app.guard({ scope, store: false });
  // The roll-ups' payment fees at this config's rates (a no-op unless PAYOUT_FEE_* changed since the last start).
  app.addHook('onReady', async () => {
    if (await syncReportFeeBasis(app.db, app.config)) app.log.info('report roll-ups: payment fees recomputed at the new rates');
  });

  /**
   * GET /api/reports/sales?fromTime&toTime&timezone&stores&groupBy&compare&format → SalesReport, or its CSV
   * (`sales_report.csv`). Scope sale_reports. 400 bad or over-long range, unknown timezone.
   */
  app.get(
    '/api/reports/sales',
    {
      preHandler: multiStore(SCOPES.sales),
      schema: {
        tags,
        summary: 'Sales report',
        operationId: 'getSalesReport',
        description:
          'Shopify definitions: returns on the day of the refund; net sales = gross − discounts − returns; total = net + shipping + taxes.',
        querystring: SalesReportQuery,
        produces: ['application/json', 'text/csv'],
        response: { 200: SalesReport, ...errors },
      },
    },
    async (req, reply) => {
      const r = await rangeOf(app, req, req.query, SCOPES.sales);
      const report = await salesReport(app.db, r, req.query.groupBy, req.query.compare);
      if (req.query.format === 'csv') return sendCsv(reply, 'sales_report.csv', reportCsv(report.rows, report.totals, SALES_COLUMNS));
      return report;
    },
  );

  /** GET /api/reports/profit?fromTime&toTime&timezone&stores&groupBy=day|product&format → ProfitReport or CSV. Scope estimated_profit. */
  app.get(
    '/api/reports/profit',
    {
      preHandler: multiStore(SCOPES.profit),
      schema: {
        tags,
        summary: 'Estimated profit report',
        operationId: 'getProfitReport',
        querystring: ProfitReportQuery,
        produces: ['application/json', 'text/csv'],
        response: { 200: ProfitReport, ...errors },
      },
    },
    async (req, reply) => {
      const r = await rangeOf(app, req, req.query, SCOPES.profit);
      const report = await profitReport(app.db, r, req.query.groupBy);
      if (req.query.format === 'csv') return sendCsv(reply, 'profit_report.csv', reportCsv(report.rows, report.totals, PROFIT_COLUMNS));
      return report;
    },
  );

  /** GET /api/reports/utm?fromTime&toTime&timezone&stores&groupBy&format → UtmReport or CSV. Scope utm_analystics. */
  app.get(
    '/api/reports/utm',
    {
      preHandler: multiStore(SCOPES.utm),
      schema: {
        tags,
        summary: 'UTM analytics report',
        operationId: 'getUtmReport',
        querystring: UtmReportQuery,
        produces: ['application/json', 'text/csv'],
        response: { 200: UtmReport, ...errors },
      },
    },
    async (req, reply) => {
      const r = await rangeOf(app, req, req.query, SCOPES.utm);
      const report = await utmReport(app.db, r, req.query.groupBy);
      if (req.query.format === 'csv') return sendCsv(reply, 'utm_report.csv', reportCsv(report.rows, report.totals, UTM_COLUMNS));
      return report;
    },
  );

  const storeGuard = app.guard({ scope: SCOPES.profit });

  /** GET /api/reports/ad-spend?fromTime&toTime&page&limit → entries of the X-Store-Id store, newest day first. */
  app.get(
    '/api/reports/ad-spend',
    {
      preHandler: storeGuard,
      schema: {
        tags,
        summary: 'List ad spend',
        operationId: 'listAdSpend',
        querystring: AdSpendQuery,
        response: { 200: AdSpendList, ...errors },
      },
    },
    async (req) => listAdSpend(app.db, req.auth.storeId, req.query),
  );

  /** POST /api/reports/ad-spend {date, channel, amount (major units)} → 201 the entry. */
  app.post(
    '/api/reports/ad-spend',
    {
      preHandler: storeGuard,
      schema: { tags, summary: 'Add ad spend', operationId: 'addAdSpend', body: AdSpendBody, response: { 201: AdSpendEntry, ...errors } },
    },
    async (req, reply) => reply.status(201).send(await addAdSpend(app.db, req.auth.storeId, req.auth.userId, req.body)),
  );

  /** DELETE /api/reports/ad-spend/{id} → {ok}; 404 for an unknown or another store's entry. */
  app.delete(
    '/api/reports/ad-spend/:id',
    {
      preHandler: storeGuard,
      schema: {
        tags,
        summary: 'Delete ad spend',
        operationId: 'deleteAdSpend',
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (req) => {
      await deleteAdSpend(app.db, req.auth.storeId, req.params.id);
      return { ok: true as const, messages: ['Ad spend deleted'] };
    },
  );

  /**
   * POST /api/reports/ad-spend/import, multipart field `file`: a CSV of date, channel, amount (≤ 1 MiB) →
   * {imported, skipped [{line, reason}]}. 400 no file / unreadable CSV / missing column; 413 too large.
   */
  app.post(
    '/api/reports/ad-spend/import',
    {
      preHandler: storeGuard,
      schema: {
        tags,
        summary: 'Import ad spend from a CSV',
        operationId: 'importAdSpend',
        consumes: ['multipart/form-data'],
        description: "A CSV with the columns date (YYYY-MM-DD), channel (facebook, tiktok, google, other) and amount, in the field 'file'.",
        response: { 200: AdSpendImportReport, 413: ErrorResponse, ...errors },
      },
    },
    async (req) => {
      const buf = await readFileField(req, { maxBytes: AD_SPEND_IMPORT_MAX_BYTES, what: 'CSV file' });
      return importAdSpend(app.db, req.auth.storeId, req.auth.userId, buf.toString('utf8'));
    },
  );
}
