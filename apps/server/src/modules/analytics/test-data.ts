import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/client.js';

/** An order as the analytics tests write it: money in cents, times as instants. */
export interface TestOrder {
  createdAt: Date;
  cents: number;
  status?: string;
  source?: string;
  name?: string;
  fullName?: string;
  card?: string | null;
  paymentName?: string;
}

/**
 * Inserts orders into `storeId` with one multi-row INSERT (so the statement trigger sees them together), numbering
 * them after the store's highest order_number. Returns the new ids in input order.
 */
export async function insertOrders(db: Db, storeId: string, list: TestOrder[]): Promise<string[]> {
  if (list.length === 0) return [];
  const [m] = await rows<{ n: number }>(
    db,
    sql`select coalesce(max(order_number), 1000)::int as n from orders where store_id = ${storeId}::uuid`,
  );
  const base = Number(m?.n ?? 1000);
  const values = list.map((o, i) => {
    const num = base + i + 1;
    const status = o.status ?? 'paid';
    const info = JSON.stringify([{ full_name: o.fullName ?? `Buyer ${num}`, email: `b${num}@example.test` }]);
    const source = o.card === null ? null : JSON.stringify({ card: { type: o.card ?? 'visa' } });
    return sql`(${storeId}::uuid, ${num}, ${o.name ?? `#${num}`}, ${info}::jsonb, ${o.cents}, ${o.cents}, ${status},
                ${o.paymentName ?? 'Stripe'}, ${source}::jsonb, ${o.source ?? 'online_store'},
                ${status === 'paid' ? o.createdAt.toISOString() : null}::timestamptz, ${o.createdAt.toISOString()}::timestamptz)`;
  });
  const out = await rows<{ id: string }>(
    db,
    sql`insert into orders (store_id, order_number, order_name, customer_info, subtotal_cents, grand_total_cents, financial_status,
                            payment_name, payment_source, source_name, captured_date, created_at)
        values ${sql.join(values, sql`, `)} returning id`,
  );
  return out.map((r) => r.id);
}

/** A storefront event as the tests write it. */
export interface TestEvent {
  session: string;
  type: 'view_store' | 'add_to_cart' | 'reached_checkout' | 'purchased';
  at: Date;
}

/** Inserts storefront events into `storeId` with one multi-row INSERT. */
export async function insertEvents(db: Db, storeId: string, list: TestEvent[]): Promise<void> {
  if (list.length === 0) return;
  await db.execute(
    sql`insert into storefront_events (store_id, visitor_session_id, type, occurred_at)
        values ${sql.join(
          list.map((e) => sql`(${storeId}::uuid, ${e.session}, ${e.type}, ${e.at.toISOString()}::timestamptz)`),
          sql`, `,
        )}`,
  );
}
