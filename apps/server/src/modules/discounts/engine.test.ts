import { describe, expect, it } from 'vitest';
import {
  allocate,
  combinable,
  discountClass,
  type EngineCart,
  type EngineDiscount,
  type EngineLine,
  ineligibility,
  priceCart,
} from './engine.js';

// Table-driven tests of the pure discount engine (issue 12 "the discount engine (table-driven: each type × condition
// × limit)"). Amounts in cents, percentages in basis points.

const NOW = new Date('2026-06-10T12:00:00Z');
const TEE = 'p-tee';
const DRESS = 'p-dress';
const TEES = 'c-tees';

const tee = (quantity: number, unitPriceCents = 2000, variantId = 'v-tee'): EngineLine => ({
  variantId,
  productId: TEE,
  collectionIds: [TEES],
  quantity,
  unitPriceCents,
});
const dress = (quantity: number, unitPriceCents = 6000): EngineLine => ({
  variantId: 'v-dress',
  productId: DRESS,
  collectionIds: [],
  quantity,
  unitPriceCents,
});

const cart = (lines: EngineLine[], o: Partial<EngineCart> = {}): EngineCart => ({
  lines,
  shippingCents: 500,
  email: 'ann@example.com',
  now: NOW,
  ...o,
});

let n = 0;
const disc = (o: Partial<EngineDiscount> = {}): EngineDiscount => {
  n += 1;
  return {
    id: `d${n}`,
    method: 'code',
    code: `CODE${n}`,
    title: `CODE${n}`,
    type: 'percentage',
    value: 1000,
    appliesTo: 'all',
    productIds: [],
    collectionIds: [],
    buyQuantity: null,
    getQuantity: null,
    minimumType: 'none',
    minimumValue: 0,
    customerEmails: [],
    usageLimit: null,
    usageCount: 0,
    oncePerCustomer: false,
    usedByCustomer: false,
    combinesWith: { productDiscounts: false, orderDiscounts: false, shippingDiscounts: false },
    startsAt: new Date('2026-06-01T00:00:00Z'),
    endsAt: null,
    ...o,
  };
};

// Cart used by the type table: 2 tees at $20 + 1 dress at $60 = $100 subtotal, $5 shipping.
const base = () => cart([tee(2), dress(1)]);

describe('each type on the whole order and on chosen items', () => {
  it.each([
    // [name, discount, expected discount cents]
    ['10 % off the order', { type: 'percentage', value: 1000 }, 1000],
    ['12.5 % off the order', { type: 'percentage', value: 1250 }, 1250],
    ['100 % off the order', { type: 'percentage', value: 10_000 }, 10_000],
    ['10 % off tees (product)', { type: 'percentage', value: 1000, appliesTo: 'products', productIds: [TEE] }, 400],
    ['10 % off the tees collection', { type: 'percentage', value: 1000, appliesTo: 'collections', collectionIds: [TEES] }, 400],
    ['$15 off the order', { type: 'fixed_amount', value: 1500 }, 1500],
    ['$15 off tees', { type: 'fixed_amount', value: 1500, appliesTo: 'products', productIds: [TEE] }, 1500],
    ['$500 off is capped at the eligible amount', { type: 'fixed_amount', value: 50_000 }, 10_000],
    ['$500 off tees is capped at the tees', { type: 'fixed_amount', value: 50_000, appliesTo: 'products', productIds: [TEE] }, 4000],
    ['free shipping', { type: 'free_shipping', value: 0 }, 500],
    [
      'buy 1 get 1 free on tees',
      { type: 'buy_x_get_y', value: 10_000, buyQuantity: 1, getQuantity: 1, appliesTo: 'products', productIds: [TEE] },
      2000,
    ],
    [
      'buy 1 get 1 half off on tees',
      { type: 'buy_x_get_y', value: 5000, buyQuantity: 1, getQuantity: 1, appliesTo: 'products', productIds: [TEE] },
      1000,
    ],
    [
      'buy 2 get 1 free needs 3 tees',
      { type: 'buy_x_get_y', value: 10_000, buyQuantity: 2, getQuantity: 1, appliesTo: 'products', productIds: [TEE] },
      0,
    ],
  ] as const)('%s → %i cents', (_name, o, expected) => {
    const d = disc(o as Partial<EngineDiscount>);
    const priced = priceCart(base(), d, []);
    expect(priced.codeError).toBeNull();
    expect(priced.discountCents).toBe(expected);
    expect(priced.subtotalCents).toBe(10_000);
    expect(priced.totalCents).toBe(10_000 + 500 - expected);
    // The lines' and the shipping's shares add up to the discount.
    const a = priced.applied[0]!;
    expect(a.lineShares.reduce((s, x) => s + x, 0) + a.shippingShare).toBe(expected);
  });

  it('buy 2 get 1 free: the cheapest unit of each group of three is free, across lines', () => {
    const d = disc({ type: 'buy_x_get_y', value: 10_000, buyQuantity: 2, getQuantity: 1, appliesTo: 'collections', collectionIds: [TEES] });
    // Units 30, 25, 20 | 20, 15, 15 | 15 → free: 20 and 15.
    const c = cart([tee(1, 3000, 'a'), tee(1, 2500, 'b'), tee(2, 2000, 'c'), tee(3, 1500, 'd')]);
    const priced = priceCart(c, d, []);
    expect(priced.discountCents).toBe(2000 + 1500);
    expect(priced.applied[0]!.lineShares).toEqual([0, 0, 2000, 1500]);
  });

  it('buy 2 get 1 free on 6 tees gives 2 free, 5 tees gives 1', () => {
    const d = disc({ type: 'buy_x_get_y', value: 10_000, buyQuantity: 2, getQuantity: 1, appliesTo: 'products', productIds: [TEE] });
    expect(priceCart(cart([tee(6)]), d, []).discountCents).toBe(4000);
    expect(priceCart(cart([tee(5)]), d, []).discountCents).toBe(2000);
  });

  it('rounds a percentage once and spreads it by largest remainder', () => {
    const d = disc({ type: 'percentage', value: 1000 });
    const priced = priceCart(cart([tee(1, 333, 'a'), tee(1, 333, 'b'), tee(1, 334, 'c')]), d, []);
    expect(priced.discountCents).toBe(100);
    expect(priced.applied[0]!.lineShares).toEqual([33, 33, 34]);
  });
});

