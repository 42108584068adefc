import {
  AD_CHANNELS,
  type AdSpendBody,
  type AdSpendEntry,
  type AdSpendImportReport,
  type AdSpendList,
  addDaysToDate,
  type ProfitFigures,
  type ProfitReport,
  REPORT_RANGE_MAX_DAYS,
  REPORT_ROWS_MAX,
  type ReportCompare,
  type SalesFigures,
  type SalesGroupBy,
  type SalesReport,
  type SalesRow,
  type UtmFigures,
  type UtmGroupBy,
  type UtmReport,
} from '@backroom/contracts';
import { parse } from 'csv-parse/sync';
import { type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { type Db, rows } from '../../db/client.js';
import { toCsv } from '../../lib/csv-export.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { centsFromMajor, majorFromCents } from '../../lib/money.js';
import { resolveRange } from '../../lib/time-range.js';

/** The days and zone of a report (issue 17 items 2–4): whole local days [fromTime, toTime] in `timezone`. */
export interface ReportRange {
  storeIds: string[];
  fromTime: string;
  toTime: string;
  timezone: string;
}

const MS_DAY = 86_400_000;
const dayCount = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00Z`) - Date.parse(`${from}T00:00Z`)) / MS_DAY) + 1;

/** 400 unless fromTime ≤ toTime and the range is at most REPORT_RANGE_MAX_DAYS days. */
export function checkRange(r: ReportRange): void {
  if (r.fromTime > r.toTime) throw badRequest('fromTime: must not be after toTime');
  if (dayCount(r.fromTime, r.toTime) > REPORT_RANGE_MAX_DAYS)
    throw badRequest(`toTime: the range must be at most ${REPORT_RANGE_MAX_DAYS} days`);
}

/**
 * The period compared with `r` (issue 17 item 2): previous_period = as many days ending the day before fromTime;
 * previous_year = the same dates a year earlier (29 February → 28 February).
 */
export function comparedRange(r: ReportRange, kind: ReportCompare): ReportRange {
  if (kind === 'previous_period') {
    const n = dayCount(r.fromTime, r.toTime);
    return { ...r, fromTime: addDaysToDate(r.fromTime, -n), toTime: addDaysToDate(r.fromTime, -1) };
  }
  const back = (d: string) => {
    const y = `${Number(d.slice(0, 4)) - 1}`.padStart(4, '0');
    const md = d.slice(5) === '02-29' ? '02-28' : d.slice(5);
    return `${y}-${md}`;
  };
  return { ...r, fromTime: back(r.fromTime), toTime: back(r.toTime) };
}

/** SQL condition: rows of `storeIds` whose 15-minute `bucket` lies in the range's local days (DST-correct bounds). */
function inRange(r: ReportRange, alias = 'b'): SQL {
  const { start, end } = resolveRange(r.fromTime, r.toTime, r.timezone);
  const a = sql.raw(alias);
  return sql`${a}.store_id = any(${`{${r.storeIds.join(',')}}`}::uuid[]) and ${a}.bucket >= ${start} and ${a}.bucket < ${end}`;
}

type TimeGrouping = 'day' | 'week' | 'month';
const isTime = (g: string): g is TimeGrouping => g === 'day' || g === 'week' || g === 'month';

/** SQL key of a bucket's local day, ISO week (its Monday) or month in `tz`. */
function timeKey(g: TimeGrouping, tz: string, alias = 'b'): SQL {
  const local = sql`(${sql.raw(alias)}.bucket at time zone ${tz})`;
  if (g === 'day') return sql`to_char(${local}, 'YYYY-MM-DD')`;
  if (g === 'week') return sql`to_char(date_trunc('week', ${local}), 'YYYY-MM-DD')`;
  return sql`to_char(${local}, 'YYYY-MM')`;
}

/**
 * Every period key of the range for a time grouping, in order (the report's rows are zero-filled with them). The
 * calendar dates are stepped as UTC midnights (a UTC day is always 86,400,000 ms, so the step is exact) rather than
 * with the time module's `addDaysToDate`, which builds a TZDate per call (~0.1–0.3 ms): a year of days called it
 * 365–730 times and was most of the report's time (bench/reports).
 */
function periodKeys(g: TimeGrouping, r: ReportRange): string[] {
  const keys: string[] = [];
  const last = Date.parse(`${r.toTime}T00:00:00Z`);
  for (let ms = Date.parse(`${r.fromTime}T00:00:00Z`); ms <= last; ms += MS_DAY) {
    const day = new Date(ms);
    let k = day.toISOString().slice(0, 10);
    if (g === 'week') {
      const dow = (day.getUTCDay() + 6) % 7; // Monday = 0
      k = new Date(ms - dow * MS_DAY).toISOString().slice(0, 10);
    } else if (g === 'month') k = k.slice(0, 7);
    if (keys[keys.length - 1] !== k) keys.push(k);
  }
  return keys;
}

/**
 * What a report of `r` reads (issue 17 item 7): `days` is true when every store of the range keeps its day roll-ups
 * (`report_days`, `report_line_days`, migration 0026) in `r.timezone` — its own standard timezone — so a day, week
 * or month is a sum of day rows (365 a year) instead of 15-minute buckets; another timezone reads the buckets.
 * Also the currency of the first store (reports add the stores' cents as they are, in that currency). One statement.
 */
async function basisOf(db: Db, r: ReportRange): Promise<{ currency: string; days: boolean }> {
  const [b] = await rows<{ currency: string | null; days: boolean | null }>(
    db,
    sql`select (select currency from stores where id = ${r.storeIds[0]}::uuid) as currency,
               bool_and(reports_store_tz(s) = ${r.timezone}) as days
          from unnest(${`{${r.storeIds.join(',')}}`}::uuid[]) s`,
  );
  return { currency: b?.currency ?? 'USD', days: b?.days === true };
}

/** SQL condition: day rows (alias `alias`) of the range's stores and local days [fromTime, toTime]. */
function inDaysAs(r: ReportRange, alias: string): SQL {
  const a = sql.raw(alias);
  return sql`${a}.store_id = any(${`{${r.storeIds.join(',')}}`}::uuid[]) and ${a}.day between ${r.fromTime}::date and ${r.toTime}::date`;
}

/** SQL key of a day row's (alias `d`) day, ISO week (its Monday) or month: the same keys as `timeKey`. */
function dayRowKey(g: TimeGrouping): SQL {
  if (g === 'day') return sql`to_char(d.day, 'YYYY-MM-DD')`;
  if (g === 'week') return sql`to_char(d.day - (extract(isodow from d.day)::int - 1), 'YYYY-MM-DD')`;
  return sql`to_char(d.day, 'YYYY-MM')`;
}

/**
 * The line figures of `r` summed per variant, as a subquery with the alias `b` (product_id, variant_id and the
 * figure columns of the line roll-ups): from the day-and-variant roll-up when `days`, else from the 15-minute line
 * buckets. Summed BEFORE the join with products and variants, so the join sees one row per variant sold, not one per
 * day or bucket.
 */
function lineSource(r: ReportRange, days: boolean): SQL {
  const from = days ? sql`report_line_days b where ${inDaysAs(r, 'b')}` : sql`report_line_buckets b where ${inRange(r)}`;
  return sql`(select b.product_id, b.variant_id, sum(b.lines) as lines, sum(b.gross_cents) as gross_cents,
                     sum(b.discounts_cents) as discounts_cents, sum(b.returns_cents) as returns_cents,
                     sum(b.cogs_cents) as cogs_cents, sum(b.restocked_cost_cents) as restocked_cost_cents,
                     sum(b.uncosted_lines) as uncosted_lines
                from ${from} group by 1, 2) b`;
}

interface SalesCents {
  key: string;
  label: string;
  orders: number;
  gross: number;
  discounts: number;
  returns: number;
  shipping: number;
  taxes: number;
}

const CHANNEL_LABELS: Record<string, string> = { online_store: 'Online Store', pos: 'Point of Sale', draft: 'Draft orders' };
const none = (v: string, empty = '(none)') => (v === '' ? empty : v);

/** Sales figures in major units from cents; net = gross − discounts − returns; total = net + shipping + taxes. */
function salesFigures(c: Omit<SalesCents, 'key' | 'label'>): SalesFigures {
  const net = c.gross - c.discounts - c.returns;
  return {
    orders: c.orders,
    gross_sales: majorFromCents(c.gross),
    discounts: majorFromCents(c.discounts),
    returns: majorFromCents(c.returns),
    net_sales: majorFromCents(net),
    shipping: majorFromCents(c.shipping),
    taxes: majorFromCents(c.taxes),
    total_sales: majorFromCents(net + c.shipping + c.taxes),
  };
}

const sumCents = (list: Omit<SalesCents, 'key' | 'label'>[]) =>
  list.reduce(
    (a, c) => ({
      orders: a.orders + c.orders,
      gross: a.gross + c.gross,
      discounts: a.discounts + c.discounts,
      returns: a.returns + c.returns,
      shipping: a.shipping + c.shipping,
      taxes: a.taxes + c.taxes,
    }),
    { orders: 0, gross: 0, discounts: 0, returns: 0, shipping: 0, taxes: 0 },
  );

/**
 * Rows in cents of one period, from the roll-ups only: the day roll-ups (report_days / report_line_days) when
 * `days` (the stores' own timezone), else the 15-minute buckets (report_order_buckets / report_line_buckets);
 * UTM and channel rows always from the order buckets (the days carry no attribution).
 */
async function salesCents(db: Db, r: ReportRange, groupBy: SalesGroupBy, days: boolean): Promise<SalesCents[]> {
  if (groupBy === 'product' || groupBy === 'variant' || groupBy === 'vendor') {
    const src = lineSource(r, days);
    const key = groupBy === 'product' ? sql`b.product_id` : groupBy === 'variant' ? sql`b.variant_id` : sql`coalesce(p.vendor, '')`;
    const label =
      groupBy === 'product'
        ? sql`coalesce(min(p.title), 'Deleted product')`
        : groupBy === 'variant'
          ? sql`coalesce(min(p.title) || coalesce(' – ' || nullif(concat_ws(' / ', min(v.option1), min(v.option2), min(v.option3)), ''), ''), 'Deleted product')`
          : sql`coalesce(p.vendor, '')`;
    const list = await rows<SalesCents>(
      db,
      sql`select ${key} as key, ${label} as label, sum(b.lines)::int as orders, sum(b.gross_cents)::bigint as gross,
                 sum(b.discounts_cents)::bigint as discounts, sum(b.returns_cents)::bigint as returns,
                 0 as shipping, 0 as taxes
            from ${src}
            left join products p on p.id::text = b.product_id
            left join product_variants v on v.id::text = b.variant_id
           group by 1 ${groupBy === 'vendor' ? sql`, p.vendor` : sql``}
          having sum(b.lines) <> 0 or sum(b.returns_cents) <> 0
           order by sum(b.gross_cents) - sum(b.discounts_cents) - sum(b.returns_cents) desc, 1
           limit ${REPORT_ROWS_MAX}`,
    );
    return list.map((x) => ({ ...x, label: groupBy === 'vendor' ? none(x.label, '(no vendor)') : x.label }));
  }
  const fromDays = days && isTime(groupBy);
  const key = isTime(groupBy)
    ? fromDays
      ? dayRowKey(groupBy)
      : timeKey(groupBy, r.timezone)
    : sql.raw(`b.${groupBy === 'channel' ? 'channel' : groupBy}`);
  const a = sql.raw(fromDays ? 'd' : 'b');
  const list = await rows<SalesCents>(
    db,
    sql`select ${key} as key, sum(${a}.orders)::int as orders, sum(${a}.gross_cents)::bigint as gross,
               sum(${a}.discounts_cents)::bigint as discounts, sum(${a}.returns_cents)::bigint as returns,
               sum(${a}.shipping_cents)::bigint as shipping, sum(${a}.taxes_cents)::bigint as taxes
          from ${fromDays ? sql`report_days d where ${inDaysAs(r, 'd')}` : sql`report_order_buckets b where ${inRange(r)}`}
         group by 1
         order by sum(${a}.gross_cents) - sum(${a}.discounts_cents) - sum(${a}.returns_cents) desc, 1
         limit ${isTime(groupBy) ? REPORT_RANGE_MAX_DAYS + 1 : REPORT_ROWS_MAX}`,
  );
  if (isTime(groupBy)) {
    const byKey = new Map(list.map((x) => [x.key, x]));
    const zero = { orders: 0, gross: 0, discounts: 0, returns: 0, shipping: 0, taxes: 0 };
    return periodKeys(groupBy, r).map((k) => ({
      ...zero,
      ...byKey.get(k),
      key: k,
      label: groupBy === 'week' ? `Week of ${k}` : k,
    }));
  }
  return list.map((x) => ({ ...x, label: groupBy === 'channel' ? (CHANNEL_LABELS[x.key] ?? none(x.key)) : none(x.key) }));
}

async function salesPeriod(db: Db, r: ReportRange, groupBy: SalesGroupBy, days: boolean) {
  const cents = await salesCents(db, r, groupBy, days);
  const rowsOut: SalesRow[] = cents.map((c) => ({ key: c.key, label: c.label, ...salesFigures(c) }));
  return { fromTime: r.fromTime, toTime: r.toTime, rows: rowsOut, totals: salesFigures(sumCents(cents)) };
}

/**
 * GET /api/reports/sales (issue 17 item 2): rows of the grouping with Shopify's figures and their totals, from the
 * roll-ups of migrations 0018/0026 (no scan of orders; the day roll-ups in the stores' own timezone, see `basisOf`).
 * Product/variant/vendor rows are line figures (shipping and taxes are order-level, 0 there; `orders` counts order
 * lines). `compare` adds the compared period.
 */
export async function salesReport(db: Db, r: ReportRange, groupBy: SalesGroupBy, compare?: ReportCompare): Promise<SalesReport> {
  checkRange(r);
  const { currency, days } = await basisOf(db, r);
  const [main, cmp] = await Promise.all([
    salesPeriod(db, r, groupBy, days),
    compare ? salesPeriod(db, comparedRange(r, compare), groupBy, days) : undefined,
  ]);
  const out: SalesReport = { ...main, groupBy, timezone: r.timezone, currency };
  if (compare && cmp) out.compare = { kind: compare, ...cmp };
  return out;
}

interface ProfitCents {
  key: string;
  label: string;
  net: number;
  cogs: number;
  fees: number;
  shipping: number;
  ad: number;
  uncosted: number;
}

function profitFigures(c: Omit<ProfitCents, 'key' | 'label'>): ProfitFigures {
  const shippingCosts = c.shipping; // estimated at what the shopper paid for shipping (no carrier bills are recorded)
  const profit = c.net + c.shipping - shippingCosts - c.cogs - c.fees - c.ad;
  return {
    net_sales: majorFromCents(c.net),
    cost_of_goods_sold: majorFromCents(c.cogs),
    payment_fees: majorFromCents(c.fees),
    shipping: majorFromCents(c.shipping),
    shipping_costs: majorFromCents(shippingCosts),
    ad_spend: majorFromCents(c.ad),
    estimated_profit: majorFromCents(profit),
    margin: c.net === 0 ? 0 : Math.round((profit / c.net) * 10_000) / 100,
    lines_without_cost: c.uncosted,
  };
}

/**
 * Per local day of the range: net sales, shipping, cost of goods (less restocked returns), lines without cost,
 * payment fees (cents). From `report_days` when `days` (365 rows a year), else summed from the 15-minute buckets
 * (the order buckets carry the fees, computed at the ledger's rates, migration 0026); ad spend from `ad_spend`.
 */
async function profitDays(db: Db, r: ReportRange, days: boolean): Promise<ProfitCents[]> {
  const ids = `{${r.storeIds.join(',')}}`;
  const ads = rows<{ key: string; ad: number }>(
    db,
    sql`select to_char(a.day, 'YYYY-MM-DD') as key, sum(a.amount_cents)::bigint as ad from ad_spend a
         where a.store_id = any(${ids}::uuid[]) and a.day between ${r.fromTime}::date and ${r.toTime}::date group by 1`,
  );
  type DayCents = { key: string; net: number; shipping: number; fees: number; cogs: number; uncosted: number };
  let figures: Promise<DayCents[]>;
  if (days) {
    figures = rows<DayCents>(
      db,
      sql`select to_char(d.day, 'YYYY-MM-DD') as key, sum(d.gross_cents - d.discounts_cents - d.returns_cents)::bigint as net,
                 sum(d.shipping_cents)::bigint as shipping, sum(d.fees_cents)::bigint as fees,
                 sum(d.cogs_cents - d.restocked_cost_cents)::bigint as cogs, sum(d.uncosted_lines)::int as uncosted
            from report_days d where ${inDaysAs(r, 'd')} group by 1`,
    );
  } else {
    const day = timeKey('day', r.timezone);
    figures = rows<DayCents>(
      db,
      sql`select key, sum(net)::bigint as net, sum(shipping)::bigint as shipping, sum(fees)::bigint as fees,
                 sum(cogs)::bigint as cogs, sum(uncosted)::int as uncosted
            from (
              select ${day} as key, sum(b.gross_cents - b.discounts_cents - b.returns_cents) as net,
                     sum(b.shipping_cents) as shipping, sum(b.fees_cents) as fees, 0 as cogs, 0 as uncosted
                from report_order_buckets b where ${inRange(r)} group by 1
              union all
              select ${day}, 0, 0, 0, sum(b.cogs_cents - b.restocked_cost_cents), sum(b.uncosted_lines)
                from report_line_buckets b where ${inRange(r)} group by 1
            ) u group by 1`,
    );
  }
  const [list, adList] = await Promise.all([figures, ads]);
  const byDay = new Map(list.map((x) => [x.key, x]));
  const ad = new Map(adList.map((x) => [x.key, x.ad]));
  return periodKeys('day', r).map((k) => {
    const x = byDay.get(k);
    return {
      key: k,
      label: k,
      net: x?.net ?? 0,
      shipping: x?.shipping ?? 0,
      cogs: x?.cogs ?? 0,
      uncosted: x?.uncosted ?? 0,
      fees: x?.fees ?? 0,
      ad: ad.get(k) ?? 0,
    };
  });
}

const sumProfit = (list: ProfitCents[]) =>
  list.reduce(
    (s, c) => ({
      net: s.net + c.net,
      cogs: s.cogs + c.cogs,
      fees: s.fees + c.fees,
      shipping: s.shipping + c.shipping,
      ad: s.ad + c.ad,
      uncosted: s.uncosted + c.uncosted,
    }),
    { net: 0, cogs: 0, fees: 0, shipping: 0, ad: 0, uncosted: 0 },
  );

/**
 * GET /api/reports/profit (issue 17 item 3). Day rows carry every figure; product rows carry their net sales, cost
 * of goods (less restocked returns), lines without a cost and net − cost as profit (fees and ad spend are not per
 * product). Totals are the whole range's, whatever the grouping.
 */
export async function profitReport(db: Db, r: ReportRange, groupBy: 'day' | 'product'): Promise<ProfitReport> {
  checkRange(r);
  const { currency, days: fromDays } = await basisOf(db, r);
  const src = lineSource(r, fromDays);
  const [days, products] = await Promise.all([
    profitDays(db, r, fromDays),
    groupBy !== 'product'
      ? undefined
      : rows<ProfitCents>(
          db,
          sql`select b.product_id as key, coalesce(min(p.title), 'Deleted product') as label,
                 sum(b.gross_cents - b.discounts_cents - b.returns_cents)::bigint as net,
                 sum(b.cogs_cents - b.restocked_cost_cents)::bigint as cogs, 0 as fees, 0 as shipping, 0 as ad,
                 sum(b.uncosted_lines)::int as uncosted
            from ${src} left join products p on p.id::text = b.product_id
           group by 1
          having sum(b.lines) <> 0 or sum(b.returns_cents) <> 0
           order by 3 desc, 1
           limit ${REPORT_ROWS_MAX}`,
        ),
  ]);
  const out: ProfitCents[] = products ?? days;
  return {
    fromTime: r.fromTime,
    toTime: r.toTime,
    groupBy,
    timezone: r.timezone,
    currency,
    rows: out.map((c) => ({ key: c.key, label: c.label, ...profitFigures(c) })),
    totals: profitFigures(sumProfit(days)),
  };
}

const UTM_KEYS: Record<UtmGroupBy, string> = {
  source: 'b.utm_source',
  medium: 'b.utm_medium',
  campaign: 'b.utm_campaign',
  source_medium: "b.utm_source || ' / ' || b.utm_medium",
  landing_page: 'b.landing_path',
};

function utmFigures(c: { sessions: number; cart: number; checkout: number; orders: number; sales: number }): UtmFigures {
  return {
    sessions: c.sessions,
    add_to_cart: c.cart,
    reached_checkout: c.checkout,
    orders: c.orders,
    sales: majorFromCents(c.sales),
    conversion_rate: c.sessions === 0 ? 0 : Math.round((c.orders / c.sessions) * 10_000) / 100,
    aov: c.orders === 0 ? 0 : majorFromCents(Math.round(c.sales / c.orders)),
  };
}

/**
 * GET /api/reports/utm (issue 17 item 4): per source / medium / campaign / source + medium / landing page, the
 * sessions started in the range and the paid orders with that first-touch attribution (total sales with returns on
 * refund day): from the day roll-up report_utm_days in the stores' own timezone (`basisOf`), else from the 15-minute
 * report_session_buckets and report_order_buckets. Rows by sessions, then sales, largest first.
 */
export async function utmReport(db: Db, r: ReportRange, groupBy: UtmGroupBy): Promise<UtmReport> {
  checkRange(r);
  const key = sql.raw(UTM_KEYS[groupBy]);
  const { currency, days } = await basisOf(db, r);
  const figures = days
    ? sql`select ${key} as key, sum(b.sessions) as sessions, sum(b.add_to_cart) as cart, sum(b.reached_checkout) as checkout,
                 sum(b.orders) as orders, sum(b.sales_cents) as sales
            from report_utm_days b where ${inDaysAs(r, 'b')} group by 1`
    : sql`select ${key} as key, sum(b.sessions) as sessions, sum(b.add_to_cart) as cart, sum(b.reached_checkout) as checkout,
                 0 as orders, 0 as sales
            from report_session_buckets b where ${inRange(r)} group by 1
          union all
          select ${key}, 0, 0, 0, sum(b.orders),
                 sum(b.gross_cents - b.discounts_cents - b.returns_cents + b.shipping_cents + b.taxes_cents)
            from report_order_buckets b where ${inRange(r)} group by 1`;
  const list = await rows<{ key: string; sessions: number; cart: number; checkout: number; orders: number; sales: number }>(
    db,
    sql`select key, sum(sessions)::int as sessions, sum(cart)::int as cart, sum(checkout)::int as checkout,
               sum(orders)::int as orders, sum(sales)::bigint as sales
          from (${figures}) u
         group by 1
        having sum(sessions) <> 0 or sum(orders) <> 0 or sum(sales) <> 0
         order by 2 desc, 6 desc, 1
         limit ${REPORT_ROWS_MAX}`,
  );
  const total = list.reduce(
    (s, c) => ({
      sessions: s.sessions + c.sessions,
      cart: s.cart + c.cart,
      checkout: s.checkout + c.checkout,
      orders: s.orders + c.orders,
      sales: s.sales + c.sales,
    }),
    { sessions: 0, cart: 0, checkout: 0, orders: 0, sales: 0 },
  );
  const label = (k: string) =>
    groupBy === 'source_medium'
      ? k
          .split(' / ')
          .map((p) => none(p))
          .join(' / ')
      : none(k);
  return {
    fromTime: r.fromTime,
    toTime: r.toTime,
    groupBy,
    timezone: r.timezone,
    currency,
    rows: list.map((c) => ({ key: c.key, label: label(c.key), ...utmFigures(c) })),
    totals: utmFigures(total),
  };
}

/**
 * A report as CSV (lib/csv-export.ts): a header of the figure names, one line per row, then a "Total" line. Figures
 * stay numbers; a group label that starts like a formula (a UTM source `=cmd…`) gets a leading quote.
 */
export function reportCsv<T extends { key: string; label: string }>(
  rowsIn: T[],
  totals: Omit<T, 'key' | 'label'>,
  columns: string[],
): string {
  const line = (label: string, x: Record<string, unknown>) => [label, ...columns.map((c) => x[c])];
  return toCsv([['group', ...columns], ...rowsIn.map((x) => line(x.label, x)), line('Total', totals as Record<string, unknown>)]);
}

// Ad spend (issue 17 item 3).

const toEntry = (x: { id: string; day: string; channel: string; amount_cents: number; created_at: Date | string }): AdSpendEntry => ({
  id: x.id,
  date: x.day,
  channel: x.channel as AdSpendEntry['channel'],
  amount: majorFromCents(x.amount_cents),
  createdAt: new Date(x.created_at).toISOString(),
});

/** Ad spend of a store, newest day first, optionally within [fromTime, toTime]; with the count. */
export async function listAdSpend(
  db: Db,
  storeId: string,
  q: { fromTime?: string; toTime?: string; page: number; limit: number },
): Promise<AdSpendList> {
  const where = sql`a.store_id = ${storeId}::uuid
    ${q.fromTime ? sql`and a.day >= ${q.fromTime}::date` : sql``}
    ${q.toTime ? sql`and a.day <= ${q.toTime}::date` : sql``}`;
  const [items, [count]] = await Promise.all([
    rows<{ id: string; day: string; channel: string; amount_cents: number; created_at: Date | string }>(
      db,
      sql`select a.id, to_char(a.day, 'YYYY-MM-DD') as day, a.channel, a.amount_cents, a.created_at from ad_spend a where ${where}
          order by a.day desc, a.created_at desc limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
    ),
    rows<{ n: number }>(db, sql`select count(*)::int as n from ad_spend a where ${where}`),
  ]);
  return { items: items.map(toEntry), total: count?.n ?? 0 };
}

