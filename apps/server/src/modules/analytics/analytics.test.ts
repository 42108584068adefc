import { FOUR_HOUR_LABELS, FUNNEL_STEPS, METRIC_HELP } from '@backroom/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createTestApp, login, makeStore, makeUser, type TestContext } from '../../test/harness.js';
import { rawDashboardFigures, resolveWindow } from './service.js';
import { insertEvents, insertOrders } from './test-data.js';

let t: TestContext;
let headers: Record<string, string>;
let la: { id: string };
let ktm: { id: string };
let foreign: { id: string };
let staffHeaders: Record<string, string>;

const at = (s: string) => new Date(s);
const get = async (url: string, h = headers) => t.app.inject({ method: 'GET', url, headers: h });
const q = (o: Record<string, string>) => new URLSearchParams(o).toString();

beforeAll(async () => {
  t = await createTestApp();
  const owner = await makeUser(t.db);
  la = await makeStore(t.db, t.config, { ownerId: owner.id, timezone: 'America/Los_Angeles' });
  ktm = await makeStore(t.db, t.config, { ownerId: owner.id, timezone: 'Asia/Kathmandu' });
  const other = await makeUser(t.db);
  foreign = await makeStore(t.db, t.config, { ownerId: other.id });
  headers = (await login(t.app, owner.email, owner.password, la.id)).headers;
  const staff = await makeUser(t.db);
  await addMember(t.db, la.id, staff.id, ['orders']);
  staffHeaders = (await login(t.app, staff.email, staff.password, la.id)).headers;

  // America/Los_Angeles, around the March 2024 DST change (2024-03-10 02:00 PST → 03:00 PDT).
  await insertOrders(t.db, la.id, [
    { createdAt: at('2024-03-09T12:00:00-08:00'), cents: 1000 },
    { createdAt: at('2024-03-10T01:30:00-08:00'), cents: 2555 },
    { createdAt: at('2024-03-10T03:30:00-07:00'), cents: 500, source: 'pos' },
    { createdAt: at('2024-03-10T05:00:00-07:00'), cents: 9900, status: 'pending' },
    { createdAt: at('2024-03-08T23:59:59-08:00'), cents: 700 },
    { createdAt: at('2024-03-12T00:00:00-07:00'), cents: 800 },
  ]);
  await insertEvents(t.db, la.id, [
    { session: 'a', type: 'view_store', at: at('2024-03-09T10:00:00-08:00') },
    { session: 'a', type: 'add_to_cart', at: at('2024-03-09T10:05:00-08:00') },
    { session: 'a', type: 'reached_checkout', at: at('2024-03-09T10:07:00-08:00') },
    { session: 'a', type: 'purchased', at: at('2024-03-09T10:09:00-08:00') },
    { session: 'b', type: 'view_store', at: at('2024-03-10T10:00:00-07:00') },
    { session: 'b', type: 'add_to_cart', at: at('2024-03-10T10:01:00-07:00') },
    { session: 'c', type: 'view_store', at: at('2024-03-11T23:59:00-07:00') },
    { session: 'c', type: 'view_store', at: at('2024-03-11T23:59:30-07:00') },
    { session: 'd', type: 'view_store', at: at('2024-03-08T23:00:00-08:00') },
    { session: 'd', type: 'add_to_cart', at: at('2024-03-09T00:10:00-08:00') },
  ]);
});
afterAll(async () => t.close());

const laRange = (from: string, to: string, extra: Record<string, string> = {}) =>
  q({ fromTime: from, toTime: to, stores: la.id, ...extra });

