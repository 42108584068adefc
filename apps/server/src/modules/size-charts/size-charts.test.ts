import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, makeStore, makeUser, type TestContext } from '../../test/harness.js';

/** Size charts (issue 13 item 7): CRUD, validation, a foreign shop → 404, and the chart on the storefront product page. */
let t: TestContext;
let h: Record<string, string>;
let other: Record<string, string>;
let host: string;
let dress: string;
let gown: string;
let dresses: string;

const CHART = {
  title: 'Dresses',
  unit: 'cm',
  columns: ['Size', 'Bust', 'Waist'],
  rows: [
    ['S', '84', '66'],
    ['M', '88', '70'],
  ],
  note: 'Measure at the fullest part.',
};

beforeAll(async () => {
  t = await createTestApp();
  const u = await makeUser(t.db);
  const s = await makeStore(t.db, t.config, { ownerId: u.id });
  h = (await login(t.app, u.email, u.password, s.id)).headers;
  host = `${s.handle}.${t.config.storefrontSuffix}`;
  const u2 = await makeUser(t.db);
  const s2 = await makeStore(t.db, t.config, { ownerId: u2.id });
  other = (await login(t.app, u2.email, u2.password, s2.id)).headers;
  const mk = async (title: string, tags: string[]) =>
    (await t.app.inject({ method: 'POST', url: '/api/products', headers: h, payload: { title, tags, variants: [{ price: 10 }] } })).json()
      .id as string;
  dress = await mk('Linen dress', ['dress']);
  gown = await mk('Evening gown', ['dress']);
  await mk('Wool scarf', []);
  dresses = (
    await t.app.inject({
      method: 'POST',
      url: '/api/collections',
      headers: h,
      payload: { title: 'Dresses', type: 'automated', rules: [{ column: 'tag', relation: 'equals', condition: 'dress' }] },
    })
  ).json().id;
}, 60_000);
afterAll(async () => t.close());

describe('size charts API', () => {
  let id: string;
  it('creates a chart attached to a collection and answers it with the titles', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/size-charts',
      headers: h,
      payload: { ...CHART, collectionIds: [dresses] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const c = res.json();
    id = c.id;
    expect(c).toMatchObject({ ...CHART, products: [], collections: [{ id: dresses, title: 'Dresses' }] });
    const list = await t.app.inject({ method: 'GET', url: '/api/size-charts', headers: h });
    expect(list.json().sizeCharts.map((x: { id: string }) => x.id)).toEqual([id]);
  });

  it('refuses bad tables and foreign targets, naming the field', async () => {
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/size-charts', headers: h, payload: { ...CHART, ...payload } });
    const cases: [object, string][] = [
      [{ title: '' }, 'body.title: title is required'],
      [{ unit: 'mm' }, 'body.unit: unit must be cm or in'],
      [{ rows: [['S', '84']] }, 'body.rows.0: a row has 3 cells, one per column'],
      [{ rows: [] }, 'body.rows: at least one row'],
      [{ columns: ['Size', ''], rows: [['S', '1']] }, 'body.columns.1: a column needs a heading'],
      [{ columns: Array.from({ length: 13 }, (_, i) => `C${i}`), rows: [Array(13).fill('1')] }, 'body.columns: at most 12 columns'],
      [{ rows: [['S', 'x'.repeat(41), '1']] }, 'body.rows.0.1: a cell has at most 40 characters'],
      [{ productIds: ['00000000-0000-4000-8000-000000000000'] }, 'body.productIds.0: no such product'],
    ];
    for (const [payload, message] of cases) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().messages).toContain(message);
    }
    // Another shop's product is "no such product" here.
    const foreign = (
      await t.app.inject({ method: 'POST', url: '/api/products', headers: other, payload: { title: 'X', variants: [{ price: 1 }] } })
    ).json().id;
    expect((await post({ productIds: [foreign] })).json().messages).toContain('body.productIds.0: no such product');
  });

  it('shows the collection chart on a member product page, a product chart wins over it, none elsewhere', async () => {
    const sf = (handle: string) => t.app.inject({ method: 'GET', url: `/api/storefront/products/${handle}/size-chart`, headers: { host } });
    expect((await sf('linen-dress')).json()).toEqual({
      sizeChart: { title: 'Dresses', unit: 'cm', columns: CHART.columns, rows: CHART.rows, note: CHART.note },
    });
    expect((await sf('wool-scarf')).json()).toEqual({ sizeChart: null });
    expect((await sf('no-such-product')).statusCode).toBe(404);
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/size-charts',
      headers: h,
      payload: { ...CHART, title: 'Gown fit', unit: 'in', productIds: [gown] },
    });
    expect(own.statusCode).toBe(201);
    expect((await sf('evening-gown')).json().sizeChart.title).toBe('Gown fit');
    expect((await sf('linen-dress')).json().sizeChart.title).toBe('Dresses');
    expect(dress).toBeTruthy();
  });

  it('updates and deletes; another shop gets 404 for it', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/size-charts/${id}`,
      headers: h,
      payload: { ...CHART, title: 'Dress sizes', productIds: [dress] },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ title: 'Dress sizes', products: [{ id: dress, title: 'Linen dress' }], collections: [] });
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: `/api/size-charts/${id}`,
        headers: other,
        payload: method === 'PUT' ? CHART : undefined,
      });
      expect(res.statusCode, method).toBe(404);
    }
    expect((await t.app.inject({ method: 'DELETE', url: `/api/size-charts/${id}`, headers: h })).json()).toEqual({ ok: true });
    expect((await t.app.inject({ method: 'GET', url: `/api/size-charts/${id}`, headers: h })).statusCode).toBe(404);
  });

  it('a deleted product drops out of the chart', async () => {
    const c = (
      await t.app.inject({ method: 'POST', url: '/api/size-charts', headers: h, payload: { ...CHART, productIds: [dress, gown] } })
    ).json();
    await t.app.inject({ method: 'DELETE', url: `/api/products/${gown}`, headers: h });
    const got = (await t.app.inject({ method: 'GET', url: `/api/size-charts/${c.id}`, headers: h })).json();
    expect(got.products).toEqual([{ id: dress, title: 'Linen dress' }]);
  });
});