/** Adds one day's spend on a channel (amount in major units → cents). */
export async function addAdSpend(db: Db, storeId: string, userId: string | null, body: AdSpendBody): Promise<AdSpendEntry> {
  const [x] = await rows<{ id: string; day: string; channel: string; amount_cents: number; created_at: Date | string }>(
    db,
    sql`insert into ad_spend (store_id, day, channel, amount_cents, created_by)
        values (${storeId}::uuid, ${body.date}::date, ${body.channel}, ${centsFromMajor(body.amount)}, ${userId}::uuid)
        returning id, to_char(day, 'YYYY-MM-DD') as day, channel, amount_cents, created_at`,
  );
  return toEntry(x!);
}

/** Deletes an entry of the store; 404 when it is not one (another store's id included). */
export async function deleteAdSpend(db: Db, storeId: string, id: string): Promise<void> {
  const gone = await rows<{ id: string }>(
    db,
    sql`delete from ad_spend where id = ${id}::uuid and store_id = ${storeId}::uuid returning id`,
  );
  if (!gone.length) throw notFound('Ad spend');
}

/**
 * Imports ad spend from a CSV with the columns date, channel, amount (header row first, any order, case-insensitive;
 * csv-parse): valid rows are added in one statement; refused rows are reported with their line and reason. 400 when
 * the text is not CSV or a column is missing.
 */
