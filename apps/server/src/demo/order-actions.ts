import { formatMoneyCents } from '@backroom/contracts';
import {
  CANCEL_REASON_LABELS,
  fulfillmentStatusOf,
  isClosed,
  type LineMove,
  lineStates,
  type StoredLine,
  trackingUrlFor,
} from '../modules/orders/index.js';
import type { Random } from './random.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** What a merchant did on a demo order after it was placed (issue 12 item 8), as rows to insert. */
export interface DemoOrderActions {
  refundedCents: number;
  /** Follows from the fulfilments and refunds (orders/rules.ts fulfillmentStatusOf). */
  fulfillmentStatus: string;
  cancelledAt: number | null;
  cancelReason: string | null;
  closedAt: number | null;
  fulfilments: { lines: LineMove[]; trackingNumber: string; carrier: string; trackingUrl: string | null; at: number }[];
  refunds: { amountCents: number; reason: string; lines: (LineMove & { amountCents: number })[]; at: number }[];
  /** Timeline entries (the 'placed' and payment entries are derived by the orders module, not stored). */
  events: { type: string; message: string; detail: unknown; author: string | null; at: number }[];
}

/** The demo shops' staff member who acts on orders (timeline author). */
const MERCHANT = 'Olivia Owner';
const CARRIERS = ['UPS', 'USPS', 'FedEx', 'DHL Express'] as const;
const PARTIAL_REFUND_REASONS = ['Item arrived damaged', 'Wrong size, customer kept the rest', 'Late delivery goodwill'];

const money = (cents: number) => `${formatMoneyCents(cents, 'USD')} USD`;
const units = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;

/** A tracking number in the carrier's usual shape (UPS 1Z…, USPS 22 digits, FedEx 12 digits, DHL 10 digits). */
function trackingNumber(r: Random, carrier: string): string {
  const digits = (n: number) => Array.from({ length: n }, () => r.int(0, 9)).join('');
  if (carrier === 'UPS') return `1Z${Array.from({ length: 16 }, () => '0123456789ABCDEFGHJKLMNPRSTUVWXYZ'[r.int(0, 32)]).join('')}`;
  if (carrier === 'USPS') return `9400${digits(18)}`;
  if (carrier === 'FedEx') return digits(12);
  return digits(10);
}

/**
 * Derives, for one generated order, the merchant's actions its statuses imply, written as the orders module's
 * actions write them (modules/orders/service.ts: same row shapes, same timeline messages), so the detail screen,
 * the statuses and the money agree:
 * - `fulfilled`/`partial` → one shipment (all units, or the first line only / all but one unit), with tracking;
 * - `partially_refunded` → a refund of one unit of the last line (restocked) when the order has two units or more,
 *   else a 25 % goodwill refund without lines; `refunded` → a full refund (a return when shipped, else a
 *   cancellation with restock); `voided` → cancelled without money (payment declined, fraud or customer);
 * - `refundedCents` = the sum of the refunds (< total for partially_refunded, = total for refunded; lib/money.ts
 *   counts the order's sales net of it on its created day); fulfillment status and closed time follow from the
 *   moves through orders/rules.ts. Every time is after the order's and before `now`.
 */
