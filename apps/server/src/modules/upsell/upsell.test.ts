import { StorefrontCartQuote, StorefrontOffersResponse, StorefrontOrder, UpsellOffer, UpsellOfferStats } from '@backroom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../../db/client.js';
import { collectionProducts, collections, discounts, orderEvents, products, productVariants } from '../../db/schema/index.js';
import { addMember, createTestApp, login, makeStore, makeUser, type TestContext } from '../../test/harness.js';

// Boost UpSell (issue 18 item 1): the offers API (validation messages, the `discounts` scope of website.upsell, a
// foreign shop's offer → 404), the server's totals exact to the cent at checkout (bundle, quantity break, in-cart,
// combined with a discount code), the one-click post-purchase line (charge, stock, timeline, the day's roll-ups)
// and the per-offer counters. Runs on PGlite and on PostgreSQL (TEST_DATABASE_URL).

let t: TestContext;
let owner: { headers: Record<string, string> };
let marketer: { headers: Record<string, string> };
let clerk: { headers: Record<string, string> };
let stranger: { headers: Record<string, string> };
let shop: { id: string; handle: string; host: string };
const p: Record<string, string> = {};
const v: Record<string, string> = {};

async function product(storeId: string, key: string, title: string, priceCents: number, stock = 1000) {
  const [row] = await t.db.insert(products).values({ storeId, handle: key, title }).returning();
  const [variant] = await t.db.insert(productVariants).values({ storeId, productId: row!.id, priceCents, inventoryQty: stock }).returning();
  p[key] = row!.id;
  v[key] = variant!.id;
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  const o = await makeUser(t.db);
  const m = await makeUser(t.db);
  const c = await makeUser(t.db);
  const x = await makeUser(t.db);
  const s = await makeStore(t.db, t.config, { ownerId: o.id, name: 'Upsell shop' });
  const other = await makeStore(t.db, t.config, { ownerId: x.id, name: 'Other shop' });
  shop = { id: s.id, handle: s.handle, host: `${s.handle}.localhost:3000` };
  await addMember(t.db, s.id, m.id, ['discounts']);
  await addMember(t.db, s.id, c.id, ['orders', 'products']);
  owner = await login(t.app, o.email, o.password, s.id);
  marketer = await login(t.app, m.email, m.password, s.id);
  clerk = await login(t.app, c.email, c.password, s.id);
  stranger = await login(t.app, x.email, x.password, other.id);
  await product(s.id, 'hoodie', 'Heavyweight Hoodie', 4999);
  await product(s.id, 'cap', 'Dad Cap', 1999);
  await product(s.id, 'tee', 'Organic Tee', 1999, 6);
  await product(s.id, 'socks', 'Wool Socks', 999);
  await product(other.id, 'foreign', 'Foreign product', 100);
  const [winter] = await t.db.insert(collections).values({ storeId: s.id, handle: 'winter', title: 'Winter' }).returning();
  p.winter = winter!.id;
  await t.db.insert(collectionProducts).values({ collectionId: winter!.id, productId: p.hoodie! });
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers, payload });
const sf = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { host: shop.host }, remoteAddress: '10.7.0.1' });

const BUNDLE = () => ({
  title: 'Frequently bought together',
  type: 'bundle',
  productIds: [p.hoodie],
  offerProductIds: [p.cap],
  discount: { type: 'percentage', value: 10 },
  priority: 10,
});
const BREAKS = () => ({
  title: 'Buy more, save more',
  type: 'quantity_break',
  productIds: [p.tee],
  tiers: [
    { quantity: 3, percentage: 10 },
    { quantity: 2, percentage: 5 },
  ],
});
const POST_PURCHASE = () => ({
  title: 'Add a matching tee',
  type: 'post_purchase',
  productIds: [p.hoodie],
  offerProductIds: [p.tee],
  discount: { type: 'percentage', value: 20 },
});

