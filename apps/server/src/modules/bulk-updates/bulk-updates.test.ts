import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema/index.js';
import { createTestApp, login, makeStore, makeUser, type TestContext } from '../../test/harness.js';
import { waitForJob } from '../jobs/index.js';
import { runBulkUpdate } from './service.js';

let t: TestContext;
let h: Record<string, string>;
let other: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const u = await makeUser(t.db, { firstName: 'Ada', lastName: 'Merchant' });
  const s = await makeStore(t.db, t.config, { ownerId: u.id });
  h = (await login(t.app, u.email, u.password, s.id)).headers;
  const u2 = await makeUser(t.db);
  const s2 = await makeStore(t.db, t.config, { ownerId: u2.id });
  other = (await login(t.app, u2.email, u2.password, s2.id)).headers;
}, 60_000);
afterAll(async () => t.close());

type P = {
  id: string;
  title: string;
  tags: string[];
  status: string;
  variants: { id: string; price: number; compareAtPrice: number | null }[];
};

async function product(headers: Record<string, string>, title: string, body: object): Promise<P> {
  const res = await t.app.inject({ method: 'POST', url: '/api/products', headers, payload: { title, ...body } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const get = async (id: string): Promise<P> => (await t.app.inject({ method: 'GET', url: `/api/products/${id}`, headers: h })).json();
const start = (payload: object, headers = h) => t.app.inject({ method: 'POST', url: '/api/bulk-updates', headers, payload });

describe('bulk updates (issue 13 item 5)', () => {
  let sweater: P;
  let cardigan: P;
  let tote: P;
  beforeAll(async () => {
    sweater = await product(h, 'Knit sweater', {
      tags: ['knitwear'],
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: [
        { option1: 'S', price: 40, compareAtPrice: 50 },
        { option1: 'M', price: 42.5 },
      ],
    });
    cardigan = await product(h, 'Cardigan', { tags: ['Knitwear'], variants: [{ price: 19.99 }] });
    tote = await product(h, 'Canvas tote', { tags: ['bags'], variants: [{ price: 12 }] });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/collections',
      headers: h,
      payload: { title: 'Knitwear', type: 'automated', rules: [{ column: 'tag', relation: 'equals', condition: 'knitwear' }] },
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('raises every price in the "Knitwear" collection by 5 % as a job with progress and a report', async () => {
    const res = await start({ action: 'price', mode: 'increase_percent', value: 5, filter: { collection: 'knitwear' } });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ type: 'catalog.bulk-update' });
    const job = await waitForJob(t.app, h, res.json().id);
    expect(job.state).toBe('completed');
    expect(job.progress).toEqual({ done: 2, total: 2 });
    expect(job.result).toEqual({ matched: 2, updated: 2, variants: 3, unchanged: 0, errors: [] });
    expect((await get(sweater.id)).variants.map((v) => v.price)).toEqual([42, 44.63]);
    expect((await get(cardigan.id)).variants[0]!.price).toBe(20.99);
    expect((await get(tote.id)).variants[0]!.price).toBe(12);
    // The compare-at prices are untouched by a price change.
    expect((await get(sweater.id)).variants[0]!.compareAtPrice).toBe(50);
  });

  it('lists the update with its description, who started it and its report', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/bulk-updates', headers: h });
    expect(res.statusCode).toBe(200);
    expect(res.json().items[0]).toMatchObject({
      description: 'Price: increase by 5 % — collection knitwear',
      state: 'completed',
      createdBy: 'Ada Merchant',
      report: { matched: 2, updated: 2 },
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/bulk-updates', headers: other })).json().items).toEqual([]);
  });

  it('reports a product whose price would fall below 0 and leaves it as it was', async () => {
    const res = await start({ action: 'price', mode: 'decrease_amount', value: 21, filter: { productIds: [cardigan.id, tote.id] } });
    const job = await waitForJob(t.app, h, res.json().id);
    expect(job.result).toEqual({
      matched: 2,
      updated: 0,
      variants: 0,
      unchanged: 0,
      errors: [
        { productId: cardigan.id, title: 'Cardigan', message: 'variants.0.price: would be below 0 (20.99 decrease by 21)' },
        { productId: tote.id, title: 'Canvas tote', message: 'variants.0.price: would be below 0 (12 decrease by 21)' },
      ].sort((a, b) => (a.productId < b.productId ? -1 : 1)),
    });
    expect((await get(tote.id)).variants[0]!.price).toBe(12);
  });

  it('adds and removes tags case-insensitively, sets the status, and counts unchanged products', async () => {
    let job = await waitForJob(
      t.app,
      h,
      (await start({ action: 'add_tags', tags: ['Sale', 'knitwear'], filter: { search: 'a' } })).json().id,
    );
    expect(job.result).toMatchObject({ matched: 3, updated: 3, unchanged: 0 });
    expect((await get(cardigan.id)).tags).toEqual(['Knitwear', 'Sale']);
    expect((await get(tote.id)).tags).toEqual(['bags', 'Sale', 'knitwear']);
    job = await waitForJob(t.app, h, (await start({ action: 'remove_tags', tags: ['SALE'], filter: { all: true } })).json().id);
    expect(job.result).toMatchObject({ matched: 3, updated: 3 });
    expect((await get(tote.id)).tags).toEqual(['bags', 'knitwear']);
    const none = await start({ action: 'status', status: 'draft', filter: { vendor: 'nobody' } });
    expect(none.statusCode).toBe(400);
    expect(none.json().messages).toEqual(['body.filter: no product matches']);
    job = await waitForJob(t.app, h, (await start({ action: 'status', status: 'active', filter: { all: true } })).json().id);
    expect(job.result).toMatchObject({ matched: 3, updated: 0, unchanged: 3 });
  });

  it('applies the grid’s large edit (absolute values) and reports a foreign product id', async () => {
    const foreign = await product(other, 'Not mine', { variants: [{ price: 1 }] });
    const res = await start({
      action: 'edit',
      products: [
        { id: tote.id, variants: [{ id: tote.variants[0]!.id, price: 15, sku: 'TOTE-1', inventoryQuantity: 9 }] },
        { id: foreign.id, title: 'Mine now' },
      ],
    });
    expect(res.statusCode, res.body).toBe(202);
    const job = await waitForJob(t.app, h, res.json().id);
    expect(job.result).toEqual({
      matched: 2,
      updated: 1,
      variants: 1,
      unchanged: 0,
      errors: [{ productId: foreign.id, title: 'Mine now', message: 'id: Product not found' }],
    });
    expect((await get(tote.id)).variants[0]).toMatchObject({ price: 15, sku: 'TOTE-1', inventoryQuantity: 9 });
  });

  it('refuses bad input with the field and the rule', async () => {
    const cases: [object, string[]][] = [
      [
        { action: 'price', mode: 'increase_percent', value: 5000, filter: { all: true } },
        ['body.value: a percentage must be at most 1000'],
      ],
      [{ action: 'price', mode: 'set', value: 1.234, filter: { all: true } }, ['body.value: must have at most 2 decimals']],
      [{ action: 'add_tags', tags: [], filter: { all: true } }, ['body.tags: at least one tag']],
      [{ action: 'status', status: 'draft', filter: {} }, ['body.filter: choose the products: ids, a filter, or all: true']],
    ];
    for (const [payload, messages] of cases) {
      const res = await start(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().messages).toEqual(messages);
    }
    const bad = await start({ action: 'explode', filter: { all: true } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('a resumed bulk update continues after its last committed chunk (never applies a change twice)', () => {
  it('with 1 of 2 products committed, a second run changes only the second', async () => {
    const a = await product(h, 'Resume A', { variants: [{ price: 10 }] });
    const b = await product(h, 'Resume B', { variants: [{ price: 10 }] });
    const productIds = [a.id, b.id].sort();
    const storeId = h['x-store-id']!;
    const [job] = await t.db
      .insert(jobs)
      .values({
        storeId,
        type: 'catalog.bulk-update',
        state: 'running',
        progressDone: 1,
        progressTotal: 2,
        result: { matched: 2, updated: 1, variants: 1, unchanged: 0, errors: [] },
      })
      .returning();
    const seen: number[] = [];
    const report = await runBulkUpdate(
      t.db,
      storeId,
      job!.id,
      {
        action: 'price',
        mode: 'increase_amount',
        value: 1,
        filter: { all: true },
        productIds,
        actor: { userId: null, userName: '' },
        description: '',
      },
      async (done) => void seen.push(done),
    );
    expect(report).toEqual({ matched: 2, updated: 2, variants: 2, unchanged: 0, errors: [] });
    expect(seen).toEqual([2]);
    const price = async (id: string) => (await get(id)).variants[0]!.price;
    expect(await price(productIds[0]!)).toBe(10);
    expect(await price(productIds[1]!)).toBe(11);
  });
});

describe('GET /api/products/grid (the bulk-edit grid)', () => {
  it('answers products A→Z with every variant’s price, compare-at, SKU and stock; filters by status; scoped to the store', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/products/grid?search=knit&limit=1', headers: h });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 1, page: 1, limit: 1, currency: 'USD' });
    expect(body.products[0]).toMatchObject({ title: 'Knit sweater', status: 'active' });
    expect(body.products[0].variants.map((v: { title: string; compareAtPrice: number | null }) => [v.title, v.compareAtPrice])).toEqual([
      ['S', 50],
      ['M', null],
    ]);
    const all = (await t.app.inject({ method: 'GET', url: '/api/products/grid', headers: h })).json().products as {
      id: string;
      title: string;
    }[];
    const idOf = (title: string) => all.find((p) => p.title === title)!.id;
    const chosen = await t.app.inject({
      method: 'GET',
      url: `/api/products/grid?ids=${idOf('Canvas tote')},${idOf('Cardigan')}`,
      headers: h,
    });
    expect(chosen.json().products.map((p: { title: string }) => p.title)).toEqual(['Canvas tote', 'Cardigan']);
    const badIds = await t.app.inject({ method: 'GET', url: '/api/products/grid?ids=1,2', headers: h });
    expect(badIds.json().messages).toEqual(['querystring.ids: ids must be at most 250 product ids separated by commas']);
    const drafts = await t.app.inject({ method: 'GET', url: '/api/products/grid?status=draft', headers: h });
    expect(drafts.json().total).toBe(0);
    const bad = await t.app.inject({ method: 'GET', url: '/api/products/grid?limit=251', headers: h });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages).toEqual(['querystring.limit: limit must be between 1 and 250']);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/products/grid', headers: other }))
        .json()
        .products.map((p: { title: string }) => p.title),
    ).toEqual(['Not mine']);
  });
});
