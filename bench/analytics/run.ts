/**
 * Analytics Overview benchmark (issue "Analytics Overview" §5; spec admin-dashboard §7 Overview analytics).
 *
 * Seeds ORDERS orders and EVENTS storefront events over STORES shops (through the real tables, so the roll-up
 * triggers run), then measures for one shop (America/Los_Angeles):
 *   1. the whole Overview screen — its 7 calls (timezone, total-sales, total-orders, aov, dashboard, paid-orders,
 *      paid-orders/count) issued together through the HTTP app (app.inject, guard and validation included) —
 *      p50/p95 wall time in ms, for the last 90 days and for Today;
 *   2. the same answers computed by direct service calls on the roll-ups and by a raw scan of orders and
 *      storefront_events, p50/p95 each, and the raw/roll-up ratio; it checks that both give equal answers.
 *
 * Usage: npm run bench:analytics                    PostgreSQL, 1,000,000 orders, 10,000,000 events, 20 shops
 *        npm run bench:analytics -- --pglite         embedded PGlite, 50,000 orders, 500,000 events
 *        flags: --orders N --events N --stores N --workers N (seeding connections, default 2) --iterations N
 *               --raw-iterations N --url postgres://… --keep --reuse
 * The PostgreSQL run creates and drops database `backroom_bench_analytics` on --url (default
 * postgres://postgres@127.0.0.1:5432/postgres), unless --keep (then a second run with --reuse skips seeding).
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { addDaysToDate } from '@backroom/contracts';
import { buildApp } from '../../apps/server/src/app.js';
import { testConfig } from '../../apps/server/src/config.js';
import { type Database, type Db, rows, sql } from '../../apps/server/src/db/client.js';
import { storeMemberships, storePreferences, stores, users } from '../../apps/server/src/db/schema/index.js';
import { hashPassword } from '../../apps/server/src/lib/passwords.js';
import {
  dashboardFigures,
  orderFigures,
  paidOrders,
  paidOrdersCount,
  rawDashboardFigures,
  rawOrderFigures,
  resolveWindow,
  series,
} from '../../apps/server/src/modules/analytics/index.js';
import { openBenchDb, pct } from '../lib/bench-db.js';

const { values: args } = parseArgs({
  options: {
    pglite: { type: 'boolean', default: false },
    orders: { type: 'string' },
    events: { type: 'string' },
    stores: { type: 'string', default: '20' },
    workers: { type: 'string', default: '2' },
    iterations: { type: 'string', default: '60' },
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
const RAW_ITER = Number(args['raw-iterations'] ?? (PGLITE ? 10 : 15));
const DB_NAME = 'backroom_bench_analytics';
const TZ = 'America/Los_Angeles';
/** Storefront events per visitor session in the generator: 1–4 views (2.5), cart 1/3, checkout 1/6, purchase 1/10. */
const EVENTS_PER_SESSION = 2.5 + 1 / 3 + 1 / 6 + 1 / 10;

const log = (m: string) => process.stdout.write(`${m}\n`);
const secs = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;

/** Creates the owner and the shops; returns the owner's credentials and the shop ids (first one measured). */
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
  return { email, password, storeIds };
}

