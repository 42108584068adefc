import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema/index.js';
import { createTestApp, login, makeStore, makeUser, type TestContext } from '../../test/harness.js';
import { storefrontPageStatus } from '../storefront/index.js';
import { xmlText } from './service.js';

let t: TestContext;
let h: Record<string, string>;
let host: string;
let storeId: string;

beforeAll(async () => {
  t = await createTestApp();
  const u = await makeUser(t.db);
  const s = await makeStore(t.db, t.config, { ownerId: u.id, name: 'Knits & <Co>' });
  h = (await login(t.app, u.email, u.password, s.id)).headers;
  host = `${s.handle}.${t.config.storefrontSuffix}`;
  storeId = s.id;
}, 60_000);
afterAll(async () => t.close());

const G = 'http://base.google.com/ns/1.0';

async function product(body: object) {
  const res = await t.app.inject({ method: 'POST', url: '/api/products', headers: h, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; variants: { id: string }[] };
}

/** The feed parsed as XML (a parse error fails the test), its items as {element: text} maps. */
async function feed() {
  const res = await t.app.inject({ method: 'GET', url: '/feeds/google.xml', headers: { host } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
  const doc = new new JSDOM('').window.DOMParser().parseFromString(res.body, 'application/xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  expect(doc.documentElement.nodeName).toBe('rss');
  return {
    doc,
    items: [...doc.getElementsByTagName('item')].map((item) =>
      Object.fromEntries([...item.children].map((c) => [c.namespaceURI === G ? `g:${c.localName}` : c.localName, c.textContent])),
    ),
  };
}

describe('Google Merchant feed (issue 13 item 9) at the storefront origin /feeds/google.xml', () => {
  let hoodie: { id: string; variants: { id: string }[] };
  let mug: { id: string; variants: { id: string }[] };
  beforeAll(async () => {
    hoodie = await product({
      title: 'Hoodie "Cloud" <soft>',
      bodyHtml: '<p>Warm &amp; <b>cosy</b></p>',
      vendor: 'North Knits',
      images: [{ src: '/uploads/hoodie.webp' }],
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: [
        { option1: 'S', price: 40, compareAtPrice: 50, sku: 'HD-S', barcode: '4006381333931', inventoryQuantity: 0 },
        { option1: 'M', price: 40, sku: 'HD-M', inventoryQuantity: 3 },
      ],
    });
    mug = await product({ title: 'Mug', images: [{ src: 'https://cdn.example.com/mug.jpg' }], variants: [{ price: 9.5 }] });
    await product({ title: 'No picture', variants: [{ price: 5 }] });
    await product({ title: 'Draft thing', status: 'draft', images: [{ src: '/uploads/d.webp' }], variants: [{ price: 5 }] });
  });

  it('is compressed as the client asks (answered from the storefront hook, where no route compresses it)', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/feeds/google.xml', headers: { host } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const br = await t.app.inject({ method: 'GET', url: '/feeds/google.xml', headers: { host, 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await t.app.inject({ method: 'GET', url: '/feeds/google.xml', headers: { host, 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('is valid RSS 2.0 with the g: namespace: one item per variant of active products with a picture', async () => {
    const { doc, items } = await feed();
    expect(doc.documentElement.getAttribute('version')).toBe('2.0');
    expect(doc.getElementsByTagName('title')[0]!.textContent).toBe('Knits & <Co>');
    const origin = `http://${host}`;
    expect(items).toEqual([
      {
        'g:id': hoodie.variants[0]!.id,
        title: 'Hoodie "Cloud" <soft> - S',
        description: 'Warm & cosy',
        link: `${origin}/products/hoodie-cloud-soft?variant=${hoodie.variants[0]!.id}`,
        'g:image_link': `${origin}/uploads/hoodie.webp`,
        'g:price': '50.00 USD',
        'g:sale_price': '40.00 USD',
        'g:availability': 'out_of_stock',
        'g:condition': 'new',
        'g:brand': 'North Knits',
        'g:gtin': '4006381333931',
        'g:mpn': 'HD-S',
        'g:item_group_id': hoodie.id,
      },
      {
        'g:id': hoodie.variants[1]!.id,
        title: 'Hoodie "Cloud" <soft> - M',
        description: 'Warm & cosy',
        link: `${origin}/products/hoodie-cloud-soft?variant=${hoodie.variants[1]!.id}`,
        'g:image_link': `${origin}/uploads/hoodie.webp`,
        'g:price': '40.00 USD',
        'g:availability': 'in_stock',
        'g:condition': 'new',
        'g:brand': 'North Knits',
        'g:mpn': 'HD-M',
        'g:item_group_id': hoodie.id,
      },
      {
        'g:id': mug.variants[0]!.id,
        title: 'Mug',
        description: 'Mug',
        link: `${origin}/products/mug`,
        'g:image_link': 'https://cdn.example.com/mug.jpg',
        'g:price': '9.50 USD',
        'g:availability': 'out_of_stock',
        'g:condition': 'new',
        'g:identifier_exists': 'no',
      },
    ]);
  });

  it('is regenerated on change: a product set to draft leaves the feed at once', async () => {
    await t.app.inject({ method: 'PUT', url: `/api/products/${mug.id}`, headers: h, payload: { status: 'draft' } });
    const { items } = await feed();
    expect(items.map((i) => i.title)).toEqual(['Hoodie "Cloud" <soft> - S', 'Hoodie "Cloud" <soft> - M']);
    await t.app.inject({ method: 'PUT', url: `/api/products/${mug.id}`, headers: h, payload: { status: 'active' } });
  });

  it('lists only live storefront URLs (issue 31 item 4): an active product taken off the storefront leaves the feed', async () => {
    await t.db.update(products).set({ published: false }).where(eq(products.id, mug.id));
    const { items } = await feed();
    expect(items.map((i) => i.title)).toEqual(['Hoodie "Cloud" <soft> - S', 'Hoodie "Cloud" <soft> - M']);
    await t.db.update(products).set({ published: true }).where(eq(products.id, mug.id));
    const { items: all } = await feed();
    expect(all.length).toBe(3);
    for (const i of all) expect(await storefrontPageStatus(t.db, storeId, new URL(i.link!).pathname), i.link).toBe(200);
  });

  it('GET /api/product-feeds gives the public address, counts and the problems Merchant Center would flag', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/product-feeds', headers: h });
    expect(res.statusCode).toBe(200);
    const [g] = res.json().feeds;
    expect(g).toMatchObject({ channel: 'google', url: `http://${host}:${t.config.port}/feeds/google.xml`, items: 3, products: 2 });
    expect(g.issues).toEqual([
      { productId: mug.id, title: 'Mug', problems: ['no description', 'no brand (vendor)', 'no GTIN (barcode) or MPN (SKU)'] },
      { productId: expect.any(String), title: 'No picture', problems: ['no image: left out of the feed'] },
    ]);
  });

  it('is not served on the admin origin; xmlText drops characters XML forbids', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/feeds/google.xml' });
    expect(res.statusCode).toBe(404);
    expect(xmlText('a\u0001b & <c>')).toBe('ab &amp; &lt;c&gt;');
  });
});
