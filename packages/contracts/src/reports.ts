import { z } from 'zod';
import { MajorUnits, StoreList } from './common.js';
import { AD_SPEND_PAGE_SIZE } from './limits.js';
import { limitParam, pageParam } from './paging.js';
import { isLocalDate, LOCAL_DATE_PATTERN } from './time.js';

/**
 * Reports (issue 17 items 2–4; spec admin-dashboard §2 routes website.sales-reports, website.estimated-profit,
 * website.utm-analystics, §6 scopes sale_reports, estimated_profit, utm_analystics, §9 dates YYYY-MM-DD and money
 * rounded to 2 decimals). Definitions are Shopify's:
 * - gross sales = price × quantity of the lines of paid orders (lib/money.ts rule) placed in the range, before
 *   discounts; discounts = their order discounts; returns = money refunded IN the range (on the day of the refund,
 *   whatever day the order was placed); net sales = gross − discounts − returns; shipping and taxes charged on the
 *   orders placed in the range; total sales = net sales + shipping + taxes.
 * - Money is in the first store's currency, major units, 2 decimals; ranges are whole local days in `timezone`.
 */

/** A local calendar date YYYY-MM-DD (years 0100–9999). */
export const LocalDateParam = z
  .string()
  .regex(LOCAL_DATE_PATTERN, 'must be a date YYYY-MM-DD')
  .refine(isLocalDate, 'must be a real calendar date');

/** How a sales report groups its rows (issue 17 item 2). */
export const SALES_GROUPINGS = ['day', 'week', 'month', 'product', 'variant', 'vendor', 'utm_source', 'utm_campaign', 'channel'] as const;
export const SalesGroupBy = z.enum(SALES_GROUPINGS);
export type SalesGroupBy = z.infer<typeof SalesGroupBy>;
/** The period a report is compared with: the same number of days just before, or the same dates a year earlier. */
export const ReportCompare = z.enum(['previous_period', 'previous_year']);
export type ReportCompare = z.infer<typeof ReportCompare>;
/** Answer format: JSON, or a CSV attachment of the rows and a Total row. */
export const ReportFormat = z.enum(['json', 'csv']);

const rangeFields = {
  fromTime: LocalDateParam.meta({ description: 'First local day of the range (YYYY-MM-DD, inclusive).' }),
  toTime: LocalDateParam.meta({ description: 'Last local day of the range (YYYY-MM-DD, inclusive).' }),
  timezone: z.string().min(1).optional().meta({ description: "IANA timezone of the days. Default: the first store's standardTimezone." }),
  stores: StoreList.meta({
    description: 'Comma-joined store ids; every one must be a store the session may read this report of (else 404).',
  }),
  format: ReportFormat.default('json'),
};

/** GET /api/reports/sales query. */
export const SalesReportQuery = z.object({
  ...rangeFields,
  groupBy: SalesGroupBy.default('day'),
  compare: ReportCompare.optional(),
});
export type SalesReportQuery = z.input<typeof SalesReportQuery>;

/** Sales figures of one row or of the totals (major units, 2 decimals; `orders` a count). */
export const SalesFigures = z.object({
  orders: z.number().int().meta({ description: 'Paid orders placed (product/variant/vendor rows: order lines of it).' }),
  gross_sales: MajorUnits,
  discounts: MajorUnits,
  returns: MajorUnits,
  net_sales: MajorUnits,
  shipping: MajorUnits,
  taxes: MajorUnits,
  total_sales: MajorUnits,
});
export type SalesFigures = z.infer<typeof SalesFigures>;

/**
 * One row: `key` is the group's value (a local date YYYY-MM-DD for day, the Monday of the week for week, YYYY-MM for
 * month, an id for product/variant, the value itself otherwise; '' = none) and `label` what a person reads.
 */
export const SalesRow = SalesFigures.extend({ key: z.string(), label: z.string() });
export type SalesRow = z.infer<typeof SalesRow>;

/** One period of a report: its days, rows (time groupings: every period of the range, zero-filled) and totals. */
export const SalesPeriod = z.object({ fromTime: z.string(), toTime: z.string(), rows: z.array(SalesRow), totals: SalesFigures });

/** GET /api/reports/sales answer; `compare` present when asked for. Product and UTM groupings list the largest first. */
export const SalesReport = SalesPeriod.extend({
  groupBy: SalesGroupBy,
  timezone: z.string(),
  currency: z.string(),
  compare: SalesPeriod.extend({ kind: ReportCompare }).optional(),
}).meta({ id: 'SalesReport' });
export type SalesReport = z.infer<typeof SalesReport>;

/** GET /api/reports/profit query (issue 17 item 3). */
export const ProfitReportQuery = z.object({ ...rangeFields, groupBy: z.enum(['day', 'product']).default('day') });
export type ProfitReportQuery = z.input<typeof ProfitReportQuery>;

