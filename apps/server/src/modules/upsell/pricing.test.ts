import { describe, expect, it } from 'vitest';
import { type EngineLine, priceCart } from '../discounts/index.js';
import { type OfferRule, offerRevenueCents, offerUnitPriceCents, priceOffers } from './pricing.js';

// Boost UpSell pricing (issue 18 item 1), exact to the cent: bundles, quantity breaks, in-cart offers, the one-click
// post-purchase unit, and the offers combined with a discount code by the engine's rules.

const HOODIE = 'p-hoodie';
const CAP = 'p-cap';
const TEE = 'p-tee';
const line = (productId: string, quantity: number, unitPriceCents: number, collectionIds: string[] = []): EngineLine => ({
  variantId: `v-${productId}-${unitPriceCents}`,
  productId,
  collectionIds,
  quantity,
  unitPriceCents,
});
const offer = (o: Partial<OfferRule> & Pick<OfferRule, 'type'>): OfferRule => ({
  id: `o-${o.type}`,
  title: o.type,
  productIds: [],
  collectionIds: [],
  offerProductIds: [],
  discountType: 'percentage',
  discountValue: 0,
  tiers: [],
  priority: 0,
  createdAt: new Date('2026-01-01T00:00:00Z'),
  ...o,
});
const bundle = offer({ type: 'bundle', title: 'Hoodie + cap', productIds: [HOODIE], offerProductIds: [CAP], discountValue: 1000 });
const breaks = offer({
  type: 'quantity_break',
  title: 'Buy more, save more',
  tiers: [
    { quantity: 2, bp: 500 },
    { quantity: 3, bp: 1000 },
  ],
});

describe('priceOffers', () => {
  const cases: [string, EngineLine[], OfferRule[], number[][]][] = [
    ['bundle complete: 10 % off each bundled line', [line(HOODIE, 1, 4999), line(CAP, 1, 1999)], [bundle], [[500, 200]]],
    ['bundle incomplete: nothing', [line(HOODIE, 1, 4999)], [bundle], []],
    ['bundle twice: two sets', [line(HOODIE, 2, 4999), line(CAP, 2, 1999)], [bundle], [[1000, 400]]],
    ['bundle: only complete sets (2 hoodies, 1 cap)', [line(HOODIE, 2, 4999), line(CAP, 1, 1999)], [bundle], [[500, 200]]],
    [
      'bundle fixed $5 per set, spread by amount',
      [line(HOODIE, 1, 4999), line(CAP, 1, 1999)],
      [{ ...bundle, discountType: 'fixed_amount', discountValue: 500 }],
      [[357, 143]],
    ],
    ['quantity break: 1 unit, no tier', [line(TEE, 1, 1999)], [breaks], []],
    ['quantity break: 2 units → 5 %', [line(TEE, 2, 1999)], [breaks], [[200]]],
    ['quantity break: 3 units → 10 %', [line(TEE, 3, 1999)], [breaks], [[600]]],
    [
      'quantity break: variants of one product count together',
      [line(TEE, 1, 1999), { ...line(TEE, 2, 2199), variantId: 'v-tee-xl' }],
      [breaks],
      [[200, 440]],
    ],
    [
      'one offer per line: the higher priority bundle takes the hoodie, the break gets the tees',
      [line(HOODIE, 2, 4999), line(CAP, 1, 1999), line(TEE, 2, 1999)],
      [
        { ...breaks, priority: 0 },
        { ...bundle, priority: 10 },
      ],
      [
        [500, 200, 0],
        [0, 0, 200],
      ],
    ],
    [
      'in-cart: 20 % off the cap while a hoodie is in the cart',
      [line(HOODIE, 1, 4999), line(CAP, 2, 1999)],
      [offer({ type: 'in_cart', productIds: [HOODIE], offerProductIds: [CAP], discountValue: 2000 })],
      [[0, 800]],
    ],
    [
      'in-cart without its trigger: nothing',
      [line(CAP, 1, 1999)],
      [offer({ type: 'in_cart', productIds: [HOODIE], offerProductIds: [CAP], discountValue: 2000 })],
      [],
    ],
    [
      'in-cart triggered by a collection, $3 off each unit',
      [line(HOODIE, 1, 4999, ['c-winter']), line(CAP, 2, 1999)],
      [offer({ type: 'in_cart', collectionIds: ['c-winter'], offerProductIds: [CAP], discountType: 'fixed_amount', discountValue: 300 })],
      [[0, 600]],
    ],
    [
      'post-purchase offers are never priced in the cart',
      [line(TEE, 1, 1999)],
      [offer({ type: 'post_purchase', offerProductIds: [TEE], discountValue: 2000 })],
      [],
    ],
  ];
  it.each(cases)('%s', (_name, lines, offers, shares) => {
    const priced = priceOffers(lines, offers);
    expect(priced.map((p) => p.lineShares)).toEqual(shares);
    for (const p of priced) expect(p.amountCents).toBe(p.lineShares.reduce((s, x) => s + x, 0));
  });

  it('counts the revenue of the lines an offer discounted, after its discount', () => {
    const lines = [line(HOODIE, 1, 4999), line(CAP, 1, 1999), line(TEE, 1, 1000)];
    const [p] = priceOffers(lines, [bundle]);
    expect(offerRevenueCents(p!, lines)).toBe(4999 + 1999 - 700);
  });
});

