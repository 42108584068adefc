import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../../db/client.js';
import { seedDemo } from '../../demo/seed.js';
import { addMember, createTestApp, login, makeStore, makeUser, type TestContext } from '../../test/harness.js';
import { RemoteImages, type ResolvedImage } from './images.js';
import { importProductsCsv } from './import.js';

const FIXTURES = join(import.meta.dirname, '../../../../../fixtures/shopify-product-csvs');

/** Keeps every picture as its remote link (no network in these tests). */
class KeepRemote extends RemoteImages {
  override resolve(url: string): Promise<ResolvedImage> {
    return Promise.resolve({ src: url, remoteSrc: url, stored: false });
  }
}

let t: TestContext;
let dataDir: string;
let storeId: string;
let otherStoreId: string;
let owner: { headers: Record<string, string> };
let other: { headers: Record<string, string> };

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'backroom-products-test-'));
  t = await createTestApp({ dataDir });
  const u = await makeUser(t.db, { firstName: 'Pat', lastName: 'Owner' });
  storeId = (await makeStore(t.db, t.config, { ownerId: u.id })).id;
  owner = await login(t.app, u.email, u.password, storeId);
  const u2 = await makeUser(t.db);
  otherStoreId = (await makeStore(t.db, t.config, { ownerId: u2.id })).id;
  other = await login(t.app, u2.email, u2.password, otherStoreId);
}, 60_000);
afterAll(async () => t.close());

const SIZES = ['S', 'M', 'L', 'XL'];
const COLOURS = ['Black', 'Heather grey', 'Forest green'];

/** The hoodie of the story: Size (S–XL) × Colour (three) = 12 variants. */
function hoodie(over: Record<string, unknown> = {}) {
  const variants = SIZES.flatMap((size, i) =>
    COLOURS.map((colour, j) => ({
      option1: size,
      option2: colour,
      price: 49 + i * 2,
      compareAtPrice: 65,
      cost: 18.5,
      sku: `HD-${size}-${j}`,
      barcode: `0123456789${i}${j}`,
      weight: 0.6,
      inventoryQuantity: 10 + i + j,
      inventoryPolicy: 'deny',
    })),
  );
  return {
    title: 'Organic cotton hoodie',
    bodyHtml: '<p>Warm and <strong>soft</strong>.</p><script>alert(1)</script>',
    status: 'draft',
    vendor: 'North Knits',
    productType: 'Hoodies',
    tags: ['knitwear', 'winter'],
    seoTitle: 'Organic hoodie',
    seoDescription: 'A warm organic cotton hoodie.',
    options: [
      { name: 'Size', values: SIZES },
      { name: 'Colour', values: COLOURS },
    ],
    variants,
    images: [
      { src: '/uploads/x/media/a_960x960.webp', alt: 'Front' },
      { src: 'https://cdn.example.com/hoodie-back.jpg', alt: 'Back' },
    ],
    ...over,
  };
}

const post = (payload: object, headers = owner.headers) => t.app.inject({ method: 'POST', url: '/api/products', headers, payload });