describe('offers API', () => {
  it('refuses bad bodies with the field and rule', async () => {
    const cases: [object, string[]][] = [
      [
        { type: 'bundle', offerProductIds: [p.cap, p.hoodie], discount: { type: 'percentage', value: 10 } },
        ['body.title: Invalid input: expected string, received undefined'],
      ],
      [{ title: ' ', type: 'in_cart', offerProductIds: [p.cap], discount: { type: 'percentage', value: 5 } }, ['body.title: Required.']],
      [{ title: 'x', type: 'upsell' }, ['body.type: Invalid option: expected one of "bundle"|"quantity_break"|"in_cart"|"post_purchase"']],
      [
        { title: 'x', type: 'bundle', productIds: [p.hoodie], discount: { type: 'percentage', value: 10 } },
        ['body.offerProductIds: choose at least one product', 'body.offerProductIds: a bundle needs at least two products'],
      ],
      [
        { title: 'x', type: 'in_cart', offerProductIds: [p.cap], discount: { type: 'percentage', value: 120 } },
        ['body.discount.value: must be between 0.01 and 100'],
      ],
      [
        { title: 'x', type: 'post_purchase', offerProductIds: [p.cap], discount: { type: 'fixed_amount', value: 0 } },
        ['body.discount.value: must be more than 0'],
      ],
      [{ title: 'x', type: 'quantity_break', productIds: [p.tee] }, ['body.tiers: add at least one tier']],
      [
        {
          title: 'x',
          type: 'quantity_break',
          tiers: [
            { quantity: 2, percentage: 5 },
            { quantity: 2, percentage: 10 },
          ],
        },
        ['body.tiers.1.quantity: each tier needs its own quantity'],
      ],
      [{ title: 'x', type: 'quantity_break', tiers: [{ quantity: 1, percentage: 5 }] }, ['body.tiers.0.quantity: must be 2 or more']],
      [{ ...POST_PURCHASE(), startsAt: '2026-12-01T00:00:00Z', endsAt: '2026-11-01T00:00:00Z' }, ['body.endsAt: must be after the start']],
      [{ ...POST_PURCHASE(), priority: 101 }, ['body.priority: must be at most 100']],
      [{ ...POST_PURCHASE(), productIds: ['nope'] }, ['body.productIds.0: must be product ids']],
    ];
    for (const [body, messages] of cases) {
      const r = await api('POST', '/api/upsell/offers', owner.headers, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().messages, JSON.stringify(body)).toEqual(messages);
    }
  });

  it("refuses another shop's products and collections", async () => {
    const r = await api('POST', '/api/upsell/offers', owner.headers, {
      ...POST_PURCHASE(),
      offerProductIds: [p.foreign],
      collectionIds: [p.winter, p.foreign],
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().messages).toEqual(['offerProductIds: not a product of this store', 'collectionIds: not a collection of this store']);
  });

  it('needs the discounts scope (website.upsell): 403 for a member without it, whatever the body', async () => {
    for (const [method, url] of [
      ['GET', '/api/upsell/offers'],
      ['POST', '/api/upsell/offers'],
      ['GET', `/api/upsell/offers/${p.hoodie}/stats`],
    ] as const) {
      const r = await api(method, url, clerk.headers, method === 'POST' ? { bad: true } : undefined);
      expect(r.statusCode, url).toBe(403);
    }
    expect((await api('GET', '/api/upsell/offers', marketer.headers)).statusCode).toBe(200);
  });

  it('creates, reads, replaces and deletes; a foreign shop gets 404 for every id route', async () => {
    const created = await api('POST', '/api/upsell/offers', marketer.headers, { ...BUNDLE(), title: 'Temp' });
    expect(created.statusCode).toBe(201);
    const offer = UpsellOffer.parse(created.json());
    expect(offer).toMatchObject({
      title: 'Temp',
      type: 'bundle',
      discount: { type: 'percentage', value: 10 },
      status: 'active',
      stats: { views: 0, adds: 0, orders: 0, revenue: 0, conversionRate: 0 },
    });
    for (const [method, url, body] of [
      ['GET', `/api/upsell/offers/${offer.id}`, undefined],
      ['PUT', `/api/upsell/offers/${offer.id}`, BUNDLE()],
      ['DELETE', `/api/upsell/offers/${offer.id}`, undefined],
      ['GET', `/api/upsell/offers/${offer.id}/stats`, undefined],
    ] as const) {
      const r = await api(method, url, stranger.headers, body);
      expect(r.statusCode, `${method} ${url}`).toBe(404);
      expect(r.json().messages).toEqual(['Offer not found']);
    }
    const put = await api('PUT', `/api/upsell/offers/${offer.id}`, owner.headers, {
      ...BUNDLE(),
      title: 'Temp 2',
      discount: { type: 'fixed_amount', value: 5.5 },
      active: false,
    });
    expect(UpsellOffer.parse(put.json())).toMatchObject({
      title: 'Temp 2',
      discount: { type: 'fixed_amount', value: 5.5 },
      status: 'inactive',
    });
    expect((await api('DELETE', `/api/upsell/offers/${offer.id}`, owner.headers)).statusCode).toBe(200);
    expect((await api('GET', `/api/upsell/offers/${offer.id}`, owner.headers)).statusCode).toBe(404);
  });

  it('answers the schedule as a status', async () => {
    const later = await api('POST', '/api/upsell/offers', owner.headers, { ...BUNDLE(), title: 'Later', startsAt: '2099-01-01T00:00:00Z' });
    expect(later.json().status).toBe('scheduled');
    const ended = await api('POST', '/api/upsell/offers', owner.headers, {
      ...BUNDLE(),
      title: 'Ended',
      startsAt: '2020-01-01T00:00:00Z',
      endsAt: '2020-02-01T00:00:00Z',
    });
    expect(ended.json().status).toBe('expired');
    // Neither prices a cart.
    const q = await sf('POST', '/api/storefront/cart/quote', {
      lines: [
        { variantId: v.hoodie, quantity: 1 },
        { variantId: v.cap, quantity: 1 },
      ],
    });
    expect(q.json().discountCents).toBe(0);
    await api('DELETE', `/api/upsell/offers/${later.json().id}`, owner.headers);
    await api('DELETE', `/api/upsell/offers/${ended.json().id}`, owner.headers);
  });
});

let seq = 0;
const checkout = (lines: [string, number][], discountCode?: string) =>
  sf('POST', '/api/storefront/checkout', {
    lines: lines.map(([k, quantity]) => ({ variantId: v[k], quantity })),
    customer: {
      email: `shopper${++seq}@example.com`,
      firstName: 'Ann',
      lastName: 'Shopper',
      address1: '1 Market St',
      city: 'San Francisco',
      zip: '94105',
      country: 'United States',
    },
    visitorSessionId: `visitor-session-${seq}`,
    discountCode,
  });

describe('offers at checkout, exact to the cent', () => {
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    ids.bundle = (await api('POST', '/api/upsell/offers', owner.headers, BUNDLE())).json().id;
    ids.breaks = (await api('POST', '/api/upsell/offers', owner.headers, BREAKS())).json().id;
    ids.inCart = (
      await api('POST', '/api/upsell/offers', owner.headers, {
        title: 'Socks for winter',
        type: 'in_cart',
        collectionIds: [p.winter],
        offerProductIds: [p.socks],
        discount: { type: 'fixed_amount', value: 2.5 },
      })
    ).json().id;
    await t.db.insert(discounts).values({
      storeId: shop.id,
      method: 'code',
      code: 'STACK10',
      title: 'STACK10',
      type: 'percentage',
      value: 1000,
      combinesWith: { productDiscounts: true, orderDiscounts: false, shippingDiscounts: false },
      startsAt: new Date('2026-01-01T00:00:00Z'),
    });
    await t.db.insert(discounts).values({
      storeId: shop.id,
      method: 'code',
      code: 'ALONE15',
      title: 'ALONE15',
      type: 'percentage',
      value: 1500,
      startsAt: new Date('2026-01-01T00:00:00Z'),
    });
  });

  const cases: [string, [string, number][], string | undefined, { discountCents: number; totalCents: number; offers: string[] }][] = [
    [
      'bundle: hoodie + cap, 10 % off each',
      [
        ['hoodie', 1],
        ['cap', 1],
      ],
      undefined,
      { discountCents: 700, totalCents: 6298, offers: ['bundle'] },
    ],
    ['bundle incomplete: hoodie alone', [['hoodie', 1]], undefined, { discountCents: 0, totalCents: 4999, offers: [] }],
    ['quantity break: 2 tees → 5 %', [['tee', 2]], undefined, { discountCents: 200, totalCents: 3798, offers: ['breaks'] }],
    ['quantity break: 3 tees → 10 %', [['tee', 3]], undefined, { discountCents: 600, totalCents: 5397, offers: ['breaks'] }],
    [
      'in-cart: socks $2.50 off each with a winter product, next to the bundle',
      [
        ['hoodie', 1],
        ['cap', 1],
        ['socks', 2],
      ],
      undefined,
      { discountCents: 700 + 500, totalCents: 6998 + 1998 - 1200, offers: ['bundle', 'inCart'] },
    ],
    // STACK10 combines with product discounts: 10 % of what the bundle left (4499 + 1799 = 6298 → 629.8 → 630).
    [
      'bundle + STACK10',
      [
        ['hoodie', 1],
        ['cap', 1],
      ],
      'STACK10',
      { discountCents: 700 + 630, totalCents: 6998 - 1330, offers: ['bundle'] },
    ],
    // ALONE15 does not combine with product discounts: the typed code wins, the bundle is left out.
    [
      'bundle + ALONE15',
      [
        ['hoodie', 1],
        ['cap', 1],
      ],
      'ALONE15',
      { discountCents: 1050, totalCents: 5948, offers: [] },
    ],
  ];

  it.each(cases)('%s', async (_name, lines, code, want) => {
    const quote = StorefrontCartQuote.parse(
      (
        await sf('POST', '/api/storefront/cart/quote', {
          lines: lines.map(([k, quantity]) => ({ variantId: v[k], quantity })),
          discountCode: code,
        })
      ).json(),
    );
    const offerIds = want.offers.map((k) => ids[k]);
    expect({ discountCents: quote.discountCents, totalCents: quote.totalCents, offers: quote.offers.map((o) => o.offerId) }).toEqual({
      ...want,
      offers: offerIds,
    });
    const r = await checkout(lines, code);
    expect(r.statusCode, r.body).toBe(200);
    const order = StorefrontOrder.parse(r.json());
    expect({
      discountCents: order.discountCents,
      grandTotalCents: order.grandTotalCents,
      offers: order.offers.map((o) => o.offerId),
    }).toEqual({
      discountCents: want.discountCents,
      grandTotalCents: want.totalCents,
      offers: offerIds,
    });
    expect(order.subtotalCents - order.discountCents).toBe(order.grandTotalCents);
  });

  it('counted an order and the revenue of its lines per offer taken', async () => {
    const stats = UpsellOfferStats.parse((await api('GET', `/api/upsell/offers/${ids.bundle}/stats`, owner.headers)).json());
    // Three checkouts took the bundle, each 6998 − 700 = 6298 of bundled lines.
    expect(stats.totals).toMatchObject({ orders: 3, revenue: 188.94 });
    expect(stats.days).toHaveLength(1);
    const breaks = UpsellOfferStats.parse((await api('GET', `/api/upsell/offers/${ids.breaks}/stats`, owner.headers)).json());
    expect(breaks.totals).toMatchObject({ orders: 2, revenue: (3798 + 5397) / 100 });
  });
});

