import type { OrderDetail } from '@backroom/contracts';
import { shopDates } from '../../lib/dates';
import { formatMoneyMajor } from '../../lib/format';
import { currencySign } from '../../lib/session';

/** A status as the admin shows it (spec §3 financialStatus): underscores replaced by spaces, first letter capitalised. */
export function statusLabel(status: string): string {
  const s = status.replace(/_/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Badge colour of a financial status (Shopify: paid grey-green, pending/authorized yellow, refunds/voided grey). */
export function financialColor(status: string): string {
  if (status === 'paid') return 'green';
  if (status === 'pending' || status === 'authorized' || status === 'partially_paid') return 'yellow';
  if (status === 'partially_refunded') return 'orange';
  return 'gray';
}

/** Badge colour of a fulfillment status (unfulfilled yellow, partial orange, fulfilled green, restocked grey). */
export function fulfillmentColor(status: string): string {
  if (status === 'fulfilled') return 'green';
  if (status === 'partial') return 'orange';
  if (status === 'unfulfilled') return 'yellow';
  return 'gray';
}

/** Money of an order in its currency (major units, 2 decimals, sign: `$12.50`). */
export function orderMoneyMajor(amountMajor: number, currency: string): string {
  return formatMoneyMajor(amountMajor, { sign: currencySign(currency), code: currency });
}

/** A date-time in the shop's timezone, the admin's one display format (issue 30 item 4): 'Mar 10, 2024, 4:05 PM PDT'. */
export function orderDate(iso: string, timezone: string): string {
  return shopDates(timezone).dateTime(iso);
}

/** An order action the detail screen runs (issue 12 item 1), for the notification that says what happened. */
export type OrderAction = 'fulfil' | 'refund' | 'cancel' | 'markPaid' | 'notes';

const itemsText = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;
const sumOf = (o: OrderDetail | undefined, key: 'fulfilledQuantity' | 'refundedQuantity') =>
  (o?.lineItems ?? []).reduce((s, l) => s + l[key], 0);

/**
 * The success notification of an order action (not a bare "Success"), from the order before and after it (major
 * units): "Order #1042: 2 items fulfilled", "Order #1042 refunded $12.00", "Order #1042: 1 item removed" (a refund
 * of items without money), "Order #1042 cancelled and $30.00 refunded", "Order #1042 marked as paid ($54.00)",
 * "Notes and tags of order #1042 saved". `before` may be missing (nothing cached): the counts
 * are then the order's totals.
 */
export function orderActionMessage(action: OrderAction, before: OrderDetail | undefined, after: OrderDetail): string {
  const name = `Order ${after.orderName}`;
  const moneyMajor = (n: number) => orderMoneyMajor(Math.round(n * 100) / 100, after.currency);
  const refunded = after.refunded - (before?.refunded ?? 0);
  switch (action) {
    case 'fulfil':
      return `${name}: ${itemsText(sumOf(after, 'fulfilledQuantity') - sumOf(before, 'fulfilledQuantity'))} fulfilled`;
    case 'refund':
      return refunded > 0
        ? `${name} refunded ${moneyMajor(refunded)}`
        : `${name}: ${itemsText(sumOf(after, 'refundedQuantity') - sumOf(before, 'refundedQuantity'))} removed`;
    case 'cancel':
      return refunded > 0 ? `${name} cancelled and ${moneyMajor(refunded)} refunded` : `${name} cancelled`;
    case 'markPaid':
      return `${name} marked as paid (${moneyMajor(after.total)})`;
    case 'notes':
      return `Notes and tags of order ${after.orderName} saved`;
  }
}