export async function importAdSpend(db: Db, storeId: string, userId: string | null, text: string): Promise<AdSpendImportReport> {
  let records: Record<string, string>[];
  try {
    records = parse(text.replace(/^\uFEFF/, ''), {
      columns: (h: string[]) => h.map((x) => x.trim().toLowerCase()),
      skip_empty_lines: true,
      trim: true,
    });
  } catch {
    throw badRequest('file: not a readable CSV');
  }
  const first = records[0];
  for (const col of ['date', 'channel', 'amount']) {
    if (first && !(col in first)) throw badRequest(`file: the column '${col}' is missing (date, channel, amount)`);
  }
  const skipped: { line: number; reason: string }[] = [];
  const good: { day: string; channel: string; cents: number }[] = [];
  records.forEach((x, i) => {
    const line = i + 2;
    const day = x.date ?? '';
    const channel = (x.channel ?? '').toLowerCase();
    const amount = Number((x.amount ?? '').replace(/[$,\s]/g, ''));
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00Z`)))
      skipped.push({ line, reason: 'date: must be a date YYYY-MM-DD' });
    else if (!(AD_CHANNELS as readonly string[]).includes(channel))
      skipped.push({ line, reason: `channel: must be one of ${AD_CHANNELS.join(', ')}` });
    else if (!Number.isFinite(amount) || amount <= 0) skipped.push({ line, reason: 'amount: must be a number more than 0' });
    else good.push({ day, channel, cents: centsFromMajor(amount) });
  });
  if (good.length) {
    await db.execute(
      sql`insert into ad_spend (store_id, day, channel, amount_cents, created_by)
          select ${storeId}::uuid, x.day::date, x.channel, x.cents, ${userId}::uuid
            from jsonb_to_recordset(${JSON.stringify(good)}::jsonb) as x(day text, channel text, cents int)`,
    );
  }
  return { imported: good.length, skipped };
}

/**
 * Writes the config's processing-fee rates (PAYOUT_FEE_BPS, PAYOUT_FEE_FIXED_CENTS) as the basis of the report
 * roll-ups' fees (`report_fee_basis`, migration 0026); when they differ from the stored ones, every bucket's fees are
 * recomputed from the paid orders in the same statement (the day roll-ups follow by trigger), so Estimated profit's
 * payment fees stay the payout ledger's (payout/ledger.ts `processingFeeSql`). Returns whether the rates changed.
 * Called when the app starts (reports routes, onReady).
 */
export async function syncReportFeeBasis(db: Db, config: Config): Promise<boolean> {
  const { feeBps, feeFixedCents } = config.payout;
  const [r] = await rows<{ changed: boolean }>(db, sql`select reports_fee_basis_set(${feeBps}::int, ${feeFixedCents}::int) as changed`);
  return r?.changed === true;
}