describe('POST /api/products', () => {
  it('creates the hoodie with 12 variants, cents kept exactly, HTML sanitised, stock logged', async () => {
    const res = await post(hoodie());
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json();
    expect(p).toMatchObject({
      title: 'Organic cotton hoodie',
      handle: 'organic-cotton-hoodie',
      status: 'draft',
      published: false,
      bodyHtml: '<p>Warm and <strong>soft</strong>.</p>',
      options: [
        { name: 'Size', values: SIZES },
        { name: 'Colour', values: COLOURS },
      ],
    });
    expect(p.variants).toHaveLength(12);
    expect(p.variants[5]).toMatchObject({
      title: 'M / Forest green',
      position: 6,
      price: 51,
      compareAtPrice: 65,
      cost: 18.5,
      weight: 0.6,
      weightUnit: 'kg',
      inventoryQuantity: 13,
      inventoryPolicy: 'deny',
    });
    expect(p.images.map((i: { alt: string; position: number }) => [i.alt, i.position])).toEqual([
      ['Front', 1],
      ['Back', 2],
    ]);
    const [v] = await rows<{ cost_cents: number; grams: number }>(
      t.db,
      sql`select cost_cents, grams from product_variants where id = ${p.variants[5].id}`,
    );
    expect(v).toEqual({ cost_cents: 1850, grams: 600 });
    const log = await rows<{ delta: number; reason: string; user_name: string }>(
      t.db,
      sql`select delta, reason, user_name, sku from inventory_adjustments where product_id = ${p.id} order by sku`,
    );
    expect(log).toHaveLength(12);
    expect(log.find((l) => (l as { sku?: string }).sku === 'HD-S-0')).toEqual({
      delta: 10,
      reason: 'product_edit',
      user_name: 'Pat Owner',
      sku: 'HD-S-0',
    });
  });

  it('makes the derived handle unique and refuses a taken handle given explicitly', async () => {
    const again = await post(hoodie({ status: 'active' }));
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ handle: 'organic-cotton-hoodie-1', status: 'active', published: true });
    const taken = await post(hoodie({ handle: 'organic-cotton-hoodie' }));
    expect(taken.statusCode).toBe(400);
    expect(taken.json().messages).toEqual(["body.handle: 'organic-cotton-hoodie' is already used by another product"]);
  });

  it('answers 400 naming the field and the rule', async () => {
    const cases: [object, string][] = [
      [{ ...hoodie(), title: '' }, 'body.title: is required'],
      [{ ...hoodie(), variants: [] }, 'body.variants: at least one variant (with its price) is required'],
      [
        { ...hoodie(), options: [...hoodie().options, { name: 'Fit', values: ['a'] }, { name: 'Cut', values: ['b'] }] },
        'body.options: at most 3 options',
      ],
      [{ ...hoodie(), variants: [{ ...hoodie().variants[0], option1: 'XXL' }] }, "body.variants.0.option1: 'XXL' is not a value of Size"],
      [{ ...hoodie(), variants: [{ ...hoodie().variants[0], option2: null }] }, 'body.variants.0.option2: a value of Colour is required'],
      [{ ...hoodie(), variants: [hoodie().variants[0], hoodie().variants[0]] }, 'body.variants.1: repeats the option values of variant 1'],
      [{ ...hoodie(), variants: [{ ...hoodie().variants[0], price: 10.005 }] }, 'body.variants.0.price: must have at most 2 decimals'],
      [{ ...hoodie(), variants: [{ ...hoodie().variants[0], price: -1 }] }, 'body.variants.0.price: must be 0 or more'],
      [{ ...hoodie(), status: 'live' }, 'body.status: must be active, draft or archived'],
      [{ ...hoodie(), handle: 'Bad Handle' }, "body.handle: may only contain lower-case letters, digits, '-' and '_'"],
      [
        {
          ...hoodie(),
          options: [
            { name: 'Size', values: ['S'] },
            { name: 'size', values: ['M'] },
          ],
          variants: [{ option1: 'S', option2: 'M', price: 1 }],
        },
        "body.options.1.name: 'size' is used by another option",
      ],
      [
        { ...hoodie(), images: [{ src: 'javascript:alert(1)' }] },
        'body.images.0.src: must be an uploaded image (/uploads/…), a demo picture (/demo-assets/…) or an http(s) URL',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await post(body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().messages, message).toContain(message);
    }
  });

  it('accepts exactly 100 variants and refuses 101 (Shopify limits: 3 options, 100 variants)', async () => {
    const values = Array.from({ length: 101 }, (_, i) => `v${i}`);
    const variants = values.map((v) => ({ option1: v, price: 5 }));
    const ok = await post({ title: 'Hundred', options: [{ name: 'N', values: values.slice(0, 100) }], variants: variants.slice(0, 100) });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().variants).toHaveLength(100);
    const over = await post({ title: 'Too many', options: [{ name: 'N', values: values.slice(0, 100) }], variants });
    expect(over.statusCode).toBe(400);
    expect(over.json().messages).toContain('body.variants: at most 100 variants');
  });

  it('a product without options has one Default Title variant', async () => {
    const res = await post({ title: 'Gift card', variants: [{ price: 25 }] });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ options: [], variants: [{ title: 'Default Title', option1: 'Default Title', price: 25 }] });
    const two = await post({ title: 'Gift card', variants: [{ price: 25 }, { price: 50 }] });
    expect(two.json().messages).toContain('body.variants: a product without options has one variant');
  });
});

