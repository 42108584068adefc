import {
  AnalyticsQuery,
  AnalyticsTimezoneResponse,
  CollectionSearchQuery,
  CollectionSearchResponse,
  DashboardFiguresResponse,
  ErrorResponse,
  METRIC_HELP,
  PaidOrdersCountResponse,
  PaidOrdersQuery,
  PaidOrdersResponse,
  type Scope,
  SeriesResponse,
} from '@backroom/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest } from '../../lib/errors.js';
import { assertStores } from '../../lib/guard.js';
import { storeTimezone } from '../../lib/store-timezone.js';
import type { App } from '../../lib/types.js';
import {
  type AnalyticsWindow,
  dashboardFigures,
  paidOrders,
  paidOrdersCount,
  resolveWindow,
  type SeriesKind,
  searchCollections,
  series,
  timezoneFor,
} from './service.js';

/**
 * Definitions of the dashboard figures, published in the API docs: modules/metrics' help texts (issue 30 item 1;
 * packages/contracts METRIC_HELP), the same lines the admin shows beside each figure.
 */
export const DASHBOARD_DEFINITIONS = [
  METRIC_HELP.totalSales,
  METRIC_HELP.orders,
  METRIC_HELP.aov,
  METRIC_HELP.onlineStoreSales,
  METRIC_HELP.funnel,
  `${METRIC_HELP.sessions} (the answer's \`visitors\`)`,
  METRIC_HELP.conversionRate,
  "Money in the store currency's major unit, rounded to 2 decimals. Ranges: YYYY-MM-DD values are whole local days in `timezone` (a DST day lasts 23 or 25 hours); ISO 8601 instants are taken as they are (toTime exclusive).",
].join('\n\n');

/** Scope of the Overview (route registry: website.analytics → 'dashboards', spec §6). */
export const ANALYTICS_SCOPE: Scope = 'dashboards';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
type Query = z.output<typeof AnalyticsQuery>;

/** The stores and window of an Overview call: every store must be readable by the session (else 404/403). */
async function windowOf(app: App, req: FastifyRequest, q: Query): Promise<{ ids: string[]; w: AnalyticsWindow }> {
  const ids = await assertStores(app.db, req.auth, q.stores, ANALYTICS_SCOPE);
  const tz = await timezoneFor(app.db, ids, q.timezone);
  return { ids, w: await resolveWindow(app.db, q.fromTime, q.toTime, tz) };
}

/**
 * Overview analytics API (spec admin-dashboard §7 Overview analytics; §4 Overview rules; §3 series and dashboard
 * figures). Every call takes fromTime, toTime, stores (comma-joined) and timezone; figures come from the
 * per-store 15-minute roll-ups kept by the database triggers (migration analytics_triggers).
 */
