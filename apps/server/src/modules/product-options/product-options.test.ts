import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createTestApp, login, makeStore, makeUser, type TestContext } from '../../test/harness.js';

/** Product Options (issue 13 item 6): the filter list API, and the storefront collection page filtering by it. */
let t: TestContext;
let h: Record<string, string>;
let other: Record<string, string>;
let member: Record<string, string>;
let host: string;

async function product(
  title: string,
  o: { vendor?: string; type?: string; variants: { size: string; color: string; price: number; stock?: number }[] },
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: h,
    payload: {
      title,
      vendor: o.vendor,
      productType: o.type,
      tags: ['filters'],
      options: [
        { name: 'Size', values: [...new Set(o.variants.map((v) => v.size))] },
        { name: 'Color', values: [...new Set(o.variants.map((v) => v.color))] },
      ],
      variants: o.variants.map((v) => ({ option1: v.size, option2: v.color, price: v.price, inventoryQuantity: v.stock ?? 0 })),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
}

beforeAll(async () => {
  t = await createTestApp();
  const u = await makeUser(t.db);
  const s = await makeStore(t.db, t.config, { ownerId: u.id });
  h = (await login(t.app, u.email, u.password, s.id)).headers;
  host = `${s.handle}.${t.config.storefrontSuffix}`;
  const m = await makeUser(t.db);
  await addMember(t.db, s.id, m.id, ['orders']);
  member = (await login(t.app, m.email, m.password, s.id)).headers;
  const u2 = await makeUser(t.db);
  const s2 = await makeStore(t.db, t.config, { ownerId: u2.id });
  other = (await login(t.app, u2.email, u2.password, s2.id)).headers;
  await product('Linen dress', {
    vendor: 'Atelier',
    type: 'Dresses',
    variants: [
      { size: 'S', color: 'Red', price: 49, stock: 2 },
      { size: 'M', color: 'Blue', price: 59 },
    ],
  });
  await product('Wool coat', { vendor: 'North', type: 'Coats', variants: [{ size: 'L', color: 'Black', price: 189, stock: 1 }] });
  await product('Silk scarf', { vendor: 'Atelier', type: 'Accessories', variants: [{ size: 'M', color: 'Red', price: 25 }] });
  const c = await t.app.inject({
    method: 'POST',
    url: '/api/collections',
    headers: h,
    payload: { title: 'Atelier', type: 'automated', rules: [{ column: 'vendor', relation: 'equals', condition: 'Atelier' }] },
  });
  expect(c.statusCode, c.body).toBe(201);
}, 60_000);
afterAll(async () => t.close());

const FILTERS = [
  { type: 'option', label: 'Size', optionName: 'Size', values: ['S', 'M', 'L'] },
  { type: 'option', label: 'Colour', optionName: 'Color' },
  { type: 'price', label: 'Price' },
  { type: 'vendor', label: 'Brand' },
  { type: 'productType', label: 'Type', enabled: false },
  { type: 'availability', label: 'Availability' },
];

describe('the filter list (GET/PUT /api/product-options)', () => {
  it('offers the options the products use, with their values, before any filter is set', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/product-options', headers: h });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      filters: [],
      options: [
        { name: 'Color', values: ['Black', 'Blue', 'Red'], products: 3 },
        { name: 'Size', values: ['L', 'M', 'S'], products: 3 },
      ],
    });
  });

  it('saves the ordered list; any member may (no role, spec §2)', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/product-options', headers: member, payload: { filters: FILTERS } });
    expect(res.statusCode, res.body).toBe(200);
    const f = res.json().filters;
    expect(f.map((x: { label: string; position: number }) => [x.label, x.position])).toEqual([
      ['Size', 1],
      ['Colour', 2],
      ['Price', 3],
      ['Brand', 4],
      ['Type', 5],
      ['Availability', 6],
    ]);
    expect(f[0]).toMatchObject({ type: 'option', optionName: 'Size', values: ['S', 'M', 'L'], enabled: true });
    expect(f[4]).toMatchObject({ type: 'productType', optionName: null, enabled: false });
  });

  it('refuses bad lists with the index and rule', async () => {
    const put = (filters: unknown[]) => t.app.inject({ method: 'PUT', url: '/api/product-options', headers: h, payload: { filters } });
    const cases: [unknown[], string][] = [
      [[{ type: 'option', label: 'Size' }], 'body.filters.0.optionName: an option filter names its option (e.g. Size)'],
      [[{ type: 'price', label: 'Price', optionName: 'Size' }], 'body.filters.0.optionName: a price filter has no optionName'],
      [
        [
          { type: 'vendor', label: 'A' },
          { type: 'vendor', label: 'B' },
        ],
        'body.filters.1.type: the vendor filter is already in the list',
      ],
      [
        [
          { type: 'option', label: 'A', optionName: 'Size' },
          { type: 'option', label: 'B', optionName: 'size' },
        ],
        "body.filters.1.optionName: the option 'size' is already a filter",
      ],
      [[{ type: 'colour', label: 'x' }], 'body.filters.0.type: type must be option, price, vendor, productType or availability'],
      [[{ type: 'vendor', label: ' ' }], 'body.filters.0.label: label is required'],
      [Array.from({ length: 21 }, (_, i) => ({ type: 'option', label: `O${i}`, optionName: `O${i}` })), 'body.filters: at most 20 filters'],
    ];
    for (const [filters, message] of cases) {
      const res = await put(filters);
      expect(res.statusCode, JSON.stringify(filters)).toBe(400);
      expect(res.json().messages).toContain(message);
    }
  });

  it('two saves at once leave exactly one of the lists, whole', async () => {
    const a = [{ type: 'vendor', label: 'Brand' }];
    const b = [
      { type: 'price', label: 'Price' },
      { type: 'availability', label: 'Stock' },
    ];
    const [ra, rb] = await Promise.all([
      t.app.inject({ method: 'PUT', url: '/api/product-options', headers: h, payload: { filters: a } }),
      t.app.inject({ method: 'PUT', url: '/api/product-options', headers: h, payload: { filters: b } }),
    ]);
    expect([ra.statusCode, rb.statusCode]).toEqual([200, 200]);
    const now = (await t.app.inject({ method: 'GET', url: '/api/product-options', headers: h }))
      .json()
      .filters.map((f: { label: string }) => f.label);
    expect([['Brand'], ['Price', 'Stock']]).toContainEqual(now);
    // Restore the full list for the storefront tests.
    expect((await t.app.inject({ method: 'PUT', url: '/api/product-options', headers: h, payload: { filters: FILTERS } })).statusCode).toBe(
      200,
    );
  });

  it('is the store’s own: another shop sees its own empty list', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/product-options', headers: other });
    expect(res.json()).toEqual({ filters: [], options: [] });
  });
});

