/**
 * What each figure the admin shows on more than one screen counts (issue 30 item 1): the help texts shown beside
 * the figures on home, Overview, Sales reports, Live view, the Orders tabs and the payout screen. The server's
 * `modules/metrics` computes every one of them from the definitions these texts describe, with Shopify's
 * vocabulary (Shopify Help Center, "Analytics definitions"); where the spec (admin-dashboard.md) fixes a rule, the
 * spec wins and the text says so.
 */

/** The `orders.financial_status` values of an order that counts (payment captured, possibly refunded since). */
export const COUNTED_FINANCIAL_STATUSES = ['paid', 'partially_refunded', 'refunded'] as const;

/** The `orders.fulfillment_status` values of an open order (nothing or only part of it shipped). */
export const OPEN_FULFILLMENT_STATUSES = ['unfulfilled', 'partial'] as const;

/** Keys of the figures defined once in modules/metrics. */
export type MetricKey =
  | 'grossSales'
  | 'discounts'
  | 'returns'
  | 'netSales'
  | 'shipping'
  | 'taxes'
  | 'totalSales'
  | 'orders'
  | 'openOrders'
  | 'aov'
  | 'sessions'
  | 'conversionRate'
  | 'funnel'
  | 'viewStore'
  | 'addedToCart'
  | 'reachedCheckout'
  | 'purchased'
  | 'visitorsNow'
  | 'onlineStoreSales'
  | 'topLocations'
  | 'availableBalance';

/** One help line per figure: "Name: what it counts". Days are the shop's local days (its time zone). */
export const METRIC_HELP: Record<MetricKey, string> = {
  grossSales:
    'Gross sales: product price × quantity of the orders placed in the period, before discounts, returns, shipping and taxes (Shopify).',
  discounts: 'Discounts: code, automatic and post-purchase discounts of the orders placed in the period.',
  returns:
    'Returns: money refunded in the period, on the day the refund is made — also for orders placed earlier (Shopify: refunds on the day they are made).',
  netSales: 'Net sales: gross sales − discounts − returns.',
  shipping: 'Shipping: shipping charged on the orders placed in the period.',
  taxes: 'Taxes: taxes charged on the orders placed in the period.',
  totalSales:
    'Total sales: gross sales − discounts − returns + shipping + taxes, refunds on the day they are made. Orders count on the day they are placed once their payment is captured.',
  orders:
    'Orders: orders placed in the period whose payment was captured (paid, partially refunded, refunded), cancelled ones included; pending (e.g. cash on delivery), authorized and voided orders count once paid. Test-mode checkout orders count (the shop takes no live payments).',
  openOrders:
    'Open orders: unfulfilled or partially fulfilled, not cancelled and not archived — the Unfulfilled tab of Orders (spec: the home count is the unfulfilled orders count).',
  aov: 'Average order value: (gross sales − discounts) ÷ orders, for the orders placed in the period; later refunds do not change it (Shopify).',
  sessions: 'Sessions: visitor sessions whose first storefront visit was in the period.',
  conversionRate: 'Conversion rate: sessions that purchased ÷ sessions, in percent.',
  funnel:
    'Funnel: sessions whose first event of each step was in the period — View Store, Added to cart, Reached checkout, Purchased (a completed checkout, paid or not).',
  viewStore: 'View Store: sessions that viewed the online store.',
  addedToCart: 'Added to cart: sessions that added a product to the cart.',
  reachedCheckout: 'Reached checkout: sessions that started a checkout.',
  purchased:
    'Purchased: sessions that completed a checkout, paid or not — a pending cash-on-delivery purchase counts here before it counts as an order.',
  visitorsNow: 'Visitors right now: sessions with a storefront visit in the last 5 minutes.',
  onlineStoreSales: 'Online store sales: total sales of the orders placed through the online store.',
  topLocations:
    "Top locations: today's orders by shipping country, each country counted once however its name was written (US, USA and United States are one).",
  availableBalance:
    'Available balance: settled sales less fees, refunds and payouts; a refund after a payout can take it below zero, and it is then deducted from the next payout.',
};
