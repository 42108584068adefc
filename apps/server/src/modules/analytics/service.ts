import {
  addDaysToDate,
  type DashboardFiguresResponse,
  endOfLocalDate,
  FUNNEL_STEPS,
  localDate,
  type PaidOrderRow,
  type SeriesGranularity,
  type SeriesResponse,
} from '@backroom/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, preparedText, rows } from '../../db/client.js';
import { analyticsBuckets, analyticsSessions } from '../../db/schema/index.js';
import { badRequest } from '../../lib/errors.js';
import { majorFromCents } from '../../lib/money.js';
import { storeTimezone } from '../../lib/store-timezone.js';
import { assertTimezone, resolveRange } from '../../lib/time-range.js';
import { aovMajor, conversionRatePercent, figureRows, isCountedOrder } from '../metrics/index.js';

/** Width of a roll-up bucket (analytics_buckets.bucket), in ms: 15 minutes, so any IANA offset regroups exactly. */
export const BUCKET_MS = 15 * 60 * 1000;

/**
 * A resolved Overview range: the half-open instant range [start, end) plus the local dates it spans in
 * `timezone` and today's local date there (spec admin-dashboard §4 Overview, §9 query date format YYYY-MM-DD).
 */
export interface AnalyticsWindow {
  start: Date;
  end: Date;
  timezone: string;
  /** Local date (YYYY-MM-DD) of `start`. */
  fromDate: string;
  /** Local date (YYYY-MM-DD) of the last instant before `end`. */
  lastDate: string;
  /** Today's local date in `timezone`. */
  today: string;
}

/**
 * Resolves fromTime/toTime (YYYY-MM-DD local days or ISO instants, see lib/time-range.ts) in `timezone`, with the
 * bounds computed by PostgreSQL (DST-correct). `now` overrides the clock for "today" (tests). Throws 400 on a bad
 * value or an empty range.
 */
export async function resolveWindow(db: Db, fromTime: string, toTime: string, timezone: string, now?: Date): Promise<AnalyticsWindow> {
  // Bounds of local dates never change (one timezone database per process): answer them from memory, and today
  // from the clock. Only windows of two valid dates are remembered, so a hit needs no validation again (issue 14
  // item 1: validating and reading dates through date-fns was ~15 % of the Overview call's CPU). ISO instants and
  // an explicit `now` (tests) always ask PostgreSQL.
  const cacheKey = `${fromTime}|${toTime}|${timezone}`;
  const known = now ? undefined : windowCache.get(cacheKey);
  if (known) return { ...known, today: todayIn(timezone) };
  const r = resolveRange(fromTime, toTime, timezone);
  const nowSql = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
  const [row] = await rows<{ s: Date | string; e: Date | string; from_date: string; last_date: string; today: string }>(
    db,
    sql`select ${r.start} as s, ${r.end} as e,
               to_char(${r.start} at time zone ${timezone}, 'YYYY-MM-DD') as from_date,
               to_char((${r.end} - interval '1 microsecond') at time zone ${timezone}, 'YYYY-MM-DD') as last_date,
               to_char(${nowSql} at time zone ${timezone}, 'YYYY-MM-DD') as today`,
  );
  const start = new Date(row!.s);
  const end = new Date(row!.e);
  if (!(end.getTime() > start.getTime())) throw badRequest('toTime: must be after fromTime');
  const w = { start, end, timezone, fromDate: row!.from_date, lastDate: row!.last_date, today: row!.today };
  if (!now && r.fromDate && r.toDate) remember(windowCache, cacheKey, w);
  return w;
}

/** Today's local date per time zone, with the instant (ms) its day ends: recomputed once per local day. */
const todayCache = new Map<string, { date: string; untilMs: number }>();

/** Today's local date (YYYY-MM-DD) in `timezone` (a valid IANA zone), read from the clock once per local day. */
function todayIn(timezone: string): string {
  const nowMs = Date.now();
  const known = todayCache.get(timezone);
  if (known && nowMs < known.untilMs) return known.date;
  const date = localDate(nowMs, timezone);
  remember(todayCache, timezone, { date, untilMs: endOfLocalDate(date, timezone) });
  return date;
}

/** Bounded memo of immutable answers (local-date windows, hour labels), oldest evicted first. */
const CACHE_MAX = 2000;
const windowCache = new Map<string, AnalyticsWindow>();
const hourLabelCache = new Map<string, string[]>();
function remember<T>(m: Map<string, T>, k: string, v: T): void {
  if (m.size >= CACHE_MAX) m.delete(m.keys().next().value!);
  m.set(k, v);
}

