import { z } from 'zod';
import { QUERY_PAGE_MAX, queryDateOrInstant, queryNumber } from './bounds.js';
import { MajorUnits, StoreList } from './common.js';
import { PAID_ORDERS_PAGE_SIZE } from './limits.js';
import { METRIC_HELP } from './metrics.js';

/**
 * Analytics Overview contracts (spec admin-dashboard §1 Overview, §3 analytics series / dashboard figures / order
 * row, §4 Overview, §7 Overview analytics, §9). Definitions used by every figure:
 * - a paid order is an order with financial_status 'paid', placed (created_at) inside the range — the same
 *   definition as the home dashboard's total sales and total orders;
 * - money is in the store currency's major unit, rounded to 2 decimals (§9);
 * - the range is [fromTime 00:00, the day after toTime 00:00) in `timezone` for YYYY-MM-DD values (a DST day lasts
 *   23 or 25 hours), or [fromTime, toTime) for ISO 8601 instants.
 */

/** The four funnel steps, in order, with the spec's exact names (§2 Overview screen). */
export const FUNNEL_STEPS = ['View Store', 'Added to cart', 'Reached checkout', 'Purchased'] as const;

/** Labels of the six four-hour buckets of a single-day orders/AOV chart, in order (§4 Overview). */
export const FOUR_HOUR_LABELS = ['0-3 AM', '4-7 AM', '8-11 AM', '12-15 PM', '16-19 PM', '20-23 PM'] as const;

const timezoneField = z.string().min(1).optional().meta({
  description:
    "IANA timezone the range and buckets are read in (e.g. America/Los_Angeles, Asia/Kolkata, Asia/Kathmandu). Default: the first store's standardTimezone, else America/Los_Angeles.",
});

/** The four parameters every Overview call takes (§7): fromTime, toTime, stores (comma-joined) and timezone. */
export const AnalyticsQuery = z.object({
  fromTime: queryDateOrInstant('fromTime', { required: true }).meta({
    description: 'First day (YYYY-MM-DD, local) or an ISO 8601 instant (inclusive).',
  }),
  toTime: queryDateOrInstant('toTime', { required: true }).meta({
    description: 'Last day (YYYY-MM-DD, local, inclusive) or an ISO 8601 instant (exclusive).',
  }),
  stores: StoreList.meta({
    description: 'Comma-joined store ids; every one must be a store the session may read analytics of (else 404).',
  }),
  timezone: timezoneField,
});
export type AnalyticsQuery = z.input<typeof AnalyticsQuery>;

/** How a series is grouped: hours of one local day, the six four-hour buckets of one day, or local days. */
export const SeriesGranularity = z.enum(['hour', 'four_hours', 'day']);
export type SeriesGranularity = z.infer<typeof SeriesGranularity>;

/**
 * An analytics series (§3 "details.labels (timestamps) and details.dataset (numbers)"). Each label is the local
 * wall-clock start of its bucket in `timezone`, formatted `YYYY-MM-DDTHH:mm:ss` (no offset: a fall-back day has
 * one 1am bucket holding both 1am hours; a spring-forward day has no 2am bucket). `compare` carries Yesterday's
 * hourly sales aligned to the same local hours, present only on the sales series when the range is exactly today.
 */
export const SeriesResponse = z
  .object({
    details: z.object({
      labels: z.array(z.string()),
      dataset: z.array(z.number()),
      granularity: SeriesGranularity,
      timezone: z.string(),
      compare: z
        .object({ labels: z.array(z.string()), dataset: z.array(z.number()) })
        .optional()
        .meta({ description: "Yesterday's hourly sales, index-aligned with labels (same local hour of day)." }),
    }),
  })
  .meta({ id: 'AnalyticsSeries' });
export type SeriesResponse = z.infer<typeof SeriesResponse>;

/** One funnel step: distinct visitor sessions whose first event of that step falls in the range. */
export const FunnelEntry = z.object({ step: z.enum(FUNNEL_STEPS), visits: z.number().int() });
export type FunnelEntry = z.infer<typeof FunnelEntry>;

