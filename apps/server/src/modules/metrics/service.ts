import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.js';
import { majorFromCents } from '../../lib/money.js';
import { resolveRange } from '../../lib/time-range.js';
import { aovMajor, conversionRatePercent, figureRows, isOpenOrder } from './definitions.js';

/** Width of a roll-up bucket (analytics_buckets.bucket), ms. */
const BUCKET_MS = 15 * 60 * 1000;

/**
 * Figures of a period over some stores, in cents and counts (definitions.ts): orders, total sales (returns on the
 * refund's day), online-store total sales, order value (AOV's numerator), sessions and the four funnel steps.
 */
export interface PeriodTotals {
  orders: number;
  totalSalesCents: number;
  onlineSalesCents: number;
  orderValueCents: number;
  sessions: number;
  viewStore: number;
  addToCart: number;
  reachedCheckout: number;
  purchased: number;
}

/** The instants [start, end) of fromTime/toTime (YYYY-MM-DD local days or ISO instants) in `timezone`; 400 on bad input. */
export async function periodBounds(db: Db, fromTime: string, toTime: string, timezone: string): Promise<{ start: Date; end: Date }> {
  const r = resolveRange(fromTime, toTime, timezone);
  const [b] = await rows<{ s: Date | string; e: Date | string }>(db, sql`select ${r.start} as s, ${r.end} as e`);
  return { start: new Date(b!.s), end: new Date(b!.e) };
}

/**
 * Totals of `storeIds` in [start, end): whole 15-minute buckets from the roll-up `analytics_buckets` (kept by the
 * triggers of migration 0029 with these definitions), the partial edges of an instant range from `figureRows`.
 * Sessions and funnel steps come from whole buckets only (every local-day range is whole buckets).
 */
export async function periodTotals(db: Db, storeIds: string[], start: Date, end: Date): Promise<PeriodTotals> {
  const s = start.getTime();
  const e = end.getTime();
  const as = Math.ceil(s / BUCKET_MS) * BUCKET_MS;
  const ae = Math.floor(e / BUCKET_MS) * BUCKET_MS;
  const ids = sql.join(
    storeIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const parts = [];
  const edges: [Date, Date][] = as >= ae ? [[start, end]] : [];
  if (as < ae) {
    parts.push(sql`select sum(paid_orders)::bigint as n, sum(paid_sales_cents)::bigint as c, sum(online_sales_cents)::bigint as o,
                          sum(order_value_cents)::bigint as v, sum(visitors)::bigint as vi, sum(view_store)::bigint as vs,
                          sum(add_to_cart)::bigint as ac, sum(reached_checkout)::bigint as rc, sum(purchased)::bigint as p
                   from analytics_buckets
                   where store_id in (${ids}) and bucket >= ${new Date(as).toISOString()}::timestamptz
                     and bucket < ${new Date(ae).toISOString()}::timestamptz`);
    if (s < as) edges.push([start, new Date(as)]);
    if (ae < e) edges.push([new Date(ae), end]);
  }
  for (const [lo, hi] of edges) {
    parts.push(sql`select sum(x.n), sum(x.c), sum(x.o), sum(x.v), 0, 0, 0, 0, 0 from (${figureRows(storeIds, lo, hi)}) x`);
  }
  const [r] = await rows<Record<'n' | 'c' | 'o' | 'v' | 'vi' | 'vs' | 'ac' | 'rc' | 'p', number | null>>(
    db,
    sql`select coalesce(sum(n), 0)::bigint as n, coalesce(sum(c), 0)::bigint as c, coalesce(sum(o), 0)::bigint as o,
               coalesce(sum(v), 0)::bigint as v, coalesce(sum(vi), 0)::bigint as vi, coalesce(sum(vs), 0)::bigint as vs,
               coalesce(sum(ac), 0)::bigint as ac, coalesce(sum(rc), 0)::bigint as rc, coalesce(sum(p), 0)::bigint as p
        from (${sql.join(parts, sql` union all `)}) t`,
  );
  const n = (k: keyof NonNullable<typeof r>) => Number(r?.[k] ?? 0);
  return {
    orders: n('n'),
    totalSalesCents: n('c'),
    onlineSalesCents: n('o'),
    orderValueCents: n('v'),
    sessions: n('vi'),
    viewStore: n('vs'),
    addToCart: n('ac'),
    reachedCheckout: n('rc'),
    purchased: n('p'),
  };
}

/** Home's figures of a period: total sales (major units) and orders (spec §7 "total_sales and total_orders"). */
export async function salesAndOrders(
  db: Db,
  storeIds: string[],
  fromTime: string,
  toTime: string,
  timezone: string,
): Promise<{ totalSales: number; totalOrders: number; aov: number; conversionRate: number }> {
  const { start, end } = await periodBounds(db, fromTime, toTime, timezone);
  const t = await periodTotals(db, storeIds, start, end);
  return {
    totalSales: majorFromCents(t.totalSalesCents),
    totalOrders: t.orders,
    aov: aovMajor(t.orderValueCents, t.orders),
    conversionRate: conversionRatePercent(t.purchased, t.sessions),
  };
}

/** Open orders of the store (definitions.ts `isOpenOrder`): the home count and the Orders list's Unfulfilled tab. */
export async function openOrdersCount(db: Db, storeId: string): Promise<number> {
  const [r] = await rows<{ n: number }>(
    db,
    sql`select count(*)::bigint as n from orders o where o.store_id = ${storeId}::uuid and ${isOpenOrder('o')}`,
  );
  return Number(r?.n ?? 0);
}
