import {
  type CancelBody,
  CancelBody as CancelSchema,
  type FulfillmentBody,
  FulfillmentBody as FulfillmentSchema,
  formatInZone,
  formatMoneyCents,
  formatShopDateTime,
  type NoteTagsBody,
  type OrderDetail,
  OrderExportQuery,
  type OrderListQuery,
  type OrderListResponse,
  OrderListQuery as OrderListSchema,
  type OrderRow,
  type OrderTabCounts,
  type RefundBody,
  RefundBody as RefundSchema,
} from '@backroom/contracts';
import type { z } from 'zod';
import { type Db, rows, sql } from '../../db/client.js';
import { orderEvents, orderFulfillments, orderRefunds } from '../../db/schema/index.js';
import { toCsv } from '../../lib/csv-export.js';
import { orderPromise } from '../../lib/delivery-promise.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { centsFromMajor, majorFromCents } from '../../lib/money.js';
import { storeTimezone } from '../../lib/store-timezone.js';
import { orderRenders } from '../designs/index.js';
import { returnStock } from '../inventory/index.js';
import { openOrderText } from '../metrics/index.js';
import {
  CANCEL_REASON_LABELS,
  financialStatusAfterRefund,
  fulfillmentStatusOf,
  isCaptured,
  isClosed,
  type LineMove,
  type LineState,
  lineRefundCents,
  lineStates,
  refundableCents,
  type StoredLine,
  trackingUrlFor,
} from './rules.js';

/** Who acts: the signed-in staff member (author of the timeline entry). */
export interface Actor {
  userId: string;
}

/** An order row as selected from `orders`. */
interface OrderRecord {
  id: string;
  store_id: string;
  order_number: number;
  order_name: string;
  customer_id: string | null;
  customer_info: unknown;
  currency: string;
  subtotal_cents: number;
  shipping_cents: number;
  discount_cents: number;
  discount_applications: unknown;
  tax_cents: number;
  grand_total_cents: number;
  refunded_cents: number;
  financial_status: string;
  fulfillment_status: string;
  payment_name: string;
  payment_source: unknown;
  source_name: string;
  line_items: unknown;
  note: string | null;
  tags: string[];
  captured_date: Date | string | null;
  cancelled_at: Date | string | null;
  cancel_reason: string | null;
  closed_at: Date | string | null;
  created_at: Date | string;
}

interface StoredCustomerInfo {
  full_name?: string;
  email?: string;
  phone?: string;
  address?: { address1?: string; city?: string; zip?: string; country?: string };
}

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());
const infoOf = (o: Pick<OrderRecord, 'customer_info'>): StoredCustomerInfo =>
  (Array.isArray(o.customer_info) ? (o.customer_info[0] as StoredCustomerInfo | undefined) : undefined) ?? {};
const linesOf = (o: Pick<OrderRecord, 'line_items'>): StoredLine[] => (Array.isArray(o.line_items) ? (o.line_items as StoredLine[]) : []);
const cardTypeOf = (source: unknown): string | null => {
  const t = (source as { card?: { type?: unknown } } | null)?.card?.type;
  return typeof t === 'string' && t ? t : null;
};

/** Spec §3: the payment shows as 'Credit/Debit Card' when a card type is known, else the payment name. */
export const paymentLabel = (paymentName: string, paymentSource: unknown) =>
  cardTypeOf(paymentSource) ? 'Credit/Debit Card' : paymentName;

const ORDER_COLUMNS = sql.raw(`o.id, o.store_id, o.order_number, o.order_name, o.customer_id, o.customer_info, o.currency,
  o.subtotal_cents, o.shipping_cents, o.discount_cents, o.discount_applications, o.tax_cents, o.grand_total_cents,
  o.refunded_cents, o.financial_status, o.fulfillment_status, o.payment_name, o.payment_source, o.source_name,
  o.line_items, o.note, o.tags, o.captured_date, o.cancelled_at, o.cancel_reason, o.closed_at, o.created_at`);

/** The list row of an order record. */
function toRow(o: OrderRecord): OrderRow {
  const info = infoOf(o);
  return {
    id: o.id,
    orderNumber: o.order_number,
    orderName: o.order_name,
    createdAt: iso(o.created_at)!,
    customer: { id: o.customer_id, name: info.full_name ?? '', email: info.email ?? '' },
    total: majorFromCents(o.grand_total_cents),
    currency: o.currency,
    financialStatus: o.financial_status,
    fulfillmentStatus: o.fulfillment_status,
    paymentName: o.payment_name,
    paymentLabel: paymentLabel(o.payment_name, o.payment_source),
    itemsCount: linesOf(o).reduce((n, l) => n + (Number(l.quantity) || 0), 0),
    tags: o.tags ?? [],
    sourceName: o.source_name,
    cancelledAt: iso(o.cancelled_at),
    closedAt: iso(o.closed_at),
  };
}

/**
 * SQL condition of each Orders tab (contracts ORDER_TABS). Unfulfilled = open orders as modules/metrics defines
 * them (the home count and its "View orders to fulfill" link read the same condition; issue 30).
 */
const TAB_SQL: Record<OrderTabKey, string> = {
  all: 'true',
  unfulfilled: openOrderText('o'),
  unpaid: "o.cancelled_at is null and o.financial_status in ('pending', 'authorized', 'partially_paid')",
  open: 'o.closed_at is null and o.cancelled_at is null',
  closed: 'o.closed_at is not null',
};
type OrderTabKey = keyof OrderTabCounts;