/**
 * Splits [start, end) into the whole 15-minute buckets the roll-up answers and at most two partial edges read
 * from raw rows (only for ISO instants not on a quarter hour; whole local days are always on bucket bounds).
 */
export function splitWindow(start: Date, end: Date): { buckets: [Date, Date] | null; edges: [Date, Date][] } {
  const s = start.getTime();
  const e = end.getTime();
  const as = Math.ceil(s / BUCKET_MS) * BUCKET_MS;
  const ae = Math.floor(e / BUCKET_MS) * BUCKET_MS;
  if (as >= ae) return { buckets: null, edges: [[start, end]] };
  const edges: [Date, Date][] = [];
  if (s < as) edges.push([start, new Date(as)]);
  if (ae < e) edges.push([new Date(ae), end]);
  return { buckets: [new Date(as), new Date(ae)], edges };
}

const DAY_MS = 86_400_000;

/**
 * Splits a window of whole 15-minute buckets [start, end) into the whole UTC days inside it (read from
 * `analytics_days`) and the bucket ranges left at its edges; null when it holds no whole UTC day. E.g. 30 local days
 * in America/Los_Angeles → 29 days and two edges of 16 h and 8 h (about 125 rows instead of 2,880).
 */
export function splitDays(start: Date, end: Date): { days: [Date, Date]; edges: [Date, Date][] } | null {
  const s = start.getTime();
  const e = end.getTime();
  const ds = Math.ceil(s / DAY_MS) * DAY_MS;
  const de = Math.floor(e / DAY_MS) * DAY_MS;
  if (ds >= de) return null;
  const edges: [Date, Date][] = [];
  if (s < ds) edges.push([start, new Date(ds)]);
  if (de < e) edges.push([new Date(de), end]);
  return { days: [new Date(ds), new Date(de)], edges };
}

const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const idList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/** Grouping of rows by local time: none (totals), local hour, four-hour block of the day, local day. */
export type Grouping = 'none' | SeriesGranularity;

/**
 * SQL of the group of instant column `t` read in `tz`, as a local timestamp (cheap per row; `groupLabel` formats
 * the few groups afterwards): the local hour, the start of the local four-hour block, or the local day.
 */
function groupKey(t: SQL, tz: string, g: Grouping): SQL {
  switch (g) {
    case 'none':
      return sql`null::timestamp`;
    case 'hour':
      return sql`date_trunc('hour', ${t} at time zone ${tz})`;
    case 'four_hours':
      return sql`date_bin('4 hours', ${t} at time zone ${tz}, timestamp '2000-01-01')`;
    case 'day':
      return sql`date_trunc('day', ${t} at time zone ${tz})`;
  }
}

/** SQL formatting a group key as the series label 'YYYY-MM-DDTHH:mm:ss' ('' for no grouping). */
const groupLabel = (k: SQL) => sql`coalesce(to_char(${k}, 'YYYY-MM-DD"T"HH24:MI:SS'), '')`;

/** A stretch of the window with one UTC offset: from instant `from` on, local = UTC + `offset` seconds. */
export interface OffsetSegment {
  from: Date;
  offset: number;
}
const segmentCache = new Map<string, OffsetSegment[]>();

/**
 * The UTC offsets of `w.timezone` over the window, asked of PostgreSQL once per window (then memoised): the
 * offset at every quarter hour from the bucket of `start` to `end`, kept where it changes. Offsets only change on
 * quarter hours, so every instant of the window reads its local time as UTC + the offset of its segment.
 */
export async function offsetSegments(db: Db, w: AnalyticsWindow): Promise<OffsetSegment[]> {
  const key = `${w.start.toISOString()}|${w.end.toISOString()}|${w.timezone}`;
  const known = segmentCache.get(key);
  if (known) return known;
  const out = await rows<{ at: Date | string; off: number }>(
    db,
    sql`select x.g as at, x.off from (
          select g, extract(epoch from (g at time zone ${w.timezone}) - (g at time zone 'UTC'))::int as off,
                 lag(extract(epoch from (g at time zone ${w.timezone}) - (g at time zone 'UTC'))::int) over (order by g) as prev
          from generate_series(analytics_bucket(${iso(w.start)}), ${iso(w.end)}, interval '15 minutes') g) x
        where x.prev is distinct from x.off
        order by x.g`,
  );
  const segments = out.map((r) => ({ from: new Date(r.at), offset: Number(r.off) }));
  remember(segmentCache, key, segments);
  return segments;
}

