import type { DiscountInput } from '@backroom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collections, products } from '../../db/schema/index.js';
import { addMember, createTestApp, login, makeStore, makeUser, type TestContext } from '../../test/harness.js';

// The discounts admin API (issue 12 item 6): CRUD with exact messages, store scoping (a foreign id → 404), and
// the tabs, search and status filters. Scope `discounts` for every route is covered by the permission matrix.

let t: TestContext;
let owner: Record<string, string>;
let stranger: Record<string, string>;
let storeId: string;
let otherStoreId: string;
const ids = { tee: '', tees: '', foreignProduct: '' };

beforeAll(async () => {
  t = await createTestApp();
  const u = await makeUser(t.db);
  const s = await makeStore(t.db, t.config, { ownerId: u.id });
  storeId = s.id;
  const other = await makeStore(t.db, t.config, { ownerId: u.id });
  otherStoreId = other.id;
  owner = (await login(t.app, u.email, u.password, s.id)).headers;
  // A member of the store with only the discounts scope (reads and writes), and a stranger of another shop.
  const m = await makeUser(t.db);
  await addMember(t.db, s.id, m.id, ['discounts']);
  const x = await makeUser(t.db);
  const xs = await makeStore(t.db, t.config, { ownerId: x.id });
  stranger = (await login(t.app, x.email, x.password, xs.id)).headers;
  const [tee] = await t.db.insert(products).values({ storeId, handle: 'tee', title: 'Organic Cotton Tee' }).returning();
  ids.tee = tee!.id;
  const [tees] = await t.db.insert(collections).values({ storeId, handle: 'tops-tees', title: 'Tops & Tees' }).returning();
  ids.tees = tees!.id;
  const [fp] = await t.db.insert(products).values({ storeId: other.id, handle: 'x', title: 'Foreign' }).returning();
  ids.foreignProduct = fp!.id;
});
afterAll(async () => t?.close());

const summer10: DiscountInput = {
  method: 'code',
  code: 'SUMMER10',
  type: 'percentage',
  value: 10,
  minimumType: 'subtotal',
  minimumSubtotal: 50,
  usageLimit: 100,
  oncePerCustomer: true,
  startsAt: '2026-06-01T07:00:00.000Z',
  endsAt: '2026-06-08T06:59:00.000Z',
};

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = owner) =>
  t.app.inject({ method, url, payload, headers });