describe('GET/PUT/DELETE /api/products/{id}', () => {
  let id: string;
  let variantIds: string[];
  beforeAll(async () => {
    const p = (await post(hoodie({ title: 'Editable hoodie' }))).json();
    id = p.id;
    variantIds = p.variants.map((v: { id: string }) => v.id);
  });

  it('reads it back; another store gets 404 for read, update and delete', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/products/${id}`, headers: owner.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().variants).toHaveLength(12);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const r = await t.app.inject({
        method,
        url: `/api/products/${id}`,
        headers: other.headers,
        payload: method === 'PUT' ? { title: 'x' } : undefined,
      });
      expect(r.statusCode, method).toBe(404);
      expect(r.json().messages).toEqual(['Product not found']);
    }
    const bad = await t.app.inject({ method: 'GET', url: '/api/products/not-an-id', headers: owner.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages).toEqual(['params.id: id must be a uuid']);
  });

  it('changes only the fields given; a variant list replaces the variants (by id) and logs stock changes', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${id}`,
      headers: owner.headers,
      payload: {
        status: 'active',
        options: [
          { name: 'Size', values: ['S', 'M'] },
          { name: 'Colour', values: ['Black'] },
        ],
        variants: [
          { id: variantIds[3], option1: 'M', option2: 'Black', price: 59.99, inventoryQuantity: 2 },
          { option1: 'S', option2: 'Black', price: 55 },
        ],
        images: [{ src: 'https://cdn.example.com/hoodie-back.jpg', alt: 'Back, now first' }],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json();
    expect(p).toMatchObject({ title: 'Editable hoodie', status: 'active', published: true, vendor: 'North Knits' });
    expect(
      p.variants.map((v: { title: string; price: number; inventoryQuantity: number }) => [v.title, v.price, v.inventoryQuantity]),
    ).toEqual([
      ['M / Black', 59.99, 2],
      ['S / Black', 55, 0],
    ]);
    expect(p.variants[0].id).toBe(variantIds[3]);
    expect(p.variants[0].sku).toBe('HD-M-0');
    expect(p.images).toEqual([expect.objectContaining({ alt: 'Back, now first', position: 1 })]);
    const [last] = await rows<{ delta: number; quantity_after: number }>(
      t.db,
      sql`select delta, quantity_after from inventory_adjustments where variant_id = ${variantIds[3]} order by created_at desc limit 1`,
    );
    expect(last).toEqual({ delta: -9, quantity_after: 2 });
  });

  it('refuses options that stored variants do not fit, and a variant id of another product', async () => {
    const opt = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${id}`,
      headers: owner.headers,
      payload: {
        options: [
          { name: 'Size', values: ['S'] },
          { name: 'Colour', values: ['Black'] },
        ],
      },
    });
    expect(opt.statusCode).toBe(400);
    expect(opt.json().messages).toEqual(['body.options.0.values: the stored variant 1 (M / Black) has no value of Size in the list']);
    const stranger = (await post({ title: 'Stranger', variants: [{ price: 1 }] })).json();
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${id}`,
      headers: owner.headers,
      payload: { variants: [{ id: stranger.variants[0].id, option1: 'M', option2: 'Black', price: 1 }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages).toEqual(['body.variants.0.id: not a variant of this product']);
  });

  it('deletes it; its stock history stays', async () => {
    const del = await t.app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers: owner.headers });
    expect(del.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${id}`, headers: owner.headers })).statusCode).toBe(404);
    const [{ n } = { n: 0 }] = await rows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from inventory_adjustments where product_id = ${id}`,
    );
    expect(n).toBeGreaterThan(0);
    await expect(t.db.execute(sql`update inventory_adjustments set delta = 0 where product_id = ${id}`)).rejects.toThrow();
  });

  it('a member without the products scope gets 403 before validation', async () => {
    const u = await makeUser(t.db);
    await addMember(t.db, storeId, u.id, ['orders']);
    const m = await login(t.app, u.email, u.password, storeId);
    const res = await post({ nonsense: true }, m.headers);
    expect(res.statusCode).toBe(403);
  });
});

