import { type Collection, CollectionUpdateBody, type Page, PageBody, type Product, ProductUpdateBody } from '@backroom/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromProduct, toBody } from '../../../admin/src/features/products/variants.js';
import { rows } from '../db/client.js';
import { sanitizeMerchantHtml } from '../lib/html.js';
import { createTestApp, login, type TestContext } from '../test/harness.js';
import { DEMO_LOGINS, ensureDemoStore } from './seed.js';

/**
 * Issue 30 item 5: every seeded product, collection and page opens and saves unchanged — the body the admin's
 * editor builds from what it opened passes the contract the editor runs (client side) and the server accepts it,
 * and what comes back equals what was opened (HTML in the sanitiser's canonical form). The demo's pictures are `/demo-assets/…` files, which the product
 * contract accepts as the shop's own demo pictures (contracts' DEMO_ASSET_SRC; the server checks the file exists).
 */
let t: TestContext;
let shops: { id: string; handle: string }[];
const owner = DEMO_LOGINS[0];

beforeAll(async () => {
  t = await createTestApp();
  await ensureDemoStore(t.db, t.config, { log: () => {}, orders: 20 });
  shops = await rows<{ id: string; handle: string }>(t.db, sql`select id, handle from stores order by handle`);
}, 300_000);
afterAll(() => t.close());

/** The owner's headers for shop `storeId`. */
async function as(storeId: string) {
  return (await login(t.app, owner.email, owner.password, storeId)).headers;
}

/** The messages of a zod refusal, as `path: message`. */
const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? [] : (r.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('seeded objects open and save unchanged (issue 30 item 5)', () => {
  it('every product: the admin editor’s body passes the contract, saves, and reads back the same', async () => {
    let count = 0;
    for (const shop of shops) {
      const headers = await as(shop.id);
      const ids = await rows<{ id: string }>(t.db, sql`select id from products where store_id = ${shop.id}::uuid order by created_at`);
      for (const { id } of ids) {
        const opened = await t.app.inject({ method: 'GET', url: `/api/products/${id}`, headers });
        expect(opened.statusCode, id).toBe(200);
        const product = opened.json() as Product;
        const body = toBody(fromProduct(product));
        expect(issues(ProductUpdateBody.safeParse(body)), product.title).toEqual([]);
        const saved = await t.app.inject({ method: 'PUT', url: `/api/products/${id}`, headers, payload: body });
        expect(saved.statusCode, `${product.title}: ${saved.body}`).toBe(200);
        const after = saved.json() as Product;
        // the same product; HTML as the server's sanitiser writes it (`&` → `&amp;`, links get rel=…)
        expect(toBody(fromProduct(after)), product.title).toEqual({ ...body, bodyHtml: sanitizeMerchantHtml(body.bodyHtml ?? '') });
        expect(after.images.map((i) => i.src)).toEqual(product.images.map((i) => i.src));
        count++;
      }
    }
    expect(count).toBeGreaterThan(10);
  }, 300_000);

  it('every collection and page', async () => {
    let count = 0;
    for (const shop of shops) {
      const headers = await as(shop.id);
      for (const { id } of await rows<{ id: string }>(t.db, sql`select id from collections where store_id = ${shop.id}::uuid`)) {
        const c = (await t.app.inject({ method: 'GET', url: `/api/collections/${id}`, headers })).json() as Collection;
        const body = {
          title: c.title,
          handle: c.handle,
          description: c.description,
          imageSrc: c.imageSrc,
          seoTitle: c.seoTitle,
          seoDescription: c.seoDescription,
          ...(c.type === 'manual' ? { productIds: c.products.map((p) => p.id) } : { rules: c.rules, disjunctive: c.disjunctive }),
        };
        expect(issues(CollectionUpdateBody.safeParse(body)), c.title).toEqual([]);
        const saved = await t.app.inject({ method: 'PUT', url: `/api/collections/${id}`, headers, payload: body });
        expect(saved.statusCode, `${c.title}: ${saved.body}`).toBe(200);
        const after = saved.json() as Collection;
        expect({ ...after, updatedAt: c.updatedAt }).toEqual({ ...c, description: sanitizeMerchantHtml(c.description) });
        count++;
      }
      for (const { id } of await rows<{ id: string }>(t.db, sql`select id from pages where store_id = ${shop.id}::uuid`)) {
        const p = (await t.app.inject({ method: 'GET', url: `/api/stores/onlinestore/pages/${id}`, headers })).json() as Page;
        const body = {
          title: p.title,
          handle: p.handle,
          bodyHtml: p.bodyHtml,
          seoTitle: p.seoTitle,
          seoDescription: p.seoDescription,
          published: p.published,
        };
        expect(issues(PageBody.safeParse(body)), p.title).toEqual([]);
        const saved = await t.app.inject({ method: 'PUT', url: `/api/stores/onlinestore/pages/${id}`, headers, payload: body });
        expect(saved.statusCode, `${p.title}: ${saved.body}`).toBe(200);
        expect((saved.json() as Page).bodyHtml).toBe(sanitizeMerchantHtml(p.bodyHtml));
        count++;
      }
    }
    expect(count).toBeGreaterThan(4);
  }, 300_000);

  it('refuses a /demo-assets/ picture that does not exist, and a path that climbs out', async () => {
    const headers = await as(shops[0]!.id);
    const [row] = await rows<{ id: string }>(t.db, sql`select id from products where store_id = ${shops[0]!.id}::uuid limit 1`);
    const put = (src: string) => t.app.inject({ method: 'PUT', url: `/api/products/${row!.id}`, headers, payload: { images: [{ src }] } });
    expect((await put('/demo-assets/products/none/missing.svg')).json().messages).toEqual(['body.images.0.src: no such demo picture']);
    expect((await put('/demo-assets/../../etc/passwd.svg')).statusCode).toBe(400);
  });
});
