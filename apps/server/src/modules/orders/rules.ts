import { PAID_FINANCIAL_STATUSES } from '../../lib/money.js';
/**
 * The order rules of issue 12 item 1, as pure functions over an order's snapshot, its fulfilments and its refunds
 * (Shopify's vocabulary). The service applies them under the order's row lock; the demo seed uses them so its
 * statuses agree with what the actions would have written.
 */

/** A stored line of `orders.line_items` (the checkout's StorefrontOrderLine; older rows may lack fields). */
export interface StoredLine {
  productId?: string | null;
  variantId?: string | null;
  handle?: string;
  title?: string;
  variantTitle?: string;
  sku?: string;
  quantity: number;
  priceCents: number;
  imageSrc?: string | null;
  properties?: { name: string; value: string }[];
}

/** Units of one line moved by a fulfilment ({lineId, quantity}) or a refund (+ restock, amountCents). */
export interface LineMove {
  lineId: number;
  quantity: number;
  restock?: boolean;
}

/** A line's position (1-based id) with what was shipped and removed (refunded) of it. */
export interface LineState {
  id: number;
  line: StoredLine;
  fulfilled: number;
  removed: number;
  restocked: number;
  /** quantity − fulfilled − removed, never below 0: a refund removes unshipped units first. */
  fulfillable: number;
  /** quantity − removed. */
  refundable: number;
}

/** Folds fulfilments and refunds onto the order's lines. Unknown line ids in stored moves are ignored. */
export function lineStates(lines: StoredLine[], fulfilments: LineMove[][], refunds: LineMove[][]): LineState[] {
  const states = lines.map((line, i) => ({ id: i + 1, line, fulfilled: 0, removed: 0, restocked: 0, fulfillable: 0, refundable: 0 }));
  for (const f of fulfilments) for (const m of f) if (states[m.lineId - 1]) states[m.lineId - 1]!.fulfilled += m.quantity;
  for (const r of refunds)
    for (const m of r) {
      const s = states[m.lineId - 1];
      if (!s) continue;
      s.removed += m.quantity;
      if (m.restock) s.restocked += m.quantity;
    }
  for (const s of states) {
    s.fulfillable = Math.max(0, s.line.quantity - s.fulfilled - s.removed);
    s.refundable = Math.max(0, s.line.quantity - s.removed);
  }
  return states;
}

/**
 * Shopify's fulfillment status: nothing shipped → 'unfulfilled' ('restocked' when nothing is left to ship because
 * units went back to stock); something shipped and nothing left → 'fulfilled'; else 'partial'.
 */
export function fulfillmentStatusOf(states: LineState[]): 'unfulfilled' | 'partial' | 'fulfilled' | 'restocked' {
  const shipped = states.reduce((n, s) => n + s.fulfilled, 0);
  const left = states.reduce((n, s) => n + s.fulfillable, 0);
  if (shipped === 0) return left === 0 && states.some((s) => s.restocked > 0) ? 'restocked' : 'unfulfilled';
  return left === 0 ? 'fulfilled' : 'partial';
}

/** Statuses whose money was captured (a refund is possible up to the captured amount): the paid-order statuses. */
const CAPTURED = new Set<string>(PAID_FINANCIAL_STATUSES);

/** True when the order's payment was captured. */
export const isCaptured = (financialStatus: string) => CAPTURED.has(financialStatus);

/** Financial status after refunds: refunded when everything went back, partially_refunded when some did. */
export function financialStatusAfterRefund(current: string, grandTotalCents: number, refundedCents: number): string {
  if (!isCaptured(current) || refundedCents <= 0) return current;
  return refundedCents >= grandTotalCents ? 'refunded' : 'partially_refunded';
}

/** Cents still refundable: captured money minus refunds (0 when nothing was captured). */
export function refundableCents(financialStatus: string, grandTotalCents: number, refundedCents: number): number {
  return isCaptured(financialStatus) ? Math.max(0, grandTotalCents - refundedCents) : 0;
}

/**
 * Whether an order is closed (Shopify archives it): cancelled, or nothing left to ship while its payment is
 * settled (captured or voided — not pending, authorized or partially paid).
 */
export function isClosed(o: { cancelled: boolean; financialStatus: string; states: LineState[] }): boolean {
  if (o.cancelled) return true;
  const settled = isCaptured(o.financialStatus) || o.financialStatus === 'voided';
  return settled && o.states.every((s) => s.fulfillable === 0);
}

/**
 * A line's refund value in cents for `quantity` units: its price net of its share of the order discount
 * (discount × line share of the subtotal), rounded to the cent.
 */
export function lineRefundCents(line: StoredLine, quantity: number, subtotalCents: number, discountCents: number): number {
  const gross = line.priceCents * quantity;
  if (subtotalCents <= 0 || discountCents <= 0) return gross;
  return Math.max(0, gross - Math.round((discountCents * gross) / subtotalCents));
}

/** Shopify's tracking pages of the common carriers; null for another carrier (the merchant gives the URL). */
export function trackingUrlFor(carrier: string | undefined, number: string | undefined): string | null {
  if (!carrier || !number) return null;
  const n = encodeURIComponent(number);
  const c = carrier.toLowerCase().replace(/[^a-z]/g, '');
  if (c === 'ups') return `https://www.ups.com/track?tracknum=${n}`;
  if (c === 'usps') return `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`;
  if (c === 'fedex') return `https://www.fedex.com/fedextrack/?trknbr=${n}`;
  if (c.startsWith('dhl')) return `https://www.dhl.com/en/express/tracking.html?AWB=${n}`;
  return null;
}

/** Shopify's cancel reasons as the admin reads them. */
export const CANCEL_REASON_LABELS: Record<string, string> = {
  customer: 'Customer changed or cancelled order',
  inventory: 'Items unavailable',
  fraud: 'Fraudulent order',
  declined: 'Payment declined',
  other: 'Other',
};
