import type { CustomerDetail, CustomerListResponse } from '@backroom/contracts';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../../db/client.js';
import { addMember, createTestApp, login, makeStore, makeUser, type TestContext } from '../../test/harness.js';
import { CUSTOMER_EXPORT_COLUMNS } from './service.js';

/**
 * Customers API (issue 12 item 4): list with search, orders count / amount spent / created day filters and paging;
 * detail with orders, addresses, note and tags; amount spent net of refunds (lib/money.ts); CSV export parsed
 * back; foreign shop → 404; scope `customers` (spec §6).
 */

let t: TestContext;
let storeId: string;
let headers: Record<string, string>;
const ids: Record<string, string> = {};

async function customer(store: string, email: string, first: string, last: string, createdAt: string) {
  const [c] = await rows<{ id: string }>(
    t.db,
    sql`insert into customers (store_id, email, first_name, last_name, created_at)
        values (${store}::uuid, ${email}, ${first}, ${last}, ${createdAt}::timestamptz) returning id`,
  );
  return c!.id;
}

let num = 1000;
async function order(store: string, customerId: string, cents: number, status = 'paid', refundedCents = 0) {
  num += 1;
  const info = JSON.stringify([
    { full_name: 'x', email: 'x@example.test', address: { address1: '2 Elm St', city: 'Lyon', zip: '69001', country: 'France' } },
  ]);
  const [o] = await rows<{ id: string }>(
    t.db,
    sql`insert into orders (store_id, order_number, order_name, customer_id, customer_info, grand_total_cents, refunded_cents, financial_status, created_at)
        values (${store}::uuid, ${num}, ${`#${num}`}, ${customerId}::uuid, ${info}::jsonb, ${cents}, ${refundedCents}, ${status}, now() - ${`${num} minutes`}::interval)
        returning id`,
  );
  return o!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  const owner = await makeUser(t.db);
  storeId = (await makeStore(t.db, t.config, { ownerId: owner.id, timezone: 'America/Los_Angeles' })).id;
  headers = (await login(t.app, owner.email, owner.password, storeId)).headers;
  ids.ada = await customer(storeId, 'ada@example.test', 'Ada', 'Lovelace', '2024-03-10T07:30:00Z'); // 03-09 23:30 in LA
  ids.bob = await customer(storeId, 'bob@example.test', 'Bob', 'Stone', '2024-03-10T09:00:00Z');
  ids.cy = await customer(storeId, 'cy@example.test', 'Cy', 'Young', '2024-03-12T09:00:00Z');
  await order(storeId, ids.ada, 5000);
  await order(storeId, ids.ada, 3000, 'partially_refunded', 1000);
  await order(storeId, ids.ada, 9999, 'pending');
  await order(storeId, ids.bob, 12_000);
  const other = (await makeStore(t.db, t.config, { ownerId: (await makeUser(t.db)).id })).id;
  ids.foreign = await customer(other, 'zed@example.test', 'Zed', 'Other', '2024-03-10T09:00:00Z');
});
afterAll(async () => t.close());

const list = async (q: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/customers?${q}`, headers })).json() as CustomerListResponse;

describe('GET /api/customers', () => {
  it('answers rows with orders count and amount spent net of refunds, newest first', async () => {
    const r = await list('');
    expect(r.total).toBe(3);
    expect(r.customers.map((c) => [c.name, c.ordersCount, c.totalSpent, c.location])).toEqual([
      ['Cy Young', 0, 0, ''],
      ['Bob Stone', 1, 120, 'Lyon, France'],
      ['Ada Lovelace', 3, 70, 'Lyon, France'],
    ]);
  });

  it('filters by search, orders count, amount spent and created day in the shop timezone; sorts and pages', async () => {
    expect((await list('search=LOVE')).customers.map((c) => c.email)).toEqual(['ada@example.test']);
    expect((await list('search=bob@')).total).toBe(1);
    expect((await list('ordersMin=1')).total).toBe(2);
    expect((await list('ordersMin=2&ordersMax=3')).customers.map((c) => c.email)).toEqual(['ada@example.test']);
    expect((await list('spentMin=70&spentMax=70')).customers.map((c) => c.email)).toEqual(['ada@example.test']);
    expect((await list('createdFrom=2024-03-09&createdTo=2024-03-09')).customers.map((c) => c.email)).toEqual(['ada@example.test']);
    expect((await list('sort=spent_desc&limit=1&page=2')).customers.map((c) => c.email)).toEqual(['ada@example.test']);
  });

  it('refuses bad filters with 400 naming the field', async () => {
    const bad = async (q: string) => (await t.app.inject({ method: 'GET', url: `/api/customers?${q}`, headers })).json().messages;
    expect(await bad('ordersMin=-1')).toEqual(['querystring.ordersMin: ordersMin must be 0 or more']);
    expect(await bad('ordersMin=3&ordersMax=1')).toEqual(['ordersMin: must not be above ordersMax']);
    expect(await bad('createdFrom=2024-13-01')).toEqual(['querystring.createdFrom: createdFrom must be a date written YYYY-MM-DD']);
    expect(await bad('spentMin=abc')).toEqual(['querystring.spentMin: spentMin must be a number']);
  });
});

