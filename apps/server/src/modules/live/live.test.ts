import type { AddressInfo } from 'node:net';
import { LIVE_TOP_LIST_SIZE, LiveSummary } from '@backroom/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.js';
import { orders, stores } from '../../db/schema/index.js';
import { addMember, createTestApp, login, makeStore, makeUser, type TestContext } from '../../test/harness.js';

let t: TestContext;
let base: string;
let shopA: { id: string; handle: string };
let shopB: { id: string; handle: string };
let ownerA: { headers: Record<string, string> };
let ownerB: { headers: Record<string, string> };
let staffA: { headers: Record<string, string> };

beforeAll(async () => {
  t = await createTestApp();
  const a = await makeUser(t.db);
  const b = await makeUser(t.db);
  const s = await makeUser(t.db);
  shopA = await makeStore(t.db, t.config, { ownerId: a.id, timezone: 'Europe/Paris' });
  shopB = await makeStore(t.db, t.config, { ownerId: b.id });
  await t.db.update(stores).set({ currency: 'EUR' }).where(eq(stores.id, shopB.id));
  await addMember(t.db, shopA.id, s.id, ['orders']);
  ownerA = await login(t.app, a.email, a.password, shopA.id);
  ownerB = await login(t.app, b.email, b.password, shopB.id);
  staffA = await login(t.app, s.email, s.password, shopA.id);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

/** Posts storefront events on a shop's host (a real HTTP request, so the commit's NOTIFY is what the stream hears). */
async function shopperEvents(
  handle: string,
  events: ({ type: string; visitorSessionId: string; occurredAt?: string } & Record<string, string>)[],
) {
  const r = await t.app.inject({
    method: 'POST',
    url: '/api/storefront/events',
    headers: { host: `${handle}.${t.config.storefrontSuffix}` },
    payload: events,
  });
  expect(r.statusCode, r.body).toBe(200);
}

/** An open SSE stream: `next()` resolves with the next `summary` event (parsed by the contract). */
async function openStream(headers: Record<string, string>) {
  const ctrl = new AbortController();
  const res = await fetch(`${base}/api/live/stream`, { headers, signal: ctrl.signal });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const received: { id: string; summary: LiveSummary }[] = [];
  const pull = async () => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (data) received.push({ id: /^id: (.*)$/m.exec(block)![1]!, summary: LiveSummary.parse(JSON.parse(data)) });
        continue;
      }
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
    }
  };
  const reading = pull().catch(() => {});
  const next = async (count: number) => {
    while (received.length < count) await new Promise((r) => setTimeout(r, 20));
    return received[count - 1]!;
  };
  const close = () => {
    ctrl.abort();
    return reading;
  };
  return { received, next, close };
}