/** GET /api/analytics/dashboard answer (§3 shared dashboard figures). */
export const DashboardFiguresResponse = z
  .object({
    totalSales: MajorUnits.meta({ description: `${METRIC_HELP.totalSales} Major units, 2 decimals.` }),
    totalOrders: z.number().int().meta({ description: METRIC_HELP.orders }),
    aov: MajorUnits.meta({ description: `${METRIC_HELP.aov} Major units, 2 decimals; 0 without orders.` }),
    conversionRate: z.number().meta({ description: `${METRIC_HELP.conversionRate} 2 decimals; 0 without sessions.` }),
    visitors: z
      .number()
      .int()
      .meta({ description: 'Distinct visitor sessions whose first storefront event (any step) falls in the range.' }),
    onlineStoreSales: MajorUnits.meta({
      description: `${METRIC_HELP.onlineStoreSales} (source_name 'online_store'; major units, 2 decimals).`,
    }),
    funnel: z.array(FunnelEntry).meta({
      description:
        'The four steps View Store, Added to cart, Reached checkout, Purchased. visits = distinct visitor sessions (visitor_session_id per store) whose FIRST event of that step (view_store, add_to_cart, reached_checkout, purchased) occurred in the range; a session is counted once per step, in the range holding its first reach.',
    }),
  })
  .meta({ id: 'AnalyticsDashboard' });
export type DashboardFiguresResponse = z.infer<typeof DashboardFiguresResponse>;

/**
 * GET /api/analytics/paid-orders query (§7 "page, limit, orderDate{startDate, endDate, timezone} and
 * financialStatus 'paid'"). `orderDate[…]` win over fromTime/toTime/timezone when both are given.
 */
export const PaidOrdersQuery = z.object({
  page: queryNumber('page', { min: 1, max: QUERY_PAGE_MAX }).default(1),
  limit: z.coerce
    .number()
    .int('limit must be an integer')
    .min(1, 'limit must be at least 1')
    .max(100, 'limit must be at most 100')
    .default(PAID_ORDERS_PAGE_SIZE),
  'orderDate[startDate]': queryDateOrInstant('orderDate[startDate]', { required: true }).optional(),
  'orderDate[endDate]': queryDateOrInstant('orderDate[endDate]', { required: true }).optional(),
  'orderDate[timezone]': z.string().min(1).optional(),
  financialStatus: z.literal('paid', { message: "financialStatus must be 'paid'" }).default('paid'),
  fromTime: queryDateOrInstant('fromTime', { required: true }).optional(),
  toTime: queryDateOrInstant('toTime', { required: true }).optional(),
  stores: StoreList,
  timezone: timezoneField,
});
export type PaidOrdersQuery = z.input<typeof PaidOrdersQuery>;

/** A row of the paid list (§3 order row). grandTotal in major units; capturedDate an ISO instant or null. */
export const PaidOrderRow = z
  .object({
    id: z.uuid(),
    storeId: z.uuid(),
    orderName: z.string(),
    customerInfo: z.array(z.object({ full_name: z.string().optional(), email: z.string().optional() }).passthrough()),
    capturedDate: z.string().nullable(),
    createdAt: z.string(),
    /** Grand total in major units (2 decimals); the database keeps grand_total_cents. */
    grandTotal: MajorUnits,
    currency: z.string(),
    paymentName: z.string(),
    paymentSource: z
      .object({ card: z.object({ type: z.string() }).passthrough().optional() })
      .passthrough()
      .nullable(),
    financialStatus: z.string(),
  })
  .meta({ id: 'PaidOrderRow' });
export type PaidOrderRow = z.infer<typeof PaidOrderRow>;

/** GET /api/analytics/paid-orders answer: newest first. */
export const PaidOrdersResponse = z.object({ orders: z.array(PaidOrderRow) }).meta({ id: 'PaidOrders' });
export type PaidOrdersResponse = z.infer<typeof PaidOrdersResponse>;

/** GET /api/analytics/paid-orders/count answer. */
export const PaidOrdersCountResponse = z.object({ count: z.number().int() });

/** GET /api/analytics/collections query: `search` matches title or handle (case-insensitive). */
export const CollectionSearchQuery = z.object({
  search: z.string().max(200, 'search must be at most 200 characters').optional().default(''),
  stores: StoreList.optional().meta({ description: 'Stores to search (default: the X-Store-Id store).' }),
  fromTime: queryDateOrInstant('fromTime').optional(),
  toTime: queryDateOrInstant('toTime').optional(),
  timezone: z.string().optional(),
});
/** GET /api/analytics/collections answer (§7 "data.collections with title and handle"). At most 20. */
export const CollectionSearchResponse = z.object({ collections: z.array(z.object({ title: z.string(), handle: z.string() })) });
export type CollectionSearchResponse = z.infer<typeof CollectionSearchResponse>;

/** GET /api/analytics/timezone answer: the X-Store-Id store's standardTimezone (default America/Los_Angeles). */
export const AnalyticsTimezoneResponse = z.object({ timezone: z.string() });
export type AnalyticsTimezoneResponse = z.infer<typeof AnalyticsTimezoneResponse>;
