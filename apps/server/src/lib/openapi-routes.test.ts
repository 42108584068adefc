import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, makeStore, makeUser, type TestContext } from '../test/harness.js';
import { registeredRoutes } from './guard.js';

/**
 * Issue 29 item 6: the OpenAPI document (`/api/docs/json`) lists EVERY `/api` route registered on the app — the
 * collection routes registered with a trailing slash (`GET/POST /api/stores/onlinestore/pages/`, menus, domains,
 * payout card, personalizations) included, under their slashless path (Redocly's recommended rules refuse a trailing
 * slash; `openapi.test.ts` lints the document) — and the app answers those slashless paths as it answers the
 * registered ones, so a client generated from the document can list and create them.
 */
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
interface Operation {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; required?: boolean }[];
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
}
type Doc = { paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>> };

/** Routes that are deliberately not operations of the document (not JSON API answers). */
const NOT_DOCUMENTED = new Set(['GET /api/health', 'GET /api/storefront/custom.js']);

let t: TestContext;
let doc: Doc;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const u = await makeUser(t.db);
  const s = await makeStore(t.db, t.config, { ownerId: u.id });
  headers = (await login(t.app, u.email, u.password, s.id)).headers;
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as Doc;
}, 120_000);
afterAll(async () => t.close());

/** `METHOD /path/{param}` of a registered route as the document writes it (no trailing slash). */
const documentedKey = (method: string, url: string) => `${method} ${url.replace(/:([A-Za-z_]+)/g, '{$1}').replace(/(.)\/$/, '$1')}`;

describe('the OpenAPI document lists every registered route', () => {
  it('every /api route of the app is an operation of the document, trailing-slash collections included', () => {
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, item]) => METHODS.filter((m) => item[m]).map((m) => `${m.toUpperCase()} ${path}`)),
    );
    const api = registeredRoutes(t.app).filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));
    const missing = api.map((r) => documentedKey(r.method, r.url)).filter((k) => !documented.has(k) && !NOT_DOCUMENTED.has(k));
    expect(missing).toEqual([]);
    // The ones issue 29 named, explicitly.
    for (const k of [
      'GET /api/stores/onlinestore/pages',
      'POST /api/stores/onlinestore/pages',
      'GET /api/stores/onlinestore/menus',
      'POST /api/stores/onlinestore/menus',
      'GET /api/stores/config/domains',
      'POST /api/stores/config/domains',
      'DELETE /api/stores/config/domains',
      'GET /api/stores/payout/card',
      'POST /api/stores/payout/card',
      'GET /api/personalizes',
    ])
      expect(documented.has(k), k).toBe(true);
    // And every path of the document is a route of the app (no invented path), with no trailing slash.
    const registered = new Set(api.map((r) => documentedKey(r.method, r.url)));
    for (const k of documented) {
      expect(registered.has(k), k).toBe(true);
      expect(k.endsWith('/'), k).toBe(false);
    }
  });

  it('each trailing-slash collection operation has a summary, an operationId, its security, X-Store-Id and error answers', () => {
    const slashed = registeredRoutes(t.app).filter((r) => r.url.startsWith('/api/') && r.url.endsWith('/'));
    expect(slashed.length).toBeGreaterThanOrEqual(10);
    for (const r of slashed) {
      const key = documentedKey(r.method, r.url);
      const [, path] = key.split(' ') as [string, string];
      const op = doc.paths[path]?.[r.method.toLowerCase() as 'get'];
      expect(op, key).toBeDefined();
      expect(op!.summary?.trim(), key).toBeTruthy();
      expect(op!.operationId, key).toMatch(/^[a-z][A-Za-z0-9]+$/);
      expect(op!.security, key).toEqual(r.guard ? [{ bearer: [] }] : []);
      if (r.guard) expect(Object.keys(op!.responses), key).toContain('401');
      if (r.guard?.scope) expect(Object.keys(op!.responses), key).toContain('403');
      if (r.guard && r.guard.store !== false)
        expect(
          op!.parameters?.some((p) => p.in === 'header' && p.name === 'x-store-id' && p.required),
          key,
        ).toBe(true);
      for (const s of Object.keys(op!.responses).filter((s) => s.startsWith('4')))
        expect(op!.responses[s]!.content?.['application/json']?.schema?.$ref, `${key} ${s}`).toMatch(/ErrorResponse$/);
    }
  });

  it('the documented slashless path answers as the registered one (query kept); other paths are unchanged', async () => {
    for (const path of [
      '/api/stores/onlinestore/pages',
      '/api/stores/onlinestore/menus',
      '/api/stores/config/domains',
      '/api/personalizes',
    ]) {
      const slash = await t.app.inject({ method: 'GET', url: `${path}/?page=1`, headers });
      const bare = await t.app.inject({ method: 'GET', url: `${path}?page=1`, headers });
      expect(slash.statusCode, `${path}/ ${slash.body}`).toBe(200);
      expect(bare.statusCode, `${path} ${bare.body}`).toBe(200);
      expect(bare.json()).toEqual(slash.json());
    }
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/stores/onlinestore/pages',
      headers,
      payload: { title: 'About us', content: '<p>Hi</p>' },
    });
    expect(created.statusCode, created.body).toBe(200);
    // A route with a slashless twin of its own keeps both (login history), and unknown paths are still 404.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/history', headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/stores/onlinestore/nothing', headers })).statusCode).toBe(404);
  });
});
