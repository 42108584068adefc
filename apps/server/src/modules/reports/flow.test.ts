import { addDaysToDate, localDate, type UtmRow } from '@backroom/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.js';
import { products, productVariants } from '../../db/schema/index.js';
import { createTestApp, login, makeStore, makeUser, type TestContext } from '../../test/harness.js';

// UTM captured from a landing URL through to the order (issue 17 item 1): the storefront's first event carries the
// landing attribution, the session keeps it (first touch), the order placed in that session carries it, and the
// session/order roll-ups count it. PGlite and PostgreSQL (TEST_DATABASE_URL).

let t: TestContext;
let host = '';
let storeId = '';
let variantId = '';
let headers: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const u = await makeUser(t.db);
  const s = await makeStore(t.db, t.config, { ownerId: u.id });
  storeId = s.id;
  headers = (await login(t.app, u.email, u.password, storeId)).headers;
  host = `${s.handle}.localhost:3000`;
  const [p] = await t.db.insert(products).values({ storeId, handle: 'tee', title: 'Tee' }).returning();
  const [v] = await t.db
    .insert(productVariants)
    .values({ storeId, productId: p!.id, priceCents: 2000, costCents: 800, inventoryQty: 100 })
    .returning();
  variantId = v!.id;
}, 120_000); // a fresh database and its migrations: allow a loaded machine twice the usual hook time
afterAll(() => t.close());

const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object, headers: { host } });