describe('PATCH /api/products/bulk', () => {
  it('saves every change in one transaction; one foreign id changes nothing', async () => {
    const a = (await post(hoodie({ title: 'Bulk A' }))).json();
    const b = (await post({ title: 'Bulk B', variants: [{ price: 10, inventoryQuantity: 1 }] })).json();
    const foreign = (await post({ title: 'Foreign', variants: [{ price: 3 }] }, other.headers)).json();
    const body = {
      products: [
        { id: a.id, status: 'archived', variants: [{ id: a.variants[0].id, price: 44.5, inventoryQuantity: 7 }] },
        { id: b.id, tags: ['sale'], variants: [{ id: b.variants[0].id, compareAtPrice: 12, sku: 'B-1' }] },
      ],
    };
    const refused = await t.app.inject({
      method: 'PATCH',
      url: '/api/products/bulk',
      headers: owner.headers,
      payload: { products: [...body.products, { id: foreign.id, title: 'Mine now' }] },
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().messages).toEqual(['products.2.id: Product not found']);
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${a.id}`, headers: owner.headers })).json().status).toBe('draft');
    const crossed = await t.app.inject({
      method: 'PATCH',
      url: '/api/products/bulk',
      headers: owner.headers,
      payload: { products: [{ id: a.id, variants: [{ id: b.variants[0].id, price: 1 }] }] },
    });
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json().messages).toEqual(['products.0.variants.0.id: Variant not found']);

    const ok = await t.app.inject({ method: 'PATCH', url: '/api/products/bulk', headers: owner.headers, payload: body });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ products: 2, variants: 2 });
    const a2 = (await t.app.inject({ method: 'GET', url: `/api/products/${a.id}`, headers: owner.headers })).json();
    expect(a2).toMatchObject({ status: 'archived', published: false });
    expect(a2.variants[0]).toMatchObject({ price: 44.5, inventoryQuantity: 7 });
    const b2 = (await t.app.inject({ method: 'GET', url: `/api/products/${b.id}`, headers: owner.headers })).json();
    expect(b2).toMatchObject({ tags: ['sale'], variants: [{ compareAtPrice: 12, sku: 'B-1', price: 10 }] });
  });

  it('refuses an empty list and more than 250 products', async () => {
    const empty = await t.app.inject({ method: 'PATCH', url: '/api/products/bulk', headers: owner.headers, payload: { products: [] } });
    expect(empty.json().messages).toEqual(['body.products: at least one product']);
    const many = Array.from({ length: 251 }, () => ({ id: '00000000-0000-4000-8000-000000000000' }));
    const over = await t.app.inject({ method: 'PATCH', url: '/api/products/bulk', headers: owner.headers, payload: { products: many } });
    expect(over.json().messages).toEqual(['body.products: at most 250 products']);
  });
});

describe('GET /api/products filters', () => {
  it('filters by status, vendor, type and stock', async () => {
    const s = await makeStore(t.db, t.config);
    const u = await makeUser(t.db);
    await addMember(t.db, s.id, u.id, ['products']);
    const m = await login(t.app, u.email, u.password, s.id);
    await post(
      { title: 'Red mug', vendor: 'Clay Co', productType: 'Mugs', status: 'active', variants: [{ price: 9, inventoryQuantity: 4 }] },
      m.headers,
    );
    await post({ title: 'Blue mug', vendor: 'clay co', productType: 'Mugs', status: 'draft', variants: [{ price: 9 }] }, m.headers);
    await post(
      { title: 'Tee', vendor: 'Cotton', productType: 'Shirts', status: 'archived', variants: [{ price: 9, inventoryQuantity: -1 }] },
      m.headers,
    );
    const titles = async (q: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/products?${q}`, headers: m.headers }))
        .json()
        .products.map((p: { title: string }) => p.title);
    expect(await titles('status=draft')).toEqual(['Blue mug']);
    expect(await titles('vendor=CLAY%20CO')).toEqual(['Blue mug', 'Red mug']);
    expect(await titles('productType=shirts')).toEqual(['Tee']);
    expect(await titles('stock=in_stock')).toEqual(['Red mug']);
    expect(await titles('stock=out_of_stock')).toEqual(['Blue mug', 'Tee']);
    const bad = await t.app.inject({ method: 'GET', url: '/api/products?stock=some', headers: m.headers });
    expect(bad.json().messages).toEqual(['querystring.stock: stock must be in_stock or out_of_stock']);
  });

  it('answers each row as the product reads (JSON written by PostgreSQL), and the real total past the last page', async () => {
    const s = await makeStore(t.db, t.config);
    const u = await makeUser(t.db);
    await addMember(t.db, s.id, u.id, ['products']);
    const m = await login(t.app, u.email, u.password, s.id);
    const lamp = (
      await post(
        {
          title: 'Lamp',
          tags: ['b', 'a'],
          images: [{ src: 'https://cdn.example/lamp-2.png' }, { src: 'https://cdn.example/lamp-1.png' }],
          options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
          variants: [
            { option1: 'S', price: 20, inventoryQuantity: 3 },
            { option1: 'M', price: 0.1, inventoryQuantity: -1 },
            { option1: 'L', price: 1234.56, inventoryQuantity: 0 },
          ],
        },
        m.headers,
      )
    ).json();
    await post({ title: 'apple', variants: [{ price: 19.99 }] }, m.headers);
    const one = (await t.app.inject({ method: 'GET', url: `/api/products/${lamp.id}`, headers: m.headers })).json();
    const [store] = await rows<{ currency: string }>(t.db, sql`select currency from stores where id = ${s.id}`);
    const list = (await t.app.inject({ method: 'GET', url: '/api/products?limit=1&page=2', headers: m.headers })).json();
    expect(list).toEqual({
      total: 2,
      page: 2,
      limit: 1,
      products: [
        {
          id: lamp.id,
          _id: lamp.id,
          title: 'Lamp',
          handle: one.handle,
          vendor: one.vendor,
          productType: one.productType,
          tags: ['b', 'a'],
          published: one.published,
          status: one.status,
          image: { src: 'https://cdn.example/lamp-2.png' },
          variantsCount: 3,
          inventory: 2,
          priceMin: 0.1,
          priceMax: 1234.56,
          currency: store!.currency,
          updatedAt: one.updatedAt,
        },
      ],
    });
    expect(list.products[0].updatedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // 'apple' comes before 'Lamp': A→Z ignoring case.
    const first = (await t.app.inject({ method: 'GET', url: '/api/products?limit=1', headers: m.headers })).json();
    expect(first.products.map((p: { title: string; image: unknown; priceMin: number }) => [p.title, p.image, p.priceMin])).toEqual([
      ['apple', null, 19.99],
    ]);
    const past = (await t.app.inject({ method: 'GET', url: '/api/products?limit=1&page=5', headers: m.headers })).json();
    expect(past).toEqual({ total: 2, page: 5, limit: 1, products: [] });
  });
});

