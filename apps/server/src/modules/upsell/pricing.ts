import { allocate, type EngineLine, type PricedOffer } from '../discounts/index.js';

/**
 * Boost UpSell pricing (issue 18 item 1): pure functions, no database, no clock. The server prices every offer;
 * the storefront only shows the answers. Units: cents; percentages in basis points (1000 = 10 %).
 *
 * Rules (Shopify's bundle and volume-discount apps, where the issue is silent):
 * - Offers are tried highest `priority` first (ties: oldest first, then id). Each cart line takes at most ONE offer
 *   (Shopify applies one product discount per line): an offer only uses lines no earlier offer took.
 * - bundle: its groups are each trigger product (or, with collection triggers only, one group "a product of those
 *   collections"), then each offer product. When every group has units in the cart, k = the fewest units of any
 *   group is the number of complete sets; each group's first k units (cart order) are discounted — percentage:
 *   `bp` of each line's discounted units, rounded per line; fixed_amount: `cents` per set, at most the sets' amount,
 *   spread over the set's lines by amount (largest remainder).
 * - quantity_break: units of one product are counted together over its lines (any variant); the highest tier whose
 *   quantity is reached gives its `bp` on each of that product's lines (rounded per line). Only triggered products.
 * - in_cart: while the cart holds a triggered product other than an offer product (always, with no trigger), each
 *   line of an offer product gets `bp` off (rounded per line) or `cents` off each unit (at most its price).
 * - post_purchase: never priced in the cart; `offerUnitPriceCents` prices the one unit taken after payment.
 * A discount is rounded half up to the cent once per line, so the offers' lineShares add up to their amounts.
 */

/** An offer as the pricing needs it (a row of `upsell_offers`, already known to be active now). */
export interface OfferRule {
  id: string;
  title: string;
  type: PricedOffer['type'];
  productIds: readonly string[];
  collectionIds: readonly string[];
  offerProductIds: readonly string[];
  discountType: 'percentage' | 'fixed_amount';
  /** Basis points (percentage) or cents (fixed_amount). */
  discountValue: number;
  tiers: readonly { quantity: number; bp: number }[];
  priority: number;
  createdAt: Date;
}

/** True when line `l`'s product triggers offer `o` (its products, its collections, or any product when both are empty). */
export function triggers(o: Pick<OfferRule, 'productIds' | 'collectionIds'>, l: Pick<EngineLine, 'productId' | 'collectionIds'>): boolean {
  if (o.productIds.length === 0 && o.collectionIds.length === 0) return true;
  return o.productIds.includes(l.productId) || l.collectionIds.some((c) => o.collectionIds.includes(c));
}

/** `bp` of `cents`, rounded half up to the cent. */
const pct = (cents: number, bp: number) => Math.round((cents * bp) / 10_000);

/** The price of one unit taken through offer `o` (in_cart, post_purchase): `bp` off or `cents` off, never below 0. */
export function offerUnitPriceCents(o: Pick<OfferRule, 'discountType' | 'discountValue'>, priceCents: number): number {
  if (o.discountType === 'percentage') return priceCents - pct(priceCents, o.discountValue);
  return Math.max(0, priceCents - o.discountValue);
}