/** The WHERE conditions of the list filters (the tab aside), in the store's timezone for day ranges. */
function filterConditions(storeId: string, q: z.output<typeof OrderExportQuery>, tz: string) {
  const conds = [sql`o.store_id = ${storeId}::uuid`];
  if (q.search) {
    const s = q.search.replace(/^#/, '');
    const pattern = `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const number = /^\d{1,9}$/.test(s) ? Number(s) : null;
    conds.push(
      sql`(o.order_name ilike ${pattern} or (o.customer_info -> 0 ->> 'full_name') ilike ${pattern}
           or (o.customer_info -> 0 ->> 'email') ilike ${pattern}${number !== null ? sql` or o.order_number = ${number}` : sql``})`,
    );
  }
  if (q.financialStatus) conds.push(sql`o.financial_status = ${q.financialStatus}`);
  if (q.fulfillmentStatus) conds.push(sql`o.fulfillment_status = ${q.fulfillmentStatus}`);
  if (q.paymentMethod) conds.push(sql`o.payment_name = ${q.paymentMethod}`);
  if (q.fromTime && q.toTime && q.fromTime > q.toTime) throw badRequest('fromTime: must not be after toTime');
  if (q.fromTime) conds.push(sql`o.created_at >= ((${q.fromTime}::date)::timestamp at time zone ${tz})`);
  if (q.toTime) conds.push(sql`o.created_at < ((${q.toTime}::date + 1)::timestamp at time zone ${tz})`);
  return conds;
}

const SORT_SQL: Record<string, string> = {
  created_desc: 'o.created_at desc, o.id desc',
  created_asc: 'o.created_at asc, o.id asc',
  number_desc: 'o.order_number desc',
  number_asc: 'o.order_number asc',
  total_desc: 'o.grand_total_cents desc, o.created_at desc',
  total_asc: 'o.grand_total_cents asc, o.created_at desc',
  customer_asc: "lower(o.customer_info -> 0 ->> 'full_name') asc nulls last, o.created_at desc",
};

/**
 * GET /api/orders (issue 12 item 1): a page of the store's orders matching the filters and the tab, the total of
 * matching orders, and every tab's count under the same filters. fromTime/toTime are days in the store's timezone
 * (fromTime 00:00 to the end of toTime, DST-correct in PostgreSQL). 400 when fromTime is after toTime.
 */
export async function listOrders(db: Db, storeId: string, query: OrderListQuery): Promise<OrderListResponse> {
  const q = OrderListSchema.parse(query);
  const tz = await storeTimezone(db, storeId);
  const where = sql.join(filterConditions(storeId, q, tz), sql` and `);
  const tab = sql.raw(TAB_SQL[q.tab]);
  const [counts] = await rows<Record<OrderTabKey, number>>(
    db,
    sql`select count(*)::int as all,
               count(*) filter (where ${sql.raw(TAB_SQL.unfulfilled)})::int as unfulfilled,
               count(*) filter (where ${sql.raw(TAB_SQL.unpaid)})::int as unpaid,
               count(*) filter (where ${sql.raw(TAB_SQL.open)})::int as open,
               count(*) filter (where ${sql.raw(TAB_SQL.closed)})::int as closed
        from orders o where ${where}`,
  );
  const list = await rows<OrderRecord>(
    db,
    sql`select ${ORDER_COLUMNS} from orders o where ${where} and ${tab}
        order by ${sql.raw(SORT_SQL[q.sort]!)} limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
  );
  const tabs: OrderTabCounts = {
    all: Number(counts?.all ?? 0),
    unfulfilled: Number(counts?.unfulfilled ?? 0),
    unpaid: Number(counts?.unpaid ?? 0),
    open: Number(counts?.open ?? 0),
    closed: Number(counts?.closed ?? 0),
  };
  return { orders: list.map(toRow), total: tabs[q.tab], page: q.page, limit: q.limit, tabs };
}

/** Reads one order of the store (optionally locking its row for the transaction); 404 when absent or foreign. */
async function loadOrder(db: Db, storeId: string, id: string, lock = false): Promise<OrderRecord> {
  const [o] = await rows<OrderRecord>(
    db,
    sql`select ${ORDER_COLUMNS} from orders o where o.id = ${id}::uuid and o.store_id = ${storeId}::uuid ${lock ? sql`for update` : sql``}`,
  );
  if (!o) throw notFound('Order');
  return o;
}

interface Moves {
  fulfilments: {
    id: string;
    created_at: Date | string;
    tracking_number: string | null;
    carrier: string | null;
    tracking_url: string | null;
    lines: LineMove[];
  }[];
  refunds: { id: string; created_at: Date | string; amount_cents: number; reason: string; lines: LineMove[] }[];
}

async function loadMoves(db: Db, orderId: string): Promise<Moves> {
  const fulfilments = await rows<Moves['fulfilments'][number]>(
    db,
    sql`select id, created_at, tracking_number, carrier, tracking_url, lines from order_fulfillments where order_id = ${orderId}::uuid order by created_at, id`,
  );
  const refunds = await rows<Moves['refunds'][number]>(
    db,
    sql`select id, created_at, amount_cents, reason, lines from order_refunds where order_id = ${orderId}::uuid order by created_at, id`,
  );
  return { fulfilments, refunds };
}

const statesOf = (o: OrderRecord, m: Moves) =>
  lineStates(
    linesOf(o),
    m.fulfilments.map((f) => f.lines),
    m.refunds.map((r) => r.lines),
  );

/** The display name of a staff member for the timeline ('First Last', else the e-mail). */
async function authorName(db: Db, userId: string): Promise<string> {
  const [u] = await rows<{ first_name: string; last_name: string; email: string }>(
    db,
    sql`select first_name, last_name, email from users where id = ${userId}::uuid`,
  );
  if (!u) return 'Staff';
  return `${u.first_name} ${u.last_name}`.trim() || u.email;
}

/** Appends one timeline entry (in the caller's transaction). `actor` null = the system. */
async function appendEvent(db: Db, o: OrderRecord, actor: Actor | null, type: string, message: string, detail?: unknown) {
  await db.insert(orderEvents).values({
    storeId: o.store_id,
    orderId: o.id,
    type,
    message,
    detail: detail ?? null,
    authorId: actor?.userId ?? null,
    authorName: actor ? await authorName(db, actor.userId) : null,
  });
}

/**
 * Puts restocked units back through modules/inventory's `returnStock` (reason 'restock', so the variant's inventory
 * history shows the order and who did it), in the caller's transaction. Units of one variant are merged; lines
 * without a variant (older orders) are skipped, and so are variants gone from the store (returnStock skips them).
 * Stock is committed when the order is placed (the storefront checkout), so shipping moves nothing (Shopify).
 */
async function restock(db: Db, storeId: string, o: OrderRecord, actor: Actor, moves: { variantId: string; quantity: number }[]) {
  const byVariant = new Map<string, number>();
  for (const m of moves)
    if (m.quantity > 0 && /^[0-9a-f-]{36}$/i.test(m.variantId)) byVariant.set(m.variantId, (byVariant.get(m.variantId) ?? 0) + m.quantity);
  if (!byVariant.size) return;
  await returnStock(
    db,
    storeId,
    [...byVariant].map(([variantId, quantity]) => ({ variantId, quantity })),
    { orderId: o.id, actor: { userId: actor.userId, userName: await authorName(db, actor.userId) } },
  );
}

/** Writes the statuses that follow from the moves (fulfillment, financial, closed) and the refunded total. */
async function settle(db: Db, o: OrderRecord, refundedCents: number, financial: string, cancelled: boolean): Promise<void> {
  const m = await loadMoves(db, o.id);
  const states = statesOf(o, m);
  const closed = isClosed({ cancelled, financialStatus: financial, states });
  await db.execute(
    sql`update orders set fulfillment_status = ${fulfillmentStatusOf(states)}, financial_status = ${financial},
          refunded_cents = ${refundedCents},
          closed_at = ${closed ? sql`coalesce(closed_at, now())` : sql`null`}, updated_at = now()
        where id = ${o.id}::uuid`,
  );
}

/** Money on the timeline and in e-mails, Shopify's way: the one formatter's amount, then the code (`€12.00 EUR`; issue 30 item 3). */
const money = (cents: number, currency: string) => `${formatMoneyCents(cents, currency)} ${currency}`;
const units = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;
const lineName = (s: LineState) => `${s.line.title ?? 'Item'}${s.line.variantTitle ? ` (${s.line.variantTitle})` : ''}`;

/** What the shipping confirmation needs after a fulfilment. */
export interface FulfilmentResult {
  order: OrderDetail;
  notify: {
    to: string;
    trackingNumber: string | null;
    carrier: string | null;
    trackingUrl: string | null;
    lines: { title: string; quantity: number }[];
  } | null;
}

/**
 * POST /api/orders/{id}/fulfillments (issue 12 item 1): ships `lineItems` (all units still to ship when omitted)
 * with optional tracking. In ONE transaction under the order's row lock: checks each line (400
 * `lineItems.i.id: not a line item of this order`, `lineItems.i.quantity: only n of 'title' left to fulfil`), writes
 * the fulfilment, the new fulfillment status and a timeline entry. 400 for a cancelled order or when nothing is
 * left to ship; 404 for a foreign order. Stock is not moved (committed at checkout). The tracking URL of UPS, USPS,
 * FedEx and DHL is filled in when not given.
 */
export async function fulfilOrder(db: Db, storeId: string, id: string, input: FulfillmentBody, actor: Actor): Promise<FulfilmentResult> {
  const body = FulfillmentSchema.parse(input);
  const notify = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const o = await loadOrder(tx, storeId, id, true);
    if (o.cancelled_at) throw badRequest(`${o.order_name} is cancelled: it cannot be fulfilled`);
    const states = statesOf(o, await loadMoves(tx, o.id));
    let lines: LineMove[];
    if (body.lineItems) {
      const asked = new Map<number, number>();
      body.lineItems.forEach((l, i) => {
        const s = states[l.id - 1];
        if (!s) throw badRequest(`lineItems.${i}.id: ${l.id} is not a line item of this order`);
        const total = (asked.get(l.id) ?? 0) + l.quantity;
        if (total > s.fulfillable)
          throw badRequest(`lineItems.${i}.quantity: only ${s.fulfillable} of '${lineName(s)}' left to fulfil (asked ${total})`);
        asked.set(l.id, total);
      });
      lines = [...asked].map(([lineId, quantity]) => ({ lineId, quantity }));
    } else {
      lines = states.filter((s) => s.fulfillable > 0).map((s) => ({ lineId: s.id, quantity: s.fulfillable }));
      if (lines.length === 0) throw badRequest(`${o.order_name} has no items left to fulfil`);
    }
    const trackingUrl = body.trackingUrl ?? trackingUrlFor(body.carrier, body.trackingNumber);
    await tx.insert(orderFulfillments).values({
      storeId,
      orderId: o.id,
      lines,
      trackingNumber: body.trackingNumber || null,
      carrier: body.carrier || null,
      trackingUrl,
      createdBy: actor.userId,
    });
    const n = lines.reduce((a, l) => a + l.quantity, 0);
    const tracking = body.trackingNumber ? ` with ${body.carrier ? `${body.carrier} ` : ''}tracking number ${body.trackingNumber}` : '';
    await appendEvent(tx, o, actor, 'fulfilled', `Fulfilled ${units(n)}${tracking}`, { lines });
    await settle(tx, o, o.refunded_cents, o.financial_status, false);
    const email = infoOf(o).email;
    return body.notifyCustomer && email
      ? {
          to: email,
          trackingNumber: body.trackingNumber || null,
          carrier: body.carrier || null,
          trackingUrl,
          lines: lines.map((l) => ({ title: lineName(states[l.lineId - 1]!), quantity: l.quantity })),
        }
      : null;
  });
  return { order: await getOrder(db, storeId, id), notify };
}

