import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, makeStore, makeUser, type TestContext } from './test/harness.js';

/**
 * Property test of issue 14 "Tests": malformed bodies, path parameters, query strings and headers sent to every
 * route of the OpenAPI document (`/api/docs/json`) never answer 5xx, and every 4xx carries a non-empty `messages`
 * array of strings (the one error shape, spec admin-dashboard §8). Requests go signed in as a shop owner, signed
 * in with a foreign or garbage store, or with a garbage token, on the admin host and on the shop's own host.
 */
interface Operation {
  method: string;
  path: string;
  params: string[];
  query: string[];
}

// A built storefront, so shop-host paths that leave /api (unencoded `../`) get the SPA page, not 503 'not built'.
const dist = mkdtempSync(join(tmpdir(), 'fuzz-sf-dist-'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>x</title></head><body></body></html>');

let t: TestContext;
let ops: Operation[];
let ownerAuth: Record<string, string>;
let storeId: string;
let otherStoreId: string;
let shopHost: string;
let ipCounter = 0;

beforeAll(async () => {
  t = await createTestApp({ storefrontDist: dist });
  const owner = await makeUser(t.db);
  const store = await makeStore(t.db, t.config, { ownerId: owner.id });
  storeId = store.id;
  shopHost = `${store.handle}.${t.config.storefrontSuffix}`;
  otherStoreId = (await makeStore(t.db, t.config, { ownerId: (await makeUser(t.db)).id })).id;
  ownerAuth = (await login(t.app, owner.email, owner.password, storeId)).headers;
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
  };
  // The API routes (the admin SPA's /admin entry in the document answers 503 'not built' in tests, by design).
  ops = Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/'))
    .flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([m]) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
        .map(([method, op]) => ({
          method: method.toUpperCase(),
          path,
          params: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!),
          query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        })),
    );
}, 180_000);
afterAll(async () => t.close());

/** Strings a hostile client sends: control characters and NUL, lone surrogates, huge, numeric edge cases, dates. */
const nasty = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '%00',
    '%',
    '%zz',
    '%E0%A4%A',
    '\ud800',
    '../../etc/passwd',
    '-1',
    '0',
    '1e309',
    'NaN',
    '9'.repeat(40),
    '2020-02-31',
    '0000-01-01',
    '+275760-09-13T00:00:00.000Z',
    '00000000-0000-0000-0000-000000000000',
    'true',
    '[]',
    '{}',
    'null',
    'a'.repeat(5000),
  ),
);

/** JSON-ish bodies: any JSON value, an object with nasty strings, or text that is not JSON at all. */
const body = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).map((v) => ({ raw: JSON.stringify(v) ?? 'null', type: 'application/json' })),
  fc
    .dictionary(
      fc.constantFrom('email', 'password', 'firstName', 'scopes', 'lines', 'id', 'refreshToken', 'name', 'config', 'version', 'token'),
      fc.oneof(nasty, fc.array(nasty, { maxLength: 3 }), fc.integer(), fc.constant(null)),
      {
        maxKeys: 4,
      },
    )
    .map((v) => ({ raw: JSON.stringify(v), type: 'application/json' })),
  nasty.map((s) => ({ raw: s, type: 'application/json' })),
  fc.constantFrom(
    { raw: '{"a":', type: 'application/json' },
    { raw: '--x\r\n', type: 'multipart/form-data' },
    { raw: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc', type: 'multipart/form-data; boundary=x' },
    { raw: 'a=1&a=2', type: 'application/x-www-form-urlencoded' },
    { raw: 'hello', type: 'text/plain' },
    { raw: '<x/>', type: 'application/xml' },
    { raw: '', type: 'application/json' },
  ),
);

const auth = fc.constantFrom('owner', 'foreign-store', 'garbage-store', 'garbage-token', 'none');

/** encodeURIComponent of what a client can send: lone surrogates become U+FFFD as a browser would write them. */
const enc = (v: string) =>
  encodeURIComponent(
    v.replace(/[\ud800-\udfff]/g, (c, i: number, all: string) =>
      /[\ud800-\udbff][\udc00-\udfff]/.test(all.slice(i - 1, i + 1)) || /[\ud800-\udbff][\udc00-\udfff]/.test(all.slice(i, i + 2))
        ? c
        : '\ufffd',
    ),
  );

