import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test/harness.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('the app', () => {
  it('answers health with the database kind', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ ok: true, db: t.database.kind });
  });

  it('sends the JSON API the OWASP REST headers, and pages (the admin, the API docs UI) the page set', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers).toMatchObject({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
    });
    expect(api.headers['x-dns-prefetch-control']).toBeUndefined();
    const refused = await t.app.inject({ method: 'GET', url: '/api/users/me' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(String(docs.headers['content-security-policy'])).toContain("default-src 'self'");
    expect(docs.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('publishes an OpenAPI document generated from the zod contracts, with the spec paths', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(r.statusCode).toBe(200);
    const doc = r.json() as { openapi: string; paths: Record<string, unknown>; components: { schemas: Record<string, unknown> } };
    expect(doc.openapi).toMatch(/^3\./);
    const refs = [...new Set(r.body.match(/"\$ref":"[^"]+"/g) ?? [])].map((x) => x.slice(8, -1));
    const dangling = refs.filter((ref) => !(ref.replace('#/components/schemas/', '') in doc.components.schemas));
    expect(dangling).toEqual([]);
    for (const path of [
      '/api/auth/login',
      '/api/auth/refresh',
      '/api/users/me',
      '/api/stores',
      '/api/reports/total-sales',
      '/api/reports/total-orders',
      '/api/helpbase/public/customHTML',
      '/api/orders/count',
      '/api/products/import',
      '/api/analytics/dashboard',
      '/api/themes',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
  });

  it('answers an unknown API route with the one error shape', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(r.statusCode).toBe(404);
    expect(r.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', messages: ['Route GET /api/nope not found'] });
  });

  it('answers a protected route without a token with 401 and a message', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/stores' });
    expect(r.statusCode).toBe(401);
    expect(r.json().messages).toEqual(['Please sign in again']);
  });

  it('answers a malformed JSON body with 400, not 500', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().messages.length).toBeGreaterThan(0);
  });
});