/**
 * SQL of the local wall-clock time of instant column `t` as a timestamptz whose UTC reading is the local time
 * (t + offset of its segment): plain arithmetic per row instead of a timezone conversion per row.
 */
function shifted(t: SQL, segments: OffsetSegment[]): SQL {
  const off = (n: number) => sql.raw(`interval '${Math.trunc(n)} seconds'`);
  if (segments.length <= 1) return sql`(${t} + ${off(segments[0]?.offset ?? 0)})`;
  const whens = segments.slice(1).map((seg, i) => sql`when ${t} < ${iso(seg.from)} then ${off(segments[i]!.offset)}`);
  return sql`(${t} + case ${sql.join(whens, sql` `)} else ${off(segments[segments.length - 1]!.offset)} end)`;
}

/** Group key of `t` from its shifted local time (see `shifted`), as a local timestamp like `groupKey`. */
function shiftedGroupKey(t: SQL, segments: OffsetSegment[], g: Grouping): SQL {
  const local = shifted(t, segments);
  const epoch = sql`timestamptz '1970-01-01 00:00:00+00'`;
  switch (g) {
    case 'none':
      return sql`null::timestamp`;
    case 'hour':
      return sql`(date_bin('1 hour', ${local}, ${epoch}) at time zone 'UTC')`;
    case 'four_hours':
      return sql`(date_bin('4 hours', ${local}, ${epoch}) at time zone 'UTC')`;
    case 'day':
      return sql`(date_bin('1 day', ${local}, ${epoch}) at time zone 'UTC')`;
  }
}

/**
 * Order figures of one group (modules/metrics definitions): orders, total sales (returns on the refund's day),
 * online-store total sales and order value (gross − discounts, AOV's numerator), in integer cents.
 */
export interface OrderFigures {
  key: string;
  orders: number;
  salesCents: number;
  onlineCents: number;
  valueCents: number;
}

/**
 * Order figures (modules/metrics: counted orders on their day, refunds on theirs) of `storeIds` in the window,
 * grouped by local time, read from the 15-minute roll-up plus the metrics figure rows of the partial edges. Keys are
 * local wall-clock starts ('' for 'none').
 */
export async function orderFigures(db: Db, storeIds: string[], w: AnalyticsWindow, g: Grouping): Promise<OrderFigures[]> {
  const { buckets, edges } = splitWindow(w.start, w.end);
  const parts: SQL[] = [];
  if (buckets) {
    parts.push(sql`select bucket as t, paid_orders::bigint as n, paid_sales_cents as c, online_sales_cents as o,
                          order_value_cents as v
                   from ${analyticsBuckets}
                   where store_id in (${idList(storeIds)}) and bucket >= ${iso(buckets[0])} and bucket < ${iso(buckets[1])}
                     and (paid_orders <> 0 or paid_sales_cents <> 0)`);
  }
  for (const [lo, hi] of edges) parts.push(figureRows(storeIds, lo, hi));
  const key = g === 'none' ? groupKey(sql`x.t`, w.timezone, g) : shiftedGroupKey(sql`x.t`, await offsetSegments(db, w), g);
  const out = await rows<{ k: string; n: number; c: number; o: number; v: number }>(
    db,
    sql`select ${groupLabel(sql`y.k`)} as k, y.n, y.c, y.o, y.v from (
          select ${key} as k, coalesce(sum(x.n), 0)::bigint as n, coalesce(sum(x.c), 0)::bigint as c, coalesce(sum(x.o), 0)::bigint as o,
                 coalesce(sum(x.v), 0)::bigint as v
          from (${sql.join(parts, sql` union all `)}) x
          group by 1) y`,
  );
  return out.map(toOrderFigures);
}

/** Funnel counts: sessions by their first event of any kind (visitors) and of each step. */
export interface FunnelFigures {
  visitors: number;
  viewStore: number;
  addToCart: number;
  reachedCheckout: number;
  purchased: number;
}

/**
 * Funnel of `storeIds` in the window: distinct visitor sessions whose first event of each step falls in it, from
 * the roll-up plus, for partial edges, the sessions with an event in the edge whose first reach lies in it.
 */
