import { addDaysToDate, type SalesReport } from '@backroom/contracts';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.js';
import { products, productVariants } from '../../db/schema/index.js';
import { addMember, createTestApp, login, makeStore, makeUser, type TestContext } from '../../test/harness.js';
import { processingFeeSql } from '../payout/index.js';
import { syncReportFeeBasis } from './service.js';

// Reports API (issue 17 items 2-4) against direct SQL over orders / order_refunds / ad_spend on the same data, in a
// DST zone (America/Los_Angeles: spring forward 2026-03-08, fall back 2026-11-01): day, ISO week and month
// boundaries, a refund on a later day, discounts, products without a cost; CSV parsed back; the home dashboard's
// and the Overview's totals for the same range; scope refusal and a foreign shop. PGlite and PostgreSQL.

const TZ = 'America/Los_Angeles';
let t: TestContext;
let storeId = '';
let headers: Record<string, string> = {};
let foreignHeaders: Record<string, string> = {};
const v: Record<string, { id: string; productId: string; priceCents: number }> = {};
let orderNo = 1000;

/** A paid order at instant `at` (ISO) with [variant, quantity] lines; grand total = subtotal − discount + shipping + tax. */
async function order(o: {
  at: string;
  lines: [string, number][];
  discount?: number;
  shipping?: number;
  tax?: number;
  status?: string;
  utm?: { source?: string; medium?: string; campaign?: string };
  channel?: string;
}): Promise<string> {
  const lineItems = o.lines.map(([k, quantity]) => ({
    productId: v[k]!.productId,
    variantId: v[k]!.id,
    quantity,
    priceCents: v[k]!.priceCents,
    title: k,
  }));
  const subtotal = lineItems.reduce((s, l) => s + l.priceCents * l.quantity, 0);
  const discount = o.discount ?? 0;
  const shipping = o.shipping ?? 0;
  const tax = o.tax ?? 0;
  orderNo += 1;
  const [r] = await rows<{ id: string }>(
    t.db,
    sql`insert into orders (store_id, order_number, order_name, subtotal_cents, discount_cents, shipping_cents, tax_cents,
                            grand_total_cents, financial_status, source_name, line_items, utm_source, utm_medium, utm_campaign,
                            captured_date, created_at)
        values (${storeId}::uuid, ${orderNo}, ${`#${orderNo}`}, ${subtotal}, ${discount}, ${shipping}, ${tax},
                ${subtotal - discount + shipping + tax}, ${o.status ?? 'paid'}, ${o.channel ?? 'online_store'},
                ${JSON.stringify(lineItems)}::jsonb, ${o.utm?.source ?? null}, ${o.utm?.medium ?? null}, ${o.utm?.campaign ?? null},
                ${o.at}::timestamptz, ${o.at}::timestamptz)
        returning id`,
  );
  return r!.id;
}

/** A refund of `amountCents` at `at`, with its lines ({lineId, quantity, restock, amountCents}), as the refund action writes it. */
async function refund(
  orderId: string,
  at: string,
  amountCents: number,
  lines: { lineId: number; quantity: number; restock: boolean; amountCents: number }[],
) {
  await t.db.execute(
    sql`insert into order_refunds (store_id, order_id, amount_cents, lines, created_at)
        values (${storeId}::uuid, ${orderId}::uuid, ${amountCents}, ${JSON.stringify(lines)}::jsonb, ${at}::timestamptz)`,
  );
  await t.db.execute(
    sql`update orders set refunded_cents = refunded_cents + ${amountCents},
               financial_status = case when refunded_cents + ${amountCents} >= grand_total_cents then 'refunded' else 'partially_refunded' end
         where id = ${orderId}::uuid`,
  );
}

const get = (url: string, h = headers) => t.app.inject({ method: 'GET', url, headers: h });
const q = (o: Record<string, string>) => new URLSearchParams({ stores: storeId, timezone: TZ, ...o }).toString();
const cents = (x: number) => Math.round(x * 100);

beforeAll(async () => {
  t = await createTestApp();
  const owner = await makeUser(t.db);
  const s = await makeStore(t.db, t.config, { ownerId: owner.id, timezone: TZ });
  storeId = s.id;
  headers = (await login(t.app, owner.email, owner.password, storeId)).headers;
  const x = await makeUser(t.db);
  const xs = await makeStore(t.db, t.config, { ownerId: x.id });
  foreignHeaders = (await login(t.app, x.email, x.password, xs.id)).headers;
  for (const [k, price, cost, vendor] of [
    ['tee', 2000, 800, 'Acme'],
    ['mug', 1500, null, ''],
    ['hoodie', 5000, 2000, 'Acme'],
  ] as const) {
    const [p] = await t.db.insert(products).values({ storeId, handle: k, title: k, vendor }).returning();
    const [pv] = await t.db.insert(productVariants).values({ storeId, productId: p!.id, priceCents: price, costCents: cost }).returning();
    v[k] = { id: pv!.id, productId: p!.id, priceCents: price };
  }
  // Around the spring-forward Sunday 2026-03-08 (PST −8 before 2 am, PDT −7 after) and the February/March month end.
  await order({ at: '2026-02-28T12:00:00Z', lines: [['tee', 1]], shipping: 500, utm: { source: 'facebook', campaign: 'winter' } });
  await order({ at: '2026-03-01T07:55:00Z', lines: [['mug', 2]], tax: 240 }); // 2026-02-28 23:55 PST: February
  await order({ at: '2026-03-01T08:05:00Z', lines: [['hoodie', 1]], discount: 1000, utm: { source: 'tiktok', campaign: 'spring-drop' } }); // Mar 1 00:05
  await order({
    at: '2026-03-08T08:10:00Z',
    lines: [
      ['tee', 2],
      ['mug', 1],
    ],
    discount: 550,
    shipping: 595,
  }); // Sun Mar 8 00:10 PST
  const late = await order({ at: '2026-03-09T06:50:00Z', lines: [['hoodie', 2]], utm: { source: 'tiktok', campaign: 'spring-drop' } }); // Sun 23:50 PDT
  await order({ at: '2026-03-09T07:05:00Z', lines: [['tee', 1]], tax: 160, channel: 'pos' }); // Mon Mar 9 00:05 PDT: next ISO week
  await order({ at: '2026-03-10T18:00:00Z', lines: [['mug', 1]], status: 'pending' }); // not paid: never counted
  // The Sunday-night hoodie order is refunded two days later (one unit, restocked): a return of Mar 11, not Mar 8.
  await refund(late, '2026-03-11T17:00:00Z', 5000, [{ lineId: 1, quantity: 1, restock: true, amountCents: 5000 }]);
  // Fall-back Sunday 2026-11-01 (25 hours): 00:30 PDT and 23:30 PST are the same local day.
  await order({ at: '2026-11-01T07:30:00Z', lines: [['tee', 1]] });
  await order({ at: '2026-11-02T07:30:00Z', lines: [['mug', 1]] });
}, 120_000); // a fresh database and its migrations: allow a loaded machine twice the usual hook time
afterAll(() => t.close());

type Group = 'day' | 'week' | 'month' | 'product' | 'vendor' | 'utm_source' | 'channel';
/** Sales rows in cents computed straight from orders and order_refunds (no roll-up). */
async function directSales(from: string, to: string, groupBy: Group, tz = TZ) {
  const start = sql`((${from}::date)::timestamp at time zone ${tz})`;
  const end = sql`((${to}::date + 1)::timestamp at time zone ${tz})`;
  const key = (col: string) =>
    groupBy === 'day'
      ? sql.raw(`to_char(${col} at time zone '${tz}', 'YYYY-MM-DD')`)
      : groupBy === 'week'
        ? sql.raw(`to_char(date_trunc('week', ${col} at time zone '${tz}'), 'YYYY-MM-DD')`)
        : sql.raw(`to_char(${col} at time zone '${tz}', 'YYYY-MM')`);
  const paid = sql`o.financial_status in ('paid', 'partially_refunded', 'refunded')`;
  if (groupBy === 'product' || groupBy === 'vendor') {
    const k = groupBy === 'product' ? sql`li->>'productId'` : sql`coalesce(p.vendor, '')`;
    return rows<{ key: string; orders: number; gross: number; discounts: number; returns: number }>(
      t.db,
      sql`select key, sum(n)::int as orders, sum(g)::int as gross, sum(d)::int as discounts, sum(r)::int as returns from (
            select ${k} as key, 1 as n, (li->>'priceCents')::int * (li->>'quantity')::int as g,
                   case when o.discount_cents > 0 then round(o.discount_cents::numeric * (li->>'priceCents')::int * (li->>'quantity')::int / o.subtotal_cents) else 0 end as d,
                   0 as r
              from orders o cross join jsonb_array_elements(o.line_items) li left join products p on p.id::text = li->>'productId'
             where o.store_id = ${storeId}::uuid and ${paid} and o.created_at >= ${start} and o.created_at < ${end}
            union all
            select ${groupBy === 'product' ? sql`(o.line_items -> ((rl->>'lineId')::int - 1))->>'productId'` : sql`coalesce(p.vendor, '')`}, 0, 0, 0, (rl->>'amountCents')::int
              from order_refunds r join orders o on o.id = r.order_id cross join jsonb_array_elements(r.lines) rl
              left join products p on p.id::text = (o.line_items -> ((rl->>'lineId')::int - 1))->>'productId'
             where r.store_id = ${storeId}::uuid and r.created_at >= ${start} and r.created_at < ${end}
          ) x group by 1 order by 1`,
    );
  }
  const ko = groupBy === 'utm_source' ? sql`coalesce(o.utm_source, '')` : groupBy === 'channel' ? sql`o.source_name` : key('o.created_at');
  const kr = groupBy === 'utm_source' ? sql`coalesce(o.utm_source, '')` : groupBy === 'channel' ? sql`o.source_name` : key('r.created_at');
  return rows<{ key: string; orders: number; gross: number; discounts: number; returns: number; shipping: number; taxes: number }>(
    t.db,
    sql`select key, sum(n)::int as orders, sum(g)::int as gross, sum(d)::int as discounts, sum(r)::int as returns,
               sum(s)::int as shipping, sum(tx)::int as taxes from (
          select ${ko} as key, 1 as n, o.subtotal_cents as g, o.discount_cents as d, 0 as r, o.shipping_cents as s, o.tax_cents as tx
            from orders o where o.store_id = ${storeId}::uuid and ${paid} and o.created_at >= ${start} and o.created_at < ${end}
          union all
          select ${kr}, 0, 0, 0, r.amount_cents, 0, 0
            from order_refunds r join orders o on o.id = r.order_id
           where r.store_id = ${storeId}::uuid and r.created_at >= ${start} and r.created_at < ${end}
        ) x group by 1 order by 1`,
  );
}

const SALES_CASES = [
  ['day', '2026-02-27', '2026-03-12'],
  ['week', '2026-02-23', '2026-03-15'],
  ['month', '2026-02-01', '2026-03-31'],
  ['day', '2026-10-31', '2026-11-02'],
  ['product', '2026-02-01', '2026-03-31'],
  ['vendor', '2026-02-01', '2026-03-31'],
  ['utm_source', '2026-02-01', '2026-03-31'],
  ['channel', '2026-02-01', '2026-03-31'],
] as const;

/**
 * The day roll-ups (migration 0026) against their source: every (store, local day in the store's timezone) of
 * report_days and report_line_days must equal the sum of its 15-minute buckets. Returns the differing rows.
 */
async function dayRollupDrift() {
  return rows<{ t: string; store_id: string; day: string }>(
    t.db,
    sql`with tz as (select id, reports_store_tz(id) as tz from stores),
        ob as (select b.store_id, (b.bucket at time zone tz.tz)::date as day, sum(b.orders) as orders, sum(b.gross_cents) as gross,
                      sum(b.discounts_cents) as disc, sum(b.returns_cents) as ret, sum(b.shipping_cents) as ship,
                      sum(b.taxes_cents) as tax, sum(b.fees_cents) as fees
                 from report_order_buckets b join tz on tz.id = b.store_id group by 1, 2),
        lb as (select b.store_id, (b.bucket at time zone tz.tz)::date as day, b.variant_id, b.product_id, sum(b.lines) as lines,
                      sum(b.quantity) as qty, sum(b.gross_cents) as gross, sum(b.discounts_cents) as disc,
                      sum(b.returns_cents) as ret, sum(b.cogs_cents) as cogs, sum(b.restocked_cost_cents) as rest,
                      sum(b.uncosted_lines) as unc
                 from report_line_buckets b join tz on tz.id = b.store_id group by 1, 2, 3, 4),
        lday as (select store_id, day, sum(cogs) as cogs, sum(rest) as rest, sum(unc) as unc from lb group by 1, 2)
        select 'days' as t, coalesce(d.store_id, ob.store_id, lday.store_id)::text as store_id,
               coalesce(d.day, ob.day, lday.day)::text as day
          from report_days d
          full join ob on ob.store_id = d.store_id and ob.day = d.day
          full join lday on lday.store_id = coalesce(d.store_id, ob.store_id) and lday.day = coalesce(d.day, ob.day)
         where (coalesce(d.orders, 0), coalesce(d.gross_cents, 0), coalesce(d.discounts_cents, 0), coalesce(d.returns_cents, 0),
                coalesce(d.shipping_cents, 0), coalesce(d.taxes_cents, 0), coalesce(d.fees_cents, 0), coalesce(d.cogs_cents, 0),
                coalesce(d.restocked_cost_cents, 0), coalesce(d.uncosted_lines, 0))
               is distinct from
               (coalesce(ob.orders, 0), coalesce(ob.gross, 0), coalesce(ob.disc, 0), coalesce(ob.ret, 0), coalesce(ob.ship, 0),
                coalesce(ob.tax, 0), coalesce(ob.fees, 0), coalesce(lday.cogs, 0), coalesce(lday.rest, 0), coalesce(lday.unc, 0))
        union all
        select 'line_days', coalesce(d.store_id, lb.store_id)::text, coalesce(d.day, lb.day)::text
          from report_line_days d
          full join lb on lb.store_id = d.store_id and lb.day = d.day and lb.variant_id = d.variant_id and lb.product_id = d.product_id
         where (coalesce(d.lines, 0), coalesce(d.quantity, 0), coalesce(d.gross_cents, 0), coalesce(d.discounts_cents, 0),
                coalesce(d.returns_cents, 0), coalesce(d.cogs_cents, 0), coalesce(d.restocked_cost_cents, 0), coalesce(d.uncosted_lines, 0))
               is distinct from
               (coalesce(lb.lines, 0), coalesce(lb.qty, 0), coalesce(lb.gross, 0), coalesce(lb.disc, 0), coalesce(lb.ret, 0),
                coalesce(lb.cogs, 0), coalesce(lb.rest, 0), coalesce(lb.unc, 0))`,
  );
}

/** report_utm_days against its source: each (store, local day, attribution) must equal its session and order buckets. */
async function utmRollupDrift() {
  return rows<{ store_id: string; day: string }>(
    t.db,
    sql`with tz as (select id, reports_store_tz(id) as tz from stores),
        src as (
          select store_id, day, utm_source, utm_medium, utm_campaign, landing_path, sum(sessions) as sessions,
                 sum(cart) as cart, sum(checkout) as checkout, sum(orders) as orders, sum(sales) as sales
            from (
              select b.store_id, (b.bucket at time zone tz.tz)::date as day, b.utm_source, b.utm_medium, b.utm_campaign,
                     b.landing_path, b.sessions, b.add_to_cart as cart, b.reached_checkout as checkout, 0 as orders, 0 as sales
                from report_session_buckets b join tz on tz.id = b.store_id
              union all
              select b.store_id, (b.bucket at time zone tz.tz)::date, b.utm_source, b.utm_medium, b.utm_campaign, b.landing_path,
                     0, 0, 0, b.orders, b.gross_cents - b.discounts_cents - b.returns_cents + b.shipping_cents + b.taxes_cents
                from report_order_buckets b join tz on tz.id = b.store_id
            ) u group by 1, 2, 3, 4, 5, 6
        )
        select coalesce(d.store_id, src.store_id)::text as store_id, coalesce(d.day, src.day)::text as day
          from report_utm_days d
          full join src on src.store_id = d.store_id and src.day = d.day and src.utm_source = d.utm_source
               and src.utm_medium = d.utm_medium and src.utm_campaign = d.utm_campaign and src.landing_path = d.landing_path
         where (coalesce(d.sessions, 0), coalesce(d.add_to_cart, 0), coalesce(d.reached_checkout, 0), coalesce(d.orders, 0),
                coalesce(d.sales_cents, 0))
               is distinct from
               (coalesce(src.sessions, 0), coalesce(src.cart, 0), coalesce(src.checkout, 0), coalesce(src.orders, 0),
                coalesce(src.sales, 0))`,
  );
}

/** Asserts one sales report answer equals `directSales` for the same range, grouping and timezone. */
async function expectSalesAgree(groupBy: Group, fromTime: string, toTime: string, tz = TZ) {
  const r = await get(`/api/reports/sales?${q({ fromTime, toTime, groupBy, timezone: tz })}`);
  expect(r.statusCode, r.body).toBe(200);
  const body = r.json() as SalesReport;
  const direct = await directSales(fromTime, toTime, groupBy, tz);
  const got = body.rows
    .filter((x) => x.orders !== 0 || x.returns !== 0)
    .map((x) => ({
      key: x.key,
      orders: x.orders,
      gross: cents(x.gross_sales),
      discounts: cents(x.discounts),
      returns: cents(x.returns),
      ...(direct[0] && 'shipping' in direct[0] ? { shipping: cents(x.shipping), taxes: cents(x.taxes) } : {}),
    }))
    .sort((a, b) => a.key.localeCompare(b.key));
  expect(got, `${groupBy} ${fromTime}..${toTime} in ${tz}`).toEqual(direct.sort((a, b) => a.key.localeCompare(b.key)));
  return body;
}

describe('GET /api/reports/sales', () => {
  it.each(SALES_CASES)('by %s from %s to %s agrees with SQL to the cent', async (groupBy, fromTime, toTime) => {
    const r = await get(`/api/reports/sales?${q({ fromTime, toTime, groupBy })}`);
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json() as SalesReport;
    const direct = await directSales(fromTime, toTime, groupBy);
    const got = body.rows
      .filter((x) => x.orders !== 0 || x.returns !== 0)
      .map((x) => ({
        key: x.key,
        orders: x.orders,
        gross: cents(x.gross_sales),
        discounts: cents(x.discounts),
        returns: cents(x.returns),
        ...(direct[0] && 'shipping' in direct[0] ? { shipping: cents(x.shipping), taxes: cents(x.taxes) } : {}),
      }))
      .sort((a, b) => a.key.localeCompare(b.key));
    expect(got).toEqual(direct.map((d) => ({ ...d, key: d.key })).sort((a, b) => a.key.localeCompare(b.key)));
    for (const x of body.rows) {
      expect(cents(x.net_sales)).toBe(cents(x.gross_sales) - cents(x.discounts) - cents(x.returns));
      expect(cents(x.total_sales)).toBe(cents(x.net_sales) + cents(x.shipping) + cents(x.taxes));
    }
    expect(cents(body.totals.net_sales)).toBe(body.rows.reduce((s, x) => s + cents(x.net_sales), 0));
    expect(body.totals.orders).toBe(body.rows.reduce((s, x) => s + x.orders, 0));
  });

  it('puts the Sunday 23:50 order in the Sunday of its ISO week, the Monday 00:05 order in the next, a 25-hour day in one row', async () => {
    const day = (await get(`/api/reports/sales?${q({ fromTime: '2026-03-07', toTime: '2026-03-11', groupBy: 'day' })}`)).json();
    expect(day.rows.map((x: { key: string; orders: number }) => [x.key, x.orders])).toEqual([
      ['2026-03-07', 0],
      ['2026-03-08', 2],
      ['2026-03-09', 1],
      ['2026-03-10', 0],
      ['2026-03-11', 0],
    ]);
    // The refund is a return of Mar 11, not of the order's day.
    expect(day.rows[4].returns).toBe(50);
    expect(day.rows[1].returns).toBe(0);
    const week = (await get(`/api/reports/sales?${q({ fromTime: '2026-03-02', toTime: '2026-03-15', groupBy: 'week' })}`)).json();
    expect(week.rows.map((x: { key: string; orders: number }) => [x.key, x.orders])).toEqual([
      ['2026-03-02', 2],
      ['2026-03-09', 1],
    ]);
    const fall = (await get(`/api/reports/sales?${q({ fromTime: '2026-11-01', toTime: '2026-11-01' })}`)).json();
    expect(fall.rows).toHaveLength(1);
    expect(fall.rows[0].orders).toBe(2);
  });

  it('equals the home dashboard and the Overview over the same range', async () => {
    const range = { fromTime: '2026-02-27', toTime: '2026-03-12' };
    const report = (await get(`/api/reports/sales?${q(range)}`)).json();
    const home = (await get(`/api/reports/total-sales?${q(range)}`)).json();
    const homeOrders = (await get(`/api/reports/total-orders?${q(range)}`)).json();
    const overview = (await get(`/api/analytics/dashboard?${q(range)}`)).json();
    expect(report.totals.total_sales).toBe(home.total_sales);
    expect(report.totals.orders).toBe(homeOrders.total_orders);
    expect(report.totals.total_sales).toBe(overview.totalSales);
    expect(report.totals.orders).toBe(overview.totalOrders);
    // Day by day, EVERY day — the refund's day (Mar 11) and the refunded order's day (Mar 8) included: one definition
    // everywhere, returns on the day of the refund (issue 30; this loop used to skip days with a refund of another day).
    for (let d = range.fromTime; d <= range.toTime; d = addDaysToDate(d, 1)) {
      const one = { fromTime: d, toTime: d };
      const r = (await get(`/api/reports/sales?${q(one)}`)).json();
      const o = (await get(`/api/analytics/dashboard?${q(one)}`)).json();
      expect(r.totals.total_sales, d).toBe((await get(`/api/reports/total-sales?${q(one)}`)).json().total_sales);
      expect(r.totals.orders, d).toBe((await get(`/api/reports/total-orders?${q(one)}`)).json().total_orders);
      expect({ d, sales: o.totalSales, orders: o.totalOrders }).toEqual({ d, sales: r.totals.total_sales, orders: r.totals.orders });
    }
  });

  it('compares with the previous period and the previous year', async () => {
    const r = (await get(`/api/reports/sales?${q({ fromTime: '2026-03-08', toTime: '2026-03-14', compare: 'previous_period' })}`)).json();
    expect(r.compare).toMatchObject({ kind: 'previous_period', fromTime: '2026-03-01', toTime: '2026-03-07' });
    expect(r.compare.totals.orders).toBe(1);
    expect(r.compare.rows).toHaveLength(7);
    const y = (
      await get(`/api/reports/sales?${q({ fromTime: '2027-03-01', toTime: '2027-03-31', compare: 'previous_year', groupBy: 'month' })}`)
    ).json();
    expect(y.compare).toMatchObject({ kind: 'previous_year', fromTime: '2026-03-01', toTime: '2026-03-31' });
    expect(y.compare.totals.orders).toBe(4);
  });

  it('exports CSV that parses back to the same rows and totals', async () => {
    const json = (await get(`/api/reports/sales?${q({ fromTime: '2026-02-01', toTime: '2026-03-31', groupBy: 'product' })}`)).json();
    const r = await get(`/api/reports/sales?${q({ fromTime: '2026-02-01', toTime: '2026-03-31', groupBy: 'product', format: 'csv' })}`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/csv');
    expect(r.headers['content-disposition']).toContain('sales_report.csv');
    const parsed = parse(r.body, { columns: true }) as Record<string, string>[];
    expect(parsed.map((x) => x.group)).toEqual([...json.rows.map((x: { label: string }) => x.label), 'Total']);
    expect(parsed.map((x) => Number(x.net_sales))).toEqual([
      ...json.rows.map((x: { net_sales: number }) => x.net_sales),
      json.totals.net_sales,
    ]);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const bads: Record<string, string>[] = [
      { fromTime: '2026-02-30', toTime: '2026-03-01' },
      { fromTime: '2026-03-02', toTime: '2026-03-01' },
      { fromTime: '2024-01-01', toTime: '2026-01-01' },
      { fromTime: '2026-03-01', toTime: '2026-03-02', groupBy: 'hour' },
      { fromTime: '2026-03-01', toTime: '2026-03-02', timezone: 'Mars/Base' },
    ];
    for (const bad of bads) {
      const r = await get(`/api/reports/sales?${q(bad)}`);
      expect(r.statusCode, JSON.stringify(bad)).toBe(400);
      expect(r.json().messages.length).toBeGreaterThan(0);
    }
  });
});

/** Estimated profit's terms in cents computed straight from orders, order_refunds and ad_spend (no roll-up); fees by the payout ledger's rule. */
async function directProfit(fromTime: string, toTime: string, tz = TZ, rates = t.config.payout) {
  const start = sql`((${fromTime}::date)::timestamp at time zone ${tz})`;
  const end = sql`((${toTime}::date + 1)::timestamp at time zone ${tz})`;
  const [d] = await rows<{ cogs: number; uncosted: number; fees: number; restocked: number; ad: number; net: number }>(
    t.db,
    sql`select
          (select coalesce(sum(coalesce(v.cost_cents, 0) * (li->>'quantity')::int), 0)::int from orders o
             cross join jsonb_array_elements(o.line_items) li left join product_variants v on v.id::text = li->>'variantId'
            where o.store_id = ${storeId}::uuid and o.financial_status in ('paid','partially_refunded','refunded')
              and o.created_at >= ${start} and o.created_at < ${end}) as cogs,
          (select count(*)::int from orders o cross join jsonb_array_elements(o.line_items) li
             left join product_variants v on v.id::text = li->>'variantId'
            where o.store_id = ${storeId}::uuid and o.financial_status in ('paid','partially_refunded','refunded')
              and o.created_at >= ${start} and o.created_at < ${end} and v.cost_cents is null) as uncosted,
          (select coalesce(sum(${processingFeeSql({ ...t.config, payout: rates }, 'o')}), 0)::int
             from orders o where o.store_id = ${storeId}::uuid and o.financial_status in ('paid','partially_refunded','refunded')
              and o.created_at >= ${start} and o.created_at < ${end}) as fees,
          (select coalesce(sum(coalesce(v.cost_cents, 0) * (rl->>'quantity')::int), 0)::int from order_refunds r
             join orders o on o.id = r.order_id cross join jsonb_array_elements(r.lines) rl
             left join product_variants v on v.id::text = (o.line_items -> ((rl->>'lineId')::int - 1))->>'variantId'
            where r.store_id = ${storeId}::uuid and (rl->>'restock')::boolean and r.created_at >= ${start} and r.created_at < ${end}) as restocked,
          (select coalesce(sum(amount_cents), 0)::int from ad_spend where store_id = ${storeId}::uuid and day between ${fromTime}::date and ${toTime}::date) as ad,
          (select coalesce(sum(o.subtotal_cents - o.discount_cents), 0)::int from orders o
            where o.store_id = ${storeId}::uuid and o.financial_status in ('paid','partially_refunded','refunded')
              and o.created_at >= ${start} and o.created_at < ${end})
          - (select coalesce(sum(r.amount_cents), 0)::int from order_refunds r
            where r.store_id = ${storeId}::uuid and r.created_at >= ${start} and r.created_at < ${end}) as net`,
  );
  return d!;
}

describe('GET /api/reports/profit and ad spend', () => {
  it('records, lists, imports and deletes ad spend of the shop only', async () => {
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/reports/ad-spend',
      headers,
      payload: { date: '2026-03-08', channel: 'facebook', amount: 12.34 },
    });
    expect(add.statusCode, add.body).toBe(201);
    expect(add.json()).toMatchObject({ date: '2026-03-08', channel: 'facebook', amount: 12.34 });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/reports/ad-spend',
      headers,
      payload: { date: '2026-03-08', channel: 'myspace', amount: -1 },
    });
    expect(bad.statusCode).toBe(400);
    const csv = 'Date,Channel,Amount\n2026-03-08,tiktok,20.00\n2026-03-09,google,5.5\nnot-a-date,tiktok,3\n2026-03-09,radio,3\n';
    const boundary = 'xxBOUNDARYxx';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="spend.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
    const imp = await t.app.inject({
      method: 'POST',
      url: '/api/reports/ad-spend/import',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(imp.statusCode, imp.body).toBe(200);
    expect(imp.json()).toEqual({
      imported: 2,
      skipped: [
        { line: 4, reason: 'date: must be a date YYYY-MM-DD' },
        { line: 5, reason: 'channel: must be one of facebook, tiktok, google, other' },
      ],
    });
    const list = (await get('/api/reports/ad-spend?fromTime=2026-03-01&toTime=2026-03-31')).json();
    expect(list.total).toBe(3);
    const extra = await t.app.inject({
      method: 'POST',
      url: '/api/reports/ad-spend',
      headers,
      payload: { date: '2026-03-09', channel: 'other', amount: 1 },
    });
    const id = extra.json().id;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/reports/ad-spend/${id}`, headers: foreignHeaders })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/reports/ad-spend/${id}`, headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/reports/ad-spend/${id}`, headers })).statusCode).toBe(404);
  });

  it('agrees with SQL to the cent: net sales, cost of goods less restocked returns, ledger fees, ad spend, lines without cost', async () => {
    const fromTime = '2026-02-27';
    const toTime = '2026-03-12';
    const r = await get(`/api/reports/profit?${q({ fromTime, toTime })}`);
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json();
    const d = await directProfit(fromTime, toTime);
    expect(cents(body.totals.net_sales)).toBe(d.net);
    expect(cents(body.totals.cost_of_goods_sold)).toBe(d.cogs - d.restocked);
    expect(d.restocked).toBe(2000);
    expect(cents(body.totals.payment_fees)).toBe(d.fees);
    expect(cents(body.totals.ad_spend)).toBe(d.ad);
    expect(body.totals.lines_without_cost).toBe(d.uncosted);
    expect(d.uncosted).toBe(2);
    const profit = d.net - (d.cogs - d.restocked) - d.fees - d.ad;
    expect(cents(body.totals.estimated_profit)).toBe(profit);
    expect(body.totals.margin).toBe(Math.round((profit / d.net) * 10_000) / 100);
    expect(body.rows).toHaveLength(14);
    const mar8 = body.rows.find((x: { key: string }) => x.key === '2026-03-08');
    expect(cents(mar8.ad_spend)).toBe(1234 + 2000);

    const byProduct = (await get(`/api/reports/profit?${q({ fromTime, toTime, groupBy: 'product' })}`)).json();
    const mug = byProduct.rows.find((x: { key: string }) => x.key === v.mug!.productId);
    expect(mug).toMatchObject({ cost_of_goods_sold: 0, lines_without_cost: 2 });
    expect(byProduct.totals).toEqual(body.totals);
    const csv = await get(`/api/reports/profit?${q({ fromTime, toTime, format: 'csv' })}`);
    const parsed = parse(csv.body, { columns: true }) as Record<string, string>[];
    expect(Number(parsed.at(-1)!.estimated_profit)).toBe(body.totals.estimated_profit);
  });
});