describe('GET /api/analytics/dashboard', () => {
  it('answers cards and funnel of paid orders and first-reach sessions (§3, §7)', async () => {
    const res = await get(`/api/analytics/dashboard?${laRange('2024-03-09', '2024-03-11')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      totalSales: 40.55,
      totalOrders: 3,
      aov: 13.52,
      conversionRate: 33.33,
      visitors: 3,
      onlineStoreSales: 35.55,
      funnel: [
        { step: 'View Store', visits: 3 },
        { step: 'Added to cart', visits: 3 },
        { step: 'Reached checkout', visits: 1 },
        { step: 'Purchased', visits: 1 },
      ],
    });
    expect(res.json().funnel.map((f: { step: string }) => f.step)).toEqual([...FUNNEL_STEPS]);
  });

  it('equals the raw scan, and reads the range in the requested timezone', async () => {
    for (const tz of ['America/Los_Angeles', 'Asia/Kolkata', 'Asia/Kathmandu', 'UTC']) {
      const res = await get(`/api/analytics/dashboard?${laRange('2024-03-09', '2024-03-10', { timezone: tz })}`);
      const w = await resolveWindow(t.db, '2024-03-09', '2024-03-10', tz);
      expect(res.json()).toEqual(await rawDashboardFigures(t.db, [la.id], w));
    }
    // 2024-03-09 12:00 PST is 2024-03-10 01:30 in Kolkata: one day later there.
    const kol = await get(`/api/analytics/dashboard?${laRange('2024-03-09', '2024-03-09', { timezone: 'Asia/Kolkata' })}`);
    expect(kol.json().totalOrders).toBe(1);
    expect(kol.json().totalSales).toBe(7);
  });

  it('answers ISO-instant ranges that cut through a bucket exactly', async () => {
    const res = await get(`/api/analytics/dashboard?${laRange('2024-03-09T10:04:00-08:00', '2024-03-09T10:08:00-08:00')}`);
    expect(res.json().funnel.map((f: { visits: number }) => f.visits)).toEqual([0, 1, 1, 0]);
    expect(res.json().visitors).toBe(0);
  });

  it('sums several shops and counts zero without data', async () => {
    await insertOrders(t.db, ktm.id, [{ createdAt: at('2024-03-09T12:00:00Z'), cents: 1234 }]);
    const res = await get(
      `/api/analytics/dashboard?${q({ fromTime: '2024-03-09', toTime: '2024-03-11', stores: `${la.id},${ktm.id}`, timezone: 'America/Los_Angeles' })}`,
    );
    expect(res.json()).toMatchObject({ totalSales: 52.89, totalOrders: 4 });
    const empty = await get(`/api/analytics/dashboard?${laRange('2020-01-01', '2020-01-31')}`);
    expect(empty.json()).toMatchObject({ totalSales: 0, totalOrders: 0, aov: 0, conversionRate: 0, visitors: 0 });
  });
});

describe('series rules of §4', () => {
  it('groups several days by local day', async () => {
    const range = laRange('2024-03-09', '2024-03-11');
    const labels = ['2024-03-09T00:00:00', '2024-03-10T00:00:00', '2024-03-11T00:00:00'];
    const sales = (await get(`/api/analytics/total-sales?${range}`)).json();
    expect(sales.details).toEqual({ labels, dataset: [10, 30.55, 0], granularity: 'day', timezone: 'America/Los_Angeles' });
    const orders = (await get(`/api/analytics/total-orders?${range}`)).json();
    expect(orders.details).toMatchObject({ labels, dataset: [1, 2, 0], granularity: 'day' });
    const aov = (await get(`/api/analytics/aov?${range}`)).json();
    expect(aov.details).toMatchObject({ labels, dataset: [10, 15.28, 0], granularity: 'day' });
  });

  it('a single day: sales by hour (23 hours on the March DST day), orders and AOV in six four-hour blocks', async () => {
    const range = laRange('2024-03-10', '2024-03-10');
    const sales = (await get(`/api/analytics/total-sales?${range}`)).json().details;
    expect(sales.granularity).toBe('hour');
    expect(sales.labels).toHaveLength(23);
    expect(sales.labels).not.toContain('2024-03-10T02:00:00');
    expect(sales.labels[0]).toBe('2024-03-10T00:00:00');
    expect(sales.labels[22]).toBe('2024-03-10T23:00:00');
    expect(sales.dataset[sales.labels.indexOf('2024-03-10T01:00:00')]).toBe(25.55);
    expect(sales.dataset[sales.labels.indexOf('2024-03-10T03:00:00')]).toBe(5);
    expect(sales.compare).toBeUndefined();
    const orders = (await get(`/api/analytics/total-orders?${range}`)).json().details;
    expect(orders.granularity).toBe('four_hours');
    expect(orders.labels).toEqual(['00', '04', '08', '12', '16', '20'].map((h) => `2024-03-10T${h}:00:00`));
    expect(orders.labels).toHaveLength(FOUR_HOUR_LABELS.length);
    expect(orders.dataset).toEqual([2, 0, 0, 0, 0, 0]);
    const aov = (await get(`/api/analytics/aov?${range}`)).json().details;
    expect(aov.dataset).toEqual([15.28, 0, 0, 0, 0, 0]);
  });

  it('the November DST day has 25 hours: one 1am label holds both 1am hours, and the day ends at 08:00Z', async () => {
    await insertOrders(t.db, la.id, [
      { createdAt: at('2024-11-03T01:30:00-07:00'), cents: 100 },
      { createdAt: at('2024-11-03T01:30:00-08:00'), cents: 200 },
      { createdAt: at('2024-11-03T23:59:00-08:00'), cents: 400 },
      { createdAt: at('2024-11-04T00:00:00-08:00'), cents: 800 },
    ]);
    const sales = (await get(`/api/analytics/total-sales?${laRange('2024-11-03', '2024-11-03')}`)).json().details;
    expect(sales.labels).toHaveLength(24);
    expect(sales.dataset[1]).toBe(3);
    expect(sales.dataset[23]).toBe(4);
    expect(sales.dataset.reduce((a: number, b: number) => a + b, 0)).toBe(7);
  });

  it('reads +05:45 hours in Asia/Kathmandu (the store default timezone)', async () => {
    await insertOrders(t.db, ktm.id, [
      { createdAt: at('2024-06-01T18:10:00Z'), cents: 300 }, // 23:55 on 06-01 local
      { createdAt: at('2024-06-01T18:20:00Z'), cents: 500 }, // 00:05 on 06-02 local
      { createdAt: at('2024-06-02T03:59:00Z'), cents: 700 }, // 09:44 local
    ]);
    const res = (await get(`/api/analytics/total-sales?${q({ fromTime: '2024-06-02', toTime: '2024-06-02', stores: ktm.id })}`)).json()
      .details;
    expect(res.timezone).toBe('Asia/Kathmandu');
    expect(res.labels).toHaveLength(24);
    expect(res.dataset[0]).toBe(5);
    expect(res.dataset[9]).toBe(7);
    expect(res.dataset.reduce((a: number, b: number) => a + b, 0)).toBe(12);
    const orders = (await get(`/api/analytics/total-orders?${q({ fromTime: '2024-06-02', toTime: '2024-06-02', stores: ktm.id })}`)).json();
    expect(orders.details.dataset).toEqual([1, 0, 1, 0, 0, 0]);
  });

  it('exactly today: sales compares Today with Yesterday at the same local hours; other ranges do not', async () => {
    const owner = await makeUser(t.db);
    const s = await makeStore(t.db, t.config, { ownerId: owner.id, timezone: 'Asia/Kolkata' });
    const h = (await login(t.app, owner.email, owner.password, s.id)).headers;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    const now = new Date();
    await insertOrders(t.db, s.id, [
      { createdAt: now, cents: 1111 },
      { createdAt: new Date(now.getTime() - 24 * 3600_000), cents: 2222 },
    ]);
    const res = (await get(`/api/analytics/total-sales?${q({ fromTime: today, toTime: today, stores: s.id })}`, h)).json().details;
    expect(res.granularity).toBe('hour');
    expect(res.labels).toHaveLength(24);
    expect(res.compare.labels).toHaveLength(24);
    expect(res.compare.labels[0].slice(11)).toBe('00:00:00');
    expect(res.compare.labels[0].slice(0, 10)).not.toBe(today);
    const hour = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', hour: '2-digit', hourCycle: 'h23' }).format(now);
    expect(res.dataset[Number(hour)]).toBe(11.11);
    expect(res.compare.dataset[Number(hour)]).toBe(22.22);
    const orders = (await get(`/api/analytics/total-orders?${q({ fromTime: today, toTime: today, stores: s.id })}`, h)).json().details;
    expect(orders.compare).toBeUndefined();
    const twoDays = (
      await get(`/api/analytics/total-sales?${q({ fromTime: res.compare.labels[0].slice(0, 10), toTime: today, stores: s.id })}`, h)
    ).json();
    expect(twoDays.details.compare).toBeUndefined();
    expect(twoDays.details.dataset).toEqual([22.22, 11.11]);
  });
});

describe('GET /api/analytics/paid-orders', () => {
  it('pages paid orders newest first, 7 by default, with the order-row fields of §3', async () => {
    const owner = await makeUser(t.db);
    const s = await makeStore(t.db, t.config, { ownerId: owner.id });
    const h = (await login(t.app, owner.email, owner.password, s.id)).headers;
    await insertOrders(
      t.db,
      s.id,
      Array.from({ length: 9 }, (_, i) => ({
        createdAt: at(`2024-05-0${i + 1}T12:00:00-07:00`),
        cents: 1000 + i,
        fullName: `Ann ${i}`,
        card: i === 0 ? null : 'visa',
      })),
    );
    // Nothing captured (voided) is not a paid order. (A refunded order IS one since issue 12: captured, net sales 0.)
    await insertOrders(t.db, s.id, [{ createdAt: at('2024-05-05T13:00:00-07:00'), cents: 5, status: 'voided' }]);
    const filter = {
      'orderDate[startDate]': '2024-05-01',
      'orderDate[endDate]': '2024-05-31',
      'orderDate[timezone]': 'America/Los_Angeles',
      financialStatus: 'paid',
      stores: s.id,
    };
    const p1 = await get(`/api/analytics/paid-orders?${q({ page: '1', ...filter })}`, h);
    expect(p1.statusCode).toBe(200);
    const rows1 = p1.json().orders;
    expect(rows1).toHaveLength(7);
    expect(rows1[0]).toMatchObject({
      orderName: '#1009',
      grandTotal: 10.08,
      currency: 'USD',
      paymentName: 'Stripe',
      paymentSource: { card: { type: 'visa' } },
      financialStatus: 'paid',
      customerInfo: [{ full_name: 'Ann 8' }],
      capturedDate: '2024-05-09T19:00:00.000Z',
    });
    const p2 = (await get(`/api/analytics/paid-orders?${q({ page: '2', ...filter })}`, h)).json().orders;
    expect(p2.map((o: { orderName: string }) => o.orderName)).toEqual(['#1002', '#1001']);
    expect(p2[1].paymentSource).toBeNull();
    expect((await get(`/api/analytics/paid-orders?${q({ page: '3', ...filter })}`, h)).json().orders).toEqual([]);
    expect((await get(`/api/analytics/paid-orders/count?${q(filter)}`, h)).json()).toEqual({ count: 9 });
    const narrow = { ...filter, 'orderDate[startDate]': '2024-05-02', 'orderDate[endDate]': '2024-05-03' };
    expect((await get(`/api/analytics/paid-orders/count?${q(narrow)}`, h)).json()).toEqual({ count: 2 });
    expect((await get(`/api/analytics/paid-orders?${q({ ...narrow, limit: '1' })}`, h)).json().orders[0].orderName).toBe('#1003');
  });

  it('refuses a bad page, limit, status or missing dates with 400 naming the field', async () => {
    const base = { 'orderDate[startDate]': '2024-05-01', 'orderDate[endDate]': '2024-05-31', stores: la.id };
    const cases: [Record<string, string>, RegExp][] = [
      [{ ...base, page: '0' }, /page/],
      [{ ...base, limit: '101' }, /limit/],
      [{ ...base, financialStatus: 'refunded' }, /financialStatus/],
      [{ stores: la.id, 'orderDate[endDate]': '2024-05-31' }, /orderDate\[startDate\]/],
      [{ ...base, 'orderDate[timezone]': 'Mars/Olympus' }, /orderDate\[timezone\]/],
    ];
    for (const [query, re] of cases) {
      const res = await get(`/api/analytics/paid-orders?${q(query)}`);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().messages.join(' ')).toMatch(re);
    }
  });
});

describe('access and validation', () => {
  it('refuses a shop the session may not see with 404 and a missing scope with 403', async () => {
    const res = await get(
      `/api/analytics/dashboard?${q({ fromTime: '2024-03-09', toTime: '2024-03-09', stores: `${la.id},${foreign.id}` })}`,
    );
    expect(res.statusCode).toBe(404);
    const staff = await get(`/api/analytics/total-sales?${laRange('2024-03-09', '2024-03-09')}`, staffHeaders);
    expect(staff.statusCode).toBe(403);
    const anon = await t.app.inject({ method: 'GET', url: `/api/analytics/aov?${laRange('2024-03-09', '2024-03-09')}` });
    expect(anon.statusCode).toBe(401);
  });

  it('answers 400 for a bad timezone, date, order of dates or stores list', async () => {
    const cases: [string, RegExp][] = [
      [laRange('2024-03-09', '2024-03-09', { timezone: 'Not/AZone' }), /timezone: unknown IANA timezone/],
      [laRange('2024-13-45', '2024-03-09'), /fromTime/],
      [laRange('2024-03-10', '2024-03-09'), /fromTime: must not be after toTime/],
      [q({ fromTime: '2024-03-09', toTime: '2024-03-09', stores: 'nope' }), /stores/],
      [q({ fromTime: '2024-03-09', stores: la.id }), /toTime/],
    ];
    for (const [query, re] of cases) {
      const res = await get(`/api/analytics/total-orders?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().messages.join(' ')).toMatch(re);
    }
  });
});