/** Everything a round trip must keep, with picture addresses made relative to the admin origin. */
async function catalogOf(id: string) {
  const origin = t.config.adminOrigin;
  const strip = (s: string | null) => (s ? s.replace(origin, '') : s);
  const list = await rows<Record<string, unknown> & { id: string }>(
    t.db,
    sql`select id, handle, title, body_html, vendor, product_type, tags, published, status, option_names, seo_title, seo_description
        from products where store_id = ${id} order by handle`,
  );
  const out = [];
  for (const p of list) {
    const variants = await rows<Record<string, unknown> & { image_src: string | null }>(
      t.db,
      sql`select option1, option2, option3, sku, grams, inventory_qty, inventory_policy, price_cents, compare_at_price_cents, cost_cents,
                 requires_shipping, taxable, barcode, image_src, weight_unit
          from product_variants where product_id = ${p.id} order by position`,
    );
    const images = await rows<{ src: string; alt: string }>(
      t.db,
      sql`select src, alt from product_images where product_id = ${p.id} order by position`,
    );
    const { id: _id, ...fields } = p;
    out.push({
      ...fields,
      // Tags are a set (Shopify): the demo seed repeats one now and then, the import keeps it once.
      tags: [...new Set(fields.tags as string[])],
      variants: variants.map((v) => ({ ...v, image_src: strip(v.image_src) })),
      images: images.map((i) => ({ src: strip(i.src), alt: i.alt })),
    });
  }
  return out;
}

/** Exports `from` through the API and imports the file into a new empty store; returns the new store's id. */
async function roundTrip(fromHeaders: Record<string, string>) {
  const res = await t.app.inject({ method: 'GET', url: '/api/products/export', headers: fromHeaders });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toBe('attachment; filename="products_export.csv"');
  const path = join(dataDir, `export-${Math.random().toString(36).slice(2)}.csv`);
  writeFileSync(path, res.body);
  const target = await makeStore(t.db, t.config);
  const report = await importProductsCsv(t.db, {
    storeId: target.id,
    dataDir,
    path,
    images: new KeepRemote({ dataDir, storeId: target.id }),
  });
  expect(report.rejected).toEqual([]);
  return { target: target.id, report, csv: res.body };
}

