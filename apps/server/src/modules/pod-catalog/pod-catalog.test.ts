import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createTestApp, login, makeStore, makeUser, type TestContext } from '../../test/harness.js';
import { BASE_PRODUCT_DEFS } from './base-products.js';

/** The print-on-demand base catalogue (issue 13 item 10): 30 base items, one-click draft products with cost filled in. */
let t: TestContext;
let h: Record<string, string>;
let other: Record<string, string>;
let ordersOnly: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const u = await makeUser(t.db);
  const s = await makeStore(t.db, t.config, { ownerId: u.id });
  h = (await login(t.app, u.email, u.password, s.id)).headers;
  const m = await makeUser(t.db);
  await addMember(t.db, s.id, m.id, ['orders']);
  ordersOnly = (await login(t.app, m.email, m.password, s.id)).headers;
  const u2 = await makeUser(t.db);
  const s2 = await makeStore(t.db, t.config, { ownerId: u2.id });
  other = (await login(t.app, u2.email, u2.password, s2.id)).headers;
}, 60_000);
afterAll(async () => t.close());

describe('the base catalogue', () => {
  it('holds 32 distinct base items (two books), each sellable: costs below prices, ≤ 100 variants, print areas with pixel sizes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/catalog/base-products', headers: h });
    expect(res.statusCode).toBe(200);
    const { products, categories } = res.json();
    expect(products).toHaveLength(32);
    expect(new Set(products.map((p: { id: string }) => p.id)).size).toBe(32);
    expect(categories).toEqual([
      'T-shirts',
      'Hoodies & sweatshirts',
      'Kids & baby',
      'Hats',
      'Bags',
      'Drinkware',
      'Wall art',
      'Home & living',
      'Accessories',
      'Stationery',
      'Books',
    ]);
    for (const d of BASE_PRODUCT_DEFS) {
      expect(d.baseCostCents, d.id).toBeLessThan(d.suggestedPriceCents);
      expect(d.sizes.length * d.colors.length, d.id).toBeLessThanOrEqual(100);
      expect(d.printAreas.length, d.id).toBeGreaterThan(0);
      expect(new Set(d.printAreas.map((a) => a.key)).size, d.id).toBe(d.printAreas.length);
    }
    const tee = products.find((p: { id: string }) => p.id === 'unisex-softstyle-tee');
    expect(tee).toMatchObject({ baseCost: 9.25, suggestedPrice: 19.99, inShop: 0 });
    // 12 × 16 in (304.8 × 406.4 mm) at 300 dpi = 3600 × 4800 px; the front sits on the mockup at 30 %/22 %.
    expect(tee.printAreas[0]).toEqual({
      key: 'front',
      name: 'Front',
      widthMm: 304.8,
      heightMm: 406.4,
      dpi: 300,
      widthPx: 3600,
      heightPx: 4800,
      // The tee's printable box is [215, 160, 370, 520] of the 800 px mockup: 30 % / 22 % / 40 % / 45 % of it.
      mockup: { left: 40.75, top: 34.3, width: 18.5, height: 29.25 },
    });
  });

  it('every base item has a mockup picture served by the app (SVG, no CDN); an unknown one is 404', async () => {
    const all = (await t.app.inject({ method: 'GET', url: '/api/catalog/base-products', headers: h })).json().products;
    expect(all).toHaveLength(32);
    for (const b of all as { id: string; imageSrc: string }[]) expect(b.imageSrc).toBe(`/base-catalog/${b.id}.svg`);
    const svg = await t.app.inject({ method: 'GET', url: '/base-catalog/mug-11oz.svg' });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(svg.body).toMatch(/^<svg [^>]*aria-label="White Glossy Mug 11 oz"/);
    expect(svg.body).not.toMatch(/<script/i);
    expect((await t.app.inject({ method: 'GET', url: '/base-catalog/nope.svg' })).statusCode).toBe(404);
    // In another of its colours, and plain (no dashed print area) for the design editors' live mockup (issue 19).
    const black = await t.app.inject({ method: 'GET', url: '/base-catalog/unisex-softstyle-tee.svg?color=black&plain=1' });
    expect(black.statusCode).toBe(200);
    expect(black.body).toContain('<g fill="#111111"');
    expect(black.body).not.toContain('stroke-dasharray');
    expect((await t.app.inject({ method: 'GET', url: '/base-catalog/unisex-softstyle-tee.svg' })).body).toContain('stroke-dasharray');
    expect((await t.app.inject({ method: 'GET', url: '/base-catalog/unisex-softstyle-tee.svg?color=Purple' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/base-catalog/..%2Fx.svg' })).statusCode).toBe(400);
  });

  it('filters by category and search; an unknown id is 404; scope products', async () => {
    const mugs = (
      await t.app.inject({ method: 'GET', url: '/api/catalog/base-products?category=Drinkware&search=mug', headers: h })
    ).json();
    expect(mugs.products.map((p: { id: string }) => p.id)).toEqual(['mug-11oz', 'mug-15oz', 'enamel-camp-mug']);
    expect((await t.app.inject({ method: 'GET', url: '/api/catalog/base-products/nope', headers: h })).statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/api/catalog/base-products/Bad_Id', headers: h });
    expect(bad.json().messages).toEqual(['params.id: id must be a base product id']);
    expect((await t.app.inject({ method: 'GET', url: '/api/catalog/base-products', headers: ordersOnly })).statusCode).toBe(403);
  });
});

describe('adding a base product to the shop', () => {
  it('creates a draft with sizes × colours, prices with size extras and cost per item filled in', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/catalog/base-products/unisex-heavy-hoodie/products',
      headers: h,
      payload: { title: 'Logo hoodie', price: 45, sizes: ['M', 'XL', '2XL'], colors: ['Black', 'Navy'] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json();
    expect(p).toMatchObject({
      title: 'Logo hoodie',
      status: 'draft',
      published: false,
      productType: 'Hoodies & sweatshirts',
      tags: ['print-on-demand'],
    });
    expect(p.options).toEqual([
      { name: 'Size', values: ['M', 'XL', '2XL'] },
      { name: 'Color', values: ['Black', 'Navy'] },
    ]);
    expect(p.variants).toHaveLength(6);
    const v2xl = p.variants.find((v: { option1: string; option2: string }) => v.option1 === '2XL' && v.option2 === 'Navy');
    expect(v2xl).toMatchObject({
      price: 47,
      cost: 23.5,
      sku: 'UNISEX-HEAVY-HOODIE-NAVY-2XL',
      inventoryPolicy: 'continue',
      inventoryQuantity: 0,
    });
    // Its picture: the base item's mockup in the first chosen colour, stored in the shop's uploads as a WebP.
    expect(p.images).toHaveLength(1);
    expect(p.images[0]).toMatchObject({ alt: 'Logo hoodie mockup' });
    expect(p.images[0].src).toMatch(/^\/uploads\/.+\.webp$/);
    const picture = await t.app.inject({ method: 'GET', url: p.images[0].src });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    const base = await t.app.inject({ method: 'GET', url: `/api/catalog/products/${p.id}/base`, headers: h });
    expect(base.json()).toMatchObject({ id: 'unisex-heavy-hoodie', inShop: 1 });
    expect((await t.app.inject({ method: 'GET', url: `/api/catalog/products/${p.id}/base`, headers: other })).statusCode).toBe(404);
  });

  it('defaults: base title, suggested price, every size and colour; one-value options are left out', async () => {
    const mug = (
      await t.app.inject({ method: 'POST', url: '/api/catalog/base-products/mug-11oz/products', headers: h, payload: {} })
    ).json();
    expect(mug).toMatchObject({ title: 'White Glossy Mug 11 oz', options: [] });
    expect(mug.variants).toHaveLength(1);
    expect(mug.variants[0]).toMatchObject({ price: 14.99, cost: 5.95 });
    const tee = (
      await t.app.inject({ method: 'POST', url: '/api/catalog/base-products/unisex-softstyle-tee/products', headers: h, payload: {} })
    ).json();
    expect(tee.variants).toHaveLength(6 * 9);
  });

  it('refuses sizes and colours the base does not offer, and unknown bases', async () => {
    const post = (id: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/catalog/base-products/${id}/products`, headers: h, payload });
    const size = await post('dad-hat', { sizes: ['XL'] });
    expect(size.statusCode).toBe(400);
    expect(size.json().messages).toEqual(["body.sizes: 'XL' is not a size of Embroidered Dad Hat"]);
    expect((await post('dad-hat', { colors: ['Purple'] })).json().messages).toEqual([
      "body.colors: 'Purple' is not a colour of Embroidered Dad Hat",
    ]);
    expect((await post('dad-hat', { colors: [] })).json().messages).toEqual(['body.colors: choose at least one colour']);
    expect((await post('dad-hat', { price: 0 })).json().messages).toEqual(['body.price: price must be more than 0']);
    expect((await post('nope', {})).statusCode).toBe(404);
  });
});