describe('storefront offers and counters', () => {
  it('shows the offers a product triggers, priced by the server, and counts views and adds', async () => {
    const r = await sf('GET', `/api/storefront/upsell/offers?productIds=${p.hoodie}&type=bundle`);
    expect(r.statusCode).toBe(200);
    const { offers } = StorefrontOffersResponse.parse(r.json());
    expect(offers).toHaveLength(1);
    expect(offers[0]).toMatchObject({ title: 'Frequently bought together', bundleCents: 6998, bundleOfferCents: 6298 });
    expect(offers[0]!.products.map((x) => x.title)).toEqual(['Heavyweight Hoodie', 'Dad Cap']);
    // The cap's page shows the bundle too.
    const cap = StorefrontOffersResponse.parse((await sf('GET', `/api/storefront/upsell/offers?productIds=${p.cap}&type=bundle`)).json());
    expect(cap.offers.map((o) => o.id)).toEqual([offers[0]!.id]);
    const events = await sf('POST', '/api/storefront/upsell/events', {
      events: [
        { offerId: offers[0]!.id, type: 'view' },
        { offerId: offers[0]!.id, type: 'view' },
        { offerId: offers[0]!.id, type: 'add' },
      ],
    });
    expect(events.statusCode).toBe(200);
    const list = (await api('GET', '/api/upsell/offers', owner.headers)).json().offers as UpsellOffer[];
    const bundle = list.find((o) => o.id === offers[0]!.id)!;
    expect(bundle.stats).toMatchObject({ views: 2, adds: 1, orders: 3, conversionRate: 150 });
    // A quantity break shows on the page of a product it triggers, with that product and its tiers.
    const tiers = StorefrontOffersResponse.parse(
      (await sf('GET', `/api/storefront/upsell/offers?productIds=${p.tee}&type=quantity_break`)).json(),
    );
    expect(tiers.offers.map((o) => ({ title: o.title, products: o.products.map((x) => x.id), tiers: o.tiers }))).toEqual([
      {
        title: 'Buy more, save more',
        products: [p.tee],
        tiers: [
          { quantity: 2, bp: 500 },
          { quantity: 3, bp: 1000 },
        ],
      },
    ]);
    const none = StorefrontOffersResponse.parse(
      (await sf('GET', `/api/storefront/upsell/offers?productIds=${p.cap}&type=quantity_break`)).json(),
    );
    expect(none.offers).toEqual([]);
    // The cart asks by variant: the in-cart offer its winter hoodie triggers, at the server's price ($9.99 − $2.50).
    const cart = StorefrontOffersResponse.parse(
      (await sf('GET', `/api/storefront/upsell/offers?variantIds=${v.hoodie}&type=in_cart`)).json(),
    );
    expect(cart.offers.map((o) => [o.title, o.products[0]!.variants[0]!.offerPriceCents])).toEqual([['Socks for winter', 749]]);
    expect((await sf('GET', '/api/storefront/upsell/offers?productIds=nope')).statusCode).toBe(400);
  });
});