export async function funnelFigures(db: Db, storeIds: string[], w: AnalyticsWindow): Promise<FunnelFigures> {
  const { buckets, edges } = splitWindow(w.start, w.end);
  const parts: SQL[] = [];
  if (buckets) {
    parts.push(sql`select sum(visitors)::bigint as vi, sum(view_store)::bigint as v, sum(add_to_cart)::bigint as c,
                          sum(reached_checkout)::bigint as k, sum(purchased)::bigint as p
                   from ${analyticsBuckets}
                   where store_id in (${idList(storeIds)}) and bucket >= ${iso(buckets[0])} and bucket < ${iso(buckets[1])}`);
  }
  for (const [lo, hi] of edges) {
    const inEdge = (col: SQL) => sql`count(*) filter (where ${col} >= ${iso(lo)} and ${col} < ${iso(hi)})`;
    parts.push(sql`select ${inEdge(sql`least(s.view_at, s.cart_at, s.checkout_at, s.purchase_at)`)} as vi,
                          ${inEdge(sql`s.view_at`)} as v, ${inEdge(sql`s.cart_at`)} as c,
                          ${inEdge(sql`s.checkout_at`)} as k, ${inEdge(sql`s.purchase_at`)} as p
                   from ${analyticsSessions} s
                   where (s.store_id, s.visitor_session_id) in (
                     select e.store_id, e.visitor_session_id from storefront_events e
                     where e.store_id in (${idList(storeIds)}) and e.occurred_at >= ${iso(lo)} and e.occurred_at < ${iso(hi)})`);
  }
  const [r] = await rows<{ vi: number; v: number; c: number; k: number; p: number }>(
    db,
    sql`select coalesce(sum(vi), 0)::bigint as vi, coalesce(sum(v), 0)::bigint as v, coalesce(sum(c), 0)::bigint as c,
               coalesce(sum(k), 0)::bigint as k, coalesce(sum(p), 0)::bigint as p
        from (${sql.join(parts, sql` union all `)}) x`,
  );
  return {
    visitors: Number(r!.vi),
    viewStore: Number(r!.v),
    addToCart: Number(r!.c),
    reachedCheckout: Number(r!.k),
    purchased: Number(r!.p),
  };
}

/** A grouped figures row (k, n, c, o, v) → OrderFigures. */
const toOrderFigures = (r: { k: string; n: number; c: number; o: number; v: number }): OrderFigures => ({
  key: r.k,
  orders: Number(r.n),
  salesCents: Number(r.c),
  onlineCents: Number(r.o),
  valueCents: Number(r.v),
});

/**
 * Builds the dashboard figures of §3 from order and funnel figures (shared by the roll-up and raw-scan paths), with
 * modules/metrics' AOV ((gross − discounts) ÷ orders) and conversion rate (purchased sessions ÷ sessions).
 */
export function toDashboard(o: OrderFigures | undefined, f: FunnelFigures): DashboardFiguresResponse {
  const orders = o?.orders ?? 0;
  const cents = o?.salesCents ?? 0;
  const visits = [f.viewStore, f.addToCart, f.reachedCheckout, f.purchased];
  return {
    totalSales: majorFromCents(cents),
    totalOrders: orders,
    aov: aovMajor(o?.valueCents ?? 0, orders),
    conversionRate: conversionRatePercent(f.purchased, f.visitors),
    visitors: f.visitors,
    onlineStoreSales: majorFromCents(o?.onlineCents ?? 0),
    funnel: FUNNEL_STEPS.map((step, i) => ({ step, visits: visits[i]! })),
  };
}

/** The Overview totals' SQL text per shape (stores, whether whole UTC days are read, bucket ranges), built once. */
const dashboardTexts = new Map<string, string>();

/**
 * SQL of the Overview totals over `stores` store ids ($1…), then an `analytics_days` range when `days`, then
 * `bucketRanges` ranges of `analytics_buckets` (each range two timestamptz parameters, start inclusive, end
 * exclusive), summed into one row n, c, o, vi, v, a, k, p.
 */