describe('GET /api/live/summary (issue 17 item 5)', () => {
  it('counts visitors of the last 5 minutes, carts and checkouts in progress and today in the shop timezone', async () => {
    const ago = (min: number) => new Date(Date.now() - min * 60_000).toISOString();
    await shopperEvents(shopA.handle, [
      { type: 'view_store', visitorSessionId: 'live-visitor-1' },
      { type: 'add_to_cart', visitorSessionId: 'live-visitor-1' },
      { type: 'view_store', visitorSessionId: 'live-visitor-2', occurredAt: ago(2) },
      { type: 'add_to_cart', visitorSessionId: 'live-visitor-2', occurredAt: ago(2) },
      { type: 'reached_checkout', visitorSessionId: 'live-visitor-2', occurredAt: ago(1) },
      { type: 'view_store', visitorSessionId: 'live-visitor-3', occurredAt: ago(8) },
      { type: 'add_to_cart', visitorSessionId: 'live-visitor-3', occurredAt: ago(8) },
    ]);
    await t.db.insert(orders).values({
      storeId: shopA.id,
      orderNumber: 1001,
      orderName: '#1001',
      subtotalCents: 4250,
      grandTotalCents: 4250,
      financialStatus: 'paid',
      customerInfo: [
        { full_name: 'Ann', email: 'ann@example.test', address: { address1: '1 rue', city: 'Paris', zip: '75001', country: 'FR' } },
      ],
    });
    const r = await t.app.inject({ method: 'GET', url: '/api/live/summary', headers: ownerA.headers });
    expect(r.statusCode).toBe(200);
    const s = LiveSummary.parse(r.json());
    expect(s).toMatchObject({
      timezone: 'Europe/Paris',
      visitorsNow: 2,
      activeCarts: 2,
      checkingOut: 1,
      purchased: 0,
      ordersToday: 1,
      totalSalesToday: 42.5,
      currency: 'USD',
      // Countries by name (modules/metrics countryName, issue 30): 'FR' reads 'France'.
      topCountries: [{ label: 'France', count: 1 }],
    });
    expect(s.sessionsToday).toBeGreaterThanOrEqual(2);
    const b = LiveSummary.parse((await t.app.inject({ method: 'GET', url: '/api/live/summary', headers: ownerB.headers })).json());
    expect(b).toMatchObject({ currency: 'EUR', visitorsNow: 0, ordersToday: 0, activeCarts: 0, topCountries: [] });
  });

  it("lists today's top landing pages and sources (UTM source, else the referrer class) of this shop only", async () => {
    // A session that started yesterday (written directly: the events route takes only the last 24 hours).
    await t.db.execute(
      sql`insert into storefront_events (store_id, visitor_session_id, type, occurred_at, landing_path, utm_source, referrer_class)
          values (${shopA.id}::uuid, 'live-top-5', 'view_store', now() - interval '30 hours', '/products/old', 'facebook', 'other')`,
    );
    await shopperEvents(shopA.handle, [
      { type: 'view_store', visitorSessionId: 'live-top-1', landingPath: '/products/tee?utm_source=TikTok', utm_source: 'TikTok' },
      { type: 'view_store', visitorSessionId: 'live-top-2', landingPath: '/products/tee', ttclid: 'x1' },
      { type: 'view_store', visitorSessionId: 'live-top-3', landingPath: '/collections/sale', referrer: 'https://www.google.com/' },
      { type: 'view_store', visitorSessionId: 'live-top-4', landingPath: '/', utm_source: 'newsletter', utm_medium: 'email' },
      // Started yesterday: not one of today's sessions, even though it is active now.
      { type: 'add_to_cart', visitorSessionId: 'live-top-5' },
    ]);
    await shopperEvents(shopB.handle, [
      { type: 'view_store', visitorSessionId: 'live-top-b', landingPath: '/products/tee', utm_source: 'tiktok' },
    ]);
    const s = LiveSummary.parse((await t.app.inject({ method: 'GET', url: '/api/live/summary', headers: ownerA.headers })).json());
    expect(s.topLandingPages).toEqual([
      { label: '/products/tee', count: 2 },
      { label: '/', count: 1 },
      { label: '/collections/sale', count: 1 },
    ]);
    // Sessions of the first test carry no attribution: they count as direct.
    expect(s.topSources.find((x) => x.label === 'tiktok')).toEqual({ label: 'tiktok', count: 2 });
    expect(s.topSources.find((x) => x.label === 'search')).toEqual({ label: 'search', count: 1 });
    expect(s.topSources.find((x) => x.label === 'newsletter')).toEqual({ label: 'newsletter', count: 1 });
    expect(s.topSources.find((x) => x.label === 'facebook')).toBeUndefined();
    expect(s.topSources.map((x) => x.count)).toEqual([...s.topSources.map((x) => x.count)].sort((a, b) => b - a));
    const b = LiveSummary.parse((await t.app.inject({ method: 'GET', url: '/api/live/summary', headers: ownerB.headers })).json());
    expect(b.topLandingPages).toEqual([{ label: '/products/tee', count: 1 }]);
    expect(b.topSources.find((x) => x.label === 'tiktok')).toEqual({ label: 'tiktok', count: 1 });
  });

  it("reads today's top lists from the day counters, equal to SQL over the sessions, also after a timezone change", async () => {
    /** Today's top landing pages and sources straight from visitor_sessions, in `tz`. */
    const direct = async (tz: string) => {
      const q = (col: string, where = 'true') =>
        rows<{ label: string; count: number }>(
          t.db,
          sql`select ${sql.raw(col)} as label, count(*)::int as count from visitor_sessions
               where store_id = ${shopA.id}::uuid and ${sql.raw(where)}
                 and started_at >= (date_trunc('day', now() at time zone ${tz}) at time zone ${tz})
               group by 1 order by 2 desc, 1 limit ${LIVE_TOP_LIST_SIZE}`,
        );
      return {
        topLandingPages: await q('landing_path', 'landing_path is not null'),
        topSources: await q('coalesce(utm_source, referrer_class)'),
      };
    };
    const summary = async () =>
      LiveSummary.parse((await t.app.inject({ method: 'GET', url: '/api/live/summary', headers: ownerA.headers })).json());
    expect(await summary()).toMatchObject(await direct('Europe/Paris'));
    await t.db.execute(sql`update store_preferences set standard_timezone = 'Pacific/Kiritimati' where store_id = ${shopA.id}::uuid`);
    try {
      await shopperEvents(shopA.handle, [
        { type: 'view_store', visitorSessionId: 'live-tz-1', landingPath: '/pages/about', utm_source: 'tiktok' },
      ]);
      const s = await summary();
      expect(s.timezone).toBe('Pacific/Kiritimati');
      expect(s).toMatchObject(await direct('Pacific/Kiritimati'));
    } finally {
      await t.db.execute(sql`update store_preferences set standard_timezone = 'Europe/Paris' where store_id = ${shopA.id}::uuid`);
    }
    expect(await summary()).toMatchObject(await direct('Europe/Paris'));
  });

  it('refuses a member without live_view (403) and a foreign shop (404)', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/live/summary', headers: staffA.headers });
    expect(r.statusCode).toBe(403);
    const foreign = await t.app.inject({ method: 'GET', url: '/api/live/summary', headers: { ...ownerA.headers, 'x-store-id': shopB.id } });
    expect(foreign.statusCode).toBe(404);
    expect((await fetch(`${base}/api/live/stream`, { headers: staffA.headers })).status).toBe(403);
    const bad = await t.app.inject({ method: 'GET', url: '/api/live/stream?lastEventId=x', headers: ownerA.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages).toEqual(['querystring.lastEventId: must be the id of an earlier event']);
    expect((await fetch(`${base}/api/live/stream`, { headers: { ...ownerB.headers, 'x-store-id': shopA.id } })).status).toBe(404);
  });
});