describe('post-purchase offer', () => {
  let offerId: string;
  let order: StorefrontOrder;
  const totals = async () => {
    const [a] = await rows<{ orders: number; sales: number; day_sales: number; tee_units: number }>(
      t.db,
      sql`select (select coalesce(sum(paid_orders), 0)::int from analytics_buckets where store_id = ${shop.id}::uuid) as orders,
                 (select coalesce(sum(paid_sales_cents), 0)::bigint from analytics_buckets where store_id = ${shop.id}::uuid) as sales,
                 (select coalesce(sum(paid_sales_cents), 0)::bigint from analytics_days where store_id = ${shop.id}::uuid) as day_sales,
                 (select coalesce(sum(quantity), 0)::int from report_line_buckets
                   where store_id = ${shop.id}::uuid and variant_id = ${v.tee!}) as tee_units`,
    );
    return { orders: Number(a!.orders), sales: Number(a!.sales), daySales: Number(a!.day_sales), teeUnits: Number(a!.tee_units) };
  };
  const stock = async () =>
    Number((await rows<{ q: number }>(t.db, sql`select inventory_qty as q from product_variants where id = ${v.tee!}::uuid`))[0]!.q);

  beforeAll(async () => {
    offerId = (await api('POST', '/api/upsell/offers', owner.headers, POST_PURCHASE())).json().id;
    order = StorefrontOrder.parse((await checkout([['hoodie', 1]])).json());
  });

  it('is shown for the order and refused with a wrong token, a foreign variant or an offer the order does not trigger', async () => {
    const shown = StorefrontOffersResponse.parse(
      (await sf('GET', `/api/storefront/upsell/offers?productIds=${p.hoodie}&type=post_purchase`)).json(),
    );
    expect(shown.offers[0]!.products[0]!.variants[0]).toMatchObject({ priceCents: 1999, offerPriceCents: 1599 });
    const url = `/api/storefront/orders/${order.id}/post-purchase`;
    const wrong = await sf('POST', url, { token: 'x'.repeat(32), offerId, variantId: v.tee });
    expect(wrong.statusCode).toBe(404);
    const notOffered = await sf('POST', url, { token: order.token, offerId, variantId: v.cap });
    expect(notOffered.statusCode).toBe(400);
    expect(notOffered.json().messages).toEqual(['variantId: not part of this offer']);
    const capOrder = StorefrontOrder.parse((await checkout([['cap', 1]])).json());
    const untriggered = await sf('POST', `/api/storefront/orders/${capOrder.id}/post-purchase`, {
      token: capOrder.token,
      offerId,
      variantId: v.tee,
    });
    expect(untriggered.json().messages).toEqual(['offerId: this offer is not available']);
    const bad = await sf('POST', url, { token: order.token, offerId: 'nope', variantId: v.tee });
    expect(bad.json().messages).toEqual(['body.offerId: must be an offer id']);
  });

  it('charges one unit at the offer price, appends the line with its timeline entry, and moves stock and the day roll-ups', async () => {
    const before = await totals();
    const stockBefore = await stock();
    const r = await sf('POST', `/api/storefront/orders/${order.id}/post-purchase`, { token: order.token, offerId, variantId: v.tee });
    expect(r.statusCode, r.body).toBe(200);
    const after = StorefrontOrder.parse(r.json());
    // Tee 1999 at 20 % off: 1999 − 399.8 → 400 = 1599.
    expect(after.lines).toHaveLength(2);
    expect(after.lines[1]).toMatchObject({ productId: p.tee, variantId: v.tee, quantity: 1, priceCents: 1999, offerId });
    expect(after).toMatchObject({
      subtotalCents: 4999 + 1999,
      discountCents: 400,
      grandTotalCents: 4999 + 1599,
      offers: [{ offerId, title: 'Add a matching tee', type: 'post_purchase', amountCents: 400 }],
    });
    const moved = await totals();
    expect(moved).toEqual({
      orders: before.orders,
      sales: before.sales + 1599,
      daySales: before.daySales + 1599,
      teeUnits: before.teeUnits + 1,
    });
    expect(await stock()).toBe(stockBefore - 1);
    const events = await t.db.select().from(orderEvents);
    expect(events.filter((e) => e.orderId === order.id && e.type === 'post_purchase').map((e) => e.message)).toEqual([
      'Post-purchase offer "Add a matching tee" accepted: Organic Tee × 1 charged $15.99 USD to Test gateway',
    ]);
    // The admin's order detail shows the new line and the timeline entry.
    const detail = await api('GET', `/api/orders/${order.id}`, owner.headers);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().lineItems).toHaveLength(2);
    expect(detail.json().timeline.map((e: { type: string }) => e.type)).toContain('post_purchase');
    // The thank-you page reload shows the same order.
    const reload = await sf('GET', `/api/storefront/orders/${order.id}?token=${order.token}`);
    expect(reload.json().grandTotalCents).toBe(6598);
    const stats = UpsellOfferStats.parse((await api('GET', `/api/upsell/offers/${offerId}/stats`, owner.headers)).json());
    expect(stats.totals).toMatchObject({ orders: 1, revenue: 15.99 });
  });

  it('is taken once per order', async () => {
    const again = await sf('POST', `/api/storefront/orders/${order.id}/post-purchase`, { token: order.token, offerId, variantId: v.tee });
    expect(again.statusCode).toBe(409);
    expect(again.json().messages).toEqual(['offerId: this offer was already taken']);
  });

  it('never oversells a deny variant', async () => {
    // 6 tees in stock at the start; 2 + 3 went in checkouts above, 1 in the post-purchase: sold out now.
    const o2 = StorefrontOrder.parse((await checkout([['hoodie', 1]])).json());
    const r = await sf('POST', `/api/storefront/orders/${o2.id}/post-purchase`, { token: o2.token, offerId, variantId: v.tee });
    expect(r.statusCode).toBe(409);
    const reread = await sf('GET', `/api/storefront/orders/${o2.id}?token=${o2.token}`);
    expect(reread.json().lines).toHaveLength(1);
  });
});
