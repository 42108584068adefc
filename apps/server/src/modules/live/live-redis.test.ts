import type { AddressInfo } from 'node:net';
import { LiveSummary } from '@backroom/contracts';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { rows, sql } from '../../db/client.js';
import type { App } from '../../lib/types.js';
import { createTestApp, login, makeStore, makeUser, type TestContext } from '../../test/harness.js';

/**
 * Live view through Redis pub/sub (issue 17 item 5: "Redis pub/sub when REDIS_URL is set, so it works with several
 * server copies"): two copies of the app on one database and one Redis (REDIS_TEST_URL, default
 * redis://127.0.0.1:6379; skipped with a printed reason without one). With REDIS_URL the copies do not LISTEN to
 * PostgreSQL, so an update reaching the other copy came through Redis. PGlite and PostgreSQL.
 */
const REDIS = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';
const prefix = `test-live-${process.pid}-${Date.now()}:`;
let up = false;
let t: TestContext;
let second: App;
let base2 = '';
let shopA: { id: string; handle: string };
let shopB: { id: string; handle: string };
let ownerA: Record<string, string>;
let ownerB: Record<string, string>;
let spy: Redis;
const heard: string[] = [];

beforeAll(async () => {
  const probe = new Redis(REDIS, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000, retryStrategy: () => null });
  up = await probe
    .connect()
    .then(() => probe.ping())
    .then(() => true)
    .catch(() => false);
  probe.disconnect();
  if (!up) return;
  t = await createTestApp({ redisUrl: REDIS, redisKeyPrefix: prefix });
  second = await buildApp({ config: t.config, database: t.database, logger: false, adminDist: '/nonexistent' });
  await second.ready();
  await second.listen({ port: 0, host: '127.0.0.1' });
  base2 = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
  const a = await makeUser(t.db);
  const b = await makeUser(t.db);
  shopA = await makeStore(t.db, t.config, { ownerId: a.id });
  shopB = await makeStore(t.db, t.config, { ownerId: b.id });
  ownerA = (await login(t.app, a.email, a.password, shopA.id)).headers;
  ownerB = (await login(t.app, b.email, b.password, shopB.id)).headers;
  spy = new Redis(REDIS);
  await spy.subscribe(`${prefix}live`);
  spy.on('message', (_ch: string, m: string) => heard.push(m));
}, 120_000);

afterAll(async () => {
  if (!up) return;
  spy.disconnect();
  await second.close();
  await t.close();
});

/** An SSE stream of the SECOND copy: `next(n)` waits for the n-th summary (at most `ms`), `received` holds them. */
async function openStream(headers: Record<string, string>) {
  const ctrl = new AbortController();
  const res = await fetch(`${base2}/api/live/stream`, { headers, signal: ctrl.signal });
  expect(res.status).toBe(200);
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  const received: { at: number; summary: LiveSummary }[] = [];
  let buffer = '';
  const reading = (async () => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const data = /^data: (.*)$/m.exec(buffer.slice(0, end))?.[1];
        buffer = buffer.slice(end + 2);
        if (data) received.push({ at: Date.now(), summary: LiveSummary.parse(JSON.parse(data)) });
        continue;
      }
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
    }
  })().catch(() => {});
  const next = async (n: number, ms = 2000) => {
    const until = Date.now() + ms;
    while (received.length < n && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    return received[n - 1];
  };
  const close = () => {
    ctrl.abort();
    return reading;
  };
  return { received, next, close };
}

/** Storefront events posted to the FIRST copy on the shop's host. */
async function shopperEvent(handle: string, visitorSessionId: string) {
  const r = await t.app.inject({
    method: 'POST',
    url: '/api/storefront/events',
    headers: { host: `${handle}.${t.config.storefrontSuffix}` },
    payload: [{ type: 'view_store', visitorSessionId }],
  });
  expect(r.statusCode, r.body).toBe(200);
}

describe('live view across server copies through Redis (REDIS_URL)', () => {
  it("a storefront event on one copy reaches the other copy's stream of that shop within 2 s, never another shop's", async (ctx) => {
    if (!up) {
      console.log(`live-redis.test.ts: not checked, no Redis answers at ${REDIS} (set REDIS_TEST_URL)`);
      ctx.skip();
    }
    const a = await openStream(ownerA);
    const b = await openStream(ownerB);
    const firstA = (await a.next(1))!;
    await b.next(1);

    const sent = Date.now();
    await shopperEvent(shopA.handle, 'redis-visitor-a1');
    const movedA = await a.next(2);
    expect(movedA, 'shop A stream on the second copy moved').toBeDefined();
    expect(movedA!.at - sent).toBeLessThan(2000);
    expect(movedA!.summary.visitorsNow).toBe(firstA.summary.visitorsNow + 1);
    expect(heard).toContain(shopA.id);
    // Shop B's stream heard nothing of shop A's event.
    await new Promise((r) => setTimeout(r, 500));
    expect(b.received).toHaveLength(1);

    // An order of shop B (the shop event its module raises after the commit) moves B's stream only.
    const [o] = await rows<{ id: string }>(
      t.db,
      // Total sales are gross (the subtotal) − discounts − returns + shipping + taxes (modules/metrics, issue 30).
      sql`insert into orders (store_id, order_number, order_name, subtotal_cents, grand_total_cents, financial_status)
          values (${shopB.id}::uuid, 1001, '#1001', 1250, 1250, 'paid') returning id`,
    );
    t.app.shopEvents.emit({ type: 'order.created', storeId: shopB.id, orderId: o!.id });
    const movedB = await b.next(2);
    expect(movedB, 'shop B stream on the second copy moved').toBeDefined();
    expect(movedB!.summary).toMatchObject({ ordersToday: 1, totalSalesToday: 12.5 });
    await new Promise((r) => setTimeout(r, 500));
    expect(a.received).toHaveLength(2);
    expect(heard.filter((x) => x === shopB.id)).toHaveLength(1);
    await a.close();
    await b.close();
  });
});
