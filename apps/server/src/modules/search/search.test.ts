import type { SearchResponse, SearchType } from '@backroom/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, rows } from '../../db/client.js';
import { addMember, createTestApp, login, makeStore, makeUser, type TestContext } from '../../test/harness.js';

/**
 * GET /api/search (issue 20 item 1 and its Tests): each type found by its fields, misspellings found, scopes
 * respected (staff with orders + products never receive customers), a foreign shop's records never, injection-
 * looking input answered safely. One app for the file; PGlite here, PostgreSQL in CI (TEST_DATABASE_URL).
 */

let ctx: TestContext;
let owner: Record<string, string>;
let staff: Record<string, string>;
const ids: Record<string, string> = {};

const one = async (db: Db, q: ReturnType<typeof sql>) => (await rows<{ id: string }>(db, q))[0]!.id;

/** One shop's records: an order #1042 of Maya, a Hoodie with SKU and barcode, Knitwear, a page, a code. */
async function seedShop(db: Db, storeId: string, prefix: string) {
  const customer = await one(
    db,
    sql`insert into customers (store_id, email, first_name, last_name) values (${storeId}::uuid, ${`${prefix}maya@example.test`}, 'Maya', 'Lindqvist') returning id`,
  );
  const order = await one(
    db,
    sql`insert into orders (store_id, order_number, order_name, customer_id, customer_info, grand_total_cents, financial_status)
        values (${storeId}::uuid, 1042, '#1042', ${customer}::uuid,
                ${JSON.stringify([{ full_name: 'Maya Lindqvist', email: `${prefix}maya@example.test` }])}::jsonb, 5900, 'paid') returning id`,
  );
  await rows(
    db,
    sql`insert into orders (store_id, order_number, order_name, customer_info, grand_total_cents, financial_status)
        select ${storeId}::uuid, n, '#' || n, ${JSON.stringify([{ full_name: 'Ola Berg', email: 'ola@example.test' }])}::jsonb, 1000, 'pending'
        from generate_series(1043, 1060) n`,
  );
  const product = await one(
    db,
    sql`insert into products (store_id, handle, title, status) values (${storeId}::uuid, 'wool-hoodie', 'Wool Hoodie', 'active') returning id`,
  );
  const variant = await one(
    db,
    sql`insert into product_variants (store_id, product_id, sku, barcode, option1, price_cents)
        values (${storeId}::uuid, ${product}::uuid, 'HD-M-BLK', '7350012345678', 'M', 5900) returning id`,
  );
  const collection = await one(
    db,
    sql`insert into collections (store_id, handle, title) values (${storeId}::uuid, 'knitwear', 'Knitwear') returning id`,
  );
  await db.execute(sql`insert into collection_products (collection_id, product_id) values (${collection}::uuid, ${product}::uuid)`);
  const page = await one(
    db,
    sql`insert into pages (store_id, title, handle) values (${storeId}::uuid, 'Shipping policy', 'shipping-policy') returning id`,
  );
  const discount = await one(
    db,
    sql`insert into discounts (store_id, method, code, title, type) values (${storeId}::uuid, 'code', 'SUMMER25', 'Summer sale', 'percentage') returning id`,
  );
  return { customer, order, product, variant, collection, page, discount };
}

beforeAll(async () => {
  ctx = await createTestApp();
  const o = await makeUser(ctx.db);
  const s = await makeUser(ctx.db);
  const store = await makeStore(ctx.db, ctx.config, { ownerId: o.id });
  const foreign = await makeStore(ctx.db, ctx.config);
  await addMember(ctx.db, store.id, s.id, ['orders', 'products']);
  Object.assign(ids, await seedShop(ctx.db, store.id, ''));
  ids.store = store.id;
  // The other shop has the same records (and a customer only it has): none of them may ever come back.
  const other = await seedShop(ctx.db, foreign.id, 'other-');
  ids.foreignOrder = other.order;
  ids.foreignProduct = other.product;
  await rows(ctx.db, sql`insert into customers (store_id, email, first_name) values (${foreign.id}::uuid, 'zelda@example.test', 'Zelda')`);
  owner = (await login(ctx.app, o.email, o.password, store.id)).headers;
  staff = (await login(ctx.app, s.email, s.password, store.id)).headers;
});
afterAll(() => ctx.close());

