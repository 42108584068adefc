import { and, eq } from 'drizzle-orm';
import { type Db, rows, sql } from '../../db/client.js';
import { orders, storePreferences } from '../../db/schema/index.js';
import { sanitizeMerchantHtml } from '../../lib/html.js';
import { isPaidOrder, majorFromCents, netSalesCents } from '../../lib/money.js';
import { resolveRange } from '../../lib/time-range.js';

/** Paid totals of the home dashboard: sales in major units (2 decimals) and the paid-order count. */
export interface PaidTotals {
  totalSales: number;
  totalOrders: number;
}

/**
 * Paid sales (net of refunds) and paid-order count over `storeIds` in [fromTime, toTime] read in IANA `timezone`
 * (spec admin-dashboard §7 "Total sales and total orders reports"; the paid-order rule and units of lib/money.ts).
 * fromTime/toTime are YYYY-MM-DD local days or ISO instants (lib/time-range.ts); 400 on a bad value.
 */
export async function paidTotals(db: Db, storeIds: string[], fromTime: string, toTime: string, timezone: string): Promise<PaidTotals> {
  const r = resolveRange(fromTime, toTime, timezone);
  const [row] = await rows<{ cents: number; n: number }>(
    db,
    sql`select coalesce(sum(${netSalesCents()}), 0)::bigint as cents, count(*)::bigint as n
        from orders
        where store_id in (${sql.join(
          storeIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
          and ${isPaidOrder()}
          and created_at >= ${r.start} and created_at < ${r.end}`,
  );
  return { totalSales: majorFromCents(Number(row?.cents ?? 0)), totalOrders: Number(row?.n ?? 0) };
}

/** The store's custom home HTML (spec §1 Home dashboard custom block), sanitised; '' when none is set. */
export async function customHomeHtml(db: Db, storeId: string): Promise<string> {
  const [p] = await db.select({ html: storePreferences.homeHtml }).from(storePreferences).where(eq(storePreferences.storeId, storeId));
  return sanitizeMerchantHtml(p?.html ?? '');
}

/** Filters of the order count: Shopify-style statuses, each optional (absent = any). */
export interface OrderCountFilter {
  fulfillmentStatus?: string;
  financialStatus?: string;
}

/** Number of the store's orders matching `filter` (spec §7 Home dashboard "unfulfilled orders" count). */
export async function countOrders(db: Db, storeId: string, filter: OrderCountFilter): Promise<number> {
  const conds = [eq(orders.storeId, storeId)];
  if (filter.fulfillmentStatus) conds.push(eq(orders.fulfillmentStatus, filter.fulfillmentStatus));
  if (filter.financialStatus) conds.push(eq(orders.financialStatus, filter.financialStatus));
  return Number(await db.$count(orders, and(...conds)));
}
