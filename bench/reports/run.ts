/**
 * Reports and live view benchmark (issue 17 item 7).
 *
 * Seeds the analytics bench's data set shape — ORDERS orders and EVENTS storefront events over STORES shops, uniform
 * over the last 365 days, 90 % paid, 1 in 7 from POS — through the real tables (so the report roll-up triggers of
 * migration 0018 run), with what the reports read on top: a catalog per shop (60 variants, 1 product in 6 without
 * a cost), order lines, discounts, shipping, taxes, first-touch attribution (UTM source/medium/campaign, landing
 * page) on online orders and on each session's first event, refunds of a line (restocked) days after 1 order in 33,
 * and daily ad spend. Then, for one shop (America/Los_Angeles), for the last 7 days, 90 days and 1 year, measures
 * p50/p95 of each report through the HTTP app (`app.inject`: guard, validation, serialisation included) beside a
 * direct SQL scan of orders / order_refunds / storefront_events / ad_spend computing the same answer in the same run,
 * and checks that both give equal totals and rows (cents). Also the live summary's p50/p95.
 *
 * Usage: npm run bench:reports                       PostgreSQL, 1,000,000 orders, 10,000,000 events, 20 shops
 *        npm run bench:reports -- --pglite           embedded PGlite, 50,000 orders, 500,000 events
 *        flags: --orders N --events N --stores N --workers N --iterations N --raw-iterations N --url postgres://…
 *               --keep --reuse
 * The PostgreSQL run creates and drops database `backroom_bench_reports` (unless --keep; --reuse skips seeding).
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { addDaysToDate } from '@backroom/contracts';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.js';
import { testConfig } from '../../apps/server/src/config.js';
import { type Database, type Db, rows, sql } from '../../apps/server/src/db/client.js';
import { storeMemberships, storePreferences, stores, users } from '../../apps/server/src/db/schema/index.js';
import { hashPassword } from '../../apps/server/src/lib/passwords.js';
import { openBenchDb, pct } from '../lib/bench-db.js';

const { values: args } = parseArgs({
  options: {
    pglite: { type: 'boolean', default: false },
    orders: { type: 'string' },
    events: { type: 'string' },
    stores: { type: 'string', default: '20' },
    workers: { type: 'string', default: '2' },
    iterations: { type: 'string', default: '40' },
    'raw-iterations': { type: 'string' },
    url: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'boolean', default: false },
  },
});

const PGLITE = args.pglite;
const ORDERS = Number(args.orders ?? (PGLITE ? 50_000 : 1_000_000));
const EVENTS = Number(args.events ?? (PGLITE ? 500_000 : 10_000_000));
const STORES = Number(args.stores);
const WORKERS = Number(args.workers);
const ITER = Number(args.iterations);
const RAW_ITER = Number(args['raw-iterations'] ?? (PGLITE ? 5 : 10));
const DB_NAME = 'backroom_bench_reports';
const TZ = 'America/Los_Angeles';
/** Events per visitor session in the generator (as bench/analytics): 1–4 views, cart 1/3, checkout 1/6, purchase 1/10. */
const EVENTS_PER_SESSION = 2.5 + 1 / 3 + 1 / 6 + 1 / 10;
/** Variants per shop (30 products × 2). */
const VARIANTS = 60;
const SOURCES = ['', 'facebook', 'tiktok', 'google', 'newsletter'];
const CAMPAIGNS = ['', 'spring-drop', 'retargeting', 'brand-search', 'weekly-edit', 'creator-collab', 'black-friday'];
const LANDINGS = ['/', '/collections/new-arrivals', '/collections/sale', '/products/p-1', '/products/p-2', '/products/p-3'];

const log = (m: string) => process.stdout.write(`${m}\n`);
const secs = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;
const textArray = (xs: string[]) => `{${xs.map((x) => `"${x}"`).join(',')}}`;