describe('POST /api/discounts', () => {
  it('creates SUMMER10 and answers it in major units and percent, with its status', async () => {
    const r = await call('POST', '/api/discounts', summer10);
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({
      method: 'code',
      code: 'SUMMER10',
      title: 'SUMMER10',
      type: 'percentage',
      value: 10,
      minimumType: 'subtotal',
      minimumSubtotal: 50,
      minimumQuantity: 0,
      usageLimit: 100,
      usageCount: 0,
      oncePerCustomer: true,
      appliesTo: 'all',
      combinesWith: { productDiscounts: false, orderDiscounts: false, shippingDiscounts: false },
      startsAt: '2026-06-01T07:00:00.000Z',
      endsAt: '2026-06-08T06:59:00.000Z',
      currency: 'USD',
    });
    expect(['active', 'expired', 'scheduled']).toContain(r.json().status);
  });

  it('creates the automatic "Buy 2 get 1 free" on a collection', async () => {
    const r = await call('POST', '/api/discounts', {
      method: 'automatic',
      title: 'Buy 2 get 1 free',
      type: 'buy_x_get_y',
      value: 100,
      buyQuantity: 2,
      getQuantity: 1,
      appliesTo: 'collections',
      collectionIds: [ids.tees],
      startsAt: '2026-01-01T00:00:00Z',
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({
      method: 'automatic',
      code: '',
      buyQuantity: 2,
      getQuantity: 1,
      value: 100,
      collectionIds: [ids.tees],
    });
  });

  it('refuses a code used in the store whatever its case', async () => {
    const r = await call('POST', '/api/discounts', { ...summer10, code: 'summer10' });
    expect(r.statusCode).toBe(400);
    expect(r.json().messages).toEqual(['code: is already used by another discount']);
  });

  it.each([
    ['no code', { code: '' }, 'body.code: Required.'],
    ['a code with a space', { code: 'SUMMER 10' }, 'body.code: must not contain spaces'],
    ['a percentage over 100', { value: 120 }, 'body.value: must be between 0.01 and 100'],
    ['a percentage of 0', { value: 0 }, 'body.value: must be between 0.01 and 100'],
    ['a fixed amount of 0', { type: 'fixed_amount', value: 0 }, 'body.value: must be more than 0'],
    ['buy X get Y without quantities', { type: 'buy_x_get_y', value: 100 }, 'body.buyQuantity: Required.'],
    ['products without a product', { appliesTo: 'products' }, 'body.productIds: choose at least one product'],
    ['a minimum subtotal of 0', { minimumSubtotal: 0 }, 'body.minimumSubtotal: must be more than 0'],
    ['a usage limit of 0', { usageLimit: 0 }, 'body.usageLimit: must be 1 or more'],
    ['an end before the start', { endsAt: '2026-05-01T00:00:00Z' }, 'body.endsAt: must be after the start'],
    ['a start that is no date', { startsAt: 'Sunday' }, 'body.startsAt: must be an ISO 8601 date and time'],
    ['a bad e-mail', { customerEmails: ['not-an-email'] }, 'body.customerEmails.0: must be an e-mail address'],
  ])('refuses %s with 400 naming the field', async (_name, over, message) => {
    const r = await call('POST', '/api/discounts', { ...summer10, code: 'OTHER', ...over });
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().messages).toContain(message);
  });

  it('refuses an automatic discount without a title', async () => {
    const r = await call('POST', '/api/discounts', { method: 'automatic', type: 'free_shipping', startsAt: '2026-01-01T00:00:00Z' });
    expect(r.statusCode).toBe(400);
    expect(r.json().messages).toEqual(['body.title: Required.']);
  });

  it("refuses another store's product", async () => {
    const r = await call('POST', '/api/discounts', {
      ...summer10,
      code: 'FOREIGN',
      appliesTo: 'products',
      productIds: [ids.foreignProduct],
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().messages).toEqual(['productIds: not a product of this store']);
  });
});

describe('GET /api/discounts', () => {
  it('lists one method per tab, newest first, with search and status', async () => {
    await call('POST', '/api/discounts', { ...summer10, code: 'WINTER5', value: 5, startsAt: '2099-01-01T00:00:00Z', endsAt: null });
    const codes = await call('GET', '/api/discounts?method=code');
    expect(codes.statusCode).toBe(200);
    expect(codes.json().discounts.map((d: { code: string }) => d.code)).toEqual(['WINTER5', 'SUMMER10']);
    expect(codes.json().total).toBe(2);
    const auto = await call('GET', '/api/discounts?method=automatic');
    expect(auto.json().discounts.map((d: { title: string }) => d.title)).toEqual(['Buy 2 get 1 free']);
    const search = await call('GET', '/api/discounts?method=code&search=summ');
    expect(search.json().discounts.map((d: { code: string }) => d.code)).toEqual(['SUMMER10']);
    const scheduled = await call('GET', '/api/discounts?status=scheduled');
    expect(scheduled.json().discounts.map((d: { code: string }) => d.code)).toEqual(['WINTER5']);
    expect(scheduled.json().discounts[0].status).toBe('scheduled');
    const page2 = await call('GET', '/api/discounts?method=code&limit=1&page=2');
    expect(page2.json()).toMatchObject({ total: 2, page: 2, limit: 1 });
    expect(page2.json().discounts.map((d: { code: string }) => d.code)).toEqual(['SUMMER10']);
  });

  it('refuses a bad page or limit with the rule', async () => {
    const r = await call('GET', '/api/discounts?limit=500');
    expect(r.statusCode).toBe(400);
    expect(r.json().messages).toEqual(['querystring.limit: limit must be between 1 and 100']);
  });

  it("never shows another store's discounts", async () => {
    const r = await call('GET', '/api/discounts', undefined, stranger);
    expect(r.json()).toMatchObject({ discounts: [], total: 0 });
  });
});

describe('GET/PUT/DELETE /api/discounts/{id}', () => {
  const idOf = async (code: string) =>
    ((await call('GET', `/api/discounts?search=${code}`)).json().discounts as { id: string; code: string }[]).find((d) => d.code === code)!
      .id;

  it('reads one discount, and answers 404 to another store (as if absent) and to an unknown id', async () => {
    const id = await idOf('SUMMER10');
    expect((await call('GET', `/api/discounts/${id}`)).json().code).toBe('SUMMER10');
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const r = await call(method, `/api/discounts/${id}`, method === 'PUT' ? summer10 : undefined, stranger);
      expect(r.statusCode, method).toBe(404);
      expect(r.json().messages).toEqual(['Discount not found']);
    }
    expect((await call('GET', '/api/discounts/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const bad = await call('GET', '/api/discounts/not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages).toEqual(['params.id: id must be a discount id']);
  });

  it('updates a discount, keeps its uses, refuses a method change and a used code', async () => {
    const id = await idOf('SUMMER10');
    const r = await call('PUT', `/api/discounts/${id}`, { ...summer10, value: 15, usageLimit: 50 });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ id, value: 15, usageLimit: 50, usageCount: 0 });
    const m = await call('PUT', `/api/discounts/${id}`, { ...summer10, method: 'automatic', title: 'x' });
    expect(m.json().messages).toEqual(['method: cannot be changed']);
    const dup = await call('PUT', `/api/discounts/${id}`, { ...summer10, code: 'winter5' });
    expect(dup.json().messages).toEqual(['code: is already used by another discount']);
  });

  it('deletes a discount: 204, then 404', async () => {
    const id = await idOf('WINTER5');
    expect((await call('DELETE', `/api/discounts/${id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/discounts/${id}`)).statusCode).toBe(404);
  });
});

describe('GET /api/discounts/lookups', () => {
  it("finds the store's products and collections by title or ids, never another store's", async () => {
    const p = await call('GET', '/api/discounts/lookups?kind=products&search=cotton');
    expect(p.json().items).toEqual([{ id: ids.tee, title: 'Organic Cotton Tee', imageSrc: null }]);
    const c = await call('GET', `/api/discounts/lookups?kind=collections&ids=${ids.tees}`);
    expect(c.json().items.map((x: { title: string }) => x.title)).toEqual(['Tops & Tees']);
    const f = await call('GET', `/api/discounts/lookups?kind=products&ids=${ids.foreignProduct}`);
    expect(f.json().items).toEqual([]);
    expect(otherStoreId).not.toBe(storeId);
  });
});
