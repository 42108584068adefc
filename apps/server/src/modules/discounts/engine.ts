/**
 * The discount engine (issue 12 item 6): pure functions, no database, no clock of its own. Given a cart (lines
 * priced in cents, shipping, the shopper's e-mail, "now") and the discounts that may apply (the code the shopper
 * typed, the store's automatic discounts), it decides which apply and by how much, and prices the cart.
 *
 * Units: every amount is integer cents; percentages are basis points (1000 = 10 %, 10000 = 100 %).
 *
 * Rules (Shopify's where the issue is silent):
 * - Eligibility, checked in this order, each with its message (DISCOUNT_MESSAGES): starts in the future, ended,
 *   usage limit reached, already used by this e-mail (once per customer; checked when the e-mail is known),
 *   e-mail not among the customer e-mails, no eligible item in the cart, minimum subtotal of the eligible items,
 *   minimum quantity of eligible items.
 * - Eligible items: every line (`all`), lines of the chosen products, or lines whose product is in a chosen
 *   collection.
 * - percentage: `value` bp of the eligible items' amount; fixed_amount: `value` cents once per order, at most the
 *   eligible amount; free_shipping: the whole shipping; buy_x_get_y: eligible units sorted by price, most expensive
 *   first, taken in groups of X + Y, the last Y of each group (the cheapest) get `value` bp off (10000 = free).
 *   Amounts are rounded to the cent once per discount and spread over the lines by largest remainder, so the lines'
 *   shares always add up to the discount.
 * - Classes: free_shipping is a shipping discount, buy_x_get_y and discounts on chosen products or collections are
 *   product discounts, the rest order discounts. Two discounts combine when each one's `combinesWith` allows the
 *   other's class.
 * - Choice: a valid code always applies (the shopper chose it); then automatic discounts, largest standalone amount
 *   first, are added when they are eligible, worth something and combine with everything chosen so far.
 * - Order of application: product discounts, then order discounts, then shipping discounts, each on what the
 *   previous ones left, so a total never goes below zero.
 * - Boost UpSell offers (issue 18 item 1; priced by modules/upsell on the full line amounts and passed in as
 *   `offers`) are automatic PRODUCT discounts that combine with every class, as Shopify's bundle and volume apps
 *   are: they are applied first, before any other discount. A typed code still wins: the offers stay only when the
 *   code combines with product discounts (`combinesWith.productDiscounts`), and an automatic discount joins them
 *   only when it combines with product discounts too. Offers come before the automatic discounts.
 */

/** A cart line as the engine sees it. */
export interface EngineLine {
  variantId: string;
  productId: string;
  /** Collections the line's product belongs to. */
  collectionIds: readonly string[];
  quantity: number;
  /** Unit price, cents. */
  unitPriceCents: number;
}

/** The cart to price. */
export interface EngineCart {
  lines: readonly EngineLine[];
  /** Shipping before discounts, cents. */
  shippingCents: number;
  /** The shopper's e-mail (lower-case) when known; per-customer rules are checked only then. */
  email: string | null;
  now: Date;
}

export type DiscountClass = 'product' | 'order' | 'shipping';
type Type = 'percentage' | 'fixed_amount' | 'free_shipping' | 'buy_x_get_y';

/** A discount as the engine needs it (a row of `discounts` plus whether this e-mail already used it). */
export interface EngineDiscount {
  id: string;
  method: 'code' | 'automatic';
  code: string | null;
  title: string;
  type: Type;
  /** Basis points (percentage, buy_x_get_y) or cents (fixed_amount); 0 for free_shipping. */
  value: number;
  appliesTo: 'all' | 'products' | 'collections';
  productIds: readonly string[];
  collectionIds: readonly string[];
  buyQuantity: number | null;
  getQuantity: number | null;
  minimumType: 'none' | 'subtotal' | 'quantity';
  /** Cents (subtotal) or items (quantity). */
  minimumValue: number;
  /** Lower-case e-mails; empty = everyone. */
  customerEmails: readonly string[];
  usageLimit: number | null;
  usageCount: number;
  oncePerCustomer: boolean;
  /** True when the cart's e-mail already used this discount. */
  usedByCustomer: boolean;
  combinesWith: { productDiscounts: boolean; orderDiscounts: boolean; shippingDiscounts: boolean };
  startsAt: Date;
  endsAt: Date | null;
}

/** Why a discount does not apply. */
export type Ineligible =
  | 'not_started'
  | 'expired'
  | 'used_up'
  | 'used_by_customer'
  | 'not_for_customer'
  | 'no_items'
  | 'minimum_subtotal'
  | 'minimum_quantity';