describe('scopes and shops', () => {
  it('refuses a member without the report scope (403) and a foreign shop (404)', async () => {
    const member = await makeUser(t.db);
    await addMember(t.db, storeId, member.id, ['sale_reports']);
    const m = (await login(t.app, member.email, member.password, storeId)).headers;
    const range = q({ fromTime: '2026-03-01', toTime: '2026-03-02' });
    expect((await get(`/api/reports/sales?${range}`, m)).statusCode).toBe(200);
    expect((await get(`/api/reports/profit?${range}`, m)).statusCode).toBe(403);
    expect((await get(`/api/reports/utm?${range}`, m)).statusCode).toBe(403);
    expect((await get('/api/reports/ad-spend', m)).statusCode).toBe(403);
    for (const path of ['sales', 'profit', 'utm']) {
      expect((await get(`/api/reports/${path}?${range}`, foreignHeaders)).statusCode, path).toBe(404);
    }
  });

  it('opens each report to its own scope only (sale_reports, estimated_profit, utm_analystics); ad spend goes with estimated_profit', async () => {
    const range = q({ fromTime: '2026-03-01', toTime: '2026-03-02' });
    const paths = { sale_reports: 'sales', estimated_profit: 'profit', utm_analystics: 'utm' } as const;
    for (const [scope, own] of Object.entries(paths) as [keyof typeof paths, string][]) {
      const member = await makeUser(t.db);
      await addMember(t.db, storeId, member.id, [scope]);
      const m = (await login(t.app, member.email, member.password, storeId)).headers;
      for (const path of Object.values(paths)) {
        expect((await get(`/api/reports/${path}?${range}`, m)).statusCode, `${scope} → ${path}`).toBe(path === own ? 200 : 403);
      }
      const spend = await t.app.inject({
        method: 'POST',
        url: '/api/reports/ad-spend',
        headers: m,
        payload: { date: '2026-03-01', channel: 'other', amount: 1 },
      });
      expect(spend.statusCode, scope).toBe(scope === 'estimated_profit' ? 201 : 403);
    }
  });

  it("answers 404 for another owner's shop on the ad-spend routes, whatever the body", async () => {
    const other = { ...headers, 'x-store-id': foreignHeaders['x-store-id']! };
    expect((await get('/api/reports/ad-spend', other)).statusCode).toBe(404);
    const r = await t.app.inject({ method: 'POST', url: '/api/reports/ad-spend', headers: other, payload: { date: 'nope' } });
    expect(r.statusCode).toBe(404);
  });
});