export function demoOrderActions(
  r: Random,
  o: {
    lines: StoredLine[];
    totalCents: number;
    financial: string;
    fulfillment: 'unfulfilled' | 'partial' | 'fulfilled';
    email: string;
    createdAt: number;
    capturedAt: number | null;
    now: number;
  },
): DemoOrderActions {
  const latest = o.now - 1000;
  // A time `min`–`max` ms after `t`, never at or after now (and never before `t`).
  const after = (t: number, min: number, max: number) => Math.max(t, Math.min(latest, t + r.int(min, max)));
  const out: DemoOrderActions = {
    refundedCents: 0,
    fulfillmentStatus: o.fulfillment,
    cancelledAt: null,
    cancelReason: null,
    closedAt: null,
    fulfilments: [],
    refunds: [],
    events: [],
  };
  const unitsTotal = o.lines.reduce((n, l) => n + l.quantity, 0);
  const paidAt = o.capturedAt ?? o.createdAt;
  let last = paidAt;

  const cancelled = o.financial === 'voided' || (o.financial === 'refunded' && o.fulfillment === 'unfulfilled');
  if (cancelled) {
    const reason =
      o.financial === 'voided'
        ? r.weighted({ declined: 40, fraud: 25, customer: 35 })
        : r.weighted({ customer: 60, inventory: 25, fraud: 15 });
    const at = after(o.createdAt, 10 * 60_000, 20 * HOUR);
    const amountCents = o.financial === 'refunded' ? o.totalCents : 0;
    const lines = o.lines.map((l, i) => ({ lineId: i + 1, quantity: l.quantity, restock: true, amountCents: 0 }));
    out.refunds.push({ amountCents, reason: 'Order cancelled', lines, at });
    out.refundedCents = amountCents;
    out.cancelledAt = at;
    out.cancelReason = reason;
    const parts = [`Cancelled this order. Reason: ${CANCEL_REASON_LABELS[reason]}`];
    if (amountCents) parts.push(`Refunded ${money(amountCents)}`);
    parts.push(`${units(unitsTotal)} restocked`);
    out.events.push({ type: 'cancelled', message: parts.join('. '), detail: { reason, amountCents }, author: MERCHANT, at });
    last = at;
  } else {
    // Shipments.
    let shipment: LineMove[] = [];
    if (o.fulfillment === 'fulfilled' || (o.fulfillment === 'partial' && unitsTotal < 2))
      shipment = o.lines.map((l, i) => ({ lineId: i + 1, quantity: l.quantity }));
    else if (o.fulfillment === 'partial')
      shipment = o.lines.length > 1 ? [{ lineId: 1, quantity: o.lines[0]!.quantity }] : [{ lineId: 1, quantity: o.lines[0]!.quantity - 1 }];
    if (shipment.length) {
      const carrier = r.pick(CARRIERS);
      const number = trackingNumber(r, carrier);
      const at = after(paidAt, 2 * HOUR, 2 * DAY);
      out.fulfilments.push({ lines: shipment, trackingNumber: number, carrier, trackingUrl: trackingUrlFor(carrier, number), at });
      const n = shipment.reduce((s, l) => s + l.quantity, 0);
      out.events.push({
        type: 'fulfilled',
        message: `Fulfilled ${units(n)} with ${carrier} tracking number ${number}`,
        detail: { lines: shipment },
        author: MERCHANT,
        at,
      });
      out.events.push({
        type: 'email',
        message: `Shipping confirmation email was sent to ${o.email}`,
        detail: null,
        author: null,
        at: Math.max(at, Math.min(latest, at + 1000)),
      });
      last = Math.max(at, Math.min(latest, at + 1000));
    }
    // Refunds, days after the shipment (or the payment).
    if (o.financial === 'partially_refunded' || o.financial === 'refunded') {
      const at = after(last, 1 * DAY, 6 * DAY);
      let lines: (LineMove & { amountCents: number })[];
      let amountCents: number;
      let reason: string;
      if (o.financial === 'refunded') {
        lines = o.lines.map((l, i) => ({ lineId: i + 1, quantity: l.quantity, restock: true, amountCents: l.priceCents * l.quantity }));
        amountCents = o.totalCents;
        reason = 'Returned by the customer';
      } else if (unitsTotal >= 2) {
        const id = o.lines.length;
        lines = [{ lineId: id, quantity: 1, restock: true, amountCents: o.lines[id - 1]!.priceCents }];
        amountCents = o.lines[id - 1]!.priceCents;
        reason = 'Returned by the customer';
      } else {
        lines = [];
        amountCents = Math.max(1, Math.round(o.totalCents * 0.25));
        reason = r.pick(PARTIAL_REFUND_REASONS);
      }
      out.refunds.push({ amountCents, reason, lines, at });
      out.refundedCents = amountCents;
      const removed = lines.reduce((n, l) => n + l.quantity, 0);
      const parts = [`Refunded ${money(amountCents)}`];
      if (removed) parts.push(`${units(removed)} removed, ${removed} restocked`);
      parts.push(`Reason: ${reason}`);
      out.events.push({ type: 'refunded', message: parts.join('. '), detail: { amountCents, lines }, author: MERCHANT, at });
      last = Math.max(last, at);
    }
  }
  const states = lineStates(
    o.lines,
    out.fulfilments.map((f) => f.lines),
    out.refunds.map((x) => x.lines),
  );
  out.fulfillmentStatus = fulfillmentStatusOf(states);
  if (isClosed({ cancelled, financialStatus: o.financial, states })) out.closedAt = last;
  return out;
}