/** The shopper-facing message of each reason (the storefront shows it; the checkout answers it with 400). */
export const DISCOUNT_MESSAGES: Record<Ineligible | 'unknown', string> = {
  unknown: 'Enter a valid discount code',
  not_started: 'This discount code is not active yet',
  expired: 'This discount code has expired',
  used_up: 'This discount code has reached its usage limit',
  used_by_customer: 'This discount code has already been used',
  not_for_customer: 'This discount code is not available for this email',
  no_items: 'This discount code does not apply to the items in your cart',
  minimum_subtotal: 'Your cart does not meet the minimum purchase for this discount code',
  minimum_quantity: 'Your cart does not have enough items for this discount code',
};

/** A discount that applies, with its amount and how it splits over the lines (cents). */
export interface AppliedEngineDiscount {
  id: string;
  title: string;
  code: string | null;
  type: Type;
  amountCents: number;
  /** Share of each line (same order as the cart's lines); zeros for a shipping discount. */
  lineShares: number[];
  /** Share of the shipping. */
  shippingShare: number;
}

/** A Boost UpSell offer priced on the full line amounts (cents; `lineShares` in the cart's line order). */
export interface PricedOffer {
  offerId: string;
  title: string;
  type: 'bundle' | 'quantity_break' | 'in_cart' | 'post_purchase';
  amountCents: number;
  lineShares: number[];
}

/** The priced cart. */
export interface PricedCart {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  totalCents: number;
  applied: AppliedEngineDiscount[];
  /** The offers kept (see the module comment); their amounts are part of discountCents. */
  offers: PricedOffer[];
  /** Why the code given does not apply, or null (also null when no code was given). */
  codeError: Ineligible | 'unknown' | null;
}

/** The class of a discount for combinations (see the module comment). */
export function discountClass(d: Pick<EngineDiscount, 'type' | 'appliesTo'>): DiscountClass {
  if (d.type === 'free_shipping') return 'shipping';
  if (d.type === 'buy_x_get_y' || d.appliesTo !== 'all') return 'product';
  return 'order';
}

const allows = (d: EngineDiscount, c: DiscountClass) =>
  c === 'product' ? d.combinesWith.productDiscounts : c === 'order' ? d.combinesWith.orderDiscounts : d.combinesWith.shippingDiscounts;

/** True when `a` and `b` may apply together: each allows the other's class. */
export function combinable(a: EngineDiscount, b: EngineDiscount): boolean {
  return allows(a, discountClass(b)) && allows(b, discountClass(a));
}

/** True when line `l` is among the items discount `d` applies to. */
export function isEligibleLine(d: Pick<EngineDiscount, 'appliesTo' | 'productIds' | 'collectionIds'>, l: EngineLine): boolean {
  if (d.appliesTo === 'all') return true;
  if (d.appliesTo === 'products') return d.productIds.includes(l.productId);
  return l.collectionIds.some((c) => d.collectionIds.includes(c));
}

/** Why `d` does not apply to `cart`, or null when it does (order of checks: see the module comment). */
export function ineligibility(d: EngineDiscount, cart: EngineCart): Ineligible | null {
  const now = cart.now.getTime();
  if (d.startsAt.getTime() > now) return 'not_started';
  if (d.endsAt && d.endsAt.getTime() <= now) return 'expired';
  if (d.usageLimit !== null && d.usageCount >= d.usageLimit) return 'used_up';
  if (cart.email !== null && d.oncePerCustomer && d.usedByCustomer) return 'used_by_customer';
  if (d.customerEmails.length > 0 && (cart.email === null || !d.customerEmails.includes(cart.email))) return 'not_for_customer';
  const eligible = cart.lines.filter((l) => isEligibleLine(d, l));
  if (eligible.length === 0) return 'no_items';
  if (d.minimumType === 'subtotal' && eligible.reduce((s, l) => s + l.unitPriceCents * l.quantity, 0) < d.minimumValue) {
    return 'minimum_subtotal';
  }
  if (d.minimumType === 'quantity' && eligible.reduce((s, l) => s + l.quantity, 0) < d.minimumValue) return 'minimum_quantity';
  return null;
}

/**
 * Splits `amount` cents over `weights` in proportion (largest remainder, ties to the earlier index), so the
 * shares add up to `amount` exactly and none exceeds its weight when amount ≤ sum(weights).
 */