/**
 * Estimated profit figures (issue 17 item 3): net sales (as the sales report), cost of goods sold (cost per item at
 * the time of sale × units, less the cost of restocked returns), payment processing fees (the payout ledger's fee of
 * each paid order), shipping charged and shipping costs (estimated at what was charged), ad spend entered for the
 * days; estimated profit = net sales + shipping − shipping costs − cost of goods − fees − ad spend; margin = profit /
 * net sales × 100 (percent, 2 decimals; 0 without sales); `lines_without_cost` = order lines sold whose variant had
 * no cost per item (their cost counts as 0). Product rows carry net sales, cost of goods and their profit only.
 */
export const ProfitFigures = z.object({
  net_sales: MajorUnits,
  cost_of_goods_sold: MajorUnits,
  payment_fees: MajorUnits,
  shipping: MajorUnits,
  shipping_costs: MajorUnits,
  ad_spend: MajorUnits,
  estimated_profit: MajorUnits,
  margin: z.number().meta({ description: 'estimated_profit / net_sales × 100, 2 decimals; 0 without net sales.' }),
  lines_without_cost: z.number().int(),
});
export type ProfitFigures = z.infer<typeof ProfitFigures>;
export const ProfitRow = ProfitFigures.extend({ key: z.string(), label: z.string() });
export type ProfitRow = z.infer<typeof ProfitRow>;
/** GET /api/reports/profit answer. */
export const ProfitReport = z
  .object({
    fromTime: z.string(),
    toTime: z.string(),
    groupBy: z.enum(['day', 'product']),
    timezone: z.string(),
    currency: z.string(),
    rows: z.array(ProfitRow),
    totals: ProfitFigures,
  })
  .meta({ id: 'ProfitReport' });
export type ProfitReport = z.infer<typeof ProfitReport>;

/** UTM report groupings (issue 17 item 4). */
export const UtmGroupBy = z.enum(['source', 'medium', 'campaign', 'source_medium', 'landing_page']);
export type UtmGroupBy = z.infer<typeof UtmGroupBy>;
/** GET /api/reports/utm query. */
export const UtmReportQuery = z.object({ ...rangeFields, groupBy: UtmGroupBy.default('source') });
export type UtmReportQuery = z.input<typeof UtmReportQuery>;
/**
 * UTM figures: sessions started in the range by their first-touch attribution, those of them that added to cart
 * and reached checkout, paid orders placed with that attribution and their total sales (returns on refund day),
 * conversion rate = orders / sessions × 100 (2 decimals), AOV = sales / orders.
 */
export const UtmFigures = z.object({
  sessions: z.number().int(),
  add_to_cart: z.number().int(),
  reached_checkout: z.number().int(),
  orders: z.number().int(),
  sales: MajorUnits,
  conversion_rate: z.number(),
  aov: MajorUnits,
});
export type UtmFigures = z.infer<typeof UtmFigures>;
export const UtmRow = UtmFigures.extend({ key: z.string(), label: z.string() });
export type UtmRow = z.infer<typeof UtmRow>;
/** GET /api/reports/utm answer, rows by sessions, largest first. */
export const UtmReport = z
  .object({
    fromTime: z.string(),
    toTime: z.string(),
    groupBy: UtmGroupBy,
    timezone: z.string(),
    currency: z.string(),
    rows: z.array(UtmRow),
    totals: UtmFigures,
  })
  .meta({ id: 'UtmReport' });
export type UtmReport = z.infer<typeof UtmReport>;

/** Ad channels of ad spend (issue 17 item 3). */
export const AD_CHANNELS = ['facebook', 'tiktok', 'google', 'other'] as const;
export const AdChannel = z.enum(AD_CHANNELS);
export type AdChannel = z.infer<typeof AdChannel>;

/** POST /api/reports/ad-spend body: a day's spend on a channel, `amount` in major units (> 0, 2 decimals at most). */
export const AdSpendBody = z.object({
  date: LocalDateParam,
  channel: AdChannel,
  amount: z
    .number()
    .positive('must be more than 0')
    .max(10_000_000, 'must be at most 10000000')
    .refine((n) => Math.round(n * 100) === Number((n * 100).toFixed(6)), 'must have at most 2 decimals'),
});
export type AdSpendBody = z.infer<typeof AdSpendBody>;
/** One ad spend entry. */
export const AdSpendEntry = AdSpendBody.extend({ id: z.uuid(), createdAt: z.string() }).meta({ id: 'AdSpendEntry' });
export type AdSpendEntry = z.infer<typeof AdSpendEntry>;
/** GET /api/reports/ad-spend query: optional day range, newest day first. */
export const AdSpendQuery = z.object({
  fromTime: LocalDateParam.optional(),
  toTime: LocalDateParam.optional(),
  page: pageParam,
  limit: limitParam(AD_SPEND_PAGE_SIZE, 500),
});
export type AdSpendQuery = z.input<typeof AdSpendQuery>;
export const AdSpendList = z.object({ items: z.array(AdSpendEntry), total: z.number().int() }).meta({ id: 'AdSpendList' });
export type AdSpendList = z.infer<typeof AdSpendList>;
/** POST /api/reports/ad-spend/import answer: rows added, and rows refused with their CSV line and reason. */
export const AdSpendImportReport = z.object({
  imported: z.number().int(),
  skipped: z.array(z.object({ line: z.number().int(), reason: z.string() })),
});
export type AdSpendImportReport = z.infer<typeof AdSpendImportReport>;
