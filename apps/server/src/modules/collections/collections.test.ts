import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, makeStore, makeUser, type TestContext } from '../../test/harness.js';

let t: TestContext;
let h: Record<string, string>;
let other: Record<string, string>;
let shopHost: string;

beforeAll(async () => {
  t = await createTestApp();
  const u = await makeUser(t.db);
  const s = await makeStore(t.db, t.config, { ownerId: u.id });
  h = (await login(t.app, u.email, u.password, s.id)).headers;
  shopHost = `${s.handle}.${t.config.storefrontSuffix}`;
  const u2 = await makeUser(t.db);
  const s2 = await makeStore(t.db, t.config, { ownerId: u2.id });
  other = (await login(t.app, u2.email, u2.password, s2.id)).headers;
}, 60_000);
afterAll(async () => t.close());

async function product(title: string, o: { price: number; tags?: string[]; vendor?: string; productType?: string; stock?: number }) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: h,
    payload: {
      title,
      tags: o.tags,
      vendor: o.vendor,
      productType: o.productType,
      variants: [{ price: o.price, inventoryQuantity: o.stock ?? 5 }],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; variants: { id: string }[] };
}

const titles = (c: { products: { title: string }[] }) => c.products.map((p) => p.title);
const get = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/collections/${id}`, headers: h })).json();

describe('automated collections (Shopify rules, kept current)', () => {
  let under30: string;
  let scarf: { id: string; variants: { id: string }[] };
  beforeAll(async () => {
    await product('Wool beanie', { price: 19, tags: ['knitwear'], vendor: 'North Knits' });
    scarf = await product('Wool scarf', { price: 35, tags: ['Knitwear', 'winter'], vendor: 'North Knits' });
    await product('Canvas tote', { price: 12.5, tags: ['bags'], vendor: 'Totes & Co', productType: 'Bags' });
  });

  it('"Under $30" (variant_price less_than 30) holds the matching products', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/collections',
      headers: h,
      payload: { title: 'Under $30', type: 'automated', rules: [{ column: 'variant_price', relation: 'less_than', condition: '30' }] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const c = res.json();
    under30 = c.id;
    expect(c).toMatchObject({ handle: 'under-30', type: 'automated', disjunctive: false });
    expect(titles(c)).toEqual(['Wool beanie', 'Canvas tote']);
    const shelf = await t.app.inject({
      method: 'GET',
      url: '/api/storefront/products?collection=under-30&sort=title-asc',
      headers: { host: shopHost },
    });
    expect(shelf.json().products.map((p: { title: string }) => p.title)).toEqual(['Canvas tote', 'Wool beanie']);
  });

  it('follows product changes: a price cut adds, a raise removes, a new product joins, a deleted one leaves', async () => {
    await t.app.inject({
      method: 'PATCH',
      url: '/api/products/bulk',
      headers: h,
      payload: { products: [{ id: scarf.id, variants: [{ id: scarf.variants[0]!.id, price: 29.99 }] }] },
    });
    expect(titles(await get(under30))).toEqual(['Wool beanie', 'Canvas tote', 'Wool scarf']);
    await t.app.inject({
      method: 'PUT',
      url: `/api/products/${scarf.id}`,
      headers: h,
      payload: { variants: [{ id: scarf.variants[0]!.id, price: 30 }] },
    });
    expect(titles(await get(under30))).toEqual(['Wool beanie', 'Canvas tote']);
    const mug = await product('Mug', { price: 8 });
    expect(titles(await get(under30))).toContain('Mug');
    await t.app.inject({ method: 'DELETE', url: `/api/products/${mug.id}`, headers: h });
    expect(titles(await get(under30))).not.toContain('Mug');
  });

  it('all rules vs any rule (disjunctive); tags compare case-insensitively; changing rules refills', async () => {
    const all = await t.app.inject({
      method: 'POST',
      url: '/api/collections',
      headers: h,
      payload: {
        title: 'Knitwear',
        type: 'automated',
        rules: [
          { column: 'tag', relation: 'equals', condition: 'knitwear' },
          { column: 'variant_price', relation: 'greater_than', condition: '20' },
        ],
      },
    });
    expect(titles(all.json())).toEqual(['Wool scarf']);
    const any = await t.app.inject({ method: 'PUT', url: `/api/collections/${all.json().id}`, headers: h, payload: { disjunctive: true } });
    expect(titles(any.json()).sort()).toEqual(['Wool beanie', 'Wool scarf']);
    const vendor = await t.app.inject({
      method: 'PUT',
      url: `/api/collections/${all.json().id}`,
      headers: h,
      payload: { rules: [{ column: 'vendor', relation: 'contains', condition: 'totes' }] },
    });
    expect(titles(vendor.json())).toEqual(['Canvas tote']);
  });

  it('answers 400 naming the rule field', async () => {
    const cases: [object, string][] = [
      [{ title: 'X', type: 'automated', rules: [] }, 'body.rules: an automated collection needs at least one rule'],
      [
        { title: 'X', type: 'automated', rules: [{ column: 'colour', relation: 'equals', condition: 'a' }] },
        'body.rules.0.column: must be one of tag, type, vendor, title, variant_price, variant_compare_at_price, variant_inventory, variant_weight',
      ],
      [
        { title: 'X', type: 'automated', rules: [{ column: 'variant_price', relation: 'contains', condition: '3' }] },
        'body.rules.0.relation: contains does not apply to variant_price',
      ],
      [
        { title: 'X', type: 'automated', rules: [{ column: 'variant_price', relation: 'less_than', condition: 'cheap' }] },
        'body.rules.0.condition: must be a number for variant_price',
      ],
      [
        { title: 'X', type: 'manual', rules: [{ column: 'tag', relation: 'equals', condition: 'a' }] },
        'body.rules: a manual collection has no rules',
      ],
      [{ title: 'X', type: 'smart' }, 'body.type: must be manual or automated'],
    ];
    for (const [body, message] of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/collections', headers: h, payload: body });
      expect(res.statusCode, message).toBe(400);
      expect(res.json().messages, message).toContain(message);
    }
  });
});

describe('manual collections (merchant order)', () => {
  it('keeps the products in the order given; a reorder is a PUT of productIds; foreign ids are refused', async () => {
    const a = await product('Pick A', { price: 1 });
    const b = await product('Pick B', { price: 2 });
    const c = await product('Pick C', { price: 3 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/collections',
      headers: h,
      payload: { title: 'Staff picks', productIds: [b.id, a.id, c.id] },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ type: 'manual', handle: 'staff-picks' });
    expect(titles(res.json())).toEqual(['Pick B', 'Pick A', 'Pick C']);
    const id = res.json().id;
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/collections/${id}`,
      headers: h,
      payload: { productIds: [c.id, b.id, a.id] },
    });
    expect(titles(moved.json())).toEqual(['Pick C', 'Pick B', 'Pick A']);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: other,
      payload: { title: 'Not yours', variants: [{ price: 1 }] },
    });
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/collections/${id}`,
      headers: h,
      payload: { productIds: [a.id, foreign.json().id] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages).toEqual(['body.productIds.1: not a product of this store']);
    // The storefront shows it in the merchant's order.
    const shelf = await t.app.inject({
      method: 'GET',
      url: '/api/storefront/products?collection=staff-picks&sort=manual',
      headers: { host: shopHost },
    });
    expect(shelf.json().products.map((p: { title: string }) => p.title)).toEqual(['Pick C', 'Pick B', 'Pick A']);
    const list = await t.app.inject({ method: 'GET', url: '/api/collections?search=staff', headers: h });
    expect(list.json().collections).toEqual([expect.objectContaining({ title: 'Staff picks', productsCount: 3, type: 'manual' })]);
  });

  it('another store gets 404 on read, update and delete', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/collections', headers: h, payload: { title: 'Private' } });
    const id = res.json().id;
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const r = await t.app.inject({
        method,
        url: `/api/collections/${id}`,
        headers: other,
        payload: method === 'PUT' ? { title: 'x' } : undefined,
      });
      expect(r.statusCode, method).toBe(404);
      expect(r.json().messages).toEqual(['Collection not found']);
    }
    const del = await t.app.inject({ method: 'DELETE', url: `/api/collections/${id}`, headers: h });
    expect(del.json()).toEqual({ ok: true });
  });
});