/** The owner, the shops (every third one in Asia/Kathmandu, +05:45) and each shop's catalog; returns the shop ids. */
async function seedShops(db: Db): Promise<{ email: string; password: string; storeIds: string[] }> {
  const email = 'bench-owner@bench.test';
  const password = 'bench-password';
  if (args.reuse) {
    const ids = await rows<{ id: string }>(db, sql`select id from stores where handle like 'bench-shop-%' order by handle`);
    return { email, password, storeIds: ids.map((r) => r.id) };
  }
  const [u] = await db
    .insert(users)
    .values({ email, passwordHash: await hashPassword(password), firstName: 'Bench', lastName: 'Owner' })
    .returning();
  const storeIds: string[] = [];
  for (let i = 0; i < STORES; i++) {
    const [s] = await db
      .insert(stores)
      .values({ handle: `bench-shop-${String(i).padStart(2, '0')}`, name: `Bench shop ${i}` })
      .returning();
    await db.insert(storePreferences).values({ storeId: s!.id, standardTimezone: i % 3 === 1 ? 'Asia/Kathmandu' : TZ });
    await db.insert(storeMemberships).values({ storeId: s!.id, userId: u!.id, isStoreOwner: true });
    storeIds.push(s!.id);
  }
  // 30 products × 2 variants per shop, 3 vendors, $5–$120, cost 40 % of the price except every sixth product.
  await db.execute(sql`
    insert into products (store_id, handle, title, vendor)
    select s.id, 'p-' || p, 'Product ' || p, 'Vendor ' || (p % 3)
    from stores s cross join generate_series(0, ${VARIANTS / 2 - 1}) p where s.handle like 'bench-shop-%'`);
  await db.execute(sql`
    insert into product_variants (store_id, product_id, position, option1, price_cents, cost_cents)
    select p.store_id, p.id, v, case v when 1 then 'S' else 'M' end, x.price,
           case when substr(p.handle, 3)::int % 6 = 0 then null else x.price * 2 / 5 end
    from products p cross join generate_series(1, 2) v
    cross join lateral (select 500 + ((substr(p.handle, 3)::int * 37 + v * 11) % 116) * 100 as price) x
    where p.handle like 'p-%'`);
  await db.execute(sql`create table if not exists bench_variants as
    select v.store_id, (row_number() over (partition by v.store_id order by v.id) - 1)::int as idx,
           v.id as variant_id, v.product_id, v.price_cents
    from product_variants v`);
  await db.execute(sql`create index if not exists bench_variants_key on bench_variants (store_id, idx)`);
  return { email, password, storeIds };
}

