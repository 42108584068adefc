import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, rows } from '../../db/client.js';
import { createTestApp, makeStore, makeUser, type TestContext } from '../../test/harness.js';
import {
  type AnalyticsWindow,
  dashboardFigures,
  orderFigures,
  rawDashboardFigures,
  rawOrderFigures,
  resolveWindow,
  type SeriesKind,
  series,
  splitDays,
} from './service.js';
import { insertEvents, insertOrders, type TestEvent, type TestOrder } from './test-data.js';

/**
 * Property tests (spec admin-dashboard §7 Overview analytics, issue "Analytics Overview" §6): the roll-up answers
 * equal the raw-scan answers for random writes, ranges, shops and timezones — including the March and November
 * DST days of America/Los_Angeles and half-hour / 45-minute offset zones — and racing writes lose no count.
 */

let t: TestContext;
let storeIds: string[];

beforeAll(async () => {
  t = await createTestApp();
  const owner = await makeUser(t.db);
  storeIds = [];
  for (let i = 0; i < 3; i++) storeIds.push((await makeStore(t.db, t.config, { ownerId: owner.id })).id);
});
afterAll(async () => t.close());

const ZONES = [
  'America/Los_Angeles',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'America/St_Johns',
  'Europe/London',
  'UTC',
];
/** Days around the 2024 DST changes of Los Angeles (03-10, 11-03), Lord Howe (04-07, 10-06) and London (03-31). */
const DAYS = ['2024-03-09', '2024-03-10', '2024-03-11', '2024-03-31', '2024-04-07', '2024-10-06', '2024-11-02', '2024-11-03', '2024-11-04'];
const HOUR = 3600_000;

/** An instant near one of DAYS: from 14 h before its UTC midnight to 38 h after, at second precision. */
const instant = fc
  .tuple(fc.constantFrom(...DAYS), fc.integer({ min: -14 * 3600, max: 38 * 3600 }))
  .map(([d, s]) => new Date(Date.parse(`${d}T00:00:00Z`) + s * 1000));
/** Instants that sit on or next to quarter hours, to probe bucket edges. */
const edgyInstant = fc
  .tuple(fc.constantFrom(...DAYS), fc.integer({ min: -56, max: 152 }), fc.constantFrom(0, 1, -1, 29 * 60, 30 * 60, 45 * 60))
  .map(([d, q, s]) => new Date(Date.parse(`${d}T00:00:00Z`) + q * 15 * 60_000 + s * 1000));
const anyInstant = fc.oneof(instant, edgyInstant);

const orderArb = fc.record({
  store: fc.integer({ min: 0, max: 2 }),
  createdAt: anyInstant,
  cents: fc.integer({ min: 1, max: 500_000 }),
  status: fc.constantFrom('paid', 'paid', 'paid', 'pending', 'refunded'),
  source: fc.constantFrom('online_store', 'online_store', 'pos'),
});
const STEPS = ['view_store', 'add_to_cart', 'reached_checkout', 'purchased'] as const;
const eventArb = fc.record({
  store: fc.integer({ min: 0, max: 2 }),
  session: fc.integer({ min: 0, max: 40 }).map((n) => `s${n}`),
  type: fc.constantFrom(...STEPS),
  at: anyInstant,
});

type Op =
  | { kind: 'orders'; list: (TestOrder & { store: number })[] }
  | { kind: 'events'; list: (TestEvent & { store: number })[] }
  | { kind: 'updateOrder'; pick: number; status: string; shiftMinutes: number }
  | { kind: 'deleteOrder'; pick: number }
  | { kind: 'deleteEvents'; pick: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.array(orderArb, { minLength: 1, maxLength: 12 }).map((list) => ({ kind: 'orders' as const, list })) },
  { weight: 4, arbitrary: fc.array(eventArb, { minLength: 1, maxLength: 25 }).map((list) => ({ kind: 'events' as const, list })) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('updateOrder' as const),
      pick: fc.nat(),
      status: fc.constantFrom('paid', 'refunded', 'pending'),
      shiftMinutes: fc.integer({ min: -600, max: 600 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deleteOrder' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deleteEvents' as const), pick: fc.nat() }) },
);