describe('offerUnitPriceCents (post-purchase)', () => {
  it.each([
    ['percentage', 2000, 1999, 1599],
    ['percentage', 2000, 2499, 1999],
    ['percentage', 1250, 999, 874],
    ['fixed_amount', 500, 1999, 1499],
    ['fixed_amount', 5000, 1999, 0],
  ] as const)('%s %i on %i cents → %i', (discountType, discountValue, price, want) => {
    expect(offerUnitPriceCents({ discountType, discountValue }, price)).toBe(want);
  });
});

describe('offers with a discount code (engine rules)', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  const code = (combinesWith: { productDiscounts: boolean; orderDiscounts: boolean; shippingDiscounts: boolean }) => ({
    id: 'd-save10',
    method: 'code' as const,
    code: 'SAVE10',
    title: 'SAVE10',
    type: 'percentage' as const,
    value: 1000,
    appliesTo: 'all' as const,
    productIds: [],
    collectionIds: [],
    buyQuantity: null,
    getQuantity: null,
    minimumType: 'none' as const,
    minimumValue: 0,
    customerEmails: [],
    usageLimit: null,
    usageCount: 0,
    oncePerCustomer: false,
    usedByCustomer: false,
    combinesWith,
    startsAt: new Date('2026-01-01T00:00:00Z'),
    endsAt: null,
  });
  const lines = [line(HOODIE, 1, 4999), line(CAP, 1, 1999)];
  const cart = { lines, shippingCents: 0, email: null, now };

  it('a code combining with product discounts applies after the bundle, on what the lines have left', () => {
    const priced = priceCart(
      cart,
      code({ productDiscounts: true, orderDiscounts: false, shippingDiscounts: false }),
      [],
      priceOffers(lines, [bundle]),
    );
    // Bundle: 500 + 200 = 700; then 10 % of (4499 + 1799 = 6298) = 629.8 → 630.
    expect(priced.offers.map((o) => o.amountCents)).toEqual([700]);
    expect(priced.applied.map((a) => a.amountCents)).toEqual([630]);
    expect(priced).toMatchObject({ subtotalCents: 6998, discountCents: 1330, totalCents: 5668, codeError: null });
  });

  it('a code that does not combine with product discounts wins: the offers are left out', () => {
    const priced = priceCart(
      cart,
      code({ productDiscounts: false, orderDiscounts: false, shippingDiscounts: false }),
      [],
      priceOffers(lines, [bundle]),
    );
    expect(priced.offers).toEqual([]);
    expect(priced).toMatchObject({ discountCents: 700, totalCents: 6298 });
  });

  it('without a code the offers alone', () => {
    const priced = priceCart(cart, undefined, [], priceOffers(lines, [bundle]));
    expect(priced).toMatchObject({ discountCents: 700, totalCents: 6298, applied: [] });
  });
});
