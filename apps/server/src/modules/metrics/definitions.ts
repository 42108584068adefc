/**
 * The definitions of every figure the admin shows on more than one screen (issue 30 item 1), written ONCE, with
 * Shopify's vocabulary (Shopify Help Center "Analytics definitions"; help texts in packages/contracts/src/metrics.ts):
 *
 * - **Orders**: orders placed (created_at) in the period whose payment was captured — financial_status paid,
 *   partially_refunded or refunded (COUNTED_FINANCIAL_STATUSES); cancelled orders count (a cancellation with a refund
 *   is a return on the day of the cancellation); pending, authorized, partially paid and voided orders do not (yet).
 *   Test-mode checkout orders count: the product's checkout has only a test mode.
 * - **Gross sales** = subtotal (price × quantity, post-purchase lines included) of the orders, on the order's day.
 * - **Discounts** = discount_cents of the orders, on the order's day. **Shipping**, **Taxes** likewise.
 * - **Returns** = order_refunds.amount_cents, on the day of the REFUND (Shopify's reports), whatever the order's day.
 * - **Net sales** = gross − discounts − returns. **Total sales** = net + shipping + taxes.
 * - **AOV** = (gross sales − discounts) ÷ orders (Shopify since 2023: refunds do not change it).
 * - **Sessions** = visitor sessions whose first storefront event is in the period; **funnel steps** = sessions whose
 *   first event of the step is in the period; **conversion rate** = Purchased sessions ÷ sessions × 100.
 * - **Open orders** = unfulfilled or partially fulfilled, not cancelled, not archived (closed_at) — Shopify's
 *   `fulfillment_status=unfulfilled` with `status=open`; the spec's home count (§7 "Orders count with
 *   fulfillmentStatus=unfulfilled") and the Orders list's Unfulfilled tab read this one condition.
 * - **Visitors right now** = sessions with an event in the last LIVE_VISITOR_WINDOW_MINUTES minutes.
 * - **Available balance** = the payout ledger's (modules/payout, read through its public API).
 *
 * The Overview / home / live roll-up (`analytics_buckets`, `analytics_days`) and the report roll-ups
 * (`report_order_buckets`, `report_days`) are kept by triggers repeating these rules (migrations 0018, 0026, 0029);
 * `reconciliation.property.test.ts` checks every screen against one SQL computation of them.
 */
import { COUNTED_FINANCIAL_STATUSES, OPEN_FULFILLMENT_STATUSES } from '@backroom/contracts';
import { type SQL, sql } from 'drizzle-orm';

const col = (alias: string | undefined, name: string) => sql.raw(alias ? `${alias}.${name}` : name);
const list = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

/** SQL condition "this `orders` row (alias `alias`) counts as an order": its payment was captured. */
export function isCountedOrder(alias?: string): SQL {
  return sql`${col(alias, 'financial_status')} in (${sql.raw(list(COUNTED_FINANCIAL_STATUSES))})`;
}

/** SQL of an order row's part of total sales, cents, on its own day: gross − discounts + shipping + taxes. */
export function orderSalesCents(alias?: string): SQL {
  return sql`(${col(alias, 'subtotal_cents')} - ${col(alias, 'discount_cents')} + ${col(alias, 'shipping_cents')} + ${col(alias, 'tax_cents')})`;
}

/** SQL of an order row's value for AOV, cents: gross sales − discounts. */
export function orderValueCents(alias?: string): SQL {
  return sql`(${col(alias, 'subtotal_cents')} - ${col(alias, 'discount_cents')})`;
}

/** SQL text (alias `o` by default) of "an open order": unfulfilled or partially fulfilled, not cancelled, not archived. */
export function openOrderText(alias = 'o'): string {
  return `${alias}.closed_at is null and ${alias}.cancelled_at is null and ${alias}.fulfillment_status in (${list(OPEN_FULFILLMENT_STATUSES)})`;
}

/** SQL condition of an open order (see `openOrderText`). */
export function isOpenOrder(alias = 'o'): SQL {
  return sql.raw(`(${openOrderText(alias)})`);
}

