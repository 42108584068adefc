import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { rows, sql } from '../../db/client.js';
import { createTestApp, login, makeStore, makeUser, type TestContext } from '../../test/harness.js';
import { returnStock, takeStock } from './index.js';

let t: TestContext;
let storeId: string;
let h: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const u = await makeUser(t.db);
  storeId = (await makeStore(t.db, t.config, { ownerId: u.id })).id;
  h = (await login(t.app, u.email, u.password, storeId)).headers;
}, 60_000);
afterAll(async () => t.close());

async function variant(stock: number, policy: 'deny' | 'continue') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: h,
    payload: { title: `Limited ${policy}`, variants: [{ price: 10, inventoryQuantity: stock, inventoryPolicy: policy }] },
  });
  return res.json().variants[0].id as string;
}

/** One checkout's stock step in its own transaction: 'sold' or the 409 message. */
const checkout = (variantId: string, quantity = 1) =>
  t.db
    .transaction(async (tx) => {
      await takeStock(tx as unknown as Db, storeId, [{ variantId, quantity }]);
      return 'sold';
    })
    .catch((e: { statusCode?: number; messages?: string[] }) => `${e.statusCode} ${e.messages?.join()}`);

describe('takeStock (storefront checkouts)', () => {
  it('stock 3, 10 concurrent checkouts of a "deny" variant → exactly 3 sold, stock 0, 3 history rows', async () => {
    const id = await variant(3, 'deny');
    const results = await Promise.all(Array.from({ length: 10 }, () => checkout(id)));
    expect(results.filter((r) => r === 'sold')).toHaveLength(3);
    expect(results.filter((r) => r !== 'sold')).toEqual(Array(7).fill('409 lines.0.quantity: only 0 left of Limited deny'));
    const [v] = await rows<{ inventory_qty: number }>(t.db, sql`select inventory_qty from product_variants where id = ${id}`);
    expect(v!.inventory_qty).toBe(0);
    const log = await rows<{ delta: number; reason: string; quantity_after: number }>(
      t.db,
      sql`select delta, reason, quantity_after from inventory_adjustments where variant_id = ${id} and reason = 'order' order by quantity_after desc`,
    );
    expect(log).toEqual([
      { delta: -1, reason: 'order', quantity_after: 2 },
      { delta: -1, reason: 'order', quantity_after: 1 },
      { delta: -1, reason: 'order', quantity_after: 0 },
    ]);
  });

  it('a line larger than the stock is refused whole; "continue" variants sell below zero', async () => {
    const deny = await variant(2, 'deny');
    expect(await checkout(deny, 3)).toBe('409 lines.0.quantity: only 2 left of Limited deny');
    const cont = await variant(1, 'continue');
    expect(await checkout(cont, 4)).toBe('sold');
    const [v] = await rows<{ inventory_qty: number }>(t.db, sql`select inventory_qty from product_variants where id = ${cont}`);
    expect(v!.inventory_qty).toBe(-3);
  });

  it('a failed line rolls back the lines already taken; returnStock restocks', async () => {
    const a = await variant(5, 'deny');
    const b = await variant(0, 'deny');
    const res = await t.db
      .transaction(async (tx) =>
        takeStock(tx as unknown as Db, storeId, [
          { variantId: a, quantity: 2 },
          { variantId: b, quantity: 1 },
        ]),
      )
      .catch((e: { messages: string[] }) => e.messages);
    expect(res).toEqual(['lines.1.quantity: only 0 left of Limited deny']);
    const qty = async (id: string) =>
      (await rows<{ q: number }>(t.db, sql`select inventory_qty as q from product_variants where id = ${id}`))[0]!.q;
    expect(await qty(a)).toBe(5);
    await t.db.transaction(async (tx) => returnStock(tx as unknown as Db, storeId, [{ variantId: b, quantity: 2 }]));
    expect(await qty(b)).toBe(2);
  });
});