function dashboardText(stores: number, days: boolean, bucketRanges: number): string {
  const key = `${stores}|${days}|${bucketRanges}`;
  let text = dashboardTexts.get(key);
  if (text) return text;
  let i = stores;
  const ids = Array.from({ length: stores }, (_, k) => `$${k + 1}::uuid`).join(', ');
  const sums = `coalesce(sum(paid_orders), 0)::bigint as n, coalesce(sum(paid_sales_cents), 0)::bigint as c,
                coalesce(sum(online_sales_cents), 0)::bigint as o, coalesce(sum(order_value_cents), 0)::bigint as ov,
                coalesce(sum(visitors), 0)::bigint as vi,
                coalesce(sum(view_store), 0)::bigint as v, coalesce(sum(add_to_cart), 0)::bigint as a,
                coalesce(sum(reached_checkout), 0)::bigint as k, coalesce(sum(purchased), 0)::bigint as p`;
  const range = (table: string, column: string) =>
    `select ${sums} from ${table} where store_id in (${ids}) and ${column} >= $${++i}::timestamptz and ${column} < $${++i}::timestamptz`;
  const parts = [
    ...(days ? [range('analytics_days', 'day')] : []),
    ...Array.from({ length: bucketRanges }, () => range('analytics_buckets', 'bucket')),
  ];
  text = `select sum(n) as n, sum(c) as c, sum(o) as o, sum(ov) as ov, sum(vi) as vi, sum(v) as v, sum(a) as a, sum(k) as k, sum(p) as p
          from (${parts.join(' union all ')}) x`;
  dashboardTexts.set(key, text);
  return text;
}

/**
 * GET /api/analytics/dashboard figures (spec §3 shared dashboard figures, §7): totals of paid orders and the
 * funnel over `storeIds` in the window, from the roll-ups.
 */
export async function dashboardFigures(db: Db, storeIds: string[], w: AnalyticsWindow): Promise<DashboardFiguresResponse> {
  const { buckets, edges } = splitWindow(w.start, w.end);
  if (buckets && edges.length === 0) {
    // Whole buckets only (every YYYY-MM-DD range): one pass over the roll-ups answers orders and funnel — whole UTC
    // days from `analytics_days`, the rest of the window from the 15-minute buckets at its two edges. One named
    // prepared statement whose text is built once per shape (issue 14 item 1).
    const inner = splitDays(buckets[0], buckets[1]);
    const ranges = inner ? [inner.days, ...inner.edges] : [buckets];
    const params: unknown[] = [...storeIds];
    for (const [lo, hi] of ranges) params.push(lo.toISOString(), hi.toISOString());
    const [r] = await preparedText<{ n: number; c: number; o: number; ov: number; vi: number; v: number; a: number; k: number; p: number }>(
      db,
      'dashboard_figures',
      dashboardText(storeIds.length, !!inner, ranges.length - (inner ? 1 : 0)),
      params,
    );
    return toDashboard(
      { key: '', orders: Number(r!.n), salesCents: Number(r!.c), onlineCents: Number(r!.o), valueCents: Number(r!.ov) },
      { visitors: Number(r!.vi), viewStore: Number(r!.v), addToCart: Number(r!.a), reachedCheckout: Number(r!.k), purchased: Number(r!.p) },
    );
  }
  const [o] = await orderFigures(db, storeIds, w, 'none');
  const f = await funnelFigures(db, storeIds, w);
  return toDashboard(o, f);
}

/**
 * The labels of a series over the window (local wall-clock starts, 'YYYY-MM-DDTHH:mm:ss'): every local hour the
 * window touches (asked of PostgreSQL, so DST days have 23 or 24 distinct hours), the six four-hour blocks of the
 * day, or every local day from fromDate to lastDate.
 */
export async function seriesLabels(db: Db, w: AnalyticsWindow, g: SeriesGranularity): Promise<string[]> {
  if (g === 'four_hours') return [0, 4, 8, 12, 16, 20].map((h) => `${w.fromDate}T${String(h).padStart(2, '0')}:00:00`);
  if (g === 'day') {
    const out: string[] = [];
    for (let d = w.fromDate; d <= w.lastDate; d = addDaysToDate(d, 1)) out.push(`${d}T00:00:00`);
    return out;
  }
  const cacheKey = `${w.start.toISOString()}|${w.end.toISOString()}|${w.timezone}`;
  const cached = hourLabelCache.get(cacheKey);
  if (cached) return cached;
  const res = await rows<{ k: string }>(
    db,
    sql`select ${groupLabel(sql`h.k`)} as k from (
          select distinct ${groupKey(sql`g`, w.timezone, 'hour')} as k
          from generate_series(analytics_bucket(${iso(w.start)}), ${iso(w.end)} - interval '1 microsecond', interval '15 minutes') g) h
        order by 1`,
  );
  const labels = res.map((r) => r.k);
  remember(hourLabelCache, cacheKey, labels);
  return labels;
}