describe('conditions', () => {
  it.each([
    // [name, discount, cart, reason or null]
    ['minimum subtotal met exactly', { minimumType: 'subtotal', minimumValue: 10_000 }, base(), null],
    ['minimum subtotal missed by a cent', { minimumType: 'subtotal', minimumValue: 10_001 }, base(), 'minimum_subtotal'],
    [
      'minimum subtotal counts the eligible items only',
      { minimumType: 'subtotal', minimumValue: 5000, appliesTo: 'products', productIds: [TEE] },
      base(),
      'minimum_subtotal',
    ],
    ['minimum quantity met', { minimumType: 'quantity', minimumValue: 3 }, base(), null],
    ['minimum quantity missed', { minimumType: 'quantity', minimumValue: 4 }, base(), 'minimum_quantity'],
    ['products: an eligible line', { appliesTo: 'products', productIds: [DRESS] }, base(), null],
    ['products: none in the cart', { appliesTo: 'products', productIds: ['p-other'] }, base(), 'no_items'],
    ['collections: one in the cart', { appliesTo: 'collections', collectionIds: [TEES] }, base(), null],
    ['collections: none in the cart', { appliesTo: 'collections', collectionIds: ['c-other'] }, cart([dress(1)]), 'no_items'],
    ['customer e-mails: listed', { customerEmails: ['ann@example.com'] }, base(), null],
    ['customer e-mails: not listed', { customerEmails: ['bob@example.com'] }, base(), 'not_for_customer'],
    ['customer e-mails: e-mail unknown yet', { customerEmails: ['ann@example.com'] }, cart([tee(1)], { email: null }), 'not_for_customer'],
    ['starts now', { startsAt: NOW }, base(), null],
    ['starts in a second', { startsAt: new Date(NOW.getTime() + 1000) }, base(), 'not_started'],
    ['ends in a second', { endsAt: new Date(NOW.getTime() + 1000) }, base(), null],
    ['ended now (end is exclusive)', { endsAt: NOW }, base(), 'expired'],
  ] as const)('%s', (_name, o, c, reason) => {
    const d = disc(o as Partial<EngineDiscount>);
    expect(ineligibility(d, c)).toBe(reason);
    const priced = priceCart(c, d, []);
    expect(priced.codeError).toBe(reason);
    if (reason) expect(priced.discountCents).toBe(0);
  });
});