const storeArray = (ids: string[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}]`;

/**
 * Orders g = from..to (shop g mod STORES): 1 line, or 2 for every third order; 1 in 10 with a 10 % discount, shipping
 * $5.95 under $75, 8 % tax on 1 in 4; online orders carry attribution by g.
 */
async function seedOrders(db: Db, storeIds: string[], from: number, to: number): Promise<void> {
  await db.execute(sql`
    insert into orders (store_id, order_number, order_name, customer_info, line_items, subtotal_cents, discount_cents,
                        shipping_cents, tax_cents, grand_total_cents, financial_status, payment_name, source_name,
                        utm_source, utm_medium, utm_campaign, landing_path, referrer_class, captured_date, created_at)
    select x.sid, 1000 + x.g, '#' || (1000 + x.g),
           jsonb_build_array(jsonb_build_object('full_name', 'Customer ' || x.g, 'email', 'c' || x.g || '@bench.test')),
           l.items, l.sub, d.disc, d.ship, d.tax, l.sub - d.disc + d.ship + d.tax,
           case when x.k % 10 = 0 then 'pending' else 'paid' end, 'Stripe', case when x.pos then 'pos' else 'online_store' end,
           case when x.pos then null else nullif((${textArray(SOURCES)}::text[])[1 + x.g % ${SOURCES.length}], '') end,
           case when x.pos or x.g % ${SOURCES.length} = 0 then null else 'paid' end,
           case when x.pos then null else nullif((${textArray(CAMPAIGNS)}::text[])[1 + x.g % ${CAMPAIGNS.length}], '') end,
           case when x.pos then null else (${textArray(LANDINGS)}::text[])[1 + x.g % ${LANDINGS.length}] end,
           case when x.pos then null else 'direct' end,
           case when x.k % 10 = 0 then null else x.t end, x.t
    from (select g, g / ${storeIds.length} as k, (${storeArray(storeIds)})[1 + g % ${storeIds.length}] as sid,
                 now() - random() * interval '365 days' as t, (g / ${storeIds.length}) % 7 = 0 as pos
          from generate_series(${from}::int, ${to}::int) g) x
    cross join lateral (
      select jsonb_agg(jsonb_build_object('productId', v.product_id, 'variantId', v.variant_id, 'quantity', q.qty,
                                          'priceCents', v.price_cents, 'title', 'Item') order by q.n) as items,
             sum(v.price_cents * q.qty)::int as sub
      from (values (1, x.g % ${VARIANTS}, 1 + x.g % 2), (2, (x.g * 7 + 3) % ${VARIANTS}, 1)) as q(n, idx, qty)
      join bench_variants v on v.store_id = x.sid and v.idx = q.idx
      where q.n = 1 or x.g % 3 = 0
    ) l
    cross join lateral (
      select case when x.g % 10 = 1 then l.sub / 10 else 0 end as disc,
             case when l.sub < 7500 then 595 else 0 end as ship,
             case when x.g % 4 = 2 then (l.sub - case when x.g % 10 = 1 then l.sub / 10 else 0 end) * 8 / 100 else 0 end as tax
    ) d`);
}

/** Refunds of line 1 (restocked) of 1 paid order in 33, 1–20 days after the order (never after now). */
async function seedRefunds(db: Db, storeIds: string[]): Promise<void> {
  await db.execute(sql`
    with o as (
      select o.id, o.store_id, o.created_at, o.order_number,
             least(o.grand_total_cents, (o.line_items -> 0 ->> 'priceCents')::int * (o.line_items -> 0 ->> 'quantity')::int) as amount,
             (o.line_items -> 0 ->> 'quantity')::int as qty
      from orders o
      where o.store_id = any(${storeArray(storeIds)}) and o.financial_status = 'paid' and o.order_number % 33 = 0
    ),
    r as (
      insert into order_refunds (store_id, order_id, amount_cents, lines, created_at)
      select o.store_id, o.id, o.amount,
             jsonb_build_array(jsonb_build_object('lineId', 1, 'quantity', o.qty, 'restock', true, 'amountCents', o.amount)),
             least(now() - interval '1 minute', o.created_at + make_interval(days => 1 + o.order_number % 20))
      from o
      returning order_id, amount_cents
    )
    update orders set refunded_cents = r.amount_cents,
           financial_status = case when r.amount_cents >= orders.grand_total_cents then 'refunded' else 'partially_refunded' end
    from r where orders.id = r.order_id`);
}

/** Sessions g = from..to, as bench/analytics, with attribution on each session's first event. */
async function seedSessions(db: Db, storeIds: string[], from: number, to: number): Promise<void> {
  await db.execute(sql`
    insert into storefront_events (store_id, visitor_session_id, type, occurred_at, utm_source, utm_medium, utm_campaign,
                                   landing_path, referrer_class)
    select x.sid, 'v' || x.g, e.type, x.t + e.off,
           case when e.first then nullif((${textArray(SOURCES)}::text[])[1 + x.g % ${SOURCES.length}], '') end,
           case when e.first and x.g % ${SOURCES.length} <> 0 then 'paid' end,
           case when e.first then nullif((${textArray(CAMPAIGNS)}::text[])[1 + x.g % ${CAMPAIGNS.length}], '') end,
           case when e.first then (${textArray(LANDINGS)}::text[])[1 + x.g % ${LANDINGS.length}] end,
           case when e.first then 'direct' end
    from (select g, g / ${storeIds.length} as k, (${storeArray(storeIds)})[1 + g % ${storeIds.length}] as sid,
                 now() - random() * interval '365 days' as t
          from generate_series(${from}::int, ${to}::int) g) x
    cross join lateral (
      select 'view_store' as type, v * interval '40 seconds' as off, v = 0 as first from generate_series(0, x.k % 4) v
      union all select 'add_to_cart', interval '3 minutes', false where x.k % 3 = 0
      union all select 'reached_checkout', interval '5 minutes', false where x.k % 6 = 0
      union all select 'purchased', interval '7 minutes', false where x.k % 10 = 0
    ) e`);
}

/** Ad spend of every shop: Facebook and TikTok every day of the year, $20–$80. */
async function seedAdSpend(db: Db, storeIds: string[]): Promise<void> {
  await db.execute(sql`
    insert into ad_spend (store_id, day, channel, amount_cents)
    select s, (now() at time zone ${TZ})::date - d, c, 2000 + ((d * 37 + length(c) * 101) % 6000)
    from unnest(${storeArray(storeIds)}) s cross join generate_series(0, 365) d cross join unnest(array['facebook', 'tiktok']) c`);
}

/**
 * VACUUM ANALYZE of the seeded data set. On PostgreSQL through its own connection: the pool's 30 s read timeout
 * (db/client.ts) is shorter than a vacuum of 10M events on a loaded machine.
 */
async function vacuumAnalyze(db: Db): Promise<void> {
  if (PGLITE) {
    await db.execute(sql`vacuum analyze`);
    return;
  }
  const url = new URL(args.url!);
  url.pathname = `/${DB_NAME}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query('vacuum analyze');
  } finally {
    await client.end();
  }
}

