/**
 * Money units and the paid-order rule, declared once for the home dashboard, the analytics Overview, the orders
 * and customers modules (issue 15 "the paid-order rule and the money units in one server module"; issue 12 item 2).
 *
 * Units: the database and every computation keep integer **cents** (`…Cents` names); the API answers amounts in
 * the store currency's **major unit** rounded to 2 decimals (spec admin-dashboard §9 "Price display rounded to 2
 * decimals"). Convert only at the edge, with `majorFromCents` / `centsFromMajor`.
 *
 * Paid order (spec admin-dashboard §7 "Total sales and total orders reports", §4 Overview; issue 12 item 2): an
 * order whose payment was captured — `financial_status` paid, partially_refunded or refunded — timed by its
 * `created_at` (the order's day). It counts as one order, and its sales are **net of refunds**:
 * `grand_total_cents − refunded_cents`, so a refund lowers the sales of the order's day by exactly the refunded
 * amount, whenever it is given. Pending, authorized, partially paid and voided orders (nothing captured) are not
 * paid orders.
 *
 * Period figures (home, Overview, reports, live view: total sales, orders, AOV…) do NOT use `netSalesCents`: since
 * issue 30 they are defined once in `modules/metrics` (returns on the day of the REFUND, Shopify's rule; migration
 * 0029 keeps the roll-ups by it). What is left here serves per-order and per-customer amounts (an order's net
 * payment, a customer's lifetime amount spent, the payout ledger).
 */
import { type SQL, sql } from 'drizzle-orm';

/** The `orders.financial_status` values of a paid order (captured money, possibly refunded since). */
export const PAID_FINANCIAL_STATUSES = ['paid', 'partially_refunded', 'refunded'] as const;

const column = (table: string | undefined, name: string) => sql.raw(table ? `${table}.${name}` : name);

/**
 * SQL condition "this row is a paid order" for the `orders` table (or its alias `table`, e.g. 'o'), to use in a
 * WHERE clause: `financial_status in ('paid', 'partially_refunded', 'refunded')`. Pair it with a `created_at`
 * range: a paid order is timed by created_at.
 */
export function isPaidOrder(table?: string): SQL {
  return sql`${column(table, 'financial_status')} in (${sql.raw(PAID_FINANCIAL_STATUSES.map((s) => `'${s}'`).join(', '))})`;
}

/**
 * SQL expression of an order row's net sales in cents: `grand_total_cents − refunded_cents` (never negative: a
 * refund never exceeds the grand total). Sum it over `isPaidOrder` rows.
 */
export function netSalesCents(table?: string): SQL {
  return sql`(${column(table, 'grand_total_cents')} - ${column(table, 'refunded_cents')})`;
}

/** Integer cents → major units rounded to 2 decimals (1999 → 19.99; 1999.6 → 20). */
export function majorFromCents(cents: number): number {
  return Math.round(cents) / 100;
}

/**
 * Major units as the admin sends them (19.99) → integer cents (1999), rounded to the nearest cent so binary
 * fractions (0.1 + 0.2) land right. Callers validate the range; NaN/Infinity never reach here (zod refuses them).
 */
export function centsFromMajor(major: number): number {
  return Math.round(major * 100);
}

/** Average order value in major units, 2 decimals: `totalCents / orders` rounded to the cent; 0 without orders. */
export function averageMajorFromCents(totalCents: number, orders: number): number {
  return orders > 0 ? Math.round(totalCents / orders) / 100 : 0;
}