async function apply(op: Op): Promise<void> {
  const db = t.db;
  if (op.kind === 'orders') {
    for (let s = 0; s < 3; s++)
      await insertOrders(
        db,
        storeIds[s]!,
        op.list.filter((o) => o.store === s),
      );
  } else if (op.kind === 'events') {
    for (let s = 0; s < 3; s++)
      await insertEvents(
        db,
        storeIds[s]!,
        op.list.filter((e) => e.store === s),
      );
  } else if (op.kind === 'updateOrder') {
    await db.execute(
      sql`update orders set financial_status = ${op.status}, created_at = created_at + ${op.shiftMinutes} * interval '1 minute',
                 grand_total_cents = grand_total_cents + 1
          where id = (select id from orders order by id offset (${op.pick} % greatest((select count(*) from orders), 1)) limit 1)`,
    );
  } else if (op.kind === 'deleteOrder') {
    await db.execute(
      sql`delete from orders where id = (select id from orders order by id offset (${op.pick} % greatest((select count(*) from orders), 1)) limit 1)`,
    );
  } else {
    await db.execute(
      sql`delete from storefront_events where id = (select id from storefront_events order by id
            offset (${op.pick} % greatest((select count(*) from storefront_events), 1)) limit 1)`,
    );
  }
}

/** A query: shops subset, timezone, and either local days or an ISO instant range. */
const queryArb = fc.record({
  stores: fc.subarray([0, 1, 2], { minLength: 1 }),
  tz: fc.constantFrom(...ZONES),
  range: fc.oneof(
    fc.tuple(fc.constantFrom(...DAYS), fc.integer({ min: 0, max: 3 })).map(([d, n]) => {
      const to = new Date(Date.parse(`${d}T00:00:00Z`) + n * 24 * HOUR).toISOString().slice(0, 10);
      return { from: d, to };
    }),
    fc.tuple(anyInstant, fc.integer({ min: 1, max: 3 * 24 * 3600 })).map(([a, s]) => ({
      from: a.toISOString(),
      to: new Date(a.getTime() + s * 1000).toISOString(),
    })),
  ),
});

/** Rows where `analytics_days` differs from the sum of `analytics_buckets` over the same UTC day (should be none). */
async function daysDrift() {
  const cols = sql`paid_orders, paid_sales_cents, online_sales_cents, visitors, view_store, add_to_cart, reached_checkout, purchased`;
  const summed = sql`select store_id, date_trunc('day', bucket, 'UTC') as day, sum(paid_orders)::int as paid_orders,
      sum(paid_sales_cents)::bigint as paid_sales_cents, sum(online_sales_cents)::bigint as online_sales_cents,
      sum(visitors)::int as visitors, sum(view_store)::int as view_store, sum(add_to_cart)::int as add_to_cart,
      sum(reached_checkout)::int as reached_checkout, sum(purchased)::int as purchased
    from analytics_buckets group by 1, 2`;
  return rows(
    t.db,
    sql`(select store_id, day, ${cols} from analytics_days except select store_id, day, ${cols} from (${summed}) b)
        union all
        (select store_id, day, ${cols} from (${summed}) b except select store_id, day, ${cols} from analytics_days)`,
  );
}

async function assertSame(qy: { stores: number[]; tz: string; range: { from: string; to: string } }) {
  const ids = qy.stores.map((i) => storeIds[i]!);
  const w: AnalyticsWindow = await resolveWindow(t.db, qy.range.from, qy.range.to, qy.tz);
  expect(await dashboardFigures(t.db, ids, w)).toEqual(await rawDashboardFigures(t.db, ids, w));
  expect(await daysDrift()).toEqual([]);
  for (const kind of ['sales', 'orders', 'aov'] as SeriesKind[]) {
    expect(await series(t.db, ids, w, kind, orderFigures)).toEqual(await series(t.db, ids, w, kind, rawOrderFigures));
  }
}