describe('GET /api/reports/utm as CSV', () => {
  it('parses back to the JSON rows and totals', async () => {
    const range = { fromTime: '2026-02-01', toTime: '2026-03-31', groupBy: 'source' };
    const json = (await get(`/api/reports/utm?${q(range)}`)).json();
    const r = await get(`/api/reports/utm?${q({ ...range, format: 'csv' })}`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-disposition']).toContain('utm_report.csv');
    const parsed = parse(r.body, { columns: true }) as Record<string, string>[];
    expect(parsed.map((x) => x.group)).toEqual([...json.rows.map((x: { label: string }) => x.label), 'Total']);
    expect(parsed.map((x) => [Number(x.orders), Number(x.sales), Number(x.conversion_rate)])).toEqual([
      ...json.rows.map((x: { orders: number; sales: number; conversion_rate: number }) => [x.orders, x.sales, x.conversion_rate]),
      [json.totals.orders, json.totals.sales, json.totals.conversion_rate],
    ]);
    expect(json.rows.find((x: { key: string }) => x.key === 'tiktok')).toMatchObject({ orders: 2 });
  });
});

describe('report CSVs are formula-safe (OWASP CSV injection)', () => {
  it('quotes a label that starts like a formula and keeps negative figures numeric', async () => {
    await order({ at: '2025-06-15T18:00:00Z', lines: [['tee', 1]], utm: { source: '=HYPERLINK("http://evil.test")' } });
    const utm = await get(`/api/reports/utm?${q({ fromTime: '2025-06-01', toTime: '2025-06-30', groupBy: 'source', format: 'csv' })}`);
    const labels = (parse(utm.body, { columns: true }) as Record<string, string>[]).map((x) => [x.group, x.orders]);
    expect(labels).toEqual([
      [`'=HYPERLINK("http://evil.test")`, '1'],
      ['Total', '1'],
    ]);
    // The Mar 11 return makes that day's net sales negative: written as a number (-50), never quoted.
    const sales = await get(`/api/reports/sales?${q({ fromTime: '2026-03-11', toTime: '2026-03-11', groupBy: 'day', format: 'csv' })}`);
    const [day] = parse(sales.body, { columns: true, cast: true }) as Record<string, unknown>[];
    expect(day!.net_sales).toBe(-50);
    expect(sales.body).toContain(',-50');
  });
});

describe('day roll-ups in the shop timezone (issue 17 item 7)', () => {
  const profitTotals = async (fromTime: string, toTime: string, tz = TZ) => {
    const r = await get(`/api/reports/profit?${q({ fromTime, toTime, timezone: tz })}`);
    expect(r.statusCode, r.body).toBe(200);
    const x = r.json().totals;
    return {
      net: cents(x.net_sales),
      cogs: cents(x.cost_of_goods_sold),
      fees: cents(x.payment_fees),
      ad: cents(x.ad_spend),
      uncosted: x.lines_without_cost,
    };
  };
  const expectProfitAgrees = async (fromTime: string, toTime: string, tz = TZ, rates = t.config.payout) => {
    const d = await directProfit(fromTime, toTime, tz, rates);
    expect(await profitTotals(fromTime, toTime, tz), `${fromTime}..${toTime} in ${tz}`).toEqual({
      net: d.net,
      cogs: d.cogs - d.restocked,
      fees: d.fees,
      ad: d.ad,
      uncosted: d.uncosted,
    });
  };

  it("reads the day roll-up in the shop's timezone and the 15-minute buckets in any other", async () => {
    const day = '2026-03-08';
    const one = { fromTime: day, toTime: day };
    const before = (await get(`/api/reports/sales?${q(one)}`)).json().totals.orders;
    // A marker written into the day row only: the shop-timezone report shows it, a UTC report of the buckets does not.
    await t.db.execute(sql`update report_days set orders = orders + 100 where store_id = ${storeId}::uuid and day = ${day}::date`);
    try {
      expect((await get(`/api/reports/sales?${q(one)}`)).json().totals.orders).toBe(before + 100);
      const utc = (await get(`/api/reports/sales?${q({ ...one, timezone: 'UTC' })}`)).json().totals.orders;
      expect(utc).toBe((await directSales(day, day, 'day', 'UTC')).reduce((s, x) => s + x.orders, 0));
    } finally {
      await t.db.execute(sql`update report_days set orders = orders - 100 where store_id = ${storeId}::uuid and day = ${day}::date`);
    }
  });

  it.each(['Europe/Paris', 'Asia/Kathmandu'])('a report asked in %s (not the shop timezone) agrees with SQL', async (tz) => {
    for (const [groupBy, fromTime, toTime] of SALES_CASES) await expectSalesAgree(groupBy, fromTime, toTime, tz);
    await expectProfitAgrees('2026-02-27', '2026-03-12', tz);
  });

  it('stays equal to its buckets and to SQL through status changes, deletes and refunds (a refund on a later day)', async () => {
    const pending = await order({ at: '2026-03-03T20:00:00Z', lines: [['tee', 3]], status: 'pending', shipping: 400 });
    const gone = await order({ at: '2026-03-04T08:30:00Z', lines: [['hoodie', 1]], tax: 400 }); // Mar 4 00:30 PST
    await t.db.execute(sql`update orders set financial_status = 'paid' where id = ${pending}::uuid`);
    await refund(pending, '2026-03-09T07:30:00Z', 2000, [{ lineId: 1, quantity: 1, restock: true, amountCents: 2000 }]); // Mon 00:30 PDT
    await t.db.execute(sql`delete from orders where id = ${gone}::uuid`);
    // A refund recorded by mistake and taken back.
    await refund(pending, '2026-03-10T18:00:00Z', 100, [{ lineId: 1, quantity: 0, restock: false, amountCents: 100 }]);
    await t.db.execute(sql`delete from order_refunds where order_id = ${pending}::uuid and amount_cents = 100`);
    await t.db.execute(sql`update orders set refunded_cents = refunded_cents - 100 where id = ${pending}::uuid`);
    // Sessions with attribution, one reaching the cart later (the UTM day roll-up's session figures).
    await t.db.execute(
      sql`insert into storefront_events (store_id, visitor_session_id, type, occurred_at, landing_path, utm_source, utm_campaign)
          values (${storeId}::uuid, 'utm-1', 'view_store', '2026-03-08T08:20:00Z', '/products/tee', 'tiktok', 'spring-drop'),
                 (${storeId}::uuid, 'utm-2', 'view_store', '2026-03-09T06:55:00Z', '/', 'facebook', 'winter')`,
    );
    await t.db.execute(
      sql`insert into storefront_events (store_id, visitor_session_id, type, occurred_at)
          values (${storeId}::uuid, 'utm-1', 'add_to_cart', '2026-03-10T01:00:00Z')`,
    );
    expect([...(await dayRollupDrift()), ...(await utmRollupDrift())]).toEqual([]);
    for (const [groupBy, fromTime, toTime] of SALES_CASES) await expectSalesAgree(groupBy, fromTime, toTime);
    await expectProfitAgrees('2026-02-27', '2026-03-12');
    // The UTM report from the day roll-up equals the one from the buckets in the same zone under another name.
    for (const groupBy of ['source', 'campaign', 'source_medium', 'landing_page']) {
      const range = { fromTime: '2026-02-01', toTime: '2026-03-31', groupBy };
      const fromDays = (await get(`/api/reports/utm?${q(range)}`)).json();
      const fromBuckets = (await get(`/api/reports/utm?${q({ ...range, timezone: 'US/Pacific' })}`)).json();
      expect(fromDays.rows, groupBy).toEqual(fromBuckets.rows);
      expect(fromDays.totals).toEqual(fromBuckets.totals);
    }
    const tiktok = (await get(`/api/reports/utm?${q({ fromTime: '2026-03-08', toTime: '2026-03-08', groupBy: 'source' })}`)).json();
    expect(tiktok.rows.find((x: { key: string }) => x.key === 'tiktok')).toMatchObject({ sessions: 1, add_to_cart: 1 });
    const mar9 = (await get(`/api/reports/sales?${q({ fromTime: '2026-03-09', toTime: '2026-03-09' })}`)).json();
    expect(mar9.totals.returns).toBe(20);
  });

  it("rebuilds the shop's days when its timezone changes, so the new zone reads day rows equal to SQL", async () => {
    await t.db.execute(sql`update store_preferences set standard_timezone = 'Asia/Kathmandu' where store_id = ${storeId}::uuid`);
    try {
      expect([...(await dayRollupDrift()), ...(await utmRollupDrift())]).toEqual([]);
      // 2026-03-01T07:55Z is Feb 28 in Los Angeles and Mar 1 13:40 in Kathmandu (+05:45).
      const [k] = await rows<{ n: number }>(
        t.db,
        sql`select orders as n from report_days where store_id = ${storeId}::uuid and day = '2026-02-28'::date`,
      );
      expect(k?.n).toBe(1);
      for (const [groupBy, fromTime, toTime] of SALES_CASES) await expectSalesAgree(groupBy, fromTime, toTime, 'Asia/Kathmandu');
      await expectProfitAgrees('2026-02-27', '2026-03-12', 'Asia/Kathmandu');
    } finally {
      await t.db.execute(sql`update store_preferences set standard_timezone = ${TZ} where store_id = ${storeId}::uuid`);
    }
    expect([...(await dayRollupDrift()), ...(await utmRollupDrift())]).toEqual([]);
    await expectSalesAgree('day', '2026-02-27', '2026-03-12');
  });

  it('recomputes the payment fees of every roll-up when the payout fee rates change, and only then', async () => {
    const rates = { ...t.config.payout, feeBps: 350, feeFixedCents: 25 };
    expect(await syncReportFeeBasis(t.db, { ...t.config, payout: rates })).toBe(true);
    try {
      expect(await syncReportFeeBasis(t.db, { ...t.config, payout: rates })).toBe(false);
      expect([...(await dayRollupDrift()), ...(await utmRollupDrift())]).toEqual([]);
      await expectProfitAgrees('2026-02-27', '2026-03-12', TZ, rates);
      await expectProfitAgrees('2026-02-27', '2026-03-12', 'UTC', rates);
      // An order written at the new rates.
      await order({ at: '2026-03-05T20:00:00Z', lines: [['mug', 1]] });
      await expectProfitAgrees('2026-02-27', '2026-03-12', TZ, rates);
    } finally {
      expect(await syncReportFeeBasis(t.db, t.config)).toBe(true);
    }
    await expectProfitAgrees('2026-02-27', '2026-03-12');
    expect([...(await dayRollupDrift()), ...(await utmRollupDrift())]).toEqual([]);
  });
});