const storeArray = (ids: string[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}]`;

/**
 * Inserts orders g = from..to with `insert … select generate_series` (the statement trigger keeps the roll-up):
 * shop g mod STORES, placed uniformly over the last 365 days, 90% paid, 1 in 7 from POS, $5–$205.
 */
async function seedOrders(db: Db, storeIds: string[], from: number, to: number): Promise<void> {
  await db.execute(sql`
    insert into orders (store_id, order_number, order_name, customer_info, subtotal_cents, grand_total_cents, financial_status,
                        payment_name, payment_source, source_name, captured_date, created_at)
    select x.sid, 1000 + x.g, '#' || (1000 + x.g),
           jsonb_build_array(jsonb_build_object('full_name', 'Customer ' || x.g, 'email', 'c' || x.g || '@bench.test')),
           x.c, x.c, case when x.k % 10 = 0 then 'pending' else 'paid' end, 'Stripe', '{"card":{"type":"visa"}}'::jsonb,
           case when x.k % 7 = 0 then 'pos' else 'online_store' end,
           case when x.k % 10 = 0 then null else x.t end, x.t
    from (select g, g / ${storeIds.length} as k, (${storeArray(storeIds)})[1 + g % ${storeIds.length}] as sid,
                 now() - random() * interval '365 days' as t, 500 + (random() * 20000)::int as c
          from generate_series(${from}::int, ${to}::int) g) x`);
}

/** Inserts the events of visitor sessions g = from..to (see EVENTS_PER_SESSION), each in the last 365 days. */
async function seedSessions(db: Db, storeIds: string[], from: number, to: number): Promise<void> {
  await db.execute(sql`
    insert into storefront_events (store_id, visitor_session_id, type, occurred_at)
    select x.sid, 'v' || x.g, e.type, x.t + e.off
    from (select g, g / ${storeIds.length} as k, (${storeArray(storeIds)})[1 + g % ${storeIds.length}] as sid,
                 now() - random() * interval '365 days' as t
          from generate_series(${from}::int, ${to}::int) g) x
    cross join lateral (
      select 'view_store' as type, v * interval '40 seconds' as off from generate_series(0, x.k % 4) v
      union all select 'add_to_cart', interval '3 minutes' where x.k % 3 = 0
      union all select 'reached_checkout', interval '5 minutes' where x.k % 6 = 0
      union all select 'purchased', interval '7 minutes' where x.k % 10 = 0
    ) e`);
}

/**
 * Seeds the orders and events with WORKERS concurrent connections, each owning a disjoint set of shops (so their
 * statement triggers never wait on each other's roll-up rows), in chunks of a few hundred thousand rows.
 */
async function seed(database: Database, storeIds: string[]): Promise<void> {
  const db = database.db;
  const workers = PGLITE ? 1 : Math.max(1, Math.min(WORKERS, storeIds.length));
  const parts = Array.from({ length: workers }, (_, w) => storeIds.filter((_, i) => i % workers === w));
  const share = (total: number, w: number) => Math.floor(total / workers) + (w < total % workers ? 1 : 0);
  let t0 = performance.now();
  const chunk = PGLITE ? 25_000 : 100_000;
  await Promise.all(
    parts.map(async (ids, w) => {
      const n = share(ORDERS, w);
      for (let a = 1; a <= n; a += chunk) await seedOrders(db, ids, a, Math.min(n, a + chunk - 1));
    }),
  );
  log(`seeded ${ORDERS.toLocaleString('en-US')} orders in ${secs(t0)} (${workers} connection${workers > 1 ? 's' : ''})`);
  t0 = performance.now();
  const sessions = Math.round(EVENTS / EVENTS_PER_SESSION);
  const sChunk = PGLITE ? 20_000 : 100_000;
  await Promise.all(
    parts.map(async (ids, w) => {
      const n = share(sessions, w);
      for (let a = 1; a <= n; a += sChunk) await seedSessions(db, ids, a, Math.min(n, a + sChunk - 1));
    }),
  );
  const [n] = await rows<{ n: number }>(db, sql`select count(*)::bigint as n from storefront_events`);
  log(`seeded ${Number(n!.n).toLocaleString('en-US')} events of ${sessions.toLocaleString('en-US')} visitor sessions in ${secs(t0)}`);
  t0 = performance.now();
  await db.execute(sql`vacuum analyze`);
  log(`vacuum analyze in ${secs(t0)}`);
}

/** Local date (YYYY-MM-DD) of now in `tz`. */
const localToday = (tz: string) => new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(new Date());

async function main() {
  const tStart = performance.now();
  log(`Analytics Overview benchmark on ${PGLITE ? 'PGlite (embedded, in memory)' : `PostgreSQL (${DB_NAME})`}`);
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

    const app = await buildApp({ config: testConfig(), database, logger: false, adminDist: '/nonexistent' });
    await app.ready();
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    const token = (login.json() as { accessToken: string }).accessToken;
    const headers = { authorization: `Bearer ${token}`, 'x-store-id': shop };

    const today = localToday(TZ);
    const ranges = [
      { name: '90 days', from: addDaysToDate(today, -89), to: today },
      { name: 'Today', from: today, to: today },
    ];
    const results: string[] = [];
    for (const r of ranges) {
      const p = new URLSearchParams({ fromTime: r.from, toTime: r.to, stores: shop, timezone: TZ }).toString();
      const paid = new URLSearchParams({
        page: '1',
        limit: '7',
        'orderDate[startDate]': r.from,
        'orderDate[endDate]': r.to,
        'orderDate[timezone]': TZ,
        financialStatus: 'paid',
        stores: shop,
      }).toString();
      const urls = [
        '/api/analytics/timezone',
        `/api/analytics/total-sales?${p}`,
        `/api/analytics/total-orders?${p}`,
        `/api/analytics/aov?${p}`,
        `/api/analytics/dashboard?${p}`,
        `/api/analytics/paid-orders?${paid}`,
        `/api/analytics/paid-orders/count?${paid}`,
      ];
      const overview = async () => {
        const res = await Promise.all(urls.map((url) => app.inject({ method: 'GET', url, headers })));
        for (const x of res) if (x.statusCode !== 200) throw new Error(`${x.statusCode} ${x.body}`);
        return res.map((x) => x.json());
      };
      const overviewSeq = async () => {
        for (const url of urls) {
          const x = await app.inject({ method: 'GET', url, headers });
          if (x.statusCode !== 200) throw new Error(`${x.statusCode} ${x.body}`);
        }
      };
      for (let i = 0; i < 5; i++) await overview();
      const http: number[] = [];
      const httpSeq: number[] = [];
      for (let i = 0; i < ITER; i++) {
        let t0 = performance.now();
        await overview();
        http.push(performance.now() - t0);
        t0 = performance.now();
        await overviewSeq();
        httpSeq.push(performance.now() - t0);
      }

      // The same answers by direct service calls: roll-ups vs raw scan.
      const w = await resolveWindow(db, r.from, r.to, TZ);
      const answers = async (raw: boolean) => {
        const src = raw ? rawOrderFigures : orderFigures;
        return [
          await series(db, [shop], w, 'sales', src),
          await series(db, [shop], w, 'orders', src),
          await series(db, [shop], w, 'aov', src),
          raw ? await rawDashboardFigures(db, [shop], w) : await dashboardFigures(db, [shop], w),
          await paidOrders(db, [shop], w, 1, 7),
          raw ? ((await rawOrderFigures(db, [shop], w, 'none'))[0]?.orders ?? 0) : await paidOrdersCount(db, [shop], w),
        ];
      };
      const time = async (raw: boolean, n: number) => {
        const xs: number[] = [];
        for (let i = 0; i < n; i++) {
          const t0 = performance.now();
          await answers(raw);
          xs.push(performance.now() - t0);
        }
        return xs;
      };
      const a1 = await answers(false);
      const a2 = await answers(true);
      const equal = JSON.stringify(a1) === JSON.stringify(a2);
      const httpAnswers = await overview();
      const httpEqual =
        JSON.stringify(httpAnswers[4]) === JSON.stringify(a2[3]) && JSON.stringify(httpAnswers[1]) === JSON.stringify(a2[0]);
      await time(false, 3);
      const roll = await time(false, ITER);
      await time(true, 1);
      const raw = await time(true, RAW_ITER);
      const d = a1[3] as { totalSales: number; totalOrders: number; visitors: number; conversionRate: number };
      results.push(
        `| ${r.name} | ${pct(http, 50).toFixed(1)} | ${pct(http, 95).toFixed(1)} | ${pct(httpSeq, 50).toFixed(1)} | ${pct(httpSeq, 95).toFixed(1)} | ${pct(roll, 50).toFixed(1)} | ${pct(roll, 95).toFixed(1)} | ${pct(raw, 50).toFixed(1)} | ${pct(raw, 95).toFixed(1)} | ${(pct(raw, 50) / pct(roll, 50)).toFixed(0)}× | ${equal && httpEqual ? 'yes' : 'NO'} |`,
      );
      log(
        `${r.name} (${r.from}..${r.to}): ${d.totalOrders} paid orders, $${d.totalSales}, ${d.visitors} visitors, CR ${d.conversionRate}% — answers equal to raw scan: ${equal && httpEqual ? 'yes' : 'NO'}`,
      );
      if (!equal || !httpEqual) process.exitCode = 1;
    }
    await app.close();
    log('');
    log(
      `${ORDERS.toLocaleString('en-US')} orders, ${EVENTS.toLocaleString('en-US')} events (target), ${STORES} shops; ${ITER} runs (raw scan ${RAW_ITER}); times in ms`,
    );
    log('');
    log(
      '| Range | Overview HTTP, 7 calls together p50 | p95 | Overview HTTP, 7 calls one by one p50 | p95 | Service calls on roll-ups p50 | p95 | Same answers by raw scan p50 | p95 | raw / roll-up (p50) | equal |',
    );
    log('|---|---|---|---|---|---|---|---|---|---|---|');
    for (const l of results) log(l);
    log('');
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
