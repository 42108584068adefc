import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { OrderDetail, OrderListResponse } from '@backroom/contracts';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rows, sql } from '../../db/client.js';
import { addMember, createTestApp, login, makeStore, makeUser, type TestContext } from '../../test/harness.js';
import { ORDER_EXPORT_COLUMNS } from './service.js';
import { makeOrder, makeProduct, stockOf } from './test-data.js';

/**
 * Orders API (issue 12 item 1): list, tabs and filters; every action's rules and messages; refunds never above the
 * refundable amount, also when 10 race; fulfilling more than ordered refused; stock back on restock; timeline in
 * the same transaction; foreign shop → 404; scope `orders` (spec §6); the CSV export parsed back.
 */

let t: TestContext;
let storeId: string;
let otherStoreId: string;
let headers: Record<string, string>;
let tee: { productId: string; variantIds: string[] };

beforeAll(async () => {
  t = await createTestApp();
  const owner = await makeUser(t.db, { firstName: 'Olivia', lastName: 'Owner' });
  storeId = (await makeStore(t.db, t.config, { ownerId: owner.id, name: 'Tee Shop' })).id;
  otherStoreId = (await makeStore(t.db, t.config, { ownerId: (await makeUser(t.db)).id })).id;
  headers = (await login(t.app, owner.email, owner.password, storeId)).headers;
  tee = await makeProduct(t.db, storeId, {
    title: 'T-shirt',
    variants: [
      { option1: 'S', priceCents: 2000, stock: 10 },
      { option1: 'M', priceCents: 2500, stock: 10 },
    ],
  });
});
afterAll(async () => t.close());

const threeLines = () => [
  { productId: tee.productId, variantId: tee.variantIds[0], title: 'T-shirt', variantTitle: 'S', quantity: 1, priceCents: 2000 },
  {
    productId: tee.productId,
    variantId: tee.variantIds[1],
    title: 'T-shirt',
    variantTitle: 'M',
    quantity: 1,
    priceCents: 2500,
    properties: [{ name: 'Name on back', value: 'ADA' }],
  },
  { title: 'Gift wrap', quantity: 1, priceCents: 500 },
];

const get = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers })).json() as OrderDetail;
const post = (id: string, action: string, payload?: object) =>
  t.app.inject({ method: 'POST', url: `/api/orders/${id}/${action}`, headers, ...(payload ? { payload } : {}) });