/** Offers in the order they are tried (see the module comment). */
export function offerOrder(offers: readonly OfferRule[]): OfferRule[] {
  return [...offers].sort((a, b) => b.priority - a.priority || a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
}

type Shares = number[];

function priceBundle(o: OfferRule, lines: readonly EngineLine[], free: (i: number) => boolean): Shares | null {
  const groups: ((l: EngineLine) => boolean)[] = [];
  for (const p of o.productIds) groups.push((l) => l.productId === p);
  if (o.productIds.length === 0 && o.collectionIds.length > 0) {
    groups.push((l) => !o.offerProductIds.includes(l.productId) && l.collectionIds.some((c) => o.collectionIds.includes(c)));
  }
  for (const p of o.offerProductIds) if (!o.productIds.includes(p)) groups.push((l) => l.productId === p);
  // Each free line belongs to the first group it matches.
  const member = lines.map((l, i) => (free(i) ? groups.findIndex((g) => g(l)) : -1));
  const units = groups.map((_, g) => lines.reduce((s, l, i) => s + (member[i] === g ? l.quantity : 0), 0));
  const sets = Math.min(...units);
  if (!(sets > 0)) return null;
  // The first `sets` units of each group, in cart order.
  const setUnits = lines.map(() => 0);
  groups.forEach((_, g) => {
    let left = sets;
    lines.forEach((l, i) => {
      if (member[i] !== g || left === 0) return;
      setUnits[i] = Math.min(l.quantity, left);
      left -= setUnits[i]!;
    });
  });
  const setAmounts = lines.map((l, i) => l.unitPriceCents * setUnits[i]!);
  if (o.discountType === 'percentage') return setAmounts.map((a) => pct(a, o.discountValue));
  const total = setAmounts.reduce((s, a) => s + a, 0);
  return allocate(Math.min(total, o.discountValue * sets), setAmounts);
}

function priceQuantityBreak(o: OfferRule, lines: readonly EngineLine[], free: (i: number) => boolean): Shares | null {
  const tiers = [...o.tiers].sort((a, b) => a.quantity - b.quantity);
  const units = new Map<string, number>();
  lines.forEach((l, i) => {
    if (free(i) && triggers(o, l)) units.set(l.productId, (units.get(l.productId) ?? 0) + l.quantity);
  });
  const shares = lines.map((l, i) => {
    if (!free(i) || !triggers(o, l)) return 0;
    const tier = tiers.filter((t) => t.quantity <= (units.get(l.productId) ?? 0)).at(-1);
    return tier ? pct(l.unitPriceCents * l.quantity, tier.bp) : 0;
  });
  return shares.some((s) => s > 0) ? shares : null;
}

function priceInCart(o: OfferRule, lines: readonly EngineLine[], free: (i: number) => boolean): Shares | null {
  const trigger = lines.some((l) => !o.offerProductIds.includes(l.productId) && triggers(o, l));
  const anyTrigger = o.productIds.length === 0 && o.collectionIds.length === 0;
  if (!trigger && !anyTrigger) return null;
  const shares = lines.map((l, i) => {
    if (!free(i) || !o.offerProductIds.includes(l.productId)) return 0;
    if (o.discountType === 'percentage') return pct(l.unitPriceCents * l.quantity, o.discountValue);
    return (l.unitPriceCents - offerUnitPriceCents(o, l.unitPriceCents)) * l.quantity;
  });
  return shares.some((s) => s > 0) ? shares : null;
}

/**
 * Prices the cart `lines` with the active `offers` (rules in the module comment). Answers one PricedOffer per offer
 * that takes something, in the order tried; `lineShares` follow the lines' order and never take more than a line's
 * amount. post_purchase offers are skipped.
 */
export function priceOffers(lines: readonly EngineLine[], offers: readonly OfferRule[]): PricedOffer[] {
  const taken = lines.map(() => false);
  const free = (i: number) => !taken[i];
  const out: PricedOffer[] = [];
  for (const o of offerOrder(offers)) {
    const shares =
      o.type === 'bundle'
        ? priceBundle(o, lines, free)
        : o.type === 'quantity_break'
          ? priceQuantityBreak(o, lines, free)
          : o.type === 'in_cart'
            ? priceInCart(o, lines, free)
            : null;
    if (!shares) continue;
    const capped = shares.map((s, i) => Math.min(s, lines[i]!.unitPriceCents * lines[i]!.quantity));
    const amount = capped.reduce((s, x) => s + x, 0);
    if (amount <= 0) continue;
    capped.forEach((s, i) => {
      if (s > 0) taken[i] = true;
    });
    out.push({ offerId: o.id, title: o.title, type: o.type, amountCents: amount, lineShares: capped });
  }
  return out;
}

/** What offer `p`'s lines brought in after its discount, cents (its revenue counter): Σ (line amount − share) over its lines. */
export function offerRevenueCents(p: PricedOffer, lines: readonly EngineLine[]): number {
  return p.lineShares.reduce((s, share, i) => (share > 0 ? s + lines[i]!.unitPriceCents * lines[i]!.quantity - share : s), 0);
}