describe('timezone and collections', () => {
  it('answers the store standardTimezone', async () => {
    expect((await get('/api/analytics/timezone')).json()).toEqual({ timezone: 'America/Los_Angeles' });
    expect((await get('/api/analytics/timezone', { ...headers, 'x-store-id': ktm.id })).json()).toEqual({ timezone: 'Asia/Kathmandu' });
  });

  it('searches collections by title or handle, only in the given shops', async () => {
    await t.db.execute(
      sql`insert into collections (store_id, handle, title) values (${la.id}::uuid, 'summer-sale', 'Summer Sale'), (${la.id}::uuid, 'shoes', 'Shoes 100%'),
          (${foreign.id}::uuid, 'summer-hats', 'Summer Hats')`,
    );
    expect((await get('/api/analytics/collections?search=summer')).json()).toEqual({
      collections: [{ title: 'Summer Sale', handle: 'summer-sale' }],
    });
    expect((await get('/api/analytics/collections?search=100%25')).json().collections).toEqual([{ title: 'Shoes 100%', handle: 'shoes' }]);
    expect((await get('/api/analytics/collections')).json().collections).toHaveLength(2);
    expect((await get(`/api/analytics/collections?search=summer&stores=${foreign.id}`)).statusCode).toBe(404);
  });
});