describe('first-touch attribution', () => {
  it('keeps the landing, referrer and UTM of the first event and gives them to the order', async () => {
    const visitorSessionId = 'utm-session-0001';
    let r = await post('/api/storefront/events', [
      {
        type: 'view_store',
        visitorSessionId,
        landingPath: '/products/tee?utm_source=TikTok&utm_campaign=spring-drop&ttclid=1',
        referrer: 'https://www.tiktok.com/',
        utm_source: 'TikTok',
        utm_campaign: 'spring-drop',
        ttclid: '1',
      },
    ]);
    expect(r.statusCode).toBe(200);
    // A later event with other attribution does not change the first touch.
    r = await post('/api/storefront/events', [
      { type: 'add_to_cart', visitorSessionId, landingPath: '/other', utm_source: 'facebook' },
      { type: 'reached_checkout', visitorSessionId },
    ]);
    expect(r.statusCode).toBe(200);
    const [s] = await rows<Record<string, unknown>>(
      t.db,
      sql`select landing_path, referrer_class, utm_source, utm_medium, utm_campaign, click_network, cart, checkout
          from visitor_sessions where store_id = ${storeId} and visitor_session_id = ${visitorSessionId}`,
    );
    expect(s).toEqual({
      landing_path: '/products/tee',
      referrer_class: 'social',
      utm_source: 'tiktok',
      utm_medium: 'paid',
      utm_campaign: 'spring-drop',
      click_network: 'tiktok',
      cart: true,
      checkout: true,
    });

    r = await post('/api/storefront/checkout', {
      lines: [{ variantId, quantity: 2 }],
      customer: { email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', address1: '1 Main', city: 'X', zip: '1', country: 'US' },
      visitorSessionId,
    });
    expect(r.statusCode, r.body).toBe(200);
    const [o] = await rows<Record<string, unknown>>(
      t.db,
      sql`select utm_source, utm_medium, utm_campaign, referrer_class, click_network, landing_path
          from orders where id = ${r.json().id}`,
    );
    expect(o).toMatchObject({
      utm_source: 'tiktok',
      utm_medium: 'paid',
      utm_campaign: 'spring-drop',
      referrer_class: 'social',
      click_network: 'tiktok',
    });

    const [sessions] = await rows<{ sessions: number; add_to_cart: number; reached_checkout: number }>(
      t.db,
      sql`select sum(sessions)::int as sessions, sum(add_to_cart)::int as add_to_cart, sum(reached_checkout)::int as reached_checkout
          from report_session_buckets where store_id = ${storeId} and utm_campaign = 'spring-drop'`,
    );
    expect(sessions).toEqual({ sessions: 1, add_to_cart: 1, reached_checkout: 1 });
    const [orders] = await rows<{ orders: number; gross: number }>(
      t.db,
      sql`select sum(orders)::int as orders, sum(gross_cents)::int as gross
          from report_order_buckets where store_id = ${storeId} and utm_source = 'tiktok' and utm_campaign = 'spring-drop'`,
    );
    expect(orders).toEqual({ orders: 1, gross: 4000 });
    const [lines] = await rows<{ quantity: number; cogs: number }>(
      t.db,
      sql`select sum(quantity)::int as quantity, sum(cogs_cents)::int as cogs from report_line_buckets
          where store_id = ${storeId} and variant_id = ${variantId}`,
    );
    expect(lines).toEqual({ quantity: 2, cogs: 1600 });
  });

  it('refuses attribution fields over their bounds with the field named', async () => {
    const r = await post('/api/storefront/events', [
      { type: 'view_store', visitorSessionId: 'utm-session-0002', utm_campaign: 'x'.repeat(1000) },
    ]);
    expect(r.statusCode).toBe(400);
    expect(r.json().messages.join(' ')).toContain('utm_campaign');
    const bad = await post('/api/storefront/events', [
      { type: 'view_store', visitorSessionId: 'utm-session-0002', landingPath: 'http://x' },
    ]);
    expect(bad.statusCode).toBe(400);
  });

  it('counts a session once however many batches it sends', async () => {
    for (let i = 0; i < 3; i++) {
      await post('/api/storefront/events', [
        { type: 'view_store', visitorSessionId: 'utm-session-0003', landingPath: '/', utm_source: 'newsletter', utm_medium: 'email' },
      ]);
    }
    const [n] = await rows<{ sessions: number }>(
      t.db,
      sql`select sum(sessions)::int as sessions from report_session_buckets where store_id = ${storeId} and utm_source = 'newsletter'`,
    );
    expect(n!.sessions).toBe(1);
    const [c] = await rows<{ referrer_class: string }>(
      t.db,
      sql`select referrer_class from visitor_sessions where visitor_session_id = 'utm-session-0003'`,
    );
    expect(c!.referrer_class).toBe('email');
  });

  it('answers the UTM report from the roll-ups, equal to SQL over sessions and orders', async () => {
    // One more TikTok session that does not buy, and a Facebook one.
    await post('/api/storefront/events', [
      { type: 'view_store', visitorSessionId: 'utm-session-0004', landingPath: '/', utm_source: 'tiktok', utm_campaign: 'spring-drop' },
      { type: 'view_store', visitorSessionId: 'utm-session-0005', landingPath: '/collections/all', fbclid: 'abc' },
    ]);
    const tz = 'America/Los_Angeles';
    const today = localDate(new Date(), tz);
    // From yesterday: a run crossing local midnight still sees every session.
    const range = new URLSearchParams({ fromTime: addDaysToDate(today, -1), toTime: today, stores: storeId, timezone: tz });
    for (const groupBy of ['source', 'medium', 'campaign', 'source_medium', 'landing_page']) {
      const r = await t.app.inject({ method: 'GET', url: `/api/reports/utm?${range}&groupBy=${groupBy}`, headers });
      expect(r.statusCode, r.body).toBe(200);
      const key = {
        source: `coalesce(utm_source, '')`,
        medium: `coalesce(utm_medium, '')`,
        campaign: `coalesce(utm_campaign, '')`,
        source_medium: `coalesce(utm_source, '') || ' / ' || coalesce(utm_medium, '')`,
        landing_page: `coalesce(landing_path, '')`,
      }[groupBy]!;
      const direct = await rows<{ key: string; sessions: number; cart: number; checkout: number; orders: number; sales: number }>(
        t.db,
        sql`select key, sum(sessions)::int as sessions, sum(cart)::int as cart, sum(checkout)::int as checkout,
                   sum(orders)::int as orders, sum(sales)::int as sales from (
              select ${sql.raw(key)} as key, 1 as sessions, cart::int as cart, checkout::int as checkout, 0 as orders, 0 as sales
                from visitor_sessions where store_id = ${storeId}
              union all
              select ${sql.raw(key)}, 0, 0, 0, 1, grand_total_cents - refunded_cents from orders where store_id = ${storeId}
            ) x group by 1 order by 1`,
      );
      const got = r
        .json()
        .rows.map((x: UtmRow) => ({
          key: x.key,
          sessions: x.sessions,
          cart: x.add_to_cart,
          checkout: x.reached_checkout,
          orders: x.orders,
          sales: Math.round(x.sales * 100),
        }))
        .sort((a: { key: string }, b: { key: string }) => a.key.localeCompare(b.key));
      expect(got, groupBy).toEqual(direct);
    }
    const bySource = (await t.app.inject({ method: 'GET', url: `/api/reports/utm?${range}&groupBy=source`, headers })).json();
    const tiktok = bySource.rows.find((x: { key: string }) => x.key === 'tiktok');
    expect(tiktok).toMatchObject({ sessions: 2, orders: 1, sales: 40, conversion_rate: 50, aov: 40 });
    expect(bySource.rows.find((x: { key: string }) => x.key === 'facebook')).toMatchObject({ sessions: 1, orders: 0 });
  });
});