/**
 * POST /api/orders/{id}/refunds (issue 12 item 1): removes `lineItems` units from the order (restock: back to
 * stock) and gives back `amount` (major units; when omitted, the lines' prices net of the order discount, capped
 * at what is refundable). In ONE transaction under the order's row lock, so parallel refunds never exceed the
 * refundable amount: 400 `amount: at most $x USD can be refunded` above it, `lineItems.i.quantity: only n of
 * 'title' can be refunded` above the units left, `amount: nothing was captured…` for an unpaid order with money
 * asked. Writes the refund, refunded total, financial/fulfillment status, stock and a timeline entry.
 */
export async function refundOrder(db: Db, storeId: string, id: string, input: RefundBody, actor: Actor): Promise<OrderDetail> {
  const body = RefundSchema.parse(input);
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const o = await loadOrder(tx, storeId, id, true);
    const states = statesOf(o, await loadMoves(tx, o.id));
    const asked = new Map<number, { quantity: number; restock: boolean }>();
    body.lineItems.forEach((l, i) => {
      const s = states[l.id - 1];
      if (!s) throw badRequest(`lineItems.${i}.id: ${l.id} is not a line item of this order`);
      const total = (asked.get(l.id)?.quantity ?? 0) + l.quantity;
      if (total > s.refundable)
        throw badRequest(`lineItems.${i}.quantity: only ${s.refundable} of '${lineName(s)}' can be refunded (asked ${total})`);
      asked.set(l.id, { quantity: total, restock: (asked.get(l.id)?.restock ?? false) || l.restock });
    });
    const refundable = refundableCents(o.financial_status, o.grand_total_cents, o.refunded_cents);
    const suggested = [...asked].reduce(
      (c, [lineId, a]) => c + lineRefundCents(states[lineId - 1]!.line, a.quantity, o.subtotal_cents, o.discount_cents),
      0,
    );
    const amountCents = body.amount !== undefined ? centsFromMajor(body.amount) : Math.min(suggested, refundable);
    if (amountCents > 0 && !isCaptured(o.financial_status))
      throw badRequest(`amount: nothing was captured on ${o.order_name} (${o.financial_status}), so no money can be refunded`);
    if (amountCents > refundable) throw badRequest(`amount: at most ${money(refundable, o.currency)} can be refunded`);
    if (amountCents === 0 && asked.size === 0) throw badRequest('amount: must be more than 0');
    const lines = [...asked].map(([lineId, a]) => ({
      lineId,
      quantity: a.quantity,
      restock: a.restock,
      amountCents: lineRefundCents(states[lineId - 1]!.line, a.quantity, o.subtotal_cents, o.discount_cents),
    }));
    await tx.insert(orderRefunds).values({ storeId, orderId: o.id, amountCents, reason: body.reason, lines, createdBy: actor.userId });
    const restocks = lines.filter((l) => l.restock);
    await restock(
      tx,
      storeId,
      o,
      actor,
      restocks.map((l) => ({ variantId: states[l.lineId - 1]!.line.variantId ?? '', quantity: l.quantity })),
    );
    const refunded = o.refunded_cents + amountCents;
    const restocked = restocks.reduce((n, l) => n + l.quantity, 0);
    const removed = lines.reduce((n, l) => n + l.quantity, 0);
    const parts = [`Refunded ${money(amountCents, o.currency)}`];
    if (removed) parts.push(`${units(removed)} removed${restocked ? `, ${restocked} restocked` : ''}`);
    if (body.reason) parts.push(`Reason: ${body.reason}`);
    await appendEvent(tx, o, actor, 'refunded', parts.join('. '), { amountCents, lines });
    await settle(tx, o, refunded, financialStatusAfterRefund(o.financial_status, o.grand_total_cents, refunded), !!o.cancelled_at);
  });
  return getOrder(db, storeId, id);
}