describe('limits', () => {
  it.each([
    ['unlimited', { usageLimit: null, usageCount: 1000 }, {}, null],
    ['4 of 5 used', { usageLimit: 5, usageCount: 4 }, {}, null],
    ['5 of 5 used', { usageLimit: 5, usageCount: 5 }, {}, 'used_up'],
    ['once per customer, not used', { oncePerCustomer: true, usedByCustomer: false }, {}, null],
    ['once per customer, used', { oncePerCustomer: true, usedByCustomer: true }, {}, 'used_by_customer'],
    [
      'once per customer, used, e-mail not known yet (checked at checkout)',
      { oncePerCustomer: true, usedByCustomer: true },
      { email: null },
      null,
    ],
    ['used by the customer but not once per customer', { oncePerCustomer: false, usedByCustomer: true }, {}, null],
  ] as const)('%s', (_name, o, c, reason) => {
    expect(ineligibility(disc(o as Partial<EngineDiscount>), cart([tee(1)], c))).toBe(reason);
  });

  it('checks in order: a used-up code past its end is reported as expired', () => {
    expect(ineligibility(disc({ usageLimit: 1, usageCount: 1, endsAt: NOW }), base())).toBe('expired');
  });

  it('an unknown code (no discount found) is reported and nothing applies', () => {
    const priced = priceCart(base(), null, []);
    expect(priced).toMatchObject({ codeError: 'unknown', discountCents: 0, totalCents: 10_500 });
  });
});

describe('each type × condition × limit', () => {
  const types = [
    { type: 'percentage', value: 1000 },
    { type: 'fixed_amount', value: 1500 },
    { type: 'free_shipping', value: 0 },
    { type: 'buy_x_get_y', value: 10_000, buyQuantity: 1, getQuantity: 1 },
  ] as const;
  const conditions = [
    { name: 'no condition', o: {}, ok: true },
    { name: 'minimum subtotal met', o: { minimumType: 'subtotal', minimumValue: 4000 }, ok: true },
    { name: 'minimum subtotal missed', o: { minimumType: 'subtotal', minimumValue: 4001 }, ok: false },
    { name: 'minimum quantity met', o: { minimumType: 'quantity', minimumValue: 2 }, ok: true },
    { name: 'minimum quantity missed', o: { minimumType: 'quantity', minimumValue: 3 }, ok: false },
    { name: 'on the products', o: { appliesTo: 'products', productIds: [TEE] }, ok: true },
    { name: 'on other products', o: { appliesTo: 'products', productIds: [DRESS] }, ok: false },
    { name: 'on the collection', o: { appliesTo: 'collections', collectionIds: [TEES] }, ok: true },
    { name: 'for this e-mail', o: { customerEmails: ['ann@example.com'] }, ok: true },
    { name: 'for another e-mail', o: { customerEmails: ['bob@example.com'] }, ok: false },
  ] as const;
  const limits = [
    { name: 'under the limit', o: { usageLimit: 5, usageCount: 4 }, ok: true },
    { name: 'at the limit', o: { usageLimit: 5, usageCount: 5 }, ok: false },
    { name: 'once per customer, first use', o: { oncePerCustomer: true }, ok: true },
    { name: 'once per customer, second use', o: { oncePerCustomer: true, usedByCustomer: true }, ok: false },
  ] as const;
  // Cart: 2 tees at $20 (subtotal $40), $5 shipping.
  const expected = { percentage: 400, fixed_amount: 1500, free_shipping: 500, buy_x_get_y: 2000 } as const;
  const cases = types.flatMap((t) => conditions.flatMap((c) => limits.map((l) => ({ t, c, l }))));
  it.each(cases)('$t.type · $c.name · $l.name', ({ t, c, l }) => {
    const d = disc({ ...(t as Partial<EngineDiscount>), ...(c.o as Partial<EngineDiscount>), ...(l.o as Partial<EngineDiscount>) });
    const priced = priceCart(cart([tee(2)]), d, []);
    const ok = c.ok && l.ok;
    expect(priced.codeError === null).toBe(ok);
    expect(priced.discountCents).toBe(ok ? expected[t.type] : 0);
    expect(priced.totalCents).toBe(4500 - priced.discountCents);
  });
});

