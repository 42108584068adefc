import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, makeStore, makeUser, type TestContext } from '../test/harness.js';
import { registeredRoutes } from './guard.js';

/**
 * Authenticated answers are not cacheable (issue 29 item 8): every answer to a request with an Authorization header —
 * every guarded route's data — carries `Cache-Control: no-store`, and so do the sign-in answers that carry tokens.
 * Public answers are left alone. PGlite and PostgreSQL.
 */
let t: TestContext;
let headers: Record<string, string>;
let u: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  t = await createTestApp();
  u = await makeUser(t.db);
  const s = await makeStore(t.db, t.config, { ownerId: u.id });
  headers = (await login(t.app, u.email, u.password, s.id)).headers;
}, 60_000);
afterAll(async () => t?.close());

describe('Cache-Control: no-store', () => {
  it('GET /api/users/me', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/users/me', headers });
    expect(r.statusCode).toBe(200);
    expect(r.headers['cache-control']).toBe('no-store');
  });

  it('every guarded GET route without path parameters, whatever its status', async () => {
    // The live event stream never ends an answer (it sets its own no-store, modules/live).
    const routes = registeredRoutes(t.app).filter(
      (r) => r.method === 'GET' && r.guard && !r.url.includes(':') && !r.url.includes('*') && r.url !== '/api/live/stream',
    );
    expect(routes.length).toBeGreaterThan(50);
    const missing: string[] = [];
    for (const route of routes) {
      const r = await t.app.inject({ method: 'GET', url: route.url, headers });
      if (r.headers['content-type']?.toString().startsWith('application/json') && r.headers['cache-control'] !== 'no-store') {
        missing.push(`${route.url} ${r.statusCode} ${r.headers['cache-control']}`);
      }
    }
    expect(missing).toEqual([]);
  }, 120_000);

  it('an authenticated write and an authenticated error', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { ...headers, authorization: 'Bearer nope' } });
    expect(bad.statusCode).toBe(401);
    expect(bad.headers['cache-control']).toBe('no-store');
    const w = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers, payload: {} });
    expect(w.statusCode).toBe(200);
    expect(w.headers['cache-control']).toBe('no-store');
  });

  it('the sign-in and token renewal answers, which carry tokens', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: u.email, password: u.password } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['cache-control']).toBe('no-store');
    const f = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken: r.json().refreshToken } });
    expect(f.statusCode).toBe(200);
    expect(f.headers['cache-control']).toBe('no-store');
  });

  it('leaves a public answer alone', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['cache-control']).toBeUndefined();
  });
});