/** Which series: paid sales (major units), paid orders (count) or AOV (major units) per bucket. */
export type SeriesKind = 'sales' | 'orders' | 'aov';

/**
 * The grouping rules of spec §4 Overview: a single local day → sales by hour, orders and AOV in the six
 * four-hour blocks; several days → every series by local day.
 */
export function granularityOf(kind: SeriesKind, w: AnalyticsWindow): SeriesGranularity {
  if (w.fromDate !== w.lastDate) return 'day';
  return kind === 'sales' ? 'hour' : 'four_hours';
}

/** One series value from a group's figures. */
function seriesValue(kind: SeriesKind, f: OrderFigures | undefined): number {
  if (!f) return 0;
  if (kind === 'sales') return majorFromCents(f.salesCents);
  if (kind === 'orders') return f.orders;
  return aovMajor(f.valueCents, f.orders);
}

/** Figure source: the roll-up (`orderFigures`) or, for the benchmark and tests, a raw scan of `orders`. */
export type OrderSource = (db: Db, storeIds: string[], w: AnalyticsWindow, g: Grouping) => Promise<OrderFigures[]>;

/**
 * A series of spec §3/§4 (GET /api/analytics/total-sales, total-orders, aov). When the range is exactly today
 * (fromDate = lastDate = today in `timezone`), the sales series carries `compare`: Yesterday's hourly sales at the
 * same local hours. Money in major units (2 decimals).
 */
export async function series(
  db: Db,
  storeIds: string[],
  w: AnalyticsWindow,
  kind: SeriesKind,
  source: OrderSource = orderFigures,
): Promise<SeriesResponse> {
  const g = granularityOf(kind, w);
  const [labels, figures] = await Promise.all([seriesLabels(db, w, g), source(db, storeIds, w, g)]);
  const byKey = new Map(figures.map((f) => [f.key, f]));
  const details: SeriesResponse['details'] = {
    labels,
    dataset: labels.map((l) => seriesValue(kind, byKey.get(l))),
    granularity: g,
    timezone: w.timezone,
  };
  if (kind === 'sales' && w.fromDate === w.today && w.lastDate === w.today) {
    const yesterday = addDaysToDate(w.today, -1);
    const yw = await resolveWindow(db, yesterday, yesterday, w.timezone);
    const yFigures = await source(db, storeIds, yw, 'hour');
    const yByHour = new Map<string, number>();
    for (const f of yFigures) yByHour.set(f.key.slice(11), (yByHour.get(f.key.slice(11)) ?? 0) + f.salesCents);
    details.compare = {
      labels: labels.map((l) => `${yesterday}T${l.slice(11)}`),
      dataset: labels.map((l) => majorFromCents(yByHour.get(l.slice(11)) ?? 0)),
    };
  }
  return { details };
}

/**
 * Raw-scan twin of `orderFigures`: the same answer computed from orders and refunds directly (modules/metrics
 * `figureRows`; the benchmark's baseline and the property tests' oracle). No roll-up involved.
 */
export async function rawOrderFigures(db: Db, storeIds: string[], w: AnalyticsWindow, g: Grouping): Promise<OrderFigures[]> {
  const key = groupKey(sql`x.t`, w.timezone, g);
  const out = await rows<{ k: string; n: number; c: number; o: number; v: number }>(
    db,
    sql`select ${groupLabel(sql`y.k`)} as k, y.n, y.c, y.o, y.v from (
          select ${key} as k, coalesce(sum(x.n), 0)::bigint as n, coalesce(sum(x.c), 0)::bigint as c,
                 coalesce(sum(x.o), 0)::bigint as o, coalesce(sum(x.v), 0)::bigint as v
          from (${figureRows(storeIds, w.start, w.end)}) x
          group by 1) y`,
  );
  return out.map(toOrderFigures);
}

/**
 * Raw-scan twin of `funnelFigures`: each session's first event of each step computed from `storefront_events`
 * (all of the stores' events), counted when it falls in the window.
 */