export default async function analyticsRoutes(app: App) {
  // The scope before the query is validated (issue 29 item 5: the store list is read from the query); assertStores
  // then checks it in each store of the list.
  const guard = app.guard({ scope: ANALYTICS_SCOPE, store: false });

  const seriesRoute = (path: string, kind: SeriesKind, operationId: string, summary: string) =>
    app.get(
      path,
      {
        preHandler: guard,
        schema: { tags: ['analytics'], summary, operationId, querystring: AnalyticsQuery, response: { 200: SeriesResponse, ...errors } },
      },
      async (req) => {
        const { ids, w } = await windowOf(app, req, req.query);
        return series(app.db, ids, w, kind);
      },
    );

  /** GET /api/analytics/total-sales → {details: {labels, dataset, granularity, timezone, compare?}} (major units). */
  seriesRoute(
    '/api/analytics/total-sales',
    'sales',
    'getAnalyticsTotalSales',
    "Paid sales per bucket (major units). One local day: by hour; several days: by day. Exactly today: plus `compare` with Yesterday's hourly sales.",
  );
  /** GET /api/analytics/total-orders → paid orders per bucket (one day: six four-hour blocks; several: per day). */
  seriesRoute(
    '/api/analytics/total-orders',
    'orders',
    'getAnalyticsTotalOrders',
    'Paid orders per bucket. One local day: six four-hour blocks; several days: by day.',
  );
  /** GET /api/analytics/aov → average order value per bucket (major units, 2 decimals; 0 for a bucket without orders). */
  seriesRoute(
    '/api/analytics/aov',
    'aov',
    'getAnalyticsAov',
    'Average order value per bucket (major units). One local day: six four-hour blocks; several days: by day.',
  );

  /** GET /api/analytics/dashboard → {totalSales, totalOrders, aov, conversionRate, visitors, onlineStoreSales, funnel}. */
  app.get(
    '/api/analytics/dashboard',
    {
      preHandler: guard,
      schema: {
        operationId: 'getAnalyticsDashboard',
        tags: ['analytics'],
        summary: 'Overview cards and funnel over the chosen stores and range',
        description: DASHBOARD_DEFINITIONS,
        querystring: AnalyticsQuery,
        response: { 200: DashboardFiguresResponse, ...errors },
      },
    },
    async (req) => {
      const { ids, w } = await windowOf(app, req, req.query);
      return dashboardFigures(app.db, ids, w);
    },
  );

  /** Window of a paid-orders call: orderDate[startDate|endDate|timezone] first, then fromTime/toTime/timezone. */
  const paidWindow = async (req: FastifyRequest, q: z.output<typeof PaidOrdersQuery>) => {
    const from = q['orderDate[startDate]'] ?? q.fromTime;
    const to = q['orderDate[endDate]'] ?? q.toTime;
    if (!from) throw badRequest('orderDate[startDate]: is required (or fromTime)');
    if (!to) throw badRequest('orderDate[endDate]: is required (or toTime)');
    const ids = await assertStores(app.db, req.auth, q.stores, ANALYTICS_SCOPE);
    const requested = q['orderDate[timezone]'] ?? q.timezone;
    const tz = await timezoneFor(app.db, ids, requested, q['orderDate[timezone]'] ? 'orderDate[timezone]' : 'timezone');
    return { ids, w: await resolveWindow(app.db, from, to, tz) };
  };

  /** GET /api/analytics/paid-orders?page&limit&orderDate[…]&financialStatus=paid&stores → {orders} newest first. */
  app.get(
    '/api/analytics/paid-orders',
    {
      preHandler: guard,
      schema: {
        operationId: 'listPaidOrders',
        tags: ['analytics'],
        summary: "The 'Order paid' table: paid orders placed in the range, newest first (page size 7 by default)",
        querystring: PaidOrdersQuery,
        response: { 200: PaidOrdersResponse, ...errors },
      },
    },
    async (req) => {
      const { ids, w } = await paidWindow(req, req.query);
      return { orders: await paidOrders(app.db, ids, w, req.query.page, req.query.limit) };
    },
  );

  /** GET /api/analytics/paid-orders/count → {count}: the same filter as the list. */
  app.get(
    '/api/analytics/paid-orders/count',
    {
      preHandler: guard,
      schema: {
        operationId: 'countPaidOrders',
        tags: ['analytics'],
        summary: 'Number of paid orders placed in the range',
        querystring: PaidOrdersQuery,
        response: { 200: PaidOrdersCountResponse, ...errors },
      },
    },
    async (req) => {
      const { ids, w } = await paidWindow(req, req.query);
      return { count: await paidOrdersCount(app.db, ids, w) };
    },
  );

  /** GET /api/analytics/collections?search= → {collections: [{title, handle}]} of `stores` or the X-Store-Id store. */
  app.get(
    '/api/analytics/collections',
    {
      preHandler: app.guard({ scope: ANALYTICS_SCOPE }),
      schema: {
        operationId: 'searchAnalyticsCollections',
        tags: ['analytics'],
        summary: 'Collection search (title or handle contains `search`, case-insensitive), at most 20 by title',
        querystring: CollectionSearchQuery,
        response: { 200: CollectionSearchResponse, ...errors },
      },
    },
    async (req) => {
      const ids = await assertStores(app.db, req.auth, req.query.stores ?? [req.auth.storeId], ANALYTICS_SCOPE);
      return { collections: await searchCollections(app.db, ids, req.query.search.trim()) };
    },
  );

  /** GET /api/analytics/timezone → {timezone}: the X-Store-Id store's standardTimezone (default America/Los_Angeles). */
  app.get(
    '/api/analytics/timezone',
    {
      preHandler: app.guard({ scope: ANALYTICS_SCOPE }),
      schema: {
        operationId: 'getAnalyticsTimezone',
        tags: ['analytics'],
        summary: "The store's standardTimezone",
        response: { 200: AnalyticsTimezoneResponse, ...errors },
      },
    },
    async (req) => ({ timezone: await storeTimezone(app.db, req.auth.storeId) }),
  );
}
