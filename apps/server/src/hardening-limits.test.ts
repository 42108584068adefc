import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { isProxyEntry, loadConfig, testConfig } from './config.js';
import { authEvents, products, productVariants } from './db/schema/index.js';
import { CHECKOUT_LIMIT_PER_SHOP } from './modules/storefront/index.js';
import { createTestApp, freshDatabase, makeStore, makeUser, type TestContext } from './test/harness.js';

/**
 * Regression tests of the "Medium — X-Forwarded-For trusted from any client" and "Low — secrets in logs"
 * findings (issue 14 item 5).
 */
const loginAs = (t: TestContext, i: number, forwardedFor?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: `nobody${i}@example.test`, password: 'wrong-password' },
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    remoteAddress: '198.51.100.7',
  });

describe('X-Forwarded-For without TRUST_PROXY', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('does not let a client rotate X-Forwarded-For past the per-IP sign-in limit', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) codes.push((await loginAs(t, i, `203.0.113.${i}`)).statusCode);
    expect(codes.slice(0, 20).every((c) => c === 401)).toBe(true);
    expect(codes[20]).toBe(429);
  }, 60_000);

  it('records the socket address, not a forged one, in the security history', async () => {
    const u = await makeUser(t.db);
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: u.email, password: u.password },
      headers: { 'x-forwarded-for': '1.2.3.4' },
      remoteAddress: '198.51.100.99',
    });
    expect(r.statusCode).toBe(200);
    const events = await t.db.select({ ip: authEvents.ip }).from(authEvents).where(sql`${authEvents.userId} = ${u.id}`);
    expect(events.map((e) => e.ip)).toContain('198.51.100.99');
    expect(events.map((e) => e.ip)).not.toContain('1.2.3.4');
  });

  it('bounds test-mode checkouts per shop, whatever the IPs', async () => {
    const owner = await makeUser(t.db);
    const shop = await makeStore(t.db, t.config, { ownerId: owner.id });
    const [p] = await t.db.insert(products).values({ storeId: shop.id, handle: 'tee', title: 'Tee', published: true }).returning();
    const [v] = await t.db
      .insert(productVariants)
      .values({ storeId: shop.id, productId: p!.id, position: 1, option1: 'S', priceCents: 1250, inventoryQty: 1000 })
      .returning();
    const customer = { email: 'a@example.test', firstName: 'A', lastName: 'B', address1: '1 St', city: 'X', zip: '1', country: 'US' };
    const codes: number[] = [];
    for (let i = 0; i <= CHECKOUT_LIMIT_PER_SHOP.points; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/storefront/checkout',
        headers: { host: `${shop.handle}.${t.config.storefrontSuffix}` },
        payload: { lines: [{ variantId: v!.id, quantity: 1 }], customer, visitorSessionId: `v-${i}-shop` },
        remoteAddress: `10.77.${Math.floor(i / 200)}.${i % 200}`,
      });
      codes.push(r.statusCode);
    }
    expect(codes.slice(0, CHECKOUT_LIMIT_PER_SHOP.points).every((c) => c === 200)).toBe(true);
    expect(codes[CHECKOUT_LIMIT_PER_SHOP.points]).toBe(429);
  }, 60_000);
});

describe('TRUST_PROXY', () => {
  it('believes X-Forwarded-For only from the configured proxies', async () => {
    const t = await createTestApp({ trustProxy: ['198.51.100.0/24'] });
    try {
      const u = await makeUser(t.db);
      const signIn = (remoteAddress: string, forwarded: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: u.email, password: u.password },
          headers: { 'x-forwarded-for': forwarded },
          remoteAddress,
        });
      expect((await signIn('198.51.100.7', '203.0.113.5')).statusCode).toBe(200);
      expect((await signIn('192.0.2.1', '203.0.113.6')).statusCode).toBe(200);
      const events = await t.db.select({ ip: authEvents.ip }).from(authEvents).where(sql`${authEvents.userId} = ${u.id}`);
      expect(events.map((e) => e.ip).sort()).toEqual(['192.0.2.1', '203.0.113.5']);
    } finally {
      await t.close();
    }
  }, 60_000);

  it('reads a comma-separated list of addresses, CIDRs and keywords, and refuses anything else', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8,::1,loopback' }, { persistSecret: false }).trustProxy).toEqual([
      '10.0.0.1',
      '10.0.0.0/8',
      '::1',
      'loopback',
    ]);
    expect(loadConfig({}, { persistSecret: false }).trustProxy).toEqual([]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' }, { persistSecret: false })).toThrow(/TRUST_PROXY/);
    expect(isProxyEntry('10.0.0.0/33')).toBe(false);
    expect(isProxyEntry('fd00::/8')).toBe(true);
  });
});

describe('secrets in logs', () => {
  it('logs a failed query without its parameters or the values PostgreSQL quotes', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, cb) {
        lines.push(String(chunk));
        cb();
      },
    });
    const database = await freshDatabase();
    const app = await buildApp({ config: testConfig(), database, logger: { level: 'info', stream }, adminDist: '/nonexistent' });
    const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g';
    // A value PostgreSQL cannot take (22P02, and it quotes the value in its message): 400 since issue 29 item 3.
    app.get('/bad-value', { schema: { hide: true } }, async () => {
      await app.db.execute(sql`select ${hash}::text, ${'shopper@example.test'}::int`);
      return {};
    });
    // A query that fails for the server's own reason (undefined table, 42P01): 500, logged as unhandled.
    app.get('/boom', { schema: { hide: true } }, async () => {
      await app.db.execute(sql`select ${hash}::text from no_such_table where x = ${'shopper@example.test'}`);
      return {};
    });
    await app.ready();
    try {
      const bad = await app.inject({ method: 'GET', url: '/bad-value?token=secret-order-token' });
      expect(bad.statusCode).toBe(400);
      const boom = await app.inject({ method: 'GET', url: '/boom?token=secret-order-token' });
      expect(boom.statusCode).toBe(500);
      const log = lines.join('');
      expect(log).toContain('database refused a value');
      expect(log).toContain('22P02'); // the SQLSTATE stays: invalid text representation
      expect(log).toContain('unhandled error');
      expect(log).toContain('42P01');
      expect(log).not.toContain('argon2id');
      expect(log).not.toContain('shopper@example.test');
      expect(log).not.toContain('secret-order-token');
    } finally {
      await app.close();
      await database.close();
    }
  }, 60_000);
});