/** Seeds with WORKERS connections, each owning a disjoint set of shops (their triggers never wait on each other). */
async function seed(database: Database, storeIds: string[]): Promise<void> {
  const db = database.db;
  const workers = PGLITE ? 1 : Math.max(1, Math.min(WORKERS, storeIds.length));
  const parts = Array.from({ length: workers }, (_, w) => storeIds.filter((_, i) => i % workers === w));
  const share = (total: number, w: number) => Math.floor(total / workers) + (w < total % workers ? 1 : 0);
  let t0 = performance.now();
  // Chunks small enough that one statement (its triggers included) stays far below the pool's 30 s statement
  // timeout on a loaded machine.
  const chunk = 25_000;
  await Promise.all(
    parts.map(async (ids, w) => {
      const n = share(ORDERS, w);
      for (let a = 1; a <= n; a += chunk) await seedOrders(db, ids, a, Math.min(n, a + chunk - 1));
      await seedRefunds(db, ids);
    }),
  );
  const [rf] = await rows<{ n: number }>(db, sql`select count(*)::bigint as n from order_refunds`);
  log(`seeded ${ORDERS.toLocaleString('en-US')} orders and ${Number(rf!.n).toLocaleString('en-US')} refunds in ${secs(t0)}`);
  t0 = performance.now();
  const sessions = Math.round(EVENTS / EVENTS_PER_SESSION);
  const sChunk = 20_000;
  await Promise.all(
    parts.map(async (ids, w) => {
      const n = share(sessions, w);
      for (let a = 1; a <= n; a += sChunk) await seedSessions(db, ids, a, Math.min(n, a + sChunk - 1));
    }),
  );
  await seedAdSpend(db, storeIds);
  const [n] = await rows<{ n: number }>(db, sql`select count(*)::bigint as n from storefront_events`);
  log(`seeded ${Number(n!.n).toLocaleString('en-US')} events of ${sessions.toLocaleString('en-US')} visitor sessions in ${secs(t0)}`);
  t0 = performance.now();
  await vacuumAnalyze(db);
  log(`vacuum analyze in ${secs(t0)}`);
}