/**
 * POST /api/orders/{id}/cancel (issue 12 item 1): cancels with Shopify's `reason`; `refund` gives back everything
 * still refundable, `restock` returns every unshipped unit to stock. An unpaid order's authorization is voided. In
 * ONE transaction under the row lock. 400 when already cancelled, or when items were shipped (refund them
 * instead, as Shopify requires).
 */
export async function cancelOrder(db: Db, storeId: string, id: string, input: CancelBody, actor: Actor): Promise<OrderDetail> {
  const body = CancelSchema.parse(input);
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const o = await loadOrder(tx, storeId, id, true);
    if (o.cancelled_at) throw badRequest(`${o.order_name} is already cancelled`);
    const states = statesOf(o, await loadMoves(tx, o.id));
    if (states.some((s) => s.fulfilled > 0))
      throw badRequest(`${o.order_name} has fulfilled items: refund them instead of cancelling the order`);
    const refundable = refundableCents(o.financial_status, o.grand_total_cents, o.refunded_cents);
    const amountCents = body.refund ? refundable : 0;
    const lines = states
      .filter((s) => s.fulfillable > 0)
      .map((s) => ({ lineId: s.id, quantity: s.fulfillable, restock: body.restock, amountCents: 0 }));
    if (amountCents > 0 || lines.length > 0)
      await tx
        .insert(orderRefunds)
        .values({ storeId, orderId: o.id, amountCents, reason: 'Order cancelled', lines, createdBy: actor.userId });
    if (body.restock)
      await restock(
        tx,
        storeId,
        o,
        actor,
        lines.map((l) => ({ variantId: states[l.lineId - 1]!.line.variantId ?? '', quantity: l.quantity })),
      );
    const refunded = o.refunded_cents + amountCents;
    const financial = isCaptured(o.financial_status)
      ? financialStatusAfterRefund(o.financial_status, o.grand_total_cents, refunded)
      : ['pending', 'authorized'].includes(o.financial_status)
        ? 'voided'
        : o.financial_status;
    await tx.execute(sql`update orders set cancelled_at = now(), cancel_reason = ${body.reason} where id = ${o.id}::uuid`);
    const parts = [`Cancelled this order. Reason: ${CANCEL_REASON_LABELS[body.reason]}`];
    if (amountCents) parts.push(`Refunded ${money(amountCents, o.currency)}`);
    if (body.restock && lines.length) parts.push(`${units(lines.reduce((n, l) => n + l.quantity, 0))} restocked`);
    await appendEvent(tx, o, actor, 'cancelled', parts.join('. '), { reason: body.reason, amountCents });
    await settle(tx, o, refunded, financial, true);
  });
  return getOrder(db, storeId, id);
}

