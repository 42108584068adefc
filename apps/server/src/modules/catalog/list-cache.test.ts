import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../../db/client.js';
import { createTestApp, login, makeStore, makeUser, type TestContext } from '../../test/harness.js';
import { CATALOG_CACHE_TTL_MS, CatalogReadCache, pruneCatalogChanges } from './list-cache.js';
import { listProducts, type ProductListPage } from './service.js';

let t: TestContext;
let storeId: string;
let owner: { headers: Record<string, string> };

beforeAll(async () => {
  t = await createTestApp();
  const u = await makeUser(t.db);
  storeId = (await makeStore(t.db, t.config, { ownerId: u.id })).id;
  owner = await login(t.app, u.email, u.password, storeId);
}, 60_000);
afterAll(async () => t.close());

const Q = { page: 1, limit: 20 } as const;
const create = async (title: string, price: number) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: owner.headers,
      payload: { title, variants: [{ price, inventoryQuantity: 2 }] },
    })
  ).json() as { id: string; variants: { id: string }[] };
const list = async (query = 'limit=20') =>
  (await t.app.inject({ method: 'GET', url: `/api/products?${query}`, headers: owner.headers })).json() as ProductListPage;

describe('CatalogReadCache', () => {
  it('forgets an answer at the TTL and drops the least recently used past its size', () => {
    const c = new CatalogReadCache<number>();
    c.set('a', '1:1:', 1, 1000);
    expect(c.get('a', 1000 + CATALOG_CACHE_TTL_MS - 1)?.value).toBe(1);
    expect(c.get('a', 1000 + CATALOG_CACHE_TTL_MS)).toBeUndefined();
    for (let i = 0; i < 2001; i++) c.set(`k${i}`, '1:1:', i, 5000);
    expect(c.size).toBe(2000);
    expect(c.get('k0', 5000)).toBeUndefined();
    expect(c.get('k1', 5000)?.value).toBe(1);
  });
});

describe('GET /api/products reuses an answer only while no write could change it (issue 14 item 1)', () => {
  it('answers the same object while nothing changed, and a fresh one after any catalog write, by any path', async () => {
    const store = (await makeStore(t.db, t.config)).id;
    const cache = new CatalogReadCache<ProductListPage>();
    const [p] = await rows<{ id: string }>(
      t.db,
      sql`insert into products (store_id, handle, title) values (${store}::uuid, 'mug', 'Mug') returning id`,
    );
    await t.db.execute(sql`insert into product_variants (store_id, product_id, price_cents) values (${store}::uuid, ${p!.id}::uuid, 1200)`);
    const first = await listProducts(t.db, store, Q, cache);
    expect(first.products.map((x) => x.priceMin)).toEqual([12]);
    expect(await listProducts(t.db, store, Q, cache)).toBe(first);

    // Written outside the app (another copy of the server, a job, by hand): seen on the next read.
    await t.db.execute(sql`update product_variants set price_cents = 1500 where product_id = ${p!.id}::uuid`);
    const second = await listProducts(t.db, store, Q, cache);
    expect(second).not.toBe(first);
    expect(second.products.map((x) => x.priceMin)).toEqual([15]);
    expect(await listProducts(t.db, store, Q, cache)).toBe(second);

    // Each table the list reads counts: pictures, collection links (the collection filter), the store's currency.
    await t.db.execute(sql`insert into product_images (store_id, product_id, src) values (${store}::uuid, ${p!.id}::uuid, '/a.png')`);
    expect((await listProducts(t.db, store, Q, cache)).products[0]!.image).toEqual({ src: '/a.png' });
    const [c] = await rows<{ id: string }>(
      t.db,
      sql`insert into collections (store_id, handle, title) values (${store}::uuid, 'cups', 'Cups') returning id`,
    );
    const inCups = { ...Q, collection: 'cups' };
    expect((await listProducts(t.db, store, inCups, cache)).total).toBe(0);
    await t.db.execute(sql`insert into collection_products (collection_id, product_id) values (${c!.id}::uuid, ${p!.id}::uuid)`);
    expect((await listProducts(t.db, store, inCups, cache)).total).toBe(1);
    await t.db.execute(sql`update stores set currency = 'EUR' where id = ${store}::uuid`);
    expect((await listProducts(t.db, store, Q, cache)).products[0]!.currency).toBe('EUR');
    await t.db.execute(sql`delete from collection_products where collection_id = ${c!.id}::uuid`);
    expect((await listProducts(t.db, store, inCups, cache)).total).toBe(0);
    await t.db.execute(sql`delete from products where id = ${p!.id}::uuid`);
    expect((await listProducts(t.db, store, Q, cache)).total).toBe(0);
  });

  it("another store's writes leave an answer reused", async () => {
    const a = (await makeStore(t.db, t.config)).id;
    const b = (await makeStore(t.db, t.config)).id;
    const cache = new CatalogReadCache<ProductListPage>();
    const first = await listProducts(t.db, a, Q, cache);
    await t.db.execute(sql`insert into products (store_id, handle, title) values (${b}::uuid, 'x', 'X')`);
    expect(await listProducts(t.db, a, Q, cache)).toBe(first);
  });

  it('through the API: a created product, a price edit and a stock adjustment show on the very next list', async () => {
    expect((await list()).total).toBe(0);
    const lamp = await create('Lamp', 20);
    expect((await list()).products.map((p) => [p.title, p.priceMin, p.inventory])).toEqual([['Lamp', 20, 2]]);
    const put = await t.app.inject({
      method: 'PATCH',
      url: '/api/products/bulk',
      headers: owner.headers,
      payload: { products: [{ id: lamp.id, variants: [{ id: lamp.variants[0]!.id, price: 25, inventoryQuantity: 7 }] }] },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await list()).products.map((p) => [p.title, p.priceMin, p.inventory])).toEqual([['Lamp', 25, 7]]);
    await create('Bowl', 5);
    expect((await list()).products.map((p) => p.title)).toEqual(['Bowl', 'Lamp']);
  });

  it.runIf(!!process.env.TEST_DATABASE_URL)(
    'a write still running when an answer was read makes it stale once committed (PostgreSQL, a second connection)',
    async () => {
      const store = (await makeStore(t.db, t.config)).id;
      const [p] = await rows<{ id: string }>(
        t.db,
        sql`insert into products (store_id, handle, title) values (${store}::uuid, 'cap', 'Cap') returning id`,
      );
      await t.db.execute(
        sql`insert into product_variants (store_id, product_id, price_cents) values (${store}::uuid, ${p!.id}::uuid, 900)`,
      );
      const cache = new CatalogReadCache<ProductListPage>();
      const other = new pg.Client({ connectionString: t.database.url });
      await other.connect();
      try {
        await other.query('begin');
        await other.query('update product_variants set price_cents = 1900 where product_id = $1', [p!.id]);
        const during = await listProducts(t.db, store, Q, cache);
        expect(during.products[0]!.priceMin).toBe(9);
        expect(await listProducts(t.db, store, Q, cache)).toBe(during);
        await other.query('commit');
        expect((await listProducts(t.db, store, Q, cache)).products[0]!.priceMin).toBe(19);
      } finally {
        await other.end();
      }
    },
  );
});

