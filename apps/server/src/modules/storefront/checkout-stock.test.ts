import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.js';
import { discounts, products, productVariants } from '../../db/schema/index.js';
import { createTestApp, login, makeStore, makeUser, type TestContext } from '../../test/harness.js';

// The storefront checkout takes stock in the order's transaction (issue 12 "inventory moves with … ", issue 13
// item 4 "'deny' variants cannot be oversold by concurrent checkouts"): racing shoppers for the last unit get one
// order and one 409 with the message the storefront shows; a refused checkout keeps nothing (no order, no stock
// taken, no discount use); refunds and cancellations with restock give the units back. PGlite and PostgreSQL.

let t: TestContext;
let storeId: string;
let host: string;
let headers: Record<string, string>;

/** A published product with one variant; its id. `policy` 'deny' (default) refuses orders past the stock. */
async function variant(title: string, inventoryQty: number, policy: 'deny' | 'continue' = 'deny', priceCents = 2500) {
  const handle = title.toLowerCase().replace(/\W+/g, '-');
  const [p] = await t.db.insert(products).values({ storeId, handle, title, published: true }).returning();
  const [v] = await t.db
    .insert(productVariants)
    .values({ storeId, productId: p!.id, priceCents, inventoryQty, inventoryPolicy: policy })
    .returning();
  return v!.id;
}

const qty = async (variantId: string) =>
  (await rows<{ q: number }>(t.db, sql`select inventory_qty as q from product_variants where id = ${variantId}::uuid`))[0]!.q;
const orderCount = async () =>
  (await rows<{ n: number }>(t.db, sql`select count(*)::int as n from orders where store_id = ${storeId}::uuid`))[0]!.n;

let seq = 0;
/** POST /api/storefront/checkout of `lines` [variantId, quantity] from its own IP (the per-IP limit stays out of the way). */
const checkout = (lines: [string, number][], o: { discountCode?: string } = {}) => {
  seq += 1;
  return t.app.inject({
    method: 'POST',
    url: '/api/storefront/checkout',
    headers: { host },
    remoteAddress: `10.7.${seq % 250}.${1 + Math.floor(seq / 250)}`,
    payload: {
      lines: lines.map(([variantId, quantity]) => ({ variantId, quantity })),
      customer: {
        email: `shopper${seq}@example.com`,
        firstName: 'Sam',
        lastName: `Shopper${seq}`,
        address1: '1 Market St',
        city: 'San Francisco',
        zip: '94105',
        country: 'United States',
      },
      visitorSessionId: `visitor-${seq}`,
      discountCode: o.discountCode,
    },
  });
};

beforeAll(async () => {
  t = await createTestApp();
  const u = await makeUser(t.db);
  const s = await makeStore(t.db, t.config, { ownerId: u.id });
  storeId = s.id;
  host = `${s.handle}.localhost:3000`;
  headers = (await login(t.app, u.email, u.password, s.id)).headers;
}, 60_000);
afterAll(async () => t?.close());

describe('POST /api/storefront/checkout takes stock', () => {
  it('takes the units in the order transaction and logs them with the order', async () => {
    const v = await variant('Canvas Tote', 5);
    const r = await checkout([[v, 2]]);
    expect(r.statusCode, r.body).toBe(200);
    expect(await qty(v)).toBe(3);
    const log = await rows<{ delta: number; quantity_after: number; reason: string; order_id: string; user_id: string | null }>(
      t.db,
      sql`select delta, quantity_after, reason, order_id, user_id from inventory_adjustments where variant_id = ${v}::uuid`,
    );
    expect(log).toEqual([{ delta: -2, quantity_after: 3, reason: 'order', order_id: r.json().id, user_id: null }]);
  });

  it('two shoppers race for the last unit: one order, one 409 with the message the storefront shows', async () => {
    const v = await variant('Last Silk Scarf', 1);
    const before = await orderCount();
    const results = await Promise.all([checkout([[v, 1]]), checkout([[v, 1]])]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    const refused = results.find((r) => r.statusCode === 409)!;
    expect(refused.json()).toEqual({
      statusCode: 409,
      code: 'OUT_OF_STOCK',
      messages: ['lines.0.quantity: only 0 left of Last Silk Scarf'],
    });
    expect(await qty(v)).toBe(0);
    expect(await orderCount()).toBe(before + 1);
  });

  it('stock 3 and 10 racing checkouts of one unit: exactly 3 orders, never below zero', async () => {
    const v = await variant('Linen Apron', 3);
    const before = await orderCount();
    const results = await Promise.all(Array.from({ length: 10 }, () => checkout([[v, 1]])));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(7);
    for (const r of refused) expect(r.json().messages).toEqual(['lines.0.quantity: only 0 left of Linen Apron']);
    expect(await qty(v)).toBe(0);
    expect(await orderCount()).toBe(before + 3);
    const [sold] = await rows<{ n: number }>(
      t.db,
      sql`select coalesce(-sum(delta), 0)::int as n from inventory_adjustments where variant_id = ${v}::uuid and reason = 'order'`,
    );
    expect(sold!.n).toBe(3);
  });

  it('a refused line keeps nothing: no order, the other lines not taken, the code not used', async () => {
    const plenty = await variant('Wool Socks', 10);
    const scarce = await variant('Felt Hat', 1);
    await t.db.insert(discounts).values({
      storeId,
      method: 'code',
      code: 'ONCE',
      title: 'ONCE',
      type: 'fixed_amount',
      value: 100,
      usageLimit: 1,
      startsAt: new Date(Date.now() - 86_400_000),
    });
    const before = await orderCount();
    const r = await checkout(
      [
        [plenty, 4],
        [scarce, 2],
      ],
      { discountCode: 'ONCE' },
    );
    expect(r.statusCode).toBe(409);
    expect(r.json().messages).toEqual(['lines.1.quantity: only 1 left of Felt Hat']);
    expect(await qty(plenty)).toBe(10);
    expect(await qty(scarce)).toBe(1);
    expect(await orderCount()).toBe(before);
    const [d] = await rows<{ n: number }>(
      t.db,
      sql`select usage_count as n from discounts where code = 'ONCE' and store_id = ${storeId}::uuid`,
    );
    expect(d!.n).toBe(0);
  });

  it('lines of the same variant count together, named by its first line', async () => {
    const v = await variant('Clay Mug', 3);
    const r = await checkout([
      [v, 2],
      [v, 2],
    ]);
    expect(r.statusCode).toBe(409);
    expect(r.json().messages).toEqual(['lines.0.quantity: only 3 left of Clay Mug']);
    expect(await qty(v)).toBe(3);
  });

  it("a 'continue' variant keeps selling past zero", async () => {
    const v = await variant('Made-to-order Lamp', 1, 'continue');
    const r = await checkout([[v, 3]]);
    expect(r.statusCode, r.body).toBe(200);
    expect(await qty(v)).toBe(-2);
  });

  it('a refund with restock and a cancellation with restock give the units back', async () => {
    const v = await variant('Cotton Throw', 4);
    const a = (await checkout([[v, 2]])).json();
    const b = (await checkout([[v, 1]])).json();
    expect(await qty(v)).toBe(1);
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${a.id}/refunds`,
      headers,
      payload: { lineItems: [{ id: 1, quantity: 1, restock: true }], reason: 'Damaged' },
    });
    expect(refund.statusCode, refund.body).toBe(201);
    expect(await qty(v)).toBe(2);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${b.id}/cancel`,
      headers,
      payload: { reason: 'customer', refund: true, restock: true },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await qty(v)).toBe(3);
  });
});