/**
 * POST /api/orders/{id}/mark-as-paid (issue 12 item 1, manual payments): a pending, authorized or partially paid
 * order becomes paid, captured now; timeline entry in the same transaction. 400 when cancelled or already paid.
 */
export async function markOrderAsPaid(db: Db, storeId: string, id: string, actor: Actor): Promise<OrderDetail> {
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const o = await loadOrder(tx, storeId, id, true);
    if (o.cancelled_at) throw badRequest(`${o.order_name} is cancelled: it cannot be marked as paid`);
    if (!['pending', 'authorized', 'partially_paid'].includes(o.financial_status))
      throw badRequest(
        `${o.order_name} is ${o.financial_status.replace(/_/g, ' ')}: only pending, authorized or partially paid orders can be marked as paid`,
      );
    await tx.execute(sql`update orders set captured_date = now() where id = ${o.id}::uuid`);
    await appendEvent(tx, o, actor, 'marked_as_paid', `Marked this order as paid (${money(o.grand_total_cents, o.currency)})`);
    await settle(tx, o, o.refunded_cents, 'paid', false);
  });
  return getOrder(db, storeId, id);
}

/** PATCH /api/orders/{id}: sets the note and/or the tags (deduplicated, order kept); a timeline entry for each. */
export async function updateOrderNoteTags(db: Db, storeId: string, id: string, body: NoteTagsBody, actor: Actor): Promise<OrderDetail> {
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const o = await loadOrder(tx, storeId, id, true);
    if (body.note !== undefined && body.note !== (o.note ?? '')) {
      await tx.execute(sql`update orders set note = ${body.note || null}, updated_at = now() where id = ${o.id}::uuid`);
      await appendEvent(tx, o, actor, 'note', body.note ? 'Updated the note' : 'Removed the note');
    }
    if (body.tags !== undefined) {
      const tags = [...new Set(body.tags.map((x) => x.trim()))];
      const added = tags.filter((x) => !o.tags.includes(x));
      const removed = o.tags.filter((x) => !tags.includes(x));
      if (added.length || removed.length) {
        await tx.execute(
          sql`update orders set tags = ${`{${tags.map((x) => `"${x.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`}::text[], updated_at = now() where id = ${o.id}::uuid`,
        );
        const parts = [];
        if (added.length) parts.push(`Added tags: ${added.join(', ')}`);
        if (removed.length) parts.push(`Removed tags: ${removed.join(', ')}`);
        await appendEvent(tx, o, actor, 'tags', parts.join('. '));
      }
    }
  });
  return getOrder(db, storeId, id);
}

/** Records a system timeline entry (e.g. an e-mail sent) outside any action. */
export async function recordOrderEvent(db: Db, storeId: string, id: string, type: string, message: string): Promise<void> {
  const o = await loadOrder(db, storeId, id);
  await appendEvent(db, o, null, type, message);
}

/**
 * GET /api/orders/{id} (issue 12 item 1; spec §2 order detail, §3 payment): lines with options, personalisation
 * values and what was shipped/refunded, totals in major units, customer, address, payment label, fulfilments,
 * refunds and the timeline (newest first; "Order placed" and the capture are read from the order itself).
 */
export async function getOrder(db: Db, storeId: string, id: string): Promise<OrderDetail> {
  const o = await loadOrder(db, storeId, id);
  const m = await loadMoves(db, o.id);
  const states = statesOf(o, m);
  const productIds = [...new Set(states.map((s) => s.line.productId).filter((x): x is string => !!x && /^[0-9a-f-]{36}$/i.test(x)))];
  const optionNames = new Map<string, string[]>();
  if (productIds.length) {
    const ps = await rows<{ id: string; option_names: string[] }>(
      db,
      sql`select id, option_names from products where store_id = ${storeId}::uuid and id in (${sql.join(
        productIds.map((p) => sql`${p}::uuid`),
        sql`, `,
      )})`,
    );
    for (const p of ps) optionNames.set(p.id, p.option_names ?? []);
  }
  const events = await rows<{ id: number; type: string; message: string; author_name: string | null; created_at: Date | string }>(
    db,
    sql`select id, type, message, author_name, created_at from order_events where order_id = ${o.id}::uuid order by created_at desc, id desc`,
  );
  const info = infoOf(o);
  const [cust] = o.customer_id
    ? await rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from orders where customer_id = ${o.customer_id}::uuid and store_id = ${storeId}::uuid`,
      )
    : [];
  const a = info.address;
  const timeline = events.map((e) => ({
    id: String(e.id),
    type: e.type,
    message: e.message,
    author: e.author_name,
    createdAt: iso(e.created_at)!,
  }));
  if (o.captured_date)
    timeline.push({
      id: 'captured',
      type: 'payment',
      message: `A ${money(o.grand_total_cents, o.currency)} payment was processed on ${o.payment_name || 'a manual payment'}`,
      author: null,
      createdAt: iso(o.captured_date)!,
    });
  timeline.push({ id: 'placed', type: 'placed', message: `Order ${o.order_name} was placed`, author: null, createdAt: iso(o.created_at)! });
  timeline.sort((x, y) => (x.createdAt < y.createdAt ? 1 : x.createdAt > y.createdAt ? -1 : 0));
  const printFiles = (await orderRenders(db, storeId, o.id)).map((r) => ({
    renderId: r.id,
    lineItemId: r.lineItemId ?? 0,
    status: r.status,
    files: r.files,
  }));
  const applications = Array.isArray(o.discount_applications)
    ? (o.discount_applications as { code?: string | null; title?: string }[])
    : [];
  return {
    ...toRow(o),
    lineItems: states.map((s) => {
      const values = (s.line.variantTitle ?? '').split(' / ').filter((v) => v && v !== 'Default Title');
      const names = (s.line.productId && optionNames.get(s.line.productId)) || [];
      return {
        id: s.id,
        productId: s.line.productId ?? null,
        variantId: s.line.variantId ?? null,
        title: s.line.title ?? '',
        variantTitle: s.line.variantTitle ?? '',
        sku: s.line.sku ?? '',
        options: values.map((value, i) => ({ name: names[i] ?? `Option ${i + 1}`, value })),
        properties: Array.isArray(s.line.properties)
          ? s.line.properties.map((p) => ({ name: String(p.name), value: String(p.value) }))
          : [],
        imageSrc: s.line.imageSrc ?? null,
        quantity: s.line.quantity,
        price: majorFromCents(s.line.priceCents),
        total: majorFromCents(s.line.priceCents * s.line.quantity),
        fulfilledQuantity: s.fulfilled,
        refundedQuantity: s.removed,
        fulfillableQuantity: s.fulfillable,
        refundableQuantity: s.refundable,
      };
    }),
    subtotal: majorFromCents(o.subtotal_cents),
    discount: majorFromCents(o.discount_cents),
    discountCodes: applications.map((d) => d.code || d.title || '').filter(Boolean),
    shipping: majorFromCents(o.shipping_cents),
    tax: majorFromCents(o.tax_cents),
    refunded: majorFromCents(o.refunded_cents),
    netPayment: majorFromCents(isCaptured(o.financial_status) ? o.grand_total_cents - o.refunded_cents : 0),
    refundable: majorFromCents(refundableCents(o.financial_status, o.grand_total_cents, o.refunded_cents)),
    customer: {
      id: o.customer_id,
      name: info.full_name ?? '',
      email: info.email ?? '',
      phone: info.phone ?? '',
      ordersCount: cust?.n ?? 0,
    },
    shippingAddress: a
      ? {
          name: info.full_name ?? '',
          address1: a.address1 ?? '',
          city: a.city ?? '',
          zip: a.zip ?? '',
          country: a.country ?? '',
          phone: info.phone ?? '',
        }
      : null,
    payment: { name: o.payment_name, cardType: cardTypeOf(o.payment_source), label: paymentLabel(o.payment_name, o.payment_source) },
    capturedAt: iso(o.captured_date),
    cancelReason: o.cancel_reason,
    note: o.note ?? '',
    fulfillments: m.fulfilments.map((f) => ({
      id: f.id,
      createdAt: iso(f.created_at)!,
      trackingNumber: f.tracking_number,
      carrier: f.carrier,
      trackingUrl: f.tracking_url,
      lines: f.lines.map((l) => ({ lineId: l.lineId, quantity: l.quantity })),
    })),
    refunds: m.refunds.map((r) => ({
      id: r.id,
      createdAt: iso(r.created_at)!,
      amount: majorFromCents(r.amount_cents),
      reason: r.reason,
      lines: r.lines.map((l) => ({ lineId: l.lineId, quantity: l.quantity, restock: !!l.restock })),
    })),
    timeline,
    printFiles,
  };
}

/** The columns of Shopify's order export CSV, in its order. */
export const ORDER_EXPORT_COLUMNS = [
  'Name',
  'Email',
  'Financial Status',
  'Paid at',
  'Fulfillment Status',
  'Fulfilled at',
  'Accepts Marketing',
  'Currency',
  'Subtotal',
  'Shipping',
  'Taxes',
  'Total',
  'Discount Code',
  'Discount Amount',
  'Shipping Method',
  'Created at',
  'Lineitem quantity',
  'Lineitem name',
  'Lineitem price',
  'Lineitem compare at price',
  'Lineitem sku',
  'Lineitem requires shipping',
  'Lineitem taxable',
  'Lineitem fulfillment status',
  'Billing Name',
  'Billing Street',
  'Billing Address1',
  'Billing Address2',
  'Billing Company',
  'Billing City',
  'Billing Zip',
  'Billing Province',
  'Billing Country',
  'Billing Phone',
  'Shipping Name',
  'Shipping Street',
  'Shipping Address1',
  'Shipping Address2',
  'Shipping Company',
  'Shipping City',
  'Shipping Zip',
  'Shipping Province',
  'Shipping Country',
  'Shipping Phone',
  'Notes',
  'Note Attributes',
  'Cancelled at',
  'Payment Method',
  'Payment Reference',
  'Refunded Amount',
  'Vendor',
  'Outstanding Balance',
  'Employee',
  'Location',
  'Device ID',
  'Id',
  'Tags',
  'Risk Level',
  'Source',
  'Lineitem discount',
  'Phone',
  'Receipt Number',
  'Payment ID',
] as const;

/** Shopify's export date format: 2024-03-10 14:05:00 -0700 (the store's timezone). */
function exportDate(d: Date | string | null, tz: string): string {
  return d === null ? '' : formatInZone(new Date(d), tz, 'yyyy-MM-dd HH:mm:ss xx');
}

/**
 * GET /api/orders/export (issue 12 item 1): every order matching the list filters as Shopify's order export CSV
 * (lib/csv-export.ts: formula-safe text cells), one row per line item; order-level columns on the first row of each order, Name and Email on
 * every row, as Shopify writes it. Money in major units with 2 decimals; dates in the store's timezone.
 */
export async function exportOrdersCsv(db: Db, storeId: string, query: z.input<typeof OrderExportQuery>): Promise<string> {
  const q = OrderExportQuery.parse(query);
  const tz = await storeTimezone(db, storeId);
  const where = sql.join(filterConditions(storeId, q, tz), sql` and `);
  const list = await rows<OrderRecord & { fulfilled_at: Date | string | null }>(
    db,
    sql`select ${ORDER_COLUMNS}, (select max(f.created_at) from order_fulfillments f where f.order_id = o.id) as fulfilled_at
        from orders o where ${where} and ${sql.raw(TAB_SQL[q.tab])} order by ${sql.raw(SORT_SQL[q.sort]!)}`,
  );
  const d2 = (cents: number) => (cents / 100).toFixed(2);
  const out: string[][] = [];
  for (const o of list) {
    const info = infoOf(o);
    const a = info.address ?? {};
    const lines = linesOf(o);
    const codes = Array.isArray(o.discount_applications)
      ? (o.discount_applications as { code?: string | null }[]).map((d) => d.code).filter(Boolean)
      : [];
    (lines.length ? lines : [null]).forEach((l, i) => {
      const first = i === 0;
      const row: Record<(typeof ORDER_EXPORT_COLUMNS)[number], string> = Object.fromEntries(
        ORDER_EXPORT_COLUMNS.map((c) => [c, '']),
      ) as never;
      row.Name = o.order_name;
      row.Email = info.email ?? '';
      if (first) {
        Object.assign(row, {
          'Financial Status': o.financial_status,
          'Paid at': exportDate(o.captured_date, tz),
          'Fulfillment Status': o.fulfillment_status,
          'Fulfilled at': exportDate(o.fulfilled_at, tz),
          'Accepts Marketing': 'no',
          Currency: o.currency,
          Subtotal: d2(o.subtotal_cents),
          Shipping: d2(o.shipping_cents),
          Taxes: d2(o.tax_cents),
          Total: d2(o.grand_total_cents),
          'Discount Code': codes.join(', '),
          'Discount Amount': d2(o.discount_cents),
          'Shipping Method': o.shipping_cents > 0 ? 'Standard' : 'Free shipping',
          'Created at': exportDate(o.created_at, tz),
          'Billing Name': info.full_name ?? '',
          'Billing Street': a.address1 ?? '',
          'Billing Address1': a.address1 ?? '',
          'Billing City': a.city ?? '',
          'Billing Zip': a.zip ?? '',
          'Billing Country': a.country ?? '',
          'Billing Phone': info.phone ?? '',
          'Shipping Name': a.address1 ? (info.full_name ?? '') : '',
          'Shipping Street': a.address1 ?? '',
          'Shipping Address1': a.address1 ?? '',
          'Shipping City': a.city ?? '',
          'Shipping Zip': a.zip ?? '',
          'Shipping Country': a.country ?? '',
          'Shipping Phone': info.phone ?? '',
          Notes: o.note ?? '',
          'Cancelled at': exportDate(o.cancelled_at, tz),
          'Payment Method': o.payment_name,
          'Refunded Amount': d2(o.refunded_cents),
          'Outstanding Balance': d2(['pending', 'authorized', 'partially_paid'].includes(o.financial_status) ? o.grand_total_cents : 0),
          Id: o.id,
          Tags: (o.tags ?? []).join(', '),
          'Risk Level': 'Low',
          Source: o.source_name === 'online_store' ? 'web' : o.source_name,
          Phone: info.phone ?? '',
        });
      }
      if (l) {
        Object.assign(row, {
          'Lineitem quantity': String(l.quantity),
          'Lineitem name': `${l.title ?? ''}${l.variantTitle && l.variantTitle !== 'Default Title' ? ` - ${l.variantTitle}` : ''}`,
          'Lineitem price': d2(l.priceCents),
          'Lineitem sku': l.sku ?? '',
          'Lineitem requires shipping': 'true',
          'Lineitem taxable': 'true',
          'Lineitem fulfillment status': o.fulfillment_status === 'fulfilled' ? 'fulfilled' : 'pending',
          'Lineitem discount': '0.00',
        });
      }
      out.push(ORDER_EXPORT_COLUMNS.map((c) => row[c]));
    });
  }
  return toCsv(out, ORDER_EXPORT_COLUMNS);
}

/**
 * Mail body of the order confirmation: the shop's name, the order's date on the shop's clock as the admin shows it
 * (issue 30 item 4), its lines and totals (issue 12 item 7).
 */
export async function orderConfirmationMail(
  db: Db,
  storeId: string,
  id: string,
): Promise<{ to: string; subject: string; text: string } | null> {
  const o = await loadOrder(db, storeId, id);
  const email = infoOf(o).email;
  if (!email) return null;
  const [s] = await rows<{ name: string }>(db, sql`select name from stores where id = ${storeId}::uuid`);
  const shop = s?.name ?? 'Our shop';
  // The order's date on the shop's clock, written as the admin writes it (issue 30 item 4).
  const placed = formatShopDateTime(o.created_at, await storeTimezone(db, storeId));
  // The delivery promise the thank-you page shows, from the same computation (issue 31 item 1).
  const promise = await orderPromise(db, storeId, id, new Date(o.created_at));
  const lines = linesOf(o).map(
    (l) =>
      `- ${l.quantity} × ${l.title ?? ''}${l.variantTitle && l.variantTitle !== 'Default Title' ? ` (${l.variantTitle})` : ''}: ${money(l.priceCents * l.quantity, o.currency)}`,
  );
  const text = [
    `Thank you for your purchase, ${infoOf(o).full_name ?? ''}!`.replace(' !', '!'),
    '',
    `${shop} received your order ${o.order_name}.`,
    `Order date: ${placed}`,
    ...(promise.shipped ? [promise.shipped] : []),
    `${promise.estimate}.`,
    '',
    ...lines,
    '',
    `Subtotal: ${money(o.subtotal_cents, o.currency)}`,
    ...(o.discount_cents ? [`Discount: -${money(o.discount_cents, o.currency)}`] : []),
    `Shipping: ${money(o.shipping_cents, o.currency)}`,
    ...(o.tax_cents ? [`Taxes: ${money(o.tax_cents, o.currency)}`] : []),
    `Total: ${money(o.grand_total_cents, o.currency)}`,
    '',
    `— ${shop}`,
  ].join('\n');
  return { to: email, subject: `Order ${o.order_name} confirmed — ${shop}`, text };
}

/** Mail body of the shipping confirmation: the shop's name, the shipped lines and the tracking link (item 7). */
export async function shippingConfirmationMail(
  db: Db,
  storeId: string,
  id: string,
  n: NonNullable<FulfilmentResult['notify']>,
): Promise<{ to: string; subject: string; text: string }> {
  const o = await loadOrder(db, storeId, id);
  const [s] = await rows<{ name: string }>(db, sql`select name from stores where id = ${storeId}::uuid`);
  const shop = s?.name ?? 'Our shop';
  const text = [
    `Your order ${o.order_name} is on the way.`,
    '',
    ...n.lines.map((l) => `- ${l.quantity} × ${l.title}`),
    '',
    ...(n.trackingNumber ? [`Tracking number: ${n.carrier ? `${n.carrier} ` : ''}${n.trackingNumber}`] : []),
    ...(n.trackingUrl ? [`Track your shipment: ${n.trackingUrl}`] : []),
    '',
    `— ${shop}`,
  ].join('\n');
  return { to: n.to, subject: `A shipment from order ${o.order_name} is on the way — ${shop}`, text };
}