export function allocate(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((s, w) => s + w, 0);
  if (total <= 0 || amount <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (amount * w) / total);
  const shares = exact.map(Math.floor);
  let left = amount - shares.reduce((s, x) => s + x, 0);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/**
 * The amount of `d` on a cart whose lines still carry `lineLeft` cents and whose shipping `shippingLeft` cents
 * (after the discounts applied before it). Assumes `d` is eligible.
 */
function amountOf(d: EngineDiscount, cart: EngineCart, lineLeft: readonly number[], shippingLeft: number): AppliedEngineDiscount {
  const base = { id: d.id, title: d.title, code: d.code, type: d.type };
  const zero = cart.lines.map(() => 0);
  if (d.type === 'free_shipping') return { ...base, amountCents: shippingLeft, lineShares: zero, shippingShare: shippingLeft };
  const weights = cart.lines.map((l, i) => (isEligibleLine(d, l) ? lineLeft[i]! : 0));
  const eligibleLeft = weights.reduce((s, w) => s + w, 0);
  let amount = 0;
  if (d.type === 'percentage') amount = Math.round((eligibleLeft * d.value) / 10_000);
  else if (d.type === 'fixed_amount') amount = Math.min(d.value, eligibleLeft);
  else {
    // buy_x_get_y: units, most expensive first (ties: cart order); the last Y units of each X + Y group get value bp off.
    const buy = d.buyQuantity ?? 1;
    const get = d.getQuantity ?? 1;
    const units: { i: number; price: number }[] = [];
    cart.lines.forEach((l, i) => {
      if (!isEligibleLine(d, l)) return;
      const unit = l.quantity > 0 ? lineLeft[i]! / l.quantity : 0;
      for (let k = 0; k < l.quantity; k++) units.push({ i, price: unit });
    });
    units.sort((a, b) => b.price - a.price || a.i - b.i);
    const perLine = cart.lines.map(() => 0);
    for (let g = 0; g + buy + get <= units.length; g += buy + get) {
      for (let k = g + buy; k < g + buy + get; k++) perLine[units[k]!.i]! += units[k]!.price;
    }
    const free = perLine.reduce((s, x) => s + x, 0);
    amount = Math.min(eligibleLeft, Math.round((free * d.value) / 10_000));
    return { ...base, amountCents: amount, lineShares: allocate(amount, perLine), shippingShare: 0 };
  }
  return { ...base, amountCents: amount, lineShares: allocate(amount, weights), shippingShare: 0 };
}

const CLASS_ORDER: Record<DiscountClass, number> = { product: 0, order: 1, shipping: 2 };

/**
 * Prices `cart` with the discount of the code the shopper typed (`code`: the discount found for it, `null` when
 * the code matches none, `undefined` when no code was typed) and the store's `automatic` discounts, by the rules
 * of the module comment. An ineligible code is left out and reported in `codeError`.
 */
export function priceCart(
  cart: EngineCart,
  code: EngineDiscount | null | undefined,
  automatic: readonly EngineDiscount[],
  offers: readonly PricedOffer[] = [],
): PricedCart {
  const subtotal = cart.lines.reduce((s, l) => s + l.unitPriceCents * l.quantity, 0);
  const lineFull = cart.lines.map((l) => l.unitPriceCents * l.quantity);
  const chosen: EngineDiscount[] = [];
  let codeError: PricedCart['codeError'] = null;
  if (code === null) codeError = 'unknown';
  else if (code) {
    codeError = ineligibility(code, cart);
    if (!codeError) chosen.push(code);
  }
  // Automatic discounts, largest standalone amount first (ties: title, then id, for a stable answer).
  const candidates = automatic
    .filter((d) => d.method === 'automatic' && !ineligibility(d, cart))
    .map((d) => ({ d, alone: amountOf(d, cart, lineFull, cart.shippingCents).amountCents }))
    .filter((x) => x.alone > 0)
    .sort((a, b) => b.alone - a.alone || a.d.title.localeCompare(b.d.title) || a.d.id.localeCompare(b.d.id));
  // Offers stay unless the typed code refuses product discounts; then automatic discounts must accept them too.
  const kept = offers.filter((o) => o.amountCents > 0 && chosen.every((c) => allows(c, 'product')));
  for (const { d } of candidates) {
    if (chosen.every((c) => combinable(c, d)) && (kept.length === 0 || allows(d, 'product'))) chosen.push(d);
  }

  const ordered = chosen
    .map((d, n) => ({ d, n }))
    .sort((a, b) => CLASS_ORDER[discountClass(a.d)] - CLASS_ORDER[discountClass(b.d)] || a.n - b.n)
    .map((x) => x.d);
  const lineLeft = lineFull.map((full, i) => full - kept.reduce((s, o) => s + (o.lineShares[i] ?? 0), 0));
  let shippingLeft = cart.shippingCents;
  const applied: AppliedEngineDiscount[] = [];
  for (const d of ordered) {
    const a = amountOf(d, cart, lineLeft, shippingLeft);
    a.lineShares.forEach((s, i) => {
      lineLeft[i]! -= s;
    });
    shippingLeft -= a.shippingShare;
    // An automatic discount that the ones before it left nothing to take from is not listed.
    if (a.amountCents > 0 || d.method === 'code') applied.push(a);
  }
  const discount = applied.reduce((s, a) => s + a.amountCents, 0) + kept.reduce((s, o) => s + o.amountCents, 0);
  return {
    subtotalCents: subtotal,
    discountCents: discount,
    shippingCents: cart.shippingCents,
    totalCents: subtotal + cart.shippingCents - discount,
    applied,
    offers: kept,
    codeError,
  };
}