describe('GET /api/live/stream (issue 17 item 5)', () => {
  it("pushes a fresh summary after a storefront event of the shop, and nothing of another shop's", async () => {
    const a = await openStream(ownerA.headers);
    const b = await openStream(ownerB.headers);
    const firstA = await a.next(1);
    const firstB = await b.next(1);
    // Shop B's shopper: B's stream moves; A's stream receives nothing from that notice.
    await shopperEvents(shopB.handle, [{ type: 'view_store', visitorSessionId: 'live-visitor-b1' }]);
    const movedB = await b.next(2);
    expect(movedB.summary.visitorsNow).toBe(firstB.summary.visitorsNow + 1);
    expect(a.received).toHaveLength(1);
    // Shop A's shopper: A's stream moves.
    await shopperEvents(shopA.handle, [{ type: 'view_store', visitorSessionId: 'live-visitor-a9' }]);
    const movedA = await a.next(2);
    expect(movedA.summary.visitorsNow).toBe(firstA.summary.visitorsNow + 1);
    expect(Number(movedA.id)).toBeGreaterThan(Number(firstA.id));
    expect(b.received).toHaveLength(2);
    expect(a.received.map((e) => e.summary.currency)).toEqual(['USD', 'USD']);
    expect(b.received.map((e) => e.summary.currency)).toEqual(['EUR', 'EUR']);
    await a.close();
    await b.close();
  });

  it('a reconnect with Last-Event-ID gets the current summary at once', async () => {
    const s = await openStream({ ...ownerA.headers, 'last-event-id': '12345' });
    const first = await s.next(1);
    expect(first.summary.visitorsNow).toBeGreaterThanOrEqual(3);
    expect(Number(first.id)).toBeGreaterThan(12345);
    await s.close();
  });
});