describe('automatic discounts and combinations', () => {
  const b2g1 = () =>
    disc({
      method: 'automatic',
      code: null,
      title: 'Buy 2 get 1 free',
      type: 'buy_x_get_y',
      value: 10_000,
      buyQuantity: 2,
      getQuantity: 1,
      appliesTo: 'collections',
      collectionIds: [TEES],
    });

  it('classes: shipping, product, order', () => {
    expect(discountClass({ type: 'free_shipping', appliesTo: 'all' })).toBe('shipping');
    expect(discountClass({ type: 'buy_x_get_y', appliesTo: 'all' })).toBe('product');
    expect(discountClass({ type: 'percentage', appliesTo: 'products' })).toBe('product');
    expect(discountClass({ type: 'fixed_amount', appliesTo: 'all' })).toBe('order');
  });

  it('an automatic discount applies with no code', () => {
    const priced = priceCart(cart([tee(3)]), undefined, [b2g1()]);
    expect(priced.applied.map((a) => [a.title, a.amountCents])).toEqual([['Buy 2 get 1 free', 2000]]);
    expect(priced.totalCents).toBe(6000 + 500 - 2000);
  });

  it('a code that does not combine keeps the code and drops the automatic discount', () => {
    const code = disc({ type: 'percentage', value: 1000 });
    const priced = priceCart(cart([tee(3)]), code, [b2g1()]);
    expect(priced.applied.map((a) => a.code)).toEqual([code.code]);
    expect(priced.discountCents).toBe(600);
  });

  it('combinable: product discount first, then the order discount on what is left', () => {
    const code = disc({
      type: 'percentage',
      value: 1000,
      combinesWith: { productDiscounts: true, orderDiscounts: false, shippingDiscounts: false },
    });
    const auto = b2g1();
    auto.combinesWith = { productDiscounts: false, orderDiscounts: true, shippingDiscounts: false };
    expect(combinable(code, auto)).toBe(true);
    const priced = priceCart(cart([tee(3)]), code, [auto]);
    // $60 of tees: one free ($20), then 10 % of the $40 left.
    expect(priced.applied.map((a) => [a.title, a.amountCents])).toEqual([
      ['Buy 2 get 1 free', 2000],
      [code.title, 400],
    ]);
    expect(priced.totalCents).toBe(6000 + 500 - 2400);
  });

  it('combining needs both sides: one-way permission is not enough', () => {
    const code = disc({ combinesWith: { productDiscounts: true, orderDiscounts: true, shippingDiscounts: true } });
    expect(combinable(code, b2g1())).toBe(false);
  });

  it('several automatic discounts: the largest first, then those that combine with it', () => {
    const ship = disc({
      method: 'automatic',
      code: null,
      title: 'Free shipping',
      type: 'free_shipping',
      combinesWith: { productDiscounts: true, orderDiscounts: true, shippingDiscounts: false },
    });
    const small = disc({ method: 'automatic', code: null, title: '5 % off', type: 'percentage', value: 500 });
    const big = b2g1();
    big.combinesWith = { productDiscounts: false, orderDiscounts: false, shippingDiscounts: true };
    const priced = priceCart(cart([tee(3)]), undefined, [small, ship, big]);
    expect(priced.applied.map((a) => a.title)).toEqual(['Buy 2 get 1 free', 'Free shipping']);
    expect(priced.discountCents).toBe(2000 + 500);
  });

  it('an ineligible or used-up automatic discount is skipped silently', () => {
    const used = b2g1();
    used.usageLimit = 1;
    used.usageCount = 1;
    const priced = priceCart(cart([tee(3)]), undefined, [used]);
    expect(priced).toMatchObject({ applied: [], codeError: null, discountCents: 0 });
  });

  it('never takes more than the cart: 100 % off plus a fixed amount stays at the subtotal', () => {
    const all = disc({
      type: 'percentage',
      value: 10_000,
      combinesWith: { productDiscounts: true, orderDiscounts: true, shippingDiscounts: true },
    });
    const fixed = disc({
      method: 'automatic',
      code: null,
      type: 'fixed_amount',
      value: 999,
      combinesWith: { productDiscounts: true, orderDiscounts: true, shippingDiscounts: true },
    });
    const priced = priceCart(base(), all, [fixed]);
    expect(priced.discountCents).toBe(10_000);
    expect(priced.totalCents).toBe(500);
  });
});

describe('allocate', () => {
  it.each([
    [100, [1, 1, 1], [34, 33, 33]],
    [0, [5, 5], [0, 0]],
    [7, [0, 0], [0, 0]],
    [10, [3, 7], [3, 7]],
  ])('%i over %j → %j', (amount, weights, shares) => {
    expect(allocate(amount, weights)).toEqual(shares);
  });
});