async function send(
  op: Operation,
  o: {
    params: string[];
    query: [string, string][];
    body: { raw: string; type: string } | null;
    auth: string;
    shopHost: boolean;
    encode: boolean;
  },
) {
  let i = 0;
  const path = op.path.replace(/\{[^}]+\}/g, () => {
    const v = o.params[i++] ?? '';
    return o.encode ? enc(v) : v.replace(/[\s?#]/g, '_');
  });
  const qs = o.query.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&');
  const headers: Record<string, string> = { host: o.shopHost ? shopHost : 'localhost' };
  // A signed-in logout would end the session every other run uses: it is sent with a garbage token instead.
  const a = op.path === '/api/auth/logout' && o.auth === 'owner' ? 'garbage-token' : o.auth;
  if (a === 'owner') Object.assign(headers, ownerAuth);
  if (a === 'foreign-store') Object.assign(headers, { ...ownerAuth, 'x-store-id': otherStoreId });
  if (a === 'garbage-store') Object.assign(headers, { ...ownerAuth, 'x-store-id': 'not-a-store' });
  if (a === 'garbage-token') Object.assign(headers, { authorization: 'Bearer a.b.c', 'x-store-id': storeId });
  if (o.body) headers['content-type'] = o.body.type;
  ipCounter += 1;
  return t.app.inject({
    method: op.method as 'GET',
    url: `${path}${qs ? `?${qs}` : ''}`,
    headers,
    payload: o.body && op.method !== 'GET' ? o.body.raw : undefined,
    remoteAddress: `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`,
  });
}

function expectErrorShape(op: Operation, res: { statusCode: number; body: string }) {
  const where = `${op.method} ${op.path} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, where).toBeLessThan(500);
  if (res.statusCode >= 400) {
    let parsed: { messages?: unknown } | null = null;
    try {
      parsed = JSON.parse(res.body);
    } catch {
      // Not JSON: fails below.
    }
    expect(Array.isArray(parsed?.messages), where).toBe(true);
    const messages = parsed!.messages as unknown[];
    expect(messages.length, where).toBeGreaterThan(0);
    for (const m of messages) expect(typeof m, where).toBe('string');
  }
}

describe('every route of the OpenAPI document under malformed input', () => {
  it('knows the routes', () => {
    expect(ops.length).toBeGreaterThan(40);
    expect(ops.some((o) => o.params.length > 0)).toBe(true);
  });

  it('answers each route a fixed set of malformed requests without 5xx, with messages on 4xx', async () => {
    const cases = [
      { params: ['\u0000'], body: { raw: '{"a":', type: 'application/json' } },
      { params: ['%00'], body: { raw: '{"x":"\\u0000"}', type: 'application/json' } },
      { params: ['a'.repeat(150)], body: { raw: '--x\r\n', type: 'multipart/form-data' } },
      { params: ['%E0%A4%A'], body: { raw: '[]', type: 'application/json' } },
      { params: ['00000000-0000-0000-0000-000000000000'], body: { raw: 'null', type: 'application/json' } },
    ];
    for (const op of ops) {
      for (const c of cases) {
        for (const a of ['owner', 'garbage-token']) {
          const query = op.query.map((k) => [k, c.params[0]!] as [string, string]);
          const params = op.params.map(() => c.params[0]!);
          expectErrorShape(
            op,
            await send(op, { params, query, body: c.body, auth: a, shopHost: op.path.startsWith('/api/storefront/'), encode: false }),
          );
        }
      }
    }
  }, 600_000);

  it('answers random malformed requests without 5xx, with messages on 4xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat(),
        fc.array(nasty, { minLength: 3, maxLength: 3 }),
        fc.array(
          fc.tuple(
            fc.oneof(
              fc.constantFrom('fromTime', 'toTime', 'stores', 'timezone', 'page', 'limit', 'staff_id', 'token', 'search'),
              fc.string({ maxLength: 8 }),
            ),
            nasty,
          ),
          { maxLength: 4 },
        ),
        fc.option(body, { nil: null }),
        auth,
        fc.boolean(),
        fc.boolean(),
        async (pick, params, extra, b, a, onShop, encode) => {
          const op = ops[pick % ops.length]!;
          const query = [...op.query.map((k, i) => [k, params[i % 3]!] as [string, string]), ...extra];
          const res = await send(op, {
            params,
            query,
            body: b,
            auth: a,
            shopHost: onShop || op.path.startsWith('/api/storefront/'),
            encode,
          });
          expectErrorShape(op, res);
        },
      ),
      { numRuns: 1000 },
    );
  }, 900_000);
});