describe('GET /api/products/export → import round trip', () => {
  it('the shared Shopify CSVs: same products, variants, prices and picture order in the second shop', async () => {
    const u = await makeUser(t.db);
    const first = await makeStore(t.db, t.config, { ownerId: u.id });
    const h = await login(t.app, u.email, u.password, first.id);
    for (const f of ['apparel.csv', 'jewelery.csv']) {
      const r = await importProductsCsv(t.db, {
        storeId: first.id,
        dataDir,
        path: join(FIXTURES, f),
        images: new KeepRemote({ dataDir, storeId: first.id }),
      });
      expect(r.rejected).toEqual([]);
    }
    const { target, report, csv } = await roundTrip(h.headers);
    const before = await catalogOf(first.id);
    expect(before.length).toBeGreaterThan(20);
    expect(report.created).toBe(before.length);
    expect(await catalogOf(target)).toEqual(before);
    // The file is a Shopify product CSV: its header is Shopify's and every data row has every column.
    const records = parse(csv) as string[][];
    expect(records[0]!.slice(0, 7)).toEqual(['Handle', 'Title', 'Body (HTML)', 'Vendor', 'Type', 'Tags', 'Published']);
    expect(new Set(records.map((r) => r.length)).size).toBe(1);
  });

  it('formula-like text is exported quoted (OWASP CSV injection) and re-imports as typed; negative stock stays a number', async () => {
    const u = await makeUser(t.db);
    const first = await makeStore(t.db, t.config, { ownerId: u.id });
    const h = await login(t.app, u.email, u.password, first.id);
    const src = join(dataDir, 'formula.csv');
    writeFileSync(
      src,
      [
        'Handle,Title,Body (HTML),Vendor,Type,Tags,Published,Option1 Name,Option1 Value,Variant SKU,Variant Inventory Qty,Variant Price,Image Src,Image Alt Text,SEO Title',
        'formula-tee,=1+1,-<b>sale</b>,@Acme,+Plus,-clearance,true,Size,-S,=SKU,-3,19.99,https://cdn.example.test/a.jpg,-alt,=HYPERLINK("x")',
      ].join('\n'),
    );
    const imported = await importProductsCsv(t.db, {
      storeId: first.id,
      dataDir,
      path: src,
      images: new KeepRemote({ dataDir, storeId: first.id }),
    });
    expect(imported.rejected).toEqual([]);
    const { target, csv } = await roundTrip(h.headers);
    const [header, row] = parse(csv) as string[][];
    const cell = (k: string) => row![header!.indexOf(k)];
    expect(
      ['Title', 'Body (HTML)', 'Vendor', 'Type', 'Tags', 'Option1 Value', 'Variant SKU', 'Image Alt Text', 'SEO Title'].map(cell),
    ).toEqual([`'=1+1`, `'-<b>sale</b>`, `'@Acme`, `'+Plus`, `'-clearance`, `'-S`, `'=SKU`, `'-alt`, `'=HYPERLINK("x")`]);
    expect([cell('Variant Inventory Qty'), cell('Variant Price')]).toEqual(['-3', '19.99']);
    const before = await catalogOf(first.id);
    expect(before[0]).toMatchObject({ title: '=1+1', vendor: '@Acme', variants: [{ sku: '=SKU', inventory_qty: -3 }] });
    expect(await catalogOf(target)).toEqual(before);
  });

  it('the demo catalog re-imports into an empty shop with nothing lost (pictures as absolute URLs)', async () => {
    const seeded = await seedDemo(t.db, t.config, { orders: 5, now: Date.parse('2026-01-15T12:00:00Z') });
    const shop = seeded.shops[0]!;
    const u = await makeUser(t.db);
    await addMember(t.db, shop.id, u.id, ['products']);
    const h = await login(t.app, u.email, u.password, shop.id);
    const { target, csv } = await roundTrip(h.headers);
    const before = await catalogOf(shop.id);
    expect(before.length).toBe(shop.products);
    expect(await catalogOf(target)).toEqual(before);
    expect(csv).toContain(`${t.config.adminOrigin}/demo-assets/`);
  }, 120_000);
});
