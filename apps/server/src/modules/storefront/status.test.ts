import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collections, pages, products, productVariants } from '../../db/schema/index.js';
import { createTestApp, login, makeStore, makeUser, type TestContext } from '../../test/harness.js';

// Issue 31 item 4: every storefront route kind answers its real status, with noindex when not 200.
const dist = mkdtempSync(join(tmpdir(), 'sf-status-'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>');

let t: TestContext;
let host: string;
let storeId: string;

beforeAll(async () => {
  t = await createTestApp({ storefrontDist: dist });
  const owner = await makeUser(t.db);
  const shop = await makeStore(t.db, t.config, { ownerId: owner.id });
  const other = await makeStore(t.db, t.config, { ownerId: owner.id });
  storeId = shop.id;
  host = `${shop.handle}.localhost:3000`;
  for (const [handle, published] of [
    ['live', true],
    ['hidden', false],
    ['gone', true],
  ] as const) {
    const [p] = await t.db.insert(products).values({ storeId, handle, title: handle, published }).returning();
    await t.db.insert(productVariants).values({ storeId, productId: p!.id, position: 1, priceCents: 1000 });
  }
  await t.db.insert(products).values({ storeId: other.id, handle: 'elsewhere', title: 'Elsewhere' });
  await t.db.insert(collections).values({ storeId, handle: 'tops', title: 'Tops' });
  await t.db.insert(collections).values({ storeId: other.id, handle: 'theirs', title: 'Theirs' });
  await t.db.insert(pages).values([
    { storeId, handle: 'about', title: 'About', bodyHtml: '<p>Hi</p>' },
    { storeId, handle: 'draft', title: 'Draft', bodyHtml: '', published: false },
    { storeId: other.id, handle: 'their-page', title: 'Theirs', bodyHtml: '' },
  ]);
  const [gone] = await t.db
    .select()
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.handle, 'gone')));
  const { headers } = await login(t.app, owner.email, owner.password, storeId);
  const del = await t.app.inject({ method: 'DELETE', url: `/api/products/${gone!.id}`, headers });
  expect(del.statusCode).toBeLessThan(300);
});
afterAll(async () => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { host } });

describe('storefront page statuses (issue 31 item 4)', () => {
  const cases: [string, number][] = [
    ['/', 200],
    ['/collections', 200],
    ['/collections/all', 200],
    ['/collections/tops', 200],
    ['/products/live', 200],
    ['/pages/about', 200],
    ['/cart', 200],
    ['/checkout', 200],
    ['/search?q=x', 200],
    ['/thank-you/abc?token=x', 200],
    ['/checkouts/abc/recover', 200],
    ['/products/does-not-exist', 404],
    ['/products/hidden', 404],
    ['/products/elsewhere', 404],
    ['/products/gone', 410],
    ['/pages/nope', 404],
    ['/pages/draft', 404],
    ['/pages/their-page', 404],
    ['/collections/nope', 404],
    ['/collections/theirs', 404],
    ['/nonexistent-page', 404],
    ['/products', 404],
    ['/products/live/extra', 404],
    ['/products/%00', 404],
    ['/pages/a%00b', 404],
  ];
  it.each(cases)('%s answers %i, with noindex (meta and X-Robots-Tag) only when not 200', async (url, status) => {
    const r = await get(url);
    expect(r.statusCode).toBe(status);
    expect(r.headers['content-type']).toContain('text/html');
    const noindex = status !== 200;
    expect(r.headers['x-robots-tag']).toBe(noindex ? 'noindex' : undefined);
    expect(r.body.includes('<meta name="robots" content="noindex">')).toBe(noindex);
    expect(r.body).toContain('id="sf-bootstrap"');
  });

  it('the preview frame renders any path (the editor asks for it)', async () => {
    expect((await get('/products/does-not-exist?preview=1')).statusCode).toBe(200);
  });

  it('a product created again with a deleted handle is live again', async () => {
    const [p] = await t.db.insert(products).values({ storeId, handle: 'gone', title: 'Back' }).returning();
    expect((await get('/products/gone')).statusCode).toBe(200);
    await t.db.delete(products).where(eq(products.id, p!.id));
    expect((await get('/products/gone')).statusCode).toBe(410);
  });
});