describe('pruneCatalogChanges', () => {
  it('deletes only the rows older than the previous horizon, and a shop can still be deleted', async () => {
    const store = (await makeStore(t.db, t.config)).id;
    const xids = async () =>
      (
        await rows<{ xid: string }>(t.db, sql`select xid::text as xid from catalog_changes where store_id = ${store}::uuid order by xid`)
      ).map((r) => BigInt(r.xid));
    // The horizon is the server's oldest running transaction (xids are server-wide): on a PostgreSQL shared with
    // other test files' databases, one of their transactions may hold it back for a moment. Horizons are taken
    // (a call with no previous horizon deletes nothing) until one is past `xid`, as one is once those end.
    const horizonPast = async (xid: bigint) => {
      for (let i = 0; i < 400; i++) {
        const h = await pruneCatalogChanges(t.db, null);
        if (BigInt(h) > xid) return h;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no horizon past ${xid} within 20 s`);
    };
    await t.db.execute(sql`insert into products (store_id, handle, title) values (${store}::uuid, 'a', 'A')`);
    const [a] = await xids();
    const h1 = await horizonPast(a!);
    await t.db.execute(sql`insert into products (store_id, handle, title) values (${store}::uuid, 'b', 'B')`);
    const b = (await xids()).at(-1)!;
    expect(await xids()).toEqual([a, b]);
    // Only the row below the previous horizon goes: b began after h1 was taken, so it is at or above it.
    await pruneCatalogChanges(t.db, h1);
    expect(await xids()).toEqual([b]);
    await pruneCatalogChanges(t.db, await horizonPast(b));
    expect(await xids()).toEqual([]);
    // The shop's products cascade away and their triggers still write (no foreign key to the deleted shop).
    await t.db.execute(sql`insert into products (store_id, handle, title) values (${store}::uuid, 'c', 'C')`);
    await t.db.execute(sql`delete from stores where id = ${store}::uuid`);
    expect((await xids()).length).toBeGreaterThan(0);
  });
});
