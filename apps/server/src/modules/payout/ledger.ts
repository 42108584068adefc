import type { Balance } from '@backroom/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { type Db, rows } from '../../db/client.js';
import { isPaidOrder, majorFromCents } from '../../lib/money.js';

/**
 * The shop's ledger (issue 10 "Concepts", DESIGN.md "Money": one ledger per shop, every figure reproducible by SQL
 * from its rows). It is not a table that could drift: it is ONE query over the rows the money comes from, in
 * integer cents of the store currency:
 *
 * | kind     | one row per                                          | amount                         | settled when                              |
 * | -------- | ---------------------------------------------------- | ------------------------------ | ----------------------------------------- |
 * | `order`  | paid order (lib/money.ts `isPaidOrder`: captured)    | + grand total                  | placed ≥ `settlementDays` ago             |
 * | `fee`    | paid order                                           | − processing fee (see below)   | with its order                            |
 * | `refund` | `order_refunds` row of a paid order                  | − amount refunded              | at once                                   |
 * | `payout` | payout request not rejected (pending/approved/paid)  | − amount requested             | at once (a request reserves its amount)   |
 *
 * Fee of an order = `round(grand_total × feeBps / 10 000)` (half up, integer arithmetic) + `feeFixedCents`, never
 * more than the grand total. `availableToPayout` = the sum of the settled rows. Refunds follow the paid-order rule of
 * lib/money.ts (net sales = grand total − refunded), so the balance of a shop equals its net paid sales minus fees
 * minus payouts once every order has settled. Fee settings come from the config (`PAYOUT_FEE_*`): changing them
 * changes the fee of past orders too (there is no billing provider recording fees, README).
 */
export function ledgerQuery(config: Config, storeId: string): SQL {
  const { settlementDays } = config.payout;
  const settledBefore = sql`now() - (${settlementDays}::int * interval '1 day')`;
  const fee = processingFeeSql(config, 'o');
  return sql`
    select 'order' as kind, o.id as ref_id, o.grand_total_cents::bigint as amount_cents, o.created_at as at,
           (o.created_at <= ${settledBefore}) as settled
      from orders o where o.store_id = ${storeId}::uuid and ${isPaidOrder('o')}
    union all
    select 'fee', o.id, -(${fee})::bigint, o.created_at, (o.created_at <= ${settledBefore})
      from orders o where o.store_id = ${storeId}::uuid and ${isPaidOrder('o')}
    union all
    select 'refund', r.id, -r.amount_cents::bigint, r.created_at, true
      from order_refunds r join orders o on o.id = r.order_id
     where r.store_id = ${storeId}::uuid and ${isPaidOrder('o')}
    union all
    select 'payout', p.id, -p.amount_cents::bigint, p.created_at, true
      from payout_requests p where p.store_id = ${storeId}::uuid and p.status <> 'rejected'`;
}

/**
 * The processing fee of a paid order of table alias `o`, in cents (SQL bigint): `round(grand_total × feeBps /
 * 10 000)` half up + `feeFixedCents`, never more than the grand total. One source for the ledger and the estimated
 * profit report (issue 17 item 3).
 */
export function processingFeeSql(config: Config, o: string): SQL {
  const { feeBps, feeFixedCents } = config.payout;
  const gt = sql.raw(`${o}.grand_total_cents`);
  return sql`least(${gt}, (${gt}::bigint * ${feeBps}::int + 5000) / 10000 + ${feeFixedCents}::int)`;
}

/** The balance in cents, summed from `ledgerQuery` in the database (bigint sums, exact). */
export interface BalanceCents {
  availableCents: number;
  unsettledCents: number;
  pendingPayoutCents: number;
  paidPayoutCents: number;
  currency: string;
}

/**
 * Sums the ledger of `storeId` (run it inside the payout transaction, after locking the store row, to decide a
 * request). `unsettled` = credits and fees of orders still inside the settlement delay.
 */
export async function balanceCents(db: Db, config: Config, storeId: string): Promise<BalanceCents> {
  const [b] = await rows<{ available: number; unsettled: number; pending: number; paid: number; currency: string }>(
    db,
    sql`select coalesce(sum(amount_cents) filter (where settled), 0)::bigint as available,
               coalesce(sum(amount_cents) filter (where not settled), 0)::bigint as unsettled,
               (select coalesce(sum(amount_cents), 0)::bigint from payout_requests
                 where store_id = ${storeId}::uuid and status in ('pending', 'approved')) as pending,
               (select coalesce(sum(amount_cents), 0)::bigint from payout_requests
                 where store_id = ${storeId}::uuid and status = 'paid') as paid,
               (select currency from stores where id = ${storeId}::uuid) as currency
          from (${ledgerQuery(config, storeId)}) ledger`,
  );
  return {
    availableCents: Number(b?.available ?? 0),
    unsettledCents: Number(b?.unsettled ?? 0),
    pendingPayoutCents: Number(b?.pending ?? 0),
    paidPayoutCents: Number(b?.paid ?? 0),
    currency: b?.currency ?? 'USD',
  };
}

/** GET /api/stores/payout/v2/balance: the balance in major units, 2 decimals (spec §3 Balance, §7). */
export async function getBalance(db: Db, config: Config, storeId: string): Promise<Balance> {
  const b = await balanceCents(db, config, storeId);
  return {
    availableToPayout: majorFromCents(b.availableCents),
    unsettled: majorFromCents(b.unsettledCents),
    pendingPayouts: majorFromCents(b.pendingPayoutCents),
    paidPayouts: majorFromCents(b.paidPayoutCents),
    currency: b.currency,
  };
}