describe('the storefront filters by them', () => {
  const sf = (url: string) => t.app.inject({ method: 'GET', url, headers: { host } });
  const titles = async (qs: string) =>
    (await sf(`/api/storefront/products?sort=title-asc&${qs}`)).json().products.map((p: { title: string }) => p.title);

  it('lists the enabled filters in order with values, counts and the price range', async () => {
    const res = await sf('/api/storefront/filters');
    expect(res.statusCode).toBe(200);
    expect(res.json().filters).toEqual([
      {
        type: 'option',
        label: 'Size',
        param: 'option',
        range: null,
        values: [
          { value: 'Size:S', label: 'S', count: 1 },
          { value: 'Size:M', label: 'M', count: 2 },
          { value: 'Size:L', label: 'L', count: 1 },
        ],
      },
      {
        type: 'option',
        label: 'Colour',
        param: 'option',
        range: null,
        values: [
          { value: 'Color:Black', label: 'Black', count: 1 },
          { value: 'Color:Blue', label: 'Blue', count: 1 },
          { value: 'Color:Red', label: 'Red', count: 2 },
        ],
      },
      { type: 'price', label: 'Price', param: 'price', values: [], range: { minCents: 2500, maxCents: 18900 } },
      {
        type: 'vendor',
        label: 'Brand',
        param: 'vendor',
        range: null,
        values: [
          { value: 'Atelier', label: 'Atelier', count: 2 },
          { value: 'North', label: 'North', count: 1 },
        ],
      },
      {
        type: 'availability',
        label: 'Availability',
        param: 'available',
        range: null,
        values: [{ value: '1', label: 'In stock', count: 2 }],
      },
    ]);
  });

  it('counts within a collection; an unknown collection is 404', async () => {
    const f = (await sf('/api/storefront/filters?collection=atelier')).json().filters;
    expect(f.find((x: { label: string }) => x.label === 'Brand').values).toEqual([{ value: 'Atelier', label: 'Atelier', count: 2 }]);
    expect((await sf('/api/storefront/filters?collection=nope')).statusCode).toBe(404);
  });

  it('filters products: values of one option OR-ed, groups AND-ed, price bounds in cents inclusive', async () => {
    expect(await titles('option=Size:M')).toEqual(['Linen dress', 'Silk scarf']);
    expect(await titles('option=Size:S&option=Size:L')).toEqual(['Linen dress', 'Wool coat']);
    expect(await titles('option=Size:M&option=Color:Blue')).toEqual(['Linen dress']);
    expect(await titles('vendor=North')).toEqual(['Wool coat']);
    expect(await titles('type=Coats&type=Accessories')).toEqual(['Silk scarf', 'Wool coat']);
    expect(await titles('available=1')).toEqual(['Linen dress', 'Wool coat']);
    expect(await titles('priceMin=2500&priceMax=4900')).toEqual(['Linen dress', 'Silk scarf']);
    expect(await titles('priceMin=2501&priceMax=4899')).toEqual([]);
    expect(await titles('collection=atelier&option=Color:Red&available=1')).toEqual(['Linen dress']);
    const bad = await sf('/api/storefront/products?priceMin=-1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages).toContain('querystring.priceMin: priceMin must be 0 or more');
  });
});
