/**
 * Money units and the paid-order rule, declared once for the home dashboard, the analytics Overview and (later)
 * orders (issue 15 "the paid-order rule and the money units in one server module").
 *
 * Units: the database and every computation keep integer **cents** (`…Cents` names); the API answers amounts in
 * the store currency's **major unit** rounded to 2 decimals (spec admin-dashboard §9 "Price display rounded to 2
 * decimals"). Convert only at the edge, with `majorFromCents`.
 *
 * Paid order (spec admin-dashboard §7 "Total sales and total orders reports", §4 Overview): an order whose
 * `financial_status` is 'paid', timed by its `created_at`. The roll-up triggers of migration
 * `0002_analytics_triggers` apply the same rule inside PostgreSQL (a migration cannot import this file; keep both
 * in step).
 */
import { type SQL, sql } from 'drizzle-orm';

/** The `orders.financial_status` value of a paid order. */
export const PAID_FINANCIAL_STATUS = 'paid';

/**
 * SQL condition "this row is a paid order" for the `orders` table (or its alias `table`, e.g. 'o'), to use in a
 * WHERE clause: `financial_status = 'paid'`. Pair it with a `created_at` range: a paid order is timed by created_at.
 */
export function isPaidOrder(table?: string): SQL {
  const column = table ? sql.raw(`${table}.financial_status`) : sql.raw('financial_status');
  return sql`${column} = ${sql.raw(`'${PAID_FINANCIAL_STATUS}'`)}`;
}

/** Integer cents → major units rounded to 2 decimals (1999 → 19.99; 1999.6 → 20). */
export function majorFromCents(cents: number): number {
  return Math.round(cents) / 100;
}

/** Average order value in major units, 2 decimals: `totalCents / orders` rounded to the cent; 0 without orders. */
export function averageMajorFromCents(totalCents: number, orders: number): number {
  return orders > 0 ? Math.round(totalCents / orders) / 100 : 0;
}
