import { and, eq } from 'drizzle-orm';
import { type Db, sql } from '../../db/client.js';
import { orders, storePreferences } from '../../db/schema/index.js';
import { sanitizeMerchantHtml } from '../../lib/html.js';
import { isOpenOrder, openOrdersCount, salesAndOrders } from '../metrics/index.js';

/** Totals of the home dashboard: total sales in major units (2 decimals) and the orders count. */
export interface PaidTotals {
  totalSales: number;
  totalOrders: number;
}

/**
 * Home's "Total sales" and "Total orders" over `storeIds` in [fromTime, toTime] read in IANA `timezone` (spec
 * admin-dashboard §7 "Total sales and total orders reports"), as modules/metrics defines them (issue 30 item 1):
 * orders whose payment was captured, on the day they were placed; total sales = gross − discounts − returns +
 * shipping + taxes with returns on the day of the refund. fromTime/toTime are YYYY-MM-DD local days or ISO
 * instants (lib/time-range.ts); 400 on a bad value.
 */
export async function paidTotals(db: Db, storeIds: string[], fromTime: string, toTime: string, timezone: string): Promise<PaidTotals> {
  const t = await salesAndOrders(db, storeIds, fromTime, toTime, timezone);
  return { totalSales: t.totalSales, totalOrders: t.totalOrders };
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

/**
 * Number of the store's orders matching `filter` (spec §7 Home dashboard "Orders count with
 * fulfillmentStatus=unfulfilled"). `unfulfilled` means Shopify's: open orders — unfulfilled or partially fulfilled,
 * not cancelled, not archived (modules/metrics `openOrdersCount`, the Orders list's Unfulfilled tab; issue 30).
 */
export async function countOrders(db: Db, storeId: string, filter: OrderCountFilter): Promise<number> {
  if (filter.fulfillmentStatus === 'unfulfilled' && !filter.financialStatus) return openOrdersCount(db, storeId);
  const conds = [eq(orders.storeId, storeId)];
  if (filter.fulfillmentStatus === 'unfulfilled') conds.push(sql`${isOpenOrder('orders')}`);
  else if (filter.fulfillmentStatus) conds.push(eq(orders.fulfillmentStatus, filter.fulfillmentStatus));
  if (filter.financialStatus) conds.push(eq(orders.financialStatus, filter.financialStatus));
  return Number(await db.$count(orders, and(...conds)));
}