describe('GET/PATCH /api/customers/{id}', () => {
  it('answers orders, addresses, average order; sets note and tags', async () => {
    const d = (await t.app.inject({ method: 'GET', url: `/api/customers/${ids.ada}`, headers })).json() as CustomerDetail;
    expect(d.orders).toHaveLength(3);
    expect(d.orders.map((o) => o.financialStatus)).toEqual(['paid', 'partially_refunded', 'pending']);
    expect(d.averageOrder).toBe(35);
    expect(d.addresses).toEqual([{ name: 'Ada Lovelace', address1: '2 Elm St', city: 'Lyon', zip: '69001', country: 'France', phone: '' }]);
    const p = await t.app.inject({
      method: 'PATCH',
      url: `/api/customers/${ids.ada}`,
      headers,
      payload: { note: 'Prefers e-mail', tags: ['vip', 'vip', 'wholesale'] },
    });
    expect(p.statusCode).toBe(200);
    expect([p.json().note, p.json().tags]).toEqual(['Prefers e-mail', ['vip', 'wholesale']]);
  });

  it('answers 404 for a customer of another shop', async () => {
    const r = await t.app.inject({ method: 'GET', url: `/api/customers/${ids.foreign}`, headers });
    expect(r.statusCode).toBe(404);
    expect(r.json().messages).toEqual(['Customer not found']);
    const p = await t.app.inject({ method: 'PATCH', url: `/api/customers/${ids.foreign}`, headers, payload: { note: 'x' } });
    expect(p.statusCode).toBe(404);
  });
});

describe('GET /api/customers/export', () => {
  it("exports Shopify's customer CSV, parsed back", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/customers/export?sort=name_asc', headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const records = parse(res.body, { columns: true }) as Record<string, string>[];
    expect(Object.keys(records[0]!)).toEqual([...CUSTOMER_EXPORT_COLUMNS]);
    expect(records.map((r) => [r.Email, r['Total Spent'], r['Total Orders'], r['Default Address City']])).toEqual([
      ['ada@example.test', '70.00', '3', 'Lyon'],
      ['bob@example.test', '120.00', '1', 'Lyon'],
      ['cy@example.test', '0.00', '0', ''],
    ]);
  });

  it('exports formula-like names, notes and phones as text (leading quote; OWASP CSV injection)', async () => {
    const owner = await makeUser(t.db);
    const shop = (await makeStore(t.db, t.config, { ownerId: owner.id })).id;
    const h = (await login(t.app, owner.email, owner.password, shop)).headers;
    const id = await customer(shop, 'eve@example.test', '=HYPERLINK("http://evil.test","Eve")', '@Evil', '2024-03-10T09:00:00Z');
    await t.db.execute(sql`update customers set note = ${'-2+3+cmd'}, phone = ${'+1 555 0100'} where id = ${id}::uuid`);
    const res = await t.app.inject({ method: 'GET', url: '/api/customers/export', headers: h });
    const [r] = parse(res.body, { columns: true }) as Record<string, string>[];
    expect([r!['First Name'], r!['Last Name'], r!.Note, r!.Phone, r!['Total Spent']]).toEqual([
      `'=HYPERLINK("http://evil.test","Eve")`,
      `'@Evil`,
      `'-2+3+cmd`,
      `'+1 555 0100`,
      '0.00',
    ]);
  });

  it('exports exactly the customers the list selects with the same search and filters (the Export button)', async () => {
    const emails = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.headers['content-type'] === 'text/csv; charset=utf-8'
        ? (parse(res.body, { columns: true }) as Record<string, string>[]).map((r) => r.Email).sort()
        : (res.json().customers as { email: string }[]).map((c) => c.email).sort();
    };
    for (const [q, want] of [
      ['ordersMin=1', ['ada@example.test', 'bob@example.test']],
      ['spentMin=100', ['bob@example.test']],
      ['search=ada', ['ada@example.test']],
      ['ordersMax=0', ['cy@example.test']],
      ['search=nobody', []],
    ] as const) {
      expect({ q, got: await emails(`/api/customers/export?${q}`) }).toEqual({ q, got: want });
      expect({ q, got: await emails(`/api/customers?${q}`) }).toEqual({ q, got: want });
    }
    const bad = await t.app.inject({ method: 'GET', url: '/api/customers/export?ordersMin=-1', headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages.join()).toContain('ordersMin');
  });
});

describe('scope', () => {
  it('opens customers to the `customers` scope only', async () => {
    const u = await makeUser(t.db);
    await addMember(t.db, storeId, u.id, ['orders']);
    const h = (await login(t.app, u.email, u.password, storeId)).headers;
    expect((await t.app.inject({ method: 'GET', url: '/api/customers', headers: h })).statusCode).toBe(403);
  });
});