/** Totals and rows of one report in integer cents / counts, as both the report and the raw scan give them. */
type Answer = { rows: Record<string, number[]>; totals: number[] };
const c = (x: number) => Math.round(x * 100);

/** The direct SQL scans: each report's answer computed from orders / order_refunds / storefront_events / ad_spend. */
function rawScans(db: Db, shop: string, feeBps: number, feeFixed: number) {
  const bounds = (from: string, to: string) => ({
    start: sql`(${from}::date::timestamp at time zone ${TZ})`,
    end: sql`((${to}::date + 1)::timestamp at time zone ${TZ})`,
  });
  const paid = sql`o.financial_status in ('paid', 'partially_refunded', 'refunded')`;
  const day = (col: string) => sql.raw(`to_char(${col} at time zone '${TZ}', 'YYYY-MM-DD')`);
  const toAnswer = (list: { key: string; v: number[] }[]): Answer => {
    const out: Answer = { rows: {}, totals: [] };
    for (const r of list) {
      out.rows[r.key] = r.v.map(Number);
      out.totals = r.v.map((x, i) => (out.totals[i] ?? 0) + Number(x));
    }
    return out;
  };
  return {
    /** Sales by day: orders, gross, discounts, returns (refund day), shipping, taxes. */
    async salesDay(from: string, to: string): Promise<Answer> {
      const { start, end } = bounds(from, to);
      const list = await rows<{ key: string; v: number[] }>(
        db,
        sql`select key, array[sum(n), sum(g), sum(d), sum(r), sum(s), sum(t)]::bigint[] as v from (
              select ${day('o.created_at')} as key, 1 as n, o.subtotal_cents as g, o.discount_cents as d, 0 as r,
                     o.shipping_cents as s, o.tax_cents as t
                from orders o where o.store_id = ${shop}::uuid and ${paid} and o.created_at >= ${start} and o.created_at < ${end}
              union all
              select ${day('r.created_at')}, 0, 0, 0, r.amount_cents, 0, 0
                from order_refunds r where r.store_id = ${shop}::uuid and r.created_at >= ${start} and r.created_at < ${end}
            ) x group by 1`,
      );
      return toAnswer(list);
    },
    /** Sales by product: lines, gross, allocated discounts, returned line amounts. */
    async salesProduct(from: string, to: string): Promise<Answer> {
      const { start, end } = bounds(from, to);
      const list = await rows<{ key: string; v: number[] }>(
        db,
        sql`select key, array[sum(n), sum(g), sum(d), sum(r)]::bigint[] as v from (
              select li->>'productId' as key, 1 as n, (li->>'priceCents')::bigint * (li->>'quantity')::int as g,
                     case when o.discount_cents > 0 and o.subtotal_cents > 0
                          then round(o.discount_cents::numeric * (li->>'priceCents')::bigint * (li->>'quantity')::int / o.subtotal_cents)
                          else 0 end as d, 0 as r
                from orders o cross join jsonb_array_elements(o.line_items) li
               where o.store_id = ${shop}::uuid and ${paid} and o.created_at >= ${start} and o.created_at < ${end}
              union all
              select (o.line_items -> ((rl->>'lineId')::int - 1))->>'productId', 0, 0, 0, (rl->>'amountCents')::bigint
                from order_refunds r join orders o on o.id = r.order_id cross join jsonb_array_elements(r.lines) rl
               where r.store_id = ${shop}::uuid and r.created_at >= ${start} and r.created_at < ${end}
            ) x group by 1`,
      );
      return toAnswer(list);
    },
    /** Profit by day: net sales, cost of goods less restocked, lines without cost, ledger fees, ad spend. */
    async profitDay(from: string, to: string): Promise<Answer> {
      const { start, end } = bounds(from, to);
      const list = await rows<{ key: string; v: number[] }>(
        db,
        sql`select key, array[sum(net), sum(cogs), sum(unc), sum(fee), sum(ad)]::bigint[] as v from (
              select ${day('o.created_at')} as key, o.subtotal_cents - o.discount_cents as net, 0 as cogs, 0 as unc,
                     least(o.grand_total_cents, (o.grand_total_cents * ${feeBps}::int + 5000) / 10000 + ${feeFixed}::int) as fee, 0 as ad
                from orders o where o.store_id = ${shop}::uuid and ${paid} and o.created_at >= ${start} and o.created_at < ${end}
              union all
              select ${day('o.created_at')}, 0, coalesce(v.cost_cents, 0) * (li->>'quantity')::int, (v.cost_cents is null)::int, 0, 0
                from orders o cross join jsonb_array_elements(o.line_items) li
                left join product_variants v on v.id::text = li->>'variantId'
               where o.store_id = ${shop}::uuid and ${paid} and o.created_at >= ${start} and o.created_at < ${end}
              union all
              select ${day('r.created_at')}, -r.amount_cents, 0, 0, 0, 0
                from order_refunds r where r.store_id = ${shop}::uuid and r.created_at >= ${start} and r.created_at < ${end}
              union all
              select ${day('r.created_at')}, 0, -coalesce(v.cost_cents, 0) * (rl->>'quantity')::int, 0, 0, 0
                from order_refunds r join orders o on o.id = r.order_id cross join jsonb_array_elements(r.lines) rl
                left join product_variants v on v.id::text = (o.line_items -> ((rl->>'lineId')::int - 1))->>'variantId'
               where r.store_id = ${shop}::uuid and (rl->>'restock')::boolean and r.created_at >= ${start} and r.created_at < ${end}
              union all
              select to_char(a.day, 'YYYY-MM-DD'), 0, 0, 0, 0, a.amount_cents
                from ad_spend a where a.store_id = ${shop}::uuid and a.day between ${from}::date and ${to}::date
            ) x group by 1`,
      );
      return toAnswer(list);
    },
    /** UTM by campaign: sessions started in the range (first touch), cart, checkout; paid orders and their total sales. */
    async utmCampaign(from: string, to: string): Promise<Answer> {
      const { start, end } = bounds(from, to);
      const list = await rows<{ key: string; v: number[] }>(
        db,
        sql`with s as (
              select visitor_session_id, min(occurred_at) as started,
                     (array_agg(utm_campaign order by occurred_at) filter (where landing_path is not null))[1] as campaign,
                     bool_or(type = 'add_to_cart') as cart, bool_or(type in ('reached_checkout', 'purchased')) as checkout
                from storefront_events where store_id = ${shop}::uuid group by 1
            )
            select key, array[sum(n), sum(cart), sum(chk), sum(ord), sum(sales)]::bigint[] as v from (
              select coalesce(campaign, '') as key, 1 as n, cart::int as cart, checkout::int as chk, 0 as ord, 0 as sales
                from s where started >= ${start} and started < ${end}
              union all
              select coalesce(o.utm_campaign, ''), 0, 0, 0, 1,
                     o.subtotal_cents - o.discount_cents + o.shipping_cents + o.tax_cents
                from orders o where o.store_id = ${shop}::uuid and ${paid} and o.created_at >= ${start} and o.created_at < ${end}
              union all
              select coalesce(o.utm_campaign, ''), 0, 0, 0, 0, -r.amount_cents
                from order_refunds r join orders o on o.id = r.order_id
               where r.store_id = ${shop}::uuid and r.created_at >= ${start} and r.created_at < ${end}
            ) x group by 1`,
      );
      return toAnswer(list);
    },
  };
}