async function search(headers: Record<string, string>, query: string): Promise<SearchResponse> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/search?${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SearchResponse;
}
const q = (text: string, extra = '') => `q=${encodeURIComponent(text)}${extra}`;
const group = (r: SearchResponse, type: SearchType) => r.groups.find((g) => g.type === type)?.results ?? [];
const allIds = (r: SearchResponse) => r.groups.flatMap((g) => g.results.map((x) => x.id));

describe('GET /api/search', () => {
  it('finds an order by #number and by number, first, with the admin path that opens it', async () => {
    for (const text of ['#1042', '1042']) {
      const [first] = group(await search(owner, q(text)), 'orders');
      expect(first).toEqual({
        type: 'orders',
        id: ids.order,
        title: '#1042',
        subtitle: 'Maya Lindqvist · maya@example.test · paid · unfulfilled',
        path: `/admin/orders/detail/${ids.order}`,
      });
    }
  });

  it('finds the customer and her orders by an e-mail prefix, and by her name', async () => {
    const r = await search(owner, q('maya@'));
    expect(group(r, 'customers').map((x) => x.id)).toEqual([ids.customer]);
    expect(group(r, 'customers')[0]).toMatchObject({ title: 'Maya Lindqvist', path: `/admin/customers/${ids.customer}` });
    expect(group(r, 'orders').map((x) => x.id)).toEqual([ids.order]);
    expect(group(await search(owner, q('lindqvist')), 'orders').map((x) => x.id)).toEqual([ids.order]);
  });

  it('finds a product by title, handle, SKU and barcode; a variant hit opens its product', async () => {
    expect(group(await search(owner, q('hoodie')), 'products')[0]).toMatchObject({
      id: ids.product,
      path: `/admin/products/${ids.product}`,
    });
    expect(group(await search(owner, q('wool-hood')), 'products')[0]?.id).toBe(ids.product);
    for (const text of ['HD-M', '73500123']) {
      const [hit] = group(await search(owner, q(text)), 'products');
      expect(hit).toMatchObject({ id: ids.variant, title: 'Wool Hoodie — M', path: `/admin/products/${ids.product}` });
    }
  });

  it("'hoodie' brings the product, then its variants by SKU and the Knitwear collection holding it (issue 20 story)", async () => {
    const r = await search(owner, q('hoodie'));
    expect(group(r, 'products').map((x) => [x.id, x.title, x.subtitle])).toEqual([
      [ids.product, 'Wool Hoodie', 'wool-hoodie · active'],
      [ids.variant, 'Wool Hoodie — M', 'SKU HD-M-BLK · Barcode 7350012345678'],
    ]);
    expect(group(r, 'collections').map((x) => [x.id, x.title, x.path])).toEqual([
      [ids.collection, 'Knitwear', '/admin/products?collection=knitwear'],
    ]);
    // Only products found by their own title or handle bring their relatives: a text found nowhere brings none.
    expect((await search(owner, q('zelda'))).groups).toEqual([]);
  });

  it('finds collections, pages and discounts by their fields', async () => {
    expect(group(await search(owner, q('knit')), 'collections')[0]).toMatchObject({
      id: ids.collection,
      path: '/admin/products?collection=knitwear',
    });
    expect(group(await search(owner, q('shipping-pol')), 'pages')[0]).toMatchObject({ id: ids.page, path: `/admin/pages/${ids.page}` });
    expect(group(await search(owner, q('summer2')), 'discounts')[0]).toMatchObject({
      id: ids.discount,
      title: 'SUMMER25',
      path: `/admin/discounts/${ids.discount}`,
    });
  });

  it('tolerates misspellings', async () => {
    expect(group(await search(owner, q('hodie')), 'products')[0]?.id).toBe(ids.product);
    expect(group(await search(owner, q('lindqvst')), 'customers')[0]?.id).toBe(ids.customer);
    expect(group(await search(owner, q('knitwer')), 'collections')[0]?.id).toBe(ids.collection);
  });

  it('finds a product through each kind of typo, and unrelated words find nothing (issue 31 item 9)', async () => {
    const copper = await one(
      ctx.db,
      sql`insert into products (store_id, handle, title, status) values (${ids.store}::uuid, 'copper-light', 'Copper Light', 'active') returning id`,
    );
    const typos: [kind: string, query: string, id: string][] = [
      ['swapped', 'Coppre', copper],
      ['swapped', 'Hoodei', ids.product!],
      ['swapped', 'hoodei', ids.product!],
      ['missing', 'hodie', ids.product!],
      ['missing', 'Coper', copper],
      ['doubled', 'Hooddie', ids.product!],
      ['doubled', 'Coppper', copper],
      ['wrong', 'Cooper', copper],
      ['wrong', 'Hoodoe', ids.product!],
      ['wrong', 'Coppar', copper],
      ['swapped inside', 'Cpoper', copper],
    ];
    for (const [kind, text, id] of typos) {
      expect(
        group(await search(owner, q(text)), 'products').map((r) => r.id),
        `${kind}: ${text}`,
      ).toContain(id);
    }
    for (const text of ['dress', 'kettle', 'zebra', 'banana', 'garden hose', 'Cop', 'light bulb socket']) {
      const found = group(await search(owner, q(text)), 'products').map((r) => r.title);
      expect(found, text).toEqual(text === 'Cop' ? ['Copper Light'] : []);
    }
  });

  it('answers nothing under 2 characters, and only the types asked for', async () => {
    expect((await search(owner, q('m'))).groups).toEqual([]);
    expect((await search(owner, q(' a '))).groups).toEqual([]);
    const r = await search(owner, q('maya', '&types=customers'));
    expect(r.groups.map((g) => g.type)).toEqual(['customers']);
    expect(group(await search(owner, q('10', '&limit=3')), 'orders')).toHaveLength(3);
  });

  it('gives staff with orders and products never customers, collections from products, nothing of pages or discounts', async () => {
    const r = await search(staff, q('maya'));
    expect(r.groups.map((g) => g.type)).toEqual(['orders']);
    const asked = await search(staff, q('maya', '&types=customers,orders'));
    expect(asked.groups.map((g) => g.type)).toEqual(['orders']);
    for (const text of ['summer', 'shipping', 'maya@example']) {
      const types = (await search(staff, q(text))).groups.map((g) => g.type);
      expect(types).not.toContain('customers');
      expect(types).not.toContain('pages');
      expect(types).not.toContain('discounts');
    }
    expect((await search(staff, q('knitwear'))).groups.map((g) => g.type)).toEqual(['collections']);
  });

  it("never answers a foreign shop's records", async () => {
    for (const text of ['#1042', 'maya', 'other-maya@', 'hoodie', 'zelda']) {
      const found = allIds(await search(owner, q(text)));
      expect(found).not.toContain(ids.foreignOrder);
      expect(found).not.toContain(ids.foreignProduct);
    }
    expect((await search(owner, q('zelda'))).groups).toEqual([]);
  });

  it('answers injection-looking and wildcard input safely', async () => {
    for (const text of ["'; drop table orders; --", "' or 1=1 --", '%%', '__', '\\', "maya' union select * from users --", '%_\\%']) {
      const r = await search(owner, q(text));
      expect(allIds(r)).toEqual([]);
    }
    // LIKE wildcards are matched as themselves, not as "anything".
    expect((await search(owner, q('ma%a'))).groups).toEqual([]);
    const still = await search(owner, q('#1042'));
    expect(group(still, 'orders')[0]?.id).toBe(ids.order);
  });

  it('refuses bad input with 400 and a field message, and anonymous calls with 401', async () => {
    const long = await ctx.app.inject({ method: 'GET', url: `/api/search?q=${'x'.repeat(101)}`, headers: owner });
    expect(long.statusCode).toBe(400);
    expect(long.json().messages).toEqual(['querystring.q: q must be at most 100 characters']);
    const type = await ctx.app.inject({ method: 'GET', url: '/api/search?q=ab&types=users', headers: owner });
    expect(type.statusCode).toBe(400);
    expect(type.json().messages[0]).toMatch(/^querystring\.types/);
    const limit = await ctx.app.inject({ method: 'GET', url: '/api/search?q=ab&limit=500', headers: owner });
    expect(limit.statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/search?q=ab' })).statusCode).toBe(401);
  });
});
