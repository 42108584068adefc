import type { DiscountValues } from '@backroom/contracts';
import { shopDates } from '../../lib/dates';
import { formatMoneyMajor } from '../../lib/format';

/** The fields the summary reads (a discount answered by the API, or the form's values once converted). */
export type SummaryInput = Pick<
  DiscountValues,
  | 'type'
  | 'value'
  | 'appliesTo'
  | 'productIds'
  | 'collectionIds'
  | 'buyQuantity'
  | 'getQuantity'
  | 'minimumType'
  | 'minimumSubtotal'
  | 'minimumQuantity'
  | 'customerEmails'
  | 'usageLimit'
  | 'oncePerCustomer'
  | 'combinesWith'
  | 'startsAt'
  | 'endsAt'
>;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const percent = (v: number) => `${Number.isInteger(v) ? v : v.toFixed(2).replace(/0$/, '')}%`;

/** What a discount applies to, in Shopify's words: 'entire order', '2 products', '1 collection'. */
function target(d: SummaryInput): string {
  if (d.appliesTo === 'products') return plural(d.productIds.length, 'product');
  if (d.appliesTo === 'collections') return plural(d.collectionIds.length, 'collection');
  return 'entire order';
}

/** The value line: '10% off entire order', '$5.00 off 2 products', 'Free shipping', 'Buy 2 items, get 1 item free'. */
export function valueLine(d: SummaryInput, currency: { sign?: string | null; code?: string | null }): string {
  if (d.type === 'percentage') return `${percent(d.value)} off ${target(d)}`;
  if (d.type === 'fixed_amount') return `${formatMoneyMajor(d.value, currency)} off ${target(d)}`;
  if (d.type === 'free_shipping') return 'Free shipping on all products';
  const get = d.getQuantity ?? 1;
  const off = d.value >= 100 ? 'free' : `at ${percent(d.value)} off`;
  const from = d.appliesTo === 'all' ? '' : ` from ${target(d)}`;
  return `Buy ${plural(d.buyQuantity ?? 1, 'item')}, get ${plural(get, 'item')} ${off}${from}`;
}

/**
 * The lines of the Shopify-like summary card (issue 12 item 6 "Shopify-like summary card"): value, minimum
 * requirement, customers, usage limits, combinations and the active dates on the shop's clock (`timezone`).
 * Example for SUMMER10: ['10% off entire order', 'Minimum purchase of $50.00', 'For all customers', 'Limit of 100
 * uses, one use per customer', "Can't combine with other discounts", 'Active from Jun 1, 2026 12:00 AM to Jun 7,
 * 2026 11:59 PM'].
 */
export function discountSummary(d: SummaryInput, currency: { sign?: string | null; code?: string | null }, timezone: string): string[] {
  const lines = [valueLine(d, currency)];
  if (d.minimumType === 'subtotal') lines.push(`Minimum purchase of ${formatMoneyMajor(d.minimumSubtotal, currency)}`);
  else if (d.minimumType === 'quantity') lines.push(`Minimum quantity of ${plural(d.minimumQuantity, 'item')}`);
  else lines.push('No minimum purchase requirement');
  lines.push(d.customerEmails.length ? `For ${plural(d.customerEmails.length, 'customer')}` : 'For all customers');
  const limits = [
    d.usageLimit ? `Limit of ${plural(d.usageLimit, 'use')}` : null,
    d.oncePerCustomer ? 'one use per customer' : null,
  ].filter(Boolean);
  lines.push(limits.length ? limits.join(', ').charAt(0).toUpperCase() + limits.join(', ').slice(1) : 'No usage limits');
  const classes = [
    d.combinesWith.productDiscounts && 'product discounts',
    d.combinesWith.orderDiscounts && 'order discounts',
    d.combinesWith.shippingDiscounts && 'shipping discounts',
  ].filter(Boolean) as string[];
  lines.push(
    classes.length
      ? `Combines with ${classes.length > 1 ? `${classes.slice(0, -1).join(', ')} and ${classes.at(-1)}` : classes[0]}`
      : "Can't combine with other discounts",
  );
  const at = shopDates(timezone).dateTime;
  if (d.startsAt && !Number.isNaN(Date.parse(d.startsAt))) {
    lines.push(
      d.endsAt && !Number.isNaN(Date.parse(d.endsAt))
        ? `Active from ${at(d.startsAt)} to ${at(d.endsAt)}`
        : `Active from ${at(d.startsAt)}`,
    );
  }
  return lines;
}

/** The sign of an ISO 4217 currency as Intl writes it in en-US ('$' for USD, '€' for EUR), for formatMoneyMajor. */
export function currencyFor(code: string): { sign: string; code: string } {
  const sign = new Intl.NumberFormat('en-US', { style: 'currency', currency: code })
    .formatToParts(0)
    .find((p) => p.type === 'currency')?.value;
  return { sign: sign ?? '', code };
}