/**
 * SQL of the figure rows of `storeIds` in [lo, hi) — the definition in row form, one row per counted order (on its
 * created_at) and one per refund (on the refund's created_at): columns t (instant), n (orders), c (total sales
 * cents), o (online-store total sales cents), v (order value cents for AOV). Summing the rows of any window gives
 * that window's figures; grouping them by local time gives a series.
 */
export function figureRows(storeIds: string[], lo: Date, hi: Date): SQL {
  const ids = sql.join(
    storeIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const from = sql`${lo.toISOString()}::timestamptz`;
  const to = sql`${hi.toISOString()}::timestamptz`;
  return sql`select created_at as t, 1::bigint as n, ${orderSalesCents()}::bigint as c,
                    (case when source_name = 'online_store' then ${orderSalesCents()} else 0 end)::bigint as o,
                    ${orderValueCents()}::bigint as v
             from orders
             where store_id in (${ids}) and ${isCountedOrder()} and created_at >= ${from} and created_at < ${to}
             union all
             select r.created_at, 0, -r.amount_cents::bigint,
                    (case when ro.source_name = 'online_store' then -r.amount_cents else 0 end)::bigint, 0
             from order_refunds r join orders ro on ro.id = r.order_id
             where r.store_id in (${ids}) and r.created_at >= ${from} and r.created_at < ${to}`;
}

/** Conversion rate in percent, 2 decimals: sessions that purchased ÷ sessions × 100; 0 without sessions. */
export function conversionRatePercent(purchased: number, sessions: number): number {
  return sessions > 0 ? Math.round((purchased / sessions) * 10000) / 100 : 0;
}

/** Average order value in major units, 2 decimals: order value (gross − discounts) ÷ orders; 0 without orders. */
export function aovMajor(orderValueCents: number, orders: number): number {
  return orders > 0 ? Math.round(orderValueCents / orders) / 100 : 0;
}

/**
 * Countries as merchants and shoppers write them → one name (Top locations, issue 30): ISO 3166-1 alpha-2 and
 * alpha-3 codes and common English variants map to the English short name; anything else is kept, trimmed.
 */
const COUNTRY_ALIASES: Record<string, string> = {
  us: 'United States',
  usa: 'United States',
  'u.s.': 'United States',
  'u.s.a.': 'United States',
  'united states of america': 'United States',
  gb: 'United Kingdom',
  gbr: 'United Kingdom',
  uk: 'United Kingdom',
  'great britain': 'United Kingdom',
  ca: 'Canada',
  can: 'Canada',
  de: 'Germany',
  deu: 'Germany',
  fr: 'France',
  fra: 'France',
  au: 'Australia',
  aus: 'Australia',
  nl: 'Netherlands',
  nld: 'Netherlands',
  'the netherlands': 'Netherlands',
  es: 'Spain',
  esp: 'Spain',
  it: 'Italy',
  ita: 'Italy',
  vn: 'Vietnam',
  vnm: 'Vietnam',
  'viet nam': 'Vietnam',
  in: 'India',
  ind: 'India',
  jp: 'Japan',
  jpn: 'Japan',
  mx: 'Mexico',
  mex: 'Mexico',
  br: 'Brazil',
  bra: 'Brazil',
  ie: 'Ireland',
  irl: 'Ireland',
  nz: 'New Zealand',
  nzl: 'New Zealand',
  se: 'Sweden',
  swe: 'Sweden',
};

/** One display name per country: `countryName('US') === countryName('United States') === 'United States'`. */
export function countryName(raw: string): string {
  const t = raw.trim().replace(/\s+/g, ' ');
  const known = COUNTRY_ALIASES[t.toLowerCase()];
  if (known) return known;
  const display = t.length === 2 ? safeRegionName(t.toUpperCase()) : undefined;
  return display ?? t;
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
function safeRegionName(code: string): string | undefined {
  try {
    const name = regionNames.of(code);
    return name && name !== code ? name : undefined;
  } catch {
    return undefined;
  }
}