describe('GET /api/orders/{id}', () => {
  it('answers lines with options and personalisation, totals in major units, payment label, address and timeline', async () => {
    const o = await makeOrder(t.db, storeId, { lines: threeLines(), shippingCents: 595 });
    const d = await get(o.id);
    expect(d.orderName).toBe(o.orderName);
    expect(d.lineItems.map((l) => [l.id, l.title, l.options, l.fulfillableQuantity])).toEqual([
      [1, 'T-shirt', [{ name: 'Size', value: 'S' }], 1],
      [2, 'T-shirt', [{ name: 'Size', value: 'M' }], 1],
      [3, 'Gift wrap', [], 1],
    ]);
    expect(d.lineItems[1]!.properties).toEqual([{ name: 'Name on back', value: 'ADA' }]);
    expect([d.subtotal, d.shipping, d.total, d.refundable]).toEqual([50, 5.95, 55.95, 55.95]);
    expect(d.payment).toEqual({ name: 'Stripe', cardType: 'visa', label: 'Credit/Debit Card' });
    expect(d.shippingAddress).toMatchObject({ name: 'Ada Buyer', address1: '1 Main St', city: 'Springfield' });
    expect(d.timeline.at(-1)).toMatchObject({ type: 'placed', message: `Order ${o.orderName} was placed` });
  });

  it('answers 404 for an order of another shop and for an unknown id, 400 for a malformed id', async () => {
    const foreign = await makeOrder(t.db, otherStoreId, { lines: threeLines() });
    const res = await t.app.inject({ method: 'GET', url: `/api/orders/${foreign.id}`, headers });
    expect(res.statusCode).toBe(404);
    expect(res.json().messages).toEqual(['Order not found']);
    expect((await post(foreign.id, 'refunds', { amount: 1 })).statusCode).toBe(404);
    expect((await post(foreign.id, 'fulfillments', {})).statusCode).toBe(404);
    expect((await post(foreign.id, 'cancel', { reason: 'fraud' })).statusCode).toBe(404);
    expect((await post(foreign.id, 'mark-as-paid')).statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/api/orders/nope', headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages).toEqual(['params.id: id must be a uuid']);
  });
});

describe('fulfilments', () => {
  it('fulfils two of three items with tracking, then the rest; the timeline says who and what', async () => {
    const o = await makeOrder(t.db, storeId, { lines: threeLines() });
    const res = await post(o.id, 'fulfillments', {
      lineItems: [
        { id: 1, quantity: 1 },
        { id: 2, quantity: 1 },
      ],
      trackingNumber: '1Z999AA10123456784',
      carrier: 'UPS',
      notifyCustomer: false,
    });
    expect(res.statusCode).toBe(201);
    const d = res.json() as OrderDetail;
    expect(d.fulfillmentStatus).toBe('partial');
    expect(d.fulfillments[0]).toMatchObject({
      trackingNumber: '1Z999AA10123456784',
      carrier: 'UPS',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    });
    expect(d.timeline[0]).toMatchObject({
      type: 'fulfilled',
      message: 'Fulfilled 2 items with UPS tracking number 1Z999AA10123456784',
      author: 'Olivia Owner',
    });
    expect(d.closedAt).toBeNull();
    const rest = (await post(o.id, 'fulfillments', { notifyCustomer: false })).json() as OrderDetail;
    expect(rest.fulfillmentStatus).toBe('fulfilled');
    expect(rest.closedAt).not.toBeNull();
    expect(rest.lineItems.map((l) => l.fulfilledQuantity)).toEqual([1, 1, 1]);
  });

  it('refuses more than ordered, unknown lines, nothing left and cancelled orders, with messages', async () => {
    const o = await makeOrder(t.db, storeId, { lines: threeLines() });
    const more = await post(o.id, 'fulfillments', { lineItems: [{ id: 1, quantity: 2 }] });
    expect(more.statusCode).toBe(400);
    expect(more.json().messages).toEqual(["lineItems.0.quantity: only 1 of 'T-shirt (S)' left to fulfil (asked 2)"]);
    const twice = await post(o.id, 'fulfillments', {
      lineItems: [
        { id: 1, quantity: 1 },
        { id: 1, quantity: 1 },
      ],
    });
    expect(twice.json().messages).toEqual(["lineItems.1.quantity: only 1 of 'T-shirt (S)' left to fulfil (asked 2)"]);
    const unknown = await post(o.id, 'fulfillments', { lineItems: [{ id: 9, quantity: 1 }] });
    expect(unknown.json().messages).toEqual(['lineItems.0.id: 9 is not a line item of this order']);
    const zero = await post(o.id, 'fulfillments', { lineItems: [{ id: 1, quantity: 0 }] });
    expect(zero.json().messages).toEqual(['body.lineItems.0.quantity: quantity must be 1 or more']);
    expect((await post(o.id, 'fulfillments', { notifyCustomer: false })).statusCode).toBe(201);
    const none = await post(o.id, 'fulfillments', {});
    expect(none.json().messages).toEqual([`${o.orderName} has no items left to fulfil`]);
    const c = await makeOrder(t.db, storeId, { lines: threeLines() });
    await post(c.id, 'cancel', { reason: 'fraud' });
    expect((await post(c.id, 'fulfillments', {})).json().messages).toEqual([`${c.orderName} is cancelled: it cannot be fulfilled`]);
  });

  it('sends the shipping confirmation with the tracking link to the customer and notes it', async () => {
    const o = await makeOrder(t.db, storeId, { lines: threeLines(), email: 'ship-me@example.test' });
    expect((await post(o.id, 'fulfillments', { trackingNumber: '9400', carrier: 'USPS' })).statusCode).toBe(201);
    // The mail goes through the job queue (issue 14 item 2); the timeline says so once it has been sent.
    const d = await vi.waitFor(
      async () => {
        const x = await get(o.id);
        if (x.timeline[0]?.type !== 'email') throw new Error('not sent yet');
        return x;
      },
      { timeout: 15_000, interval: 50 },
    );
    expect(d.timeline[0]).toMatchObject({
      type: 'email',
      message: 'Shipping confirmation email was sent to ship-me@example.test',
      author: null,
    });
    const dir = join(t.config.dataDir, 'outbox');
    const mails = await Promise.all(
      (await readdir(dir)).filter((n) => n.endsWith('.json')).map(async (n) => JSON.parse(await readFile(join(dir, n), 'utf8'))),
    );
    const mail = mails.find((m) => m.to === 'ship-me@example.test');
    expect(mail.subject).toBe(`A shipment from order ${o.orderName} is on the way — Tee Shop`);
    expect(mail.text).toContain('Track your shipment: https://tools.usps.com/go/TrackConfirmAction?tLabels=9400');
    expect(mail.text).toContain('1 × T-shirt (S)');
  });
});

describe('refunds', () => {
  it('refunds one line with restock: partially refunded, stock back, today figure down by exactly that amount', async () => {
    const before = await stockOf(t.db, tee.variantIds[1]!);
    const today = new Date().toISOString().slice(0, 10);
    const sales = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/reports/total-sales?fromTime=${today}&toTime=${today}&stores=${storeId}&timezone=UTC`,
          headers,
        })
      ).json().total_sales as number;
    const o = await makeOrder(t.db, storeId, { lines: threeLines() });
    const s0 = await sales();
    const res = await post(o.id, 'refunds', { lineItems: [{ id: 2, quantity: 1, restock: true }], reason: 'Too small' });
    expect(res.statusCode).toBe(201);
    const d = res.json() as OrderDetail;
    expect([d.financialStatus, d.refunded, d.refundable, d.netPayment]).toEqual(['partially_refunded', 25, 25, 25]);
    expect(d.lineItems[1]).toMatchObject({ refundedQuantity: 1, fulfillableQuantity: 0, refundableQuantity: 0 });
    expect(d.timeline[0]).toMatchObject({
      type: 'refunded',
      message: 'Refunded $25.00 USD. 1 item removed, 1 restocked. Reason: Too small',
      author: 'Olivia Owner',
    });
    expect(await stockOf(t.db, tee.variantIds[1]!)).toBe(before + 1);
    // The restock is in the variant's inventory history (modules/inventory returnStock), with the order and who.
    const history = await rows<{ delta: number; reason: string; order_id: string; user_name: string; quantity_after: number }>(
      t.db,
      sql`select delta, reason, order_id, user_name, quantity_after from inventory_adjustments where variant_id = ${tee.variantIds[1]!}::uuid and order_id = ${o.id}::uuid`,
    );
    expect(history).toEqual([{ delta: 1, reason: 'restock', order_id: o.id, user_name: 'Olivia Owner', quantity_after: before + 1 }]);
    expect(await sales()).toBeCloseTo(s0 - 25, 2);
  });

  it('writes a euro order’s money with the euro’s own sign on the timeline (issue 30 item 3: never "$12.00 EUR")', async () => {
    const o = await makeOrder(t.db, storeId, { lines: threeLines() });
    await t.db.execute(sql`update orders set currency = 'EUR' where id = ${o.id}::uuid`);
    expect((await post(o.id, 'refunds', { amount: 60 })).json().messages).toEqual(['amount: at most €50.00 EUR can be refunded']);
    const d = (await post(o.id, 'refunds', { amount: 12 })).json() as OrderDetail;
    expect(d.timeline[0]!.message).toBe('Refunded €12.00 EUR');
  });

  it('refuses above the refundable amount, above the units left and on an unpaid order, with messages', async () => {
    const o = await makeOrder(t.db, storeId, { lines: threeLines() });
    const above = await post(o.id, 'refunds', { amount: 50.01 });
    expect(above.statusCode).toBe(400);
    expect(above.json().messages).toEqual(['amount: at most $50.00 USD can be refunded']);
    expect((await post(o.id, 'refunds', { amount: 50 })).json().financialStatus).toBe('refunded');
    expect((await post(o.id, 'refunds', { amount: 0.01 })).json().messages).toEqual(['amount: at most $0.00 USD can be refunded']);
    const units = await post(o.id, 'refunds', { lineItems: [{ id: 3, quantity: 2 }], amount: 0 });
    expect(units.json().messages).toEqual(["lineItems.0.quantity: only 1 of 'Gift wrap' can be refunded (asked 2)"]);
    const empty = await post(o.id, 'refunds', {});
    expect(empty.json().messages).toEqual(['body.lineItems: choose items or an amount to refund']);
    const cents = await post(o.id, 'refunds', { amount: 1.005 });
    expect(cents.json().messages).toEqual(['body.amount: amount must have at most 2 decimals']);
    const pending = await makeOrder(t.db, storeId, { lines: threeLines(), financialStatus: 'pending' });
    const unpaid = await post(pending.id, 'refunds', { amount: 5 });
    expect(unpaid.json().messages).toEqual([`amount: nothing was captured on ${pending.orderName} (pending), so no money can be refunded`]);
  });

  it('10 parallel refunds of $15 on a $100 order: exactly 6 succeed, never above the total', async () => {
    const o = await makeOrder(t.db, storeId, { lines: [{ title: 'Coat', quantity: 1, priceCents: 10_000 }] });
    const results = await Promise.all(Array.from({ length: 10 }, () => post(o.id, 'refunds', { amount: 15 })));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(6);
    expect(results.filter((r) => r.statusCode === 400).map((r) => r.json().messages[0])).toEqual(
      Array(4).fill('amount: at most $10.00 USD can be refunded'),
    );
    const [r] = await rows<{ refunded: number; sum: number; events: number }>(
      t.db,
      sql`select o.refunded_cents as refunded, (select sum(amount_cents)::int from order_refunds where order_id = o.id) as sum,
                 (select count(*)::int from order_events where order_id = o.id and type = 'refunded') as events
          from orders o where o.id = ${o.id}::uuid`,
    );
    expect(r).toEqual({ refunded: 9000, sum: 9000, events: 6 });
  });
});

describe('cancel and mark as paid', () => {
  it('cancels with a reason, refunding and restocking; closed; refuses twice and after a fulfilment', async () => {
    const before = await stockOf(t.db, tee.variantIds[0]!);
    const o = await makeOrder(t.db, storeId, { lines: threeLines() });
    const res = await post(o.id, 'cancel', { reason: 'fraud' });
    expect(res.statusCode).toBe(200);
    const d = res.json() as OrderDetail;
    expect([d.financialStatus, d.fulfillmentStatus, d.cancelReason, d.refunded]).toEqual(['refunded', 'restocked', 'fraud', 50]);
    expect(d.cancelledAt).not.toBeNull();
    expect(d.closedAt).not.toBeNull();
    expect(d.timeline[0]).toMatchObject({
      message: 'Cancelled this order. Reason: Fraudulent order. Refunded $50.00 USD. 3 items restocked',
    });
    expect(await stockOf(t.db, tee.variantIds[0]!)).toBe(before + 1);
    expect((await post(o.id, 'cancel', { reason: 'fraud' })).json().messages).toEqual([`${o.orderName} is already cancelled`]);
    const shipped = await makeOrder(t.db, storeId, { lines: threeLines() });
    await post(shipped.id, 'fulfillments', { lineItems: [{ id: 1, quantity: 1 }], notifyCustomer: false });
    expect((await post(shipped.id, 'cancel', { reason: 'customer' })).json().messages).toEqual([
      `${shipped.orderName} has fulfilled items: refund them instead of cancelling the order`,
    ]);
    expect((await post(shipped.id, 'cancel', { reason: 'bored' })).json().messages[0]).toMatch(/^body\.reason: /);
  });

  it('voids an unpaid order on cancel without refunding; keeps the money when refund is false', async () => {
    const p = await makeOrder(t.db, storeId, { lines: threeLines(), financialStatus: 'authorized' });
    expect((await post(p.id, 'cancel', { reason: 'declined', restock: false })).json()).toMatchObject({
      financialStatus: 'voided',
      refunded: 0,
    });
    const k = await makeOrder(t.db, storeId, { lines: threeLines() });
    expect((await post(k.id, 'cancel', { reason: 'other', refund: false })).json()).toMatchObject({ financialStatus: 'paid', refunded: 0 });
  });

  it('marks a pending order as paid (counted in sales then), refuses a paid one', async () => {
    const o = await makeOrder(t.db, storeId, {
      lines: threeLines(),
      financialStatus: 'pending',
      paymentName: 'Cash on Delivery',
      card: null,
    });
    const d = (await post(o.id, 'mark-as-paid')).json() as OrderDetail;
    expect([d.financialStatus, d.payment.label, d.refundable]).toEqual(['paid', 'Cash on Delivery', 50]);
    expect(d.capturedAt).not.toBeNull();
    expect(d.timeline.find((e) => e.type === 'marked_as_paid')).toMatchObject({
      message: 'Marked this order as paid ($50.00 USD)',
      author: 'Olivia Owner',
    });
    expect((await post(o.id, 'mark-as-paid')).json().messages).toEqual([
      `${o.orderName} is paid: only pending, authorized or partially paid orders can be marked as paid`,
    ]);
  });
});

describe('note and tags', () => {
  it('sets the note and tags with timeline entries; refuses an empty body and long tags', async () => {
    const o = await makeOrder(t.db, storeId, { lines: threeLines() });
    const patch = (payload: object) => t.app.inject({ method: 'PATCH', url: `/api/orders/${o.id}`, headers, payload });
    const d = (await patch({ note: 'Leave at the door', tags: ['vip', 'gift', 'vip'] })).json() as OrderDetail;
    expect([d.note, d.tags]).toEqual(['Leave at the door', ['vip', 'gift']]);
    expect(d.timeline.slice(0, 2).map((e) => e.message)).toEqual(['Added tags: vip, gift', 'Updated the note']);
    expect((await patch({ tags: ['gift'] })).json().timeline[0].message).toBe('Removed tags: vip');
    expect((await patch({})).json().messages).toEqual(['body.note: send a note or tags']);
    expect((await patch({ tags: ['x'.repeat(41)] })).json().messages).toEqual(['body.tags.0: a tag must be at most 40 characters']);
  });
});

describe('GET /api/orders', () => {
  let shop: string;
  let h: Record<string, string>;
  beforeAll(async () => {
    const owner = await makeUser(t.db);
    shop = (await makeStore(t.db, t.config, { ownerId: owner.id, timezone: 'Asia/Kolkata' })).id;
    h = (await login(t.app, owner.email, owner.password, shop)).headers;
    const line = [{ title: 'Mug', quantity: 2, priceCents: 1000 }];
    // 2024-03-10 00:30 in Kolkata is 03-09 19:00Z: it belongs to the 10th in the shop's timezone.
    await makeOrder(t.db, shop, { lines: line, name: 'Zoe Quill', email: 'zoe@example.test', createdAt: new Date('2024-03-09T19:00:00Z') });
    await makeOrder(t.db, shop, {
      lines: line,
      financialStatus: 'pending',
      paymentName: 'Cash on Delivery',
      card: null,
      createdAt: new Date('2024-03-11T10:00:00Z'),
    });
    const c = await makeOrder(t.db, shop, { lines: line, createdAt: new Date('2024-03-12T10:00:00Z') });
    const f = await makeOrder(t.db, shop, { lines: line, createdAt: new Date('2024-03-13T10:00:00Z') });
    await t.app.inject({ method: 'POST', url: `/api/orders/${c.id}/cancel`, headers: h, payload: { reason: 'customer' } });
    await t.app.inject({ method: 'POST', url: `/api/orders/${f.id}/fulfillments`, headers: h, payload: { notifyCustomer: false } });
  });
  const list = async (q: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/orders?${q}`, headers: h })).json() as OrderListResponse;

  it('answers rows newest first, the total and the tab counts', async () => {
    const r = await list('');
    expect(r.orders.map((o) => o.orderName)).toEqual(['#1004', '#1003', '#1002', '#1001']);
    expect(r.tabs).toEqual({ all: 4, unfulfilled: 2, unpaid: 1, open: 2, closed: 2 });
    expect(r.orders[2]).toMatchObject({ financialStatus: 'pending', paymentLabel: 'Cash on Delivery', itemsCount: 2, total: 20 });
    expect((await list('tab=closed')).orders.map((o) => o.orderName)).toEqual(['#1004', '#1003']);
    expect((await list('tab=unpaid')).total).toBe(1);
  });

  it('filters by search, statuses, payment method and days in the shop timezone; sorts; pages', async () => {
    expect((await list('search=zoe')).orders.map((o) => o.orderName)).toEqual(['#1001']);
    expect((await list('search=%231002')).orders.map((o) => o.orderName)).toEqual(['#1002']);
    expect((await list('search=1003')).orders.map((o) => o.orderName)).toEqual(['#1003']);
    expect((await list('financialStatus=refunded')).orders.map((o) => o.orderName)).toEqual(['#1003']);
    expect((await list('fulfillmentStatus=fulfilled')).orders.map((o) => o.orderName)).toEqual(['#1004']);
    expect((await list('paymentMethod=Cash%20on%20Delivery')).total).toBe(1);
    expect((await list('fromTime=2024-03-10&toTime=2024-03-10')).orders.map((o) => o.orderName)).toEqual(['#1001']);
    expect((await list('fromTime=2024-03-11')).total).toBe(3);
    expect((await list('sort=number_asc&limit=2&page=2')).orders.map((o) => o.orderName)).toEqual(['#1003', '#1004']);
  });

  it('refuses bad filters with 400 naming the field', async () => {
    const bad = async (q: string) => (await t.app.inject({ method: 'GET', url: `/api/orders?${q}`, headers: h })).json().messages;
    expect(await bad('fromTime=2024-02-30')).toEqual(['querystring.fromTime: fromTime must be a date written YYYY-MM-DD']);
    expect(await bad('fromTime=2024-03-12&toTime=2024-03-11')).toEqual(['fromTime: must not be after toTime']);
    expect(await bad('financialStatus=lost')).toHaveLength(1);
    expect(await bad('limit=251')).toEqual(['querystring.limit: limit must be between 1 and 250']);
  });

  it("exports Shopify's order CSV, one row per line, parsed back", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/orders/export?sort=number_asc', headers: h });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="orders_export.csv"');
    const records = parse(res.body, { columns: true }) as Record<string, string>[];
    expect(Object.keys(records[0]!)).toEqual([...ORDER_EXPORT_COLUMNS]);
    expect(
      records.map((r) => [r.Name, r['Financial Status'], r['Fulfillment Status'], r.Total, r['Refunded Amount'], r['Lineitem quantity']]),
    ).toEqual([
      ['#1001', 'paid', 'unfulfilled', '20.00', '0.00', '2'],
      ['#1002', 'pending', 'unfulfilled', '20.00', '0.00', '2'],
      ['#1003', 'refunded', 'restocked', '20.00', '20.00', '2'],
      ['#1004', 'paid', 'fulfilled', '20.00', '0.00', '2'],
    ]);
    expect(records[0]!['Created at']).toBe('2024-03-10 00:30:00 +0530');
    expect(records[0]!['Billing Name']).toBe('Zoe Quill');
    expect(records[2]!['Cancelled at']).not.toBe('');
  });

  it('exports formula-like text as text (leading quote) and amounts as plain numbers (OWASP CSV injection)', async () => {
    const owner = await makeUser(t.db);
    const shop2 = (await makeStore(t.db, t.config, { ownerId: owner.id })).id;
    const h2 = (await login(t.app, owner.email, owner.password, shop2)).headers;
    const lines = [{ title: '=HYPERLINK("http://evil.test","Mug")', quantity: 1, priceCents: 1500, variantTitle: '@SUM(A1)' }];
    const o = await makeOrder(t.db, shop2, { lines, name: '+cmd|calc', email: 'eve@example.test' });
    await t.app.inject({ method: 'PATCH', url: `/api/orders/${o.id}`, headers: h2, payload: { note: '-2+3' } });
    const res = await t.app.inject({ method: 'GET', url: '/api/orders/export', headers: h2 });
    const [r] = parse(res.body, { columns: true }) as Record<string, string>[];
    expect([r!['Lineitem name'], r!['Billing Phone'], r!['Billing Name'], r!.Notes, r!.Total]).toEqual([
      `'=HYPERLINK("http://evil.test","Mug") - @SUM(A1)`,
      `'+1 555 0100`,
      `'+cmd|calc`,
      `'-2+3`,
      '15.00',
    ]);
  });

  it('exports exactly the orders the list selects with the same tab, search and filters (the Export button)', async () => {
    const exported = async (q: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/orders/export?${q}`, headers: h });
      expect(res.statusCode, res.body).toBe(200);
      return [...new Set((parse(res.body, { columns: true }) as Record<string, string>[]).map((r) => r.Name))];
    };
    for (const [q, names] of [
      ['tab=closed', ['#1004', '#1003']],
      ['tab=unfulfilled&search=zoe', ['#1001']],
      ['financialStatus=refunded', ['#1003']],
      ['paymentMethod=Cash%20on%20Delivery', ['#1002']],
      ['fromTime=2024-03-11&fulfillmentStatus=fulfilled', ['#1004']],
      ['search=nobody', []],
    ] as const) {
      expect({ q, names: await exported(q) }).toEqual({ q, names });
      expect((await list(q)).orders.map((o) => o.orderName)).toEqual(names);
    }
    const bad = await t.app.inject({ method: 'GET', url: '/api/orders/export?financialStatus=lost', headers: h });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages.join()).toContain('financialStatus');
  });
});

describe('scope', () => {
  it('opens orders to the `orders` scope only', async () => {
    const u = await makeUser(t.db);
    await addMember(t.db, storeId, u.id, ['products', 'customers']);
    const h = (await login(t.app, u.email, u.password, storeId)).headers;
    const res = await t.app.inject({ method: 'GET', url: '/api/orders', headers: h });
    expect(res.statusCode).toBe(403);
    const v = await makeUser(t.db);
    await addMember(t.db, storeId, v.id, ['orders']);
    const hv = (await login(t.app, v.email, v.password, storeId)).headers;
    expect((await t.app.inject({ method: 'GET', url: '/api/orders', headers: hv })).statusCode).toBe(200);
  });
});