describe('inventory routes (website.inventory: stock per variant, adjustments with a reason, history)', () => {
  const adjust = (payload: object, headers = h) => t.app.inject({ method: 'POST', url: '/api/inventory/adjustments', headers, payload });

  it('10 concurrent "+1 received" adjustments → +10, ten history rows with distinct quantities after', async () => {
    const id = await variant(4, 'deny');
    const res = await Promise.all(Array.from({ length: 10 }, () => adjust({ variantId: id, delta: 1, reason: 'received' })));
    expect(res.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const list = await t.app.inject({ method: 'GET', url: `/api/inventory/history?variantId=${id}`, headers: h });
    const items = list.json().items as { delta: number; quantityAfter: number; reason: string; userName: string }[];
    const received = items.filter((i) => i.reason === 'received');
    expect(received).toHaveLength(10);
    expect(received.map((i) => i.quantityAfter).sort((a, b) => a - b)).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(received[0]!.userName).not.toBe('');
    const inv = await t.app.inject({ method: 'GET', url: '/api/inventory?search=Limited&stock=in_stock&limit=250', headers: h });
    expect(inv.json().items.find((i: { variantId: string }) => i.variantId === id)).toMatchObject({
      inventoryQuantity: 14,
      variantTitle: 'Default Title',
      productTitle: 'Limited deny',
    });
  });

  it('a count sets the stock exactly (racing a checkout, the count wins last) and logs the difference; an equal count logs nothing', async () => {
    const id = await variant(7, 'deny');
    const res = await adjust({ variantId: id, quantity: 3, reason: 'count', note: 'Shelf count' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      inventoryQuantity: 3,
      adjustment: { delta: -4, quantityAfter: 3, reason: 'count', note: 'Shelf count' },
    });
    const same = await adjust({ variantId: id, quantity: 3, reason: 'count' });
    expect(same.json()).toEqual({ inventoryQuantity: 3, adjustment: null });
    const [count, sold] = await Promise.all([adjust({ variantId: id, quantity: 10, reason: 'count' }), checkout(id, 2)]);
    expect(count.statusCode).toBe(200);
    expect(sold).toBe('sold');
    const [v] = await rows<{ q: number }>(t.db, sql`select inventory_qty as q from product_variants where id = ${id}`);
    // Either order is serialised: the history's last row holds the final quantity.
    const hist = (await t.app.inject({ method: 'GET', url: `/api/inventory/history?variantId=${id}&limit=1`, headers: h })).json();
    expect(hist.items[0].quantityAfter).toBe(v!.q);
    expect([8, 10]).toContain(v!.q);
  });

  it('refuses bad input with the field and the rule; another store’s variant is 404', async () => {
    const id = await variant(1, 'deny');
    const cases: [object, string][] = [
      [{ variantId: id, reason: 'received' }, 'body.delta: give either delta or quantity'],
      [{ variantId: id, delta: 1, quantity: 2, reason: 'received' }, 'body.delta: give either delta or quantity'],
      [{ variantId: id, delta: 0, reason: 'received' }, 'body.delta: must not be 0'],
      [{ variantId: id, delta: 1.5, reason: 'received' }, 'body.delta: must be a whole number'],
      [
        { variantId: id, delta: 1, reason: 'lost' },
        'body.reason: reason must be one of received, correction, count, damaged, theft, returned, promotion, other',
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await adjust(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().messages).toContain(message);
    }
    const u2 = await makeUser(t.db);
    const s2 = await makeStore(t.db, t.config, { ownerId: u2.id });
    const h2 = (await login(t.app, u2.email, u2.password, s2.id)).headers;
    const foreign = await adjust({ variantId: id, delta: 5, reason: 'received' }, h2);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().messages).toEqual(['Variant not found']);
    expect((await t.app.inject({ method: 'GET', url: `/api/inventory/history?variantId=${id}`, headers: h2 })).json().items).toEqual([]);
  });
});