describe('roll-ups follow every write', () => {
  it('status changes, moved orders, deletes and event deletes land in the figures', async () => {
    const owner = await makeUser(t.db);
    const s = await makeStore(t.db, t.config, { ownerId: owner.id });
    const h = (await login(t.app, owner.email, owner.password, s.id)).headers;
    const [a, b] = await insertOrders(t.db, s.id, [
      { createdAt: at('2024-07-01T10:00:00-07:00'), cents: 1000, status: 'pending' },
      { createdAt: at('2024-07-01T11:00:00-07:00'), cents: 2000 },
    ]);
    await insertEvents(t.db, s.id, [
      { session: 'x', type: 'view_store', at: at('2024-07-01T09:00:00-07:00') },
      { session: 'x', type: 'view_store', at: at('2024-07-02T09:00:00-07:00') },
      { session: 'y', type: 'purchased', at: at('2024-07-01T09:30:00-07:00') },
    ]);
    const day = async (d: string) => (await get(`/api/analytics/dashboard?${q({ fromTime: d, toTime: d, stores: s.id })}`, h)).json();
    // Conversion rate = sessions that purchased ÷ sessions (modules/metrics, issue 30; was ÷ View Store sessions).
    expect(await day('2024-07-01')).toMatchObject({ totalOrders: 1, totalSales: 20, visitors: 2, conversionRate: 50 });
    await t.db.execute(sql`update orders set financial_status = 'paid' where id = ${a!}::uuid`);
    expect(await day('2024-07-01')).toMatchObject({ totalOrders: 2, totalSales: 30 });
    await t.db.execute(
      sql`update orders set created_at = '2024-07-02T12:00:00-07:00', subtotal_cents = 2500, grand_total_cents = 2500 where id = ${b!}::uuid`,
    );
    expect(await day('2024-07-01')).toMatchObject({ totalOrders: 1, totalSales: 10 });
    expect(await day('2024-07-02')).toMatchObject({ totalOrders: 1, totalSales: 25 });
    await t.db.execute(sql`delete from orders where id = ${a!}::uuid`);
    expect(await day('2024-07-01')).toMatchObject({ totalOrders: 0, totalSales: 0 });
    // Deleting x's first view moves its View Store count to its next view, on 07-02.
    await t.db.execute(
      sql`delete from storefront_events where store_id = ${s.id}::uuid and visitor_session_id = 'x' and occurred_at < '2024-07-02'`,
    );
    expect((await day('2024-07-01')).funnel[0].visits).toBe(0);
    expect((await day('2024-07-02')).funnel[0].visits).toBe(1);
    await t.db.execute(sql`update storefront_events set type = 'add_to_cart' where store_id = ${s.id}::uuid and visitor_session_id = 'x'`);
    expect((await day('2024-07-02')).funnel.map((f: { visits: number }) => f.visits)).toEqual([0, 1, 0, 0]);
    await t.db.execute(sql`delete from storefront_events where store_id = ${s.id}::uuid`);
    expect(await day('2024-07-02')).toMatchObject({ visitors: 0 });
    const left = await t.db.execute(sql`select count(*)::int as n from analytics_sessions where store_id = ${s.id}::uuid`);
    expect((left as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('deleting a store with orders and events cascades without error', async () => {
    const owner = await makeUser(t.db);
    const s = await makeStore(t.db, t.config, { ownerId: owner.id });
    await insertOrders(t.db, s.id, [{ createdAt: at('2024-07-01T10:00:00Z'), cents: 100 }]);
    await insertEvents(t.db, s.id, [{ session: 'z', type: 'view_store', at: at('2024-07-01T10:00:00Z') }]);
    await t.db.execute(sql`delete from stores where id = ${s.id}::uuid`);
    const left = await t.db.execute(sql`select count(*)::int as n from analytics_buckets where store_id = ${s.id}::uuid`);
    expect((left as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });
});

describe('API docs', () => {
  it('document every analytics path and the funnel, visitors and conversion-rate definitions', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.body;
    for (const path of ['aov', 'total-orders', 'total-sales', 'dashboard', 'paid-orders', 'paid-orders/count', 'collections', 'timezone']) {
      expect(res.json().paths[`/api/analytics/${path}`]?.get, path).toBeDefined();
    }
    const description = res.json().paths['/api/analytics/dashboard'].get.description as string;
    // The definitions are modules/metrics' help texts (issue 30 item 1), the lines the admin shows.
    for (const key of ['totalSales', 'orders', 'aov', 'funnel', 'sessions', 'conversionRate'] as const) {
      expect(description).toContain(METRIC_HELP[key]);
    }
    expect(doc).toContain('refunds on the day they are made');
  });
});