/** A report's HTTP answer in the raw scan's shape (cents, same columns, rows without any figure dropped). */
const reportAnswer = {
  salesDay: (b: { rows: Record<string, number>[] }): Answer => {
    const pick = (r: Record<string, number>) => [r.orders!, c(r.gross_sales!), c(r.discounts!), c(r.returns!), c(r.shipping!), c(r.taxes!)];
    return fromRows(b.rows, pick);
  },
  salesProduct: (b: { rows: Record<string, number>[] }): Answer =>
    fromRows(b.rows, (r) => [r.orders!, c(r.gross_sales!), c(r.discounts!), c(r.returns!)]),
  profitDay: (b: { rows: Record<string, number>[] }): Answer =>
    fromRows(b.rows, (r) => [c(r.net_sales!), c(r.cost_of_goods_sold!), r.lines_without_cost!, c(r.payment_fees!), c(r.ad_spend!)]),
  utmCampaign: (b: { rows: Record<string, number>[] }): Answer =>
    fromRows(b.rows, (r) => [r.sessions!, r.add_to_cart!, r.reached_checkout!, r.orders!, c(r.sales!)]),
};
function fromRows(list: Record<string, number>[], pick: (r: Record<string, number>) => number[]): Answer {
  const out: Answer = { rows: {}, totals: [] };
  for (const r of list) {
    const v = pick(r);
    if (v.some((x) => x !== 0)) out.rows[String(r.key)] = v;
    out.totals = v.map((x, i) => (out.totals[i] ?? 0) + x);
  }
  return out;
}
const sameAnswer = (a: Answer, b: Answer) => {
  const norm = (x: Answer) =>
    JSON.stringify([
      Object.entries(x.rows)
        .filter(([, v]) => v.some((n) => n !== 0))
        .sort(([p], [q]) => p.localeCompare(q)),
      x.totals.map((n) => n || 0),
    ]);
  return norm(a) === norm(b);
};