export async function rawFunnelFigures(db: Db, storeIds: string[], w: AnalyticsWindow): Promise<FunnelFigures> {
  const inW = (col: SQL) => sql`count(*) filter (where ${col} >= ${iso(w.start)} and ${col} < ${iso(w.end)})`;
  const [r] = await rows<{ vi: number; v: number; c: number; k: number; p: number }>(
    db,
    sql`with f as (
          select store_id, visitor_session_id,
                 min(occurred_at) filter (where type = 'view_store') as v,
                 min(occurred_at) filter (where type = 'add_to_cart') as c,
                 min(occurred_at) filter (where type = 'reached_checkout') as k,
                 min(occurred_at) filter (where type = 'purchased') as p,
                 min(occurred_at) as first_at
          from storefront_events
          where store_id in (${idList(storeIds)}) and type in ('view_store', 'add_to_cart', 'reached_checkout', 'purchased')
          group by 1, 2)
        select ${inW(sql`first_at`)} as vi, ${inW(sql`v`)} as v, ${inW(sql`c`)} as c, ${inW(sql`k`)} as k, ${inW(sql`p`)} as p from f`,
  );
  return {
    visitors: Number(r!.vi),
    viewStore: Number(r!.v),
    addToCart: Number(r!.c),
    reachedCheckout: Number(r!.k),
    purchased: Number(r!.p),
  };
}

/** Raw-scan twin of `dashboardFigures`. */
export async function rawDashboardFigures(db: Db, storeIds: string[], w: AnalyticsWindow): Promise<DashboardFiguresResponse> {
  const [o] = await rawOrderFigures(db, storeIds, w, 'none');
  return toDashboard(o, await rawFunnelFigures(db, storeIds, w));
}

/**
 * The timezone an Overview call reads its range in: `requested` when given (400 when not an IANA zone), else the
 * first store's standardTimezone, else America/Los_Angeles (spec §3 page preference, §9 default timezone).
 */
export async function timezoneFor(db: Db, storeIds: string[], requested: string | undefined, field = 'timezone'): Promise<string> {
  if (requested) return assertTimezone(requested, field);
  return storeTimezone(db, storeIds[0]!);
}

/**
 * One page of paid orders (modules/metrics `isCountedOrder`, created_at in the window) over `storeIds`, newest first
 * (spec §3 order row, §7 paid orders). grandTotal in major units; dates as ISO instants.
 */
export async function paidOrders(db: Db, storeIds: string[], w: AnalyticsWindow, page: number, limit: number): Promise<PaidOrderRow[]> {
  const out = await rows<{
    id: string;
    store_id: string;
    order_name: string;
    customer_info: unknown;
    captured_date: Date | string | null;
    created_at: Date | string;
    grand_total_cents: number;
    currency: string;
    payment_name: string;
    payment_source: unknown;
    financial_status: string;
  }>(
    db,
    sql`select id, store_id, order_name, customer_info, captured_date, created_at, grand_total_cents, currency,
               payment_name, payment_source, financial_status
        from orders
        where store_id in (${idList(storeIds)}) and ${isCountedOrder()}
          and created_at >= ${iso(w.start)} and created_at < ${iso(w.end)}
        order by created_at desc, id desc
        limit ${limit} offset ${(page - 1) * limit}`,
  );
  return out.map((r) => ({
    id: r.id,
    storeId: r.store_id,
    orderName: r.order_name,
    customerInfo: Array.isArray(r.customer_info) ? (r.customer_info as PaidOrderRow['customerInfo']) : [],
    capturedDate: r.captured_date ? new Date(r.captured_date).toISOString() : null,
    createdAt: new Date(r.created_at).toISOString(),
    grandTotal: majorFromCents(Number(r.grand_total_cents)),
    currency: r.currency,
    paymentName: r.payment_name,
    paymentSource: r.payment_source && typeof r.payment_source === 'object' ? (r.payment_source as PaidOrderRow['paymentSource']) : null,
    financialStatus: r.financial_status,
  }));
}

/** Number of paid orders in the window (the roll-up's count; equals the rows `paidOrders` pages through). */
export async function paidOrdersCount(db: Db, storeIds: string[], w: AnalyticsWindow): Promise<number> {
  const [o] = await orderFigures(db, storeIds, w, 'none');
  return o?.orders ?? 0;
}

/** Collections of `storeIds` whose title or handle contains `search` (case-insensitive), by title, at most 20. */
export async function searchCollections(db: Db, storeIds: string[], search: string): Promise<{ title: string; handle: string }[]> {
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return rows<{ title: string; handle: string }>(
    db,
    sql`select title, handle from collections
        where store_id in (${idList(storeIds)}) and (title ilike ${pattern} or handle ilike ${pattern})
        order by title, handle limit 20`,
  );
}