describe('roll-ups equal raw scans', () => {
  it('for random writes, shops, ranges and timezones (incl. DST days, +05:30, +05:45, +12:45)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(opArb, { minLength: 1, maxLength: 4 }),
        fc.array(queryArb, { minLength: 1, maxLength: 3 }),
        async (ops, queries) => {
          for (const op of ops) await apply(op);
          for (const qy of queries) await assertSame(qy);
        },
      ),
      { numRuns: Number(process.env.FC_RUNS ?? 60) },
    );
  });

  it('per local hour on the Los Angeles DST days and in Kathmandu, Kolkata and Chatham', async () => {
    for (const tz of ['America/Los_Angeles', 'Asia/Kathmandu', 'Asia/Kolkata', 'Pacific/Chatham', 'Australia/Lord_Howe']) {
      for (const d of ['2024-03-10', '2024-11-03', '2024-04-07', '2024-10-06']) {
        await assertSame({ stores: [0, 1, 2], tz, range: { from: d, to: d } });
      }
    }
    const [n] = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from orders`);
    expect(n!.n).toBeGreaterThan(50);
  });
});

/** A pool of 12 connections to the test's PostgreSQL database (TEST_DATABASE_URL with this file's database). */
async function racerPool(): Promise<pg.Pool> {
  const [d] = await rows<{ name: string }>(t.db, sql`select current_database() as name`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${d!.name}`;
  return new pg.Pool({ connectionString: url.toString(), max: 12 });
}

describe('racing writes', () => {
  it('lose no count: concurrent transactions on the same buckets and sessions', async () => {
    const owner = await makeUser(t.db);
    const s = (await makeStore(t.db, t.config, { ownerId: owner.id })).id;
    const base = Date.parse('2024-03-10T09:00:00Z');
    const N = 24;
    // On PostgreSQL the racers get their own pool of 12 connections (closed before the harness drops the database).
    const pool = t.database.kind === 'postgres' ? await racerPool() : null;
    const racers = pool ? (drizzle(pool) as unknown as Db) : t.db;
    await Promise.all(
      Array.from({ length: N }, (_, i) =>
        racers.transaction(async (tx) => {
          // Distinct order numbers (unique per store); the same three 15-minute buckets for all.
          await tx.execute(
            sql`insert into orders (store_id, order_number, order_name, grand_total_cents, financial_status, created_at)
                values (${s}::uuid, ${5000 + i}, ${`#${5000 + i}`}, ${100 + i}, 'paid', ${new Date(base + (i % 3) * 60_000).toISOString()}::timestamptz)`,
          );
          // Later-arriving earlier events move a session's first reach: every transaction touches the same sessions.
          await insertEvents(tx as never, s, [
            { session: `r${i % 4}`, type: 'view_store', at: new Date(base + (N - i) * 7 * 60_000) },
            { session: `r${i % 4}`, type: 'purchased', at: new Date(base + (N - i) * 11 * 60_000) },
            { session: 'shared', type: 'add_to_cart', at: new Date(base + i * 13 * 60_000) },
          ]);
          await tx.execute(sql`select pg_sleep(${(i % 5) / 200})`);
        }),
      ),
    );
    await pool?.end();
    const w = await resolveWindow(t.db, '2024-03-09', '2024-03-11', 'America/Los_Angeles');
    const fig = await dashboardFigures(t.db, [s], w);
    expect(fig).toEqual(await rawDashboardFigures(t.db, [s], w));
    expect(fig.totalOrders).toBe(N);
    expect(fig.funnel.map((f) => f.visits)).toEqual([4, 1, 0, 4]);
    expect(fig.visitors).toBe(5);
    // Every bucket with a count equals the raw count of its 15 minutes.
    const mismatch = await rows(
      t.db,
      sql`select b.bucket from analytics_buckets b
          where b.store_id = ${s}::uuid and b.paid_orders <> (select count(*) from orders o where o.store_id = b.store_id
            and o.financial_status = 'paid' and analytics_bucket(o.created_at) = b.bucket)`,
    );
    expect(mismatch).toEqual([]);
    expect(await daysDrift()).toEqual([]);
  });
});

describe('splitDays', () => {
  const d = (iso: string) => new Date(iso);
  it('takes the whole UTC days out of a window and leaves its edges to the buckets', () => {
    // 30 local days in Los Angeles (UTC−8 in November): 08:00Z to 08:00Z.
    expect(splitDays(d('2026-10-25T07:00:00Z'), d('2026-11-24T08:00:00Z'))).toEqual({
      days: [d('2026-10-26T00:00:00Z'), d('2026-11-24T00:00:00Z')],
      edges: [
        [d('2026-10-25T07:00:00Z'), d('2026-10-26T00:00:00Z')],
        [d('2026-11-24T00:00:00Z'), d('2026-11-24T08:00:00Z')],
      ],
    });
    // Exactly whole days: no edges.
    expect(splitDays(d('2026-11-01T00:00:00Z'), d('2026-11-03T00:00:00Z'))).toEqual({
      days: [d('2026-11-01T00:00:00Z'), d('2026-11-03T00:00:00Z')],
      edges: [],
    });
    // One local day never holds a whole UTC day unless the zone is UTC.
    expect(splitDays(d('2026-11-23T08:00:00Z'), d('2026-11-24T08:00:00Z'))).toBeNull();
  });
});