async function main() {
  const tStart = performance.now();
  log(`Reports and live view benchmark on ${PGLITE ? 'PGlite (embedded, in memory)' : `PostgreSQL (${DB_NAME})`}`);
  const { database, drop } = await openBenchDb({ pglite: PGLITE, url: args.url, dbName: DB_NAME, reuse: args.reuse, keep: args.keep });
  try {
    const db = database.db;
    const { email, password, storeIds } = await seedShops(db);
    if (!args.reuse) await seed(database, storeIds);
    const [pgv] = await rows<{ v: string }>(db, sql`select version() as v`);
    log(`engine: ${pgv!.v.split(' on ')[0]}`);
    const shop = storeIds[0]!;
    const [shopN] = await rows<{ o: number; e: number }>(
      db,
      sql`select (select count(*) from orders where store_id = ${shop}::uuid)::bigint as o,
                 (select count(*) from storefront_events where store_id = ${shop}::uuid)::bigint as e`,
    );
    log(`measured shop: ${Number(shopN!.o).toLocaleString('en-US')} orders, ${Number(shopN!.e).toLocaleString('en-US')} events`);

    const config = testConfig();
    const app = await buildApp({ config, database, logger: false, adminDist: '/nonexistent' });
    await app.ready();
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    const token = (login.json() as { accessToken: string }).accessToken;
    const headers = { authorization: `Bearer ${token}`, 'x-store-id': shop };
    const get = async (url: string) => {
      const r = await app.inject({ method: 'GET', url, headers });
      if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode} ${r.body}`);
      return r.json();
    };
    const raw = rawScans(db, shop, config.payout.feeBps, config.payout.feeFixedCents);
    const reports = [
      { name: 'Sales by day', kind: 'salesDay', url: (q: string) => `/api/reports/sales?${q}&groupBy=day` },
      { name: 'Sales by product', kind: 'salesProduct', url: (q: string) => `/api/reports/sales?${q}&groupBy=product` },
      { name: 'Estimated profit by day', kind: 'profitDay', url: (q: string) => `/api/reports/profit?${q}&groupBy=day` },
      { name: 'UTM by campaign', kind: 'utmCampaign', url: (q: string) => `/api/reports/utm?${q}&groupBy=campaign` },
    ] as const;

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date());
    const ranges = [
      { name: '7 days', from: addDaysToDate(today, -6), to: today },
      { name: '90 days', from: addDaysToDate(today, -89), to: today },
      { name: '1 year', from: addDaysToDate(today, -364), to: today },
    ];
    const time = async (n: number, run: () => Promise<unknown>) => {
      const xs: number[] = [];
      for (let i = 0; i < n; i++) {
        const t0 = performance.now();
        await run();
        xs.push(performance.now() - t0);
      }
      return xs;
    };
    const lines: string[] = [];
    let goals = true;
    for (const rep of reports) {
      for (const r of ranges) {
        const q = new URLSearchParams({ fromTime: r.from, toTime: r.to, stores: shop, timezone: TZ }).toString();
        const url = rep.url(q);
        const scan = () => raw[rep.kind](r.from, r.to);
        const equal = sameAnswer(reportAnswer[rep.kind](await get(url)), await scan());
        await time(3, () => get(url));
        const http = await time(ITER, () => get(url));
        await time(1, scan);
        const rawT = await time(RAW_ITER, scan);
        const ratio = pct(rawT, 50) / pct(http, 50);
        const met = r.name !== '1 year' || (pct(http, 95) < 100 && ratio >= 20);
        if (!equal) process.exitCode = 1;
        goals &&= met;
        lines.push(
          `| ${rep.name} | ${r.name} | ${pct(http, 50).toFixed(1)} | ${pct(http, 95).toFixed(1)} | ${pct(rawT, 50).toFixed(1)} | ${pct(rawT, 95).toFixed(1)} | ${ratio.toFixed(0)}× | ${equal ? 'yes' : 'NO'} |`,
        );
        log(
          `${rep.name}, ${r.name}: report p95 ${pct(http, 95).toFixed(1)} ms, scan p50 ${pct(rawT, 50).toFixed(1)} ms, equal ${equal ? 'yes' : 'NO'}`,
        );
      }
    }
    // The live summary of the measured shop: a few visitors "right now" first, so its windows are not empty.
    await db.execute(sql`
      insert into storefront_events (store_id, visitor_session_id, type, occurred_at, landing_path, utm_source)
      select ${shop}::uuid, 'live-' || g, t, now() - make_interval(secs => g * 7), '/', 'tiktok'
      from generate_series(1, 30) g cross join unnest(array['view_store', 'add_to_cart']) t`);
    await time(3, () => get('/api/live/summary'));
    const live = await time(ITER * 2, () => get('/api/live/summary'));
    const liveMet = pct(live, 95) < 20;
    await app.close();
    log('');
    log(
      `${args.reuse ? 'data set of an earlier run (--reuse)' : `${ORDERS.toLocaleString('en-US')} orders, ${EVENTS.toLocaleString('en-US')} events (target)`}, ${STORES} shops; ${ITER} runs per report (direct scan ${RAW_ITER}); times in ms`,
    );
    log('');
    log('| Report | Range | HTTP p50 | HTTP p95 | Direct SQL scan p50 | scan p95 | scan / report (p50) | equal |');
    log('|---|---|---|---|---|---|---|---|');
    for (const l of lines) log(l);
    log('');
    log(`Live summary (GET /api/live/summary, HTTP): p50 ${pct(live, 50).toFixed(1)} ms, p95 ${pct(live, 95).toFixed(1)} ms`);
    log(
      `Goals (1 year p95 < 100 ms and ≥ 20× the scan; live p95 < 20 ms): reports ${goals ? 'met' : 'NOT met'}, live ${liveMet ? 'met' : 'NOT met'}`,
    );
    log(
      `total benchmark time ${secs(tStart)}; ${cpus().length} CPUs, load average at the end ${loadavg()
        .map((x) => x.toFixed(1))
        .join(' / ')}`,
    );
  } finally {
    await database.close();
    await drop();
  }
}

await main();
