import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { verifyAccessToken } from './lib/tokens.js';
import { createTestApp, login, makeStore, makeUser, type TestContext } from './test/harness.js';

/**
 * Regression tests of the "Low" findings of the hostile probe (issue 14 item 5): malformed input answered 500,
 * router errors without `messages`, the refresh limit answering 500, tokens without `exp`, the partner key.
 * Each answer must be a 4xx with a non-empty `messages` array.
 */
let t: TestContext;
let headers: Record<string, string>;
let host: string;
beforeAll(async () => {
  t = await createTestApp();
  const owner = await makeUser(t.db);
  const store = await makeStore(t.db, t.config, { ownerId: owner.id });
  host = `${store.handle}.${t.config.storefrontSuffix}`;
  headers = (await login(t.app, owner.email, owner.password, store.id)).headers;
});
afterAll(async () => t.close());

const expect4xx = (r: { statusCode: number; json(): unknown; body: string }, status?: number) => {
  if (status) expect(r.statusCode, r.body.slice(0, 300)).toBe(status);
  expect(r.statusCode, r.body.slice(0, 300)).toBeGreaterThanOrEqual(400);
  expect(r.statusCode, r.body.slice(0, 300)).toBeLessThan(500);
  const body = r.json() as { messages?: unknown };
  expect(Array.isArray(body.messages), r.body.slice(0, 300)).toBe(true);
  expect((body.messages as string[]).length).toBeGreaterThan(0);
  for (const m of body.messages as unknown[]) expect(typeof m).toBe('string');
};

describe('NUL bytes in strings', () => {
  it('answers 400 to a NUL in a storefront path parameter (unauthenticated)', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/storefront/products/%00', headers: { host } });
    expect4xx(r, 400);
  });

  it('answers 400 to a NUL in a query string and in a JSON body', async () => {
    expect4xx(await t.app.inject({ method: 'GET', url: '/api/products?search=a%00b', headers }), 400);
    expect4xx(
      await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a\u0000@x.test', password: 'x\u0000yyyy' } }),
      400,
    );
    expect4xx(await t.app.inject({ method: 'PUT', url: '/api/users', headers, payload: { firstName: 'A\u0000', lastName: 'B' } }), 400);
  });
});

describe('impossible and out-of-range dates on every report and analytics route', () => {
  const routes = [
    '/api/reports/total-sales',
    '/api/reports/total-orders',
    '/api/analytics/total-sales',
    '/api/analytics/total-orders',
    '/api/analytics/aov',
    '/api/analytics/dashboard',
    '/api/analytics/paid-orders',
    '/api/analytics/paid-orders/count',
  ];
  const bad = ['2020-02-31', '0000-01-01', '2021-13-01', '275760-09-14', '-275760-01-01', '+275760-09-13T00:00:00.001Z'];
  for (const url of routes) {
    it(`${url} answers 400 with messages`, async () => {
      for (const v of bad) {
        const q = new URLSearchParams({ fromTime: v, toTime: '2024-01-01', stores: headers['x-store-id']!, timezone: 'UTC' });
        const r = await t.app.inject({ method: 'GET', url: `${url}?${q}`, headers });
        expect4xx(r, 400);
        const q2 = new URLSearchParams({ fromTime: '2024-01-01', toTime: v, stores: headers['x-store-id']!, timezone: 'UTC' });
        expect4xx(await t.app.inject({ method: 'GET', url: `${url}?${q2}`, headers }), 400);
      }
    });
  }

  it('still accepts a leap day and ISO instants', async () => {
    const q = new URLSearchParams({ fromTime: '2024-02-29', toTime: '2024-03-01', stores: headers['x-store-id']!, timezone: 'UTC' });
    const r = await t.app.inject({ method: 'GET', url: `/api/reports/total-sales?${q}`, headers });
    expect(r.statusCode, r.body).toBe(200);
    const q2 = new URLSearchParams({
      fromTime: '2024-02-29T10:00:00Z',
      toTime: '2024-03-01T00:00:00.000+01:00',
      stores: headers['x-store-id']!,
      timezone: 'UTC',
    });
    const r2 = await t.app.inject({ method: 'GET', url: `/api/analytics/dashboard?${q2}`, headers });
    expect(r2.statusCode, r2.body).toBe(200);
  });
});

describe('malformed multipart', () => {
  for (const url of ['/api/products/import', '/api/users/profile-picture']) {
    it(`${url} answers 400 to a missing or wrong boundary`, async () => {
      const body = '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nHandle\r\nx\r\n--XYZ--\r\n';
      for (const ct of ['multipart/form-data', 'multipart/form-data; boundary=', 'multipart/form-data; boundary=ABC']) {
        const r = await t.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': ct }, payload: body });
        expect4xx(r, 400);
      }
      const truncated = '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nHandle\r\nx';
      const r = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...headers, 'content-type': 'multipart/form-data; boundary=XYZ' },
        payload: truncated,
      });
      expect4xx(r);
    });
  }
});

describe('router errors and limits answer the error shape', () => {
  it('answers 400 with messages to a bad URL encoding', async () => {
    expect4xx(await t.app.inject({ method: 'GET', url: '/api/storefront/products/%E0%A4%A', headers: { host } }), 400);
    expect4xx(await t.app.inject({ method: 'GET', url: '/api/users/update-store-staff/%zz', headers }));
  });

  it('answers 414 with messages to an over-long path parameter', async () => {
    const r = await t.app.inject({ method: 'GET', url: `/api/storefront/products/${'a'.repeat(200_000)}`, headers: { host } });
    expect4xx(r, 414);
  });

  it('answers the refresh limit with 429 and messages, not 500', async () => {
    let last: Awaited<ReturnType<typeof t.app.inject>> | undefined;
    for (let i = 0; i < 62; i++) {
      last = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: 'x.y.z' } });
      if (last.statusCode === 429 || last.statusCode >= 500) break;
    }
    expect4xx(last!, 429);
    expect(last!.json().messages[0]).toMatch(/^Too many token renewals, please try again in \d+ seconds$/);
  });
});

describe('tokens and settings', () => {
  it('refuses an access token without exp, even signed with the real secret', async () => {
    const token = await new SignJWT({ sid: '00000000-0000-4000-8000-000000000000', email: 'a@b.c' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('00000000-0000-4000-8000-000000000001')
      .setIssuedAt()
      .sign(t.config.jwtSecret);
    expect(await verifyAccessToken(t.config.jwtSecret, token)).toBeNull();
  });

  it('refuses to start in production without REGISTER_PARTNER_KEY, naming it', () => {
    const env = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/backroom-cfg-test' };
    expect(() => loadConfig(env, { persistSecret: false })).toThrow(/REGISTER_PARTNER_KEY/);
    expect(loadConfig({ ...env, REGISTER_PARTNER_KEY: 'k'.repeat(24) }, { persistSecret: false }).registerPartnerKey).toBe('k'.repeat(24));
    expect(loadConfig({ NODE_ENV: 'development' }, { persistSecret: false }).registerPartnerKey).toBe('partner-demo-key');
  });
});
