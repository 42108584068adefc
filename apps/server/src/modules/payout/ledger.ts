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
 * | `refund` | `order_refunds` row of a paid order: its held part   | − held part (see below)        | with its order                            |
 * | `refund` | the same refund: the rest                            | − amount refunded + held part  | at once                                   |
 * | `payout` | payout request not rejected (pending/approved/paid)  | − amount requested             | at once (a request reserves its amount)   |
 *
 * Fee of an order = `round(grand_total × feeBps / 10 000)` (half up, integer arithmetic) + `feeFixedCents`, never
 * more than the grand total. `availableToPayout` = the sum of the settled rows. Refunds follow the paid-order rule of
 * lib/money.ts (net sales = grand total − refunded), so the balance of a shop equals its net paid sales minus fees
 * minus payouts once every order has settled. Fee settings come from the config (`PAYOUT_FEE_*`): changing them
 * changes the fee of past orders too (there is no billing provider recording fees, README).
 *
 * Refunds (issue 30 item 6, as Shopify Payments does): a refund of an order still inside the settlement delay is
 * taken from that order's unsettled amount first — held part = min(refund, max(0, grand total − fee − the order's
 * earlier refunds)), earlier = before it by (created_at, id); only the rest leaves the available balance at once.
 * Once the order settles, the whole refund is settled. A refund is never refused for the balance: one after a
 * payout may take `availableToPayout` below zero; the deficit is deducted from the next payout, and no payout can
 * be requested until the balance is positive again (service.ts `requestPayout`). This replaces issue 10's "no
 * request sequence can make the balance negative"; payouts alone still never overdraw.
 */
export function ledgerQuery(config: Config, storeId: string): SQL {
  const { settlementDays } = config.payout;
  const settledBefore = sql`now() - (${settlementDays}::int * interval '1 day')`;
  const fee = processingFeeSql(config, 'o');
  return sql`
    with refunds as (
      select r.id, r.created_at, r.amount_cents::bigint as amount_cents,
             case when o.created_at <= ${settledBefore} then 0::bigint
                  else least(r.amount_cents::bigint, greatest(0::bigint, o.grand_total_cents::bigint - (${fee})::bigint
                         - coalesce(sum(r.amount_cents) over (partition by r.order_id order by r.created_at, r.id
                                      rows between unbounded preceding and 1 preceding), 0)::bigint))
             end as held
        from order_refunds r join orders o on o.id = r.order_id
       where r.store_id = ${storeId}::uuid and ${isPaidOrder('o')}
    )
    select 'order' as kind, o.id as ref_id, o.grand_total_cents::bigint as amount_cents, o.created_at as at,
           (o.created_at <= ${settledBefore}) as settled
      from orders o where o.store_id = ${storeId}::uuid and ${isPaidOrder('o')}
    union all
    select 'fee', o.id, -(${fee})::bigint, o.created_at, (o.created_at <= ${settledBefore})
      from orders o where o.store_id = ${storeId}::uuid and ${isPaidOrder('o')}
    union all
    select 'refund', x.id, -x.held, x.created_at, false from refunds x
    union all
    select 'refund', x.id, -(x.amount_cents - x.held), x.created_at, true from refunds x
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
