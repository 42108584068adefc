import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, productVariants } from './db/schema/index.js';
import { createTestApp, login, makeStore, makeUser, type TestContext } from './test/harness.js';

/**
 * The malformed-input sweep as a test of the project (issue 14 "Tests", issue 29 item 10): requests generated from
 * the OpenAPI document (`/api/docs/json`) with fast-check — EVERY operation, its path, query and header parameters
 * and its JSON body built from the operation's own schemas, with values a hostile client sends mixed in: lone
 * surrogates (raw in JSON, as the bytes of invalid UTF-8 in URLs), NUL, numbers past every bound (10^20, 1e309,
 * −1, 1.5, 2^31, 2^53 + 1), dates of year 0 and year ±275760, impossible days, wrong types, huge strings, broken
 * JSON and multipart — sent as the shop owner (mostly, so the bodies reach the handlers), with a foreign or garbage
 * store, a garbage token or none, on the admin host or the shop's host. Every answer is below 500 and every 4xx
 * carries a non-empty `messages` array of strings (the one error shape, spec admin-dashboard §8).
 *
 * Seeded and bounded: the seed is printed (`fuzz seed N`); `FUZZ_SEED=N` replays the same requests, `FUZZ_OP='POST
 * /api/size-charts'` only one operation (each operation's seed is derived from N and its name, so it reproduces
 * alone, with the whole budget), `FUZZ_SHRINK=1` shrinks a failure to its smallest request. Each operation gets
 * `FUZZ_RUNS` requests (default 12) within an equal share of what is left of `FUZZ_BUDGET_MS` (default 35,000 ms),
 * and one request once it is spent, so every operation is covered and a slow machine only sends fewer; with the
 * fixed sweep and the app's start the file stays near 60 s on CI (a replay sends the same requests in the same order,
 * as many as its time allows). Bodies are mostly valid but for ONE leaf (so the nasty value reaches the handler and
 * the database), ids name real rows by their field's name (`variantId` → a variant in stock).
 */

// A built storefront, so shop-host paths that leave /api (unencoded `../`) get the SPA page, not 503 'not built'.
const dist = mkdtempSync(join(tmpdir(), 'fuzz-sf-dist-'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>x</title></head><body></body></html>');

const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 35_000);
const ONLY = process.env.FUZZ_OP;
const SHRINK = process.env.FUZZ_SHRINK === '1';
console.log(`fuzz seed ${SEED} (replay: FUZZ_SEED=${SEED}; one operation: FUZZ_OP='METHOD /path')`);

/** A JSON Schema node of the document (the subset zod writes). */
interface Schema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  nullable?: boolean;
  default?: unknown;
}
interface Parameter {
  in: 'query' | 'path' | 'header';
  name: string;
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  method: string;
  path: string;
  key: string;
  params: Parameter[];
  body: Schema | null;
  /** Answers a never-ending stream when it succeeds (Server-Sent Events): read up to its status only. */
  streaming: boolean;
}

let t: TestContext;
let ops: Operation[];
let schemas: Record<string, Schema>;
let ownerAuth: Record<string, string>;
let owner: { email: string; password: string };
let storeId: string;
let otherStoreId: string;
let shopHost: string;
let ipCounter = 0;
/** Ids of real rows (the store, its owner, a product and its variant), so generated ids sometimes name them. */
let realIds: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ storefrontDist: dist });
  const u = await makeUser(t.db);
  owner = u;
  const store = await makeStore(t.db, t.config, { ownerId: u.id });
  storeId = store.id;
  shopHost = `${store.handle}.${t.config.storefrontSuffix}`;
  otherStoreId = (await makeStore(t.db, t.config, { ownerId: (await makeUser(t.db)).id })).id;
  ownerAuth = (await login(t.app, u.email, u.password, storeId)).headers;
  // A product with stock, so generated carts and ids reach checkout, orders and the catalog's handlers.
  const [p] = await t.db.insert(products).values({ storeId, handle: 'tee', title: 'Tee', status: 'active' }).returning();
  const [v] = await t.db
    .insert(productVariants)
    .values({ storeId, productId: p!.id, priceCents: 1000, inventoryQty: 1_000_000 })
    .returning();
  realIds = [storeId, u.id, p!.id, v!.id];
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: Parameter[];
          requestBody?: { content?: Record<string, { schema?: Schema }> };
          responses?: Record<string, { description?: string }>;
        }
      >
    >;
    components?: { schemas?: Record<string, Schema> };
  };
  schemas = doc.components?.schemas ?? {};
  const order = { get: 0, post: 1, put: 2, patch: 3, delete: 4 } as Record<string, number>;
  // GETs first, DELETEs last: what the random requests manage to remove is removed after the rest was fuzzed.
  ops = Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/'))
    .flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([m]) => m in order)
        .map(([m, op]) => ({
          method: m.toUpperCase(),
          path,
          key: `${m.toUpperCase()} ${path}`,
          params: op.parameters ?? [],
          body: op.requestBody?.content?.['application/json']?.schema ?? null,
          streaming: /event-stream/.test(op.responses?.['200']?.description ?? ''),
        })),
    )
    .sort((a, b) => order[a.method.toLowerCase()]! - order[b.method.toLowerCase()]!);
}, 180_000);
afterAll(async () => t.close());

// ---- values ------------------------------------------------------------------------------------------------------

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
/** Strings a hostile client sends, whatever the field. */
const NASTY_STRINGS = [
  '',
  '\u0000',
  'a\u0000b',
  'x\ud800',
  '\udc00y',
  'a\udbff',
  '😀',
  '%00',
  '%',
  '%zz',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '-1',
  '1.5',
  '1e309',
  'NaN',
  '99999999999999999999',
  '0000-01-01',
  '275760-09-13',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00.000Z',
  '2020-02-31',
  '0000-01-01T00:00:00Z',
  UNKNOWN_ID,
  'true',
  '[]',
  '{}',
  'null',
  'a'.repeat(5000),
];
/** Numbers past every bound, as JSON numbers. */
const NASTY_NUMBERS = [-1, 0, 1.5, -0.5, 2 ** 31, 2 ** 53 + 2, 1e20, -1e20, Number.MAX_VALUE, 1e-9];
/** Dates: ordinary, impossible and out of every range. */
const DATES = ['2026-01-15', '2024-02-29', '0000-01-01', '0001-01-01', '9999-12-31', '275760-09-13', '+275760-09-13', '2020-02-31'];
/** What issue 29 found 500s with: lone surrogates, numbers past every bound, years 0 and ±275760. */
const ISSUE_29 = [
  'x\ud800',
  '\udc00y',
  'a\udbff',
  '99999999999999999999',
  '1e309',
  '0000-01-01',
  '275760-09-13',
  '+275760-09-13T00:00:00.000Z',
];
const nastyString = fc.oneof(
  { arbitrary: fc.constantFrom(...ISSUE_29), weight: 3 },
  { arbitrary: fc.constantFrom(...NASTY_STRINGS), weight: 3 },
  { arbitrary: fc.string({ maxLength: 12 }), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 8 }), weight: 1 },
);
const nastyAny: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  fc.constantFrom<unknown>(...NASTY_NUMBERS, true, null, [], {}),
  fc.array(nastyString, { maxLength: 2 }),
);

/** Follows a `$ref` into components.schemas. */
const deref = (s: Schema): Schema => (s.$ref ? (schemas[s.$ref.split('/').pop()!] ?? {}) : s);

/**
 * How values are drawn: `strict` only what the schema allows (so a request gets past validation into the handler and
 * the database), `loose` mostly that with nasty values of any type mixed in at every level.
 */
type Mode = 'strict' | 'loose';

/** An arbitrary of values for `schema` (a field named `name`), see {@link Mode}. */
function arbOf(schema: Schema | undefined, mode: Mode, depth = 0, name = ''): fc.Arbitrary<unknown> {
  const s = deref(schema ?? {});
  if (mode === 'strict') return validish(s, mode, depth, name);
  return fc.oneof({ arbitrary: validish(s, mode, depth, name), weight: 12 }, { arbitrary: nastyAny, weight: 1 });
}

/** Values shaped like `s` (its type, enum, format, pattern and bounds; `loose` adds the bounds' edges and past them). */
function validish(s: Schema, mode: Mode, depth: number, name = ''): fc.Arbitrary<unknown> {
  if (depth > 5) return fc.constant(null);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const alts = s.anyOf ?? s.oneOf;
  if (alts?.length) return fc.oneof(...alts.map((a) => validish(deref(a), mode, depth + 1, name)));
  if (s.allOf?.length) return validish(deref(s.allOf[0]!), mode, depth + 1, name);
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  switch (type) {
    case 'string':
      return stringOf(s, mode, name);
    case 'integer':
    case 'number': {
      const exclusive = typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + (type === 'integer' ? 1 : 0.01) : undefined;
      const lo = Math.min(Math.max(s.minimum ?? exclusive ?? (mode === 'strict' ? 0 : -1000), -1e9), 1e9);
      const max = Math.max(lo, Math.min(s.maximum ?? (mode === 'strict' ? Math.max(lo, 100) : 1e6), 1e9));
      const inRange =
        type === 'integer'
          ? fc.integer({ min: Math.ceil(lo), max: Math.max(Math.ceil(lo), Math.floor(max)) })
          : fc.double({ min: lo, max, noNaN: true, noDefaultInfinity: true });
      if (mode === 'strict') return inRange;
      return fc.oneof(
        { arbitrary: inRange, weight: 3 },
        { arbitrary: fc.constantFrom(lo, max, max + 1, lo - 1, ...NASTY_NUMBERS), weight: 1 },
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'array': {
      // Strict arrays are as short as allowed (or one more): every extra item is one more chance to be refused.
      const min = Math.min(s.minItems ?? 0, 3);
      const max = mode === 'strict' ? Math.min(min + 1, s.maxItems ?? 3) : Math.min(s.maxItems ?? 3, 3);
      return fc.array(arbOf(s.items, mode, depth + 1, name), { minLength: min, maxLength: Math.max(min, max) });
    }
    case 'object': {
      const props = s.properties ?? {};
      const keys = Object.keys(props);
      if (!keys.length) return mode === 'strict' ? fc.constant({}) : fc.dictionary(fc.string({ maxLength: 6 }), nastyAny, { maxKeys: 2 });
      const required = (s.required ?? []).filter((k) => k in props);
      if (mode === 'strict') {
        // Every required key and at most one optional one: optional fields (a discount code, a checkout token) have
        // rules of their own, and each one set is one more chance for the request to stop before the handler's end.
        const optional = keys.filter((k) => !required.includes(k));
        return fc
          .tuple(
            fc.record(Object.fromEntries(required.map((k) => [k, arbOf(props[k], mode, depth + 1, k)]))),
            optional.length ? fc.option(fc.constantFrom(...optional), { nil: null }) : fc.constant(null),
          )
          .chain(([base, key]) => (key ? arbOf(props[key], mode, depth + 1, key).map((v) => ({ ...base, [key]: v })) : fc.constant(base)));
      }
      const record = Object.fromEntries(keys.map((k) => [k, arbOf(props[k], mode, depth + 1, k)]));
      return fc.record(record, { requiredKeys: required });
    }
    default:
      return mode === 'strict' ? fc.constant(null) : nastyAny;
  }
}

/** Text matching `pattern` (fast-check's stringMatching), or null when the pattern is not a JavaScript regex. */
function matching(pattern: string | undefined, maxLength: number): fc.Arbitrary<string> | null {
  if (!pattern) return null;
  try {
    return fc.stringMatching(new RegExp(pattern)).filter((v) => v.length <= maxLength);
  } catch {
    return null;
  }
}

/** The id of a real row for a field named like one (`variantId` → the variant), else any id of the pool. */
function idFor(name: string, mode: Mode): fc.Arbitrary<string> {
  const [store, user, product, variant] = realIds as [string, string, string, string];
  const named = /variant/i.test(name)
    ? variant
    : /product/i.test(name)
      ? product
      : /store/i.test(name)
        ? store
        : /user|owner/i.test(name)
          ? user
          : null;
  const pool = fc.constantFrom(...realIds, otherStoreId, UNKNOWN_ID, ...(mode === 'strict' ? [] : ['not-a-uuid']));
  return named ? fc.oneof({ arbitrary: fc.constant(named), weight: 4 }, { arbitrary: pool, weight: 1 }) : pool;
}

/** Plain words: letters, digits and spaces (what a strict string without a pattern is made of). */
const WORD_UNIT = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABC0123456789 -'.split(''));

/**
 * Strings of a string schema, `name` being its field: its format (uuid — real ids by the field's name —, email,
 * date…) or pattern; `loose` adds its length edges (and one past them) and the nasty strings.
 */
function stringOf(s: Schema, mode: Mode, name = ''): fc.Arbitrary<string> {
  const max = Math.min(s.maxLength ?? 40, 300);
  const min = Math.min(Math.max(s.minLength ?? 0, 1), max);
  const sized =
    matching(s.pattern, max) ??
    fc.string({ unit: WORD_UNIT, minLength: min, maxLength: max }).map((v) => (v.trim() ? v : `a${v}`.slice(0, max)));
  const byFormat =
    s.format === 'uuid'
      ? idFor(name, mode)
      : s.format === 'email'
        ? fc.constantFrom('shopper@example.test', 'ann.lee+1@example.test')
        : s.format === 'date' || s.format === 'date-time'
          ? fc.constantFrom('2026-01-15', '2024-02-29', '2026-01-15T10:00:00Z')
          : sized;
  if (mode === 'strict') return byFormat;
  const edges = [s.maxLength, s.minLength]
    .filter((n): n is number => typeof n === 'number' && n < 10_000)
    .flatMap((n) => ['a'.repeat(n), 'a'.repeat(n + 1), `${'a'.repeat(Math.max(0, n - 1))}\ud800`]);
  return fc.oneof(
    { arbitrary: byFormat, weight: 6 },
    { arbitrary: fc.constantFrom(...DATES, 'x\ud800@example.test', 'a@b'), weight: 1 },
    { arbitrary: nastyString, weight: 2 },
    ...(edges.length ? [{ arbitrary: fc.constantFrom(...edges), weight: 1 }] : []),
  );
}

/** The leaves (strings, numbers, booleans, null) of a JSON value, as paths of keys. */
function leaves(v: unknown, path: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) leaves(x, [...path, Array.isArray(v) ? Number(k) : k], out);
  else out.push(path);
  return out;
}

/**
 * A valid value of `schema` with ONE leaf replaced by a nasty value (lone surrogate, overflow number, extreme date,
 * wrong type…): everything else passes validation, so the nasty value reaches as deep as it can.
 */
function oneBadLeaf(schema: Schema): fc.Arbitrary<unknown> {
  return fc.tuple(validish(schema, 'strict', 0), fc.nat(), nastyAny).map(([value, pick, bad]) => {
    const paths = leaves(value);
    if (!paths.length || !paths[0]!.length) return bad;
    const path = paths[pick % paths.length]!;
    const copy = structuredClone(value) as Record<string | number, unknown>;
    let node = copy;
    for (const k of path.slice(0, -1)) node = node[k] as Record<string | number, unknown>;
    node[path[path.length - 1]!] = bad;
    return copy;
  });
}

/** A query or path value as text: what the schema allows, or nasty text (numbers past bounds, extreme dates…). */
function textOf(p: Parameter): fc.Arbitrary<string> {
  const s = deref(p.schema ?? {});
  if (p.name === 'stores') return fc.constantFrom(storeId, `${storeId},${otherStoreId}`, 'not-a-store', ',', `${storeId},x\ud800`);
  if (/(Time|Date|From|To|\[(start|end)Date\])$/.test(p.name))
    return fc.oneof(fc.constantFrom(...DATES, '2026-01-15T10:00:00Z'), nastyString);
  return fc.oneof(
    { arbitrary: arbOf(s, 'strict').map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))), weight: 4 },
    { arbitrary: arbOf(s, 'loose').map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))), weight: 2 },
    { arbitrary: fc.constantFrom('99999999999999999999', '-1', '1.5', '1e309', '2147483648', '0000-01-01', '275760-09-13'), weight: 1 },
  );
}

/** A JSON request body of `v` (JSON.stringify keeps a lone surrogate as its `\\ud800` escape). */
const json = (v: unknown) => ({ raw: JSON.stringify(v) ?? 'null', type: 'application/json' });

/** Broken or foreign bodies, whatever the operation declares. */
const RAW_BODIES = [
  { raw: '{"a":', type: 'application/json' },
  { raw: '"\\ud800"', type: 'application/json' },
  { raw: '--x\r\n', type: 'multipart/form-data' },
  { raw: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc', type: 'multipart/form-data; boundary=x' },
  { raw: 'a=1&a=2', type: 'application/x-www-form-urlencoded' },
  { raw: 'hello', type: 'text/plain' },
  { raw: '', type: 'application/json' },
];

/**
 * Percent-encodes `v` for a URL; a lone surrogate is written as the three bytes UTF-8 would give it (`%ED%A0%80`),
 * which is not valid UTF-8: what a hostile client can put in a URL.
 */
function enc(v: string): string {
  let out = '';
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    const pair = c >= 0xd800 && c <= 0xdbff && i + 1 < v.length && (v.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
    if (pair) {
      out += encodeURIComponent(v.slice(i, i + 2));
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else out += encodeURIComponent(v[i]!);
  }
  return out;
}

// ---- requests ----------------------------------------------------------------------------------------------------

/** Operations sent only without a valid session: as the owner they would end the session the other requests use. */
const SESSION_ENDING = new Set([
  'POST /api/auth/logout',
  'DELETE /api/users/logout-all-staff-account',
  'DELETE /api/users/delete-staff-account',
  'PUT /api/users/change-password',
]);

interface Request {
  path: string[];
  query: [string, string][];
  body: { raw: string; type: string } | null;
  auth: 'owner' | 'foreign-store' | 'garbage-store' | 'garbage-token' | 'none';
  shopHost: boolean;
}

/** The arbitrary of requests to `op`, from its parameters and body schema. */
function requestOf(op: Operation): fc.Arbitrary<Request> {
  const pathParams = [...op.path.matchAll(/\{([^}]+)\}/g)].map(
    (m) => op.params.find((p) => p.in === 'path' && p.name === m[1]) ?? ({ in: 'path', name: m[1]! } as Parameter),
  );
  const query = op.params.filter((p) => p.in === 'query');
  const queryArb = fc
    .tuple(
      ...query.map((p) =>
        fc.option(
          textOf(p).map((v) => [p.name, v] as [string, string]),
          { freq: p.required ? 8 : 2, nil: null },
        ),
      ),
      fc.array(fc.tuple(fc.constantFrom('page', 'limit', 'x\ud800', 'stores', '__proto__'), nastyString), { maxLength: 1 }),
    )
    .map((parts) => {
      const extra = parts[parts.length - 1] as [string, string][];
      const named = parts.slice(0, -1) as ([string, string] | null)[];
      return [...named.filter((x): x is [string, string] => !!x), ...extra];
    });
  const hasBody = op.method !== 'GET' && (op.method !== 'DELETE' || !!op.body);
  const bodyArb: fc.Arbitrary<Request['body']> = !hasBody
    ? fc.constant(null)
    : op.body
      ? fc.oneof(
          // Valid but for one leaf (most), wholly valid, nasty at any level, broken, or any JSON at all.
          { arbitrary: oneBadLeaf(deref(op.body)).map(json), weight: 6 },
          { arbitrary: validish(deref(op.body), 'strict', 0).map(json), weight: 2 },
          { arbitrary: validish(deref(op.body), 'loose', 0).map(json), weight: 2 },
          { arbitrary: fc.constantFrom(...RAW_BODIES), weight: 1 },
          { arbitrary: nastyAny.map(json), weight: 1 },
        )
      : fc.oneof(fc.constant(null), fc.constantFrom(...RAW_BODIES));
  return fc.record({
    path: fc.tuple(
      ...pathParams.map((p) =>
        fc.oneof({ arbitrary: textOf(p), weight: 2 }, { arbitrary: fc.constantFrom(UNKNOWN_ID, storeId), weight: 1 }),
      ),
    ),
    query: queryArb,
    body: bodyArb,
    auth: fc.constantFrom<Request['auth']>(
      'owner',
      'owner',
      'owner',
      'owner',
      'owner',
      'foreign-store',
      'garbage-store',
      'garbage-token',
      'none',
    ),
    // Admin routes are sometimes asked on the shop's own host (its routing must not answer 5xx either).
    shopHost: op.path.startsWith('/api/storefront/') ? fc.constant(true) : fc.constantFrom(false, false, false, true),
  });
}

/** Sends `r` to `op` and answers the status and body. */
async function send(op: Operation, r: Request) {
  let i = 0;
  const path = op.path.replace(/\{[^}]+\}/g, () => enc(r.path[i++] ?? ''));
  const qs = r.query.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&');
  const headers: Record<string, string> = { host: r.shopHost ? shopHost : 'localhost' };
  const a = SESSION_ENDING.has(op.key) && r.auth === 'owner' ? 'garbage-token' : r.auth;
  if (a === 'owner') Object.assign(headers, ownerAuth);
  if (a === 'foreign-store') Object.assign(headers, { ...ownerAuth, 'x-store-id': otherStoreId });
  if (a === 'garbage-store') Object.assign(headers, { ...ownerAuth, 'x-store-id': 'not-a-store' });
  if (a === 'garbage-token') Object.assign(headers, { authorization: 'Bearer a.b.c', 'x-store-id': storeId });
  if (r.body) headers['content-type'] = r.body.type;
  ipCounter += 1;
  const res = await t.app.inject({
    method: op.method as 'GET',
    url: `${path}${qs ? `?${qs}` : ''}`,
    headers,
    payload: r.body && op.method !== 'GET' ? r.body.raw : undefined,
    remoteAddress: `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`,
    // A stream that succeeds never ends (the app's close ends it): its status is the answer.
    payloadAsStream: op.streaming,
  });
  if (!op.streaming) return { statusCode: res.statusCode, body: res.body };
  if (res.statusCode < 300) return { statusCode: res.statusCode, body: '' };
  const chunks: Buffer[] = [];
  for await (const chunk of res.stream()) chunks.push(Buffer.from(chunk));
  return { statusCode: res.statusCode, body: Buffer.concat(chunks).toString('utf8') };
}

/** Throws unless the answer is below 500 and a 4xx carries a non-empty `messages` array of strings. */
function checkAnswer(op: Operation, res: { statusCode: number; body: string }, url = '') {
  const where = `${op.key} ${url} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, where).toBeLessThan(500);
  if (res.statusCode >= 400) {
    let parsed: { messages?: unknown } | null = null;
    try {
      parsed = JSON.parse(res.body);
    } catch {
      // Not JSON: fails below.
    }
    const messages = parsed?.messages;
    expect(Array.isArray(messages) && messages.length > 0 && messages.every((m) => typeof m === 'string'), where).toBe(true);
  }
}

/** Signs the owner in again when a fuzzed request ended the session (a revoked refresh family, a staff sign-out…). */
async function keepSession() {
  const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: ownerAuth });
  if (me.statusCode === 200) return;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: owner.email, password: owner.password },
    remoteAddress: `10.250.${ipCounter & 255}.1`,
  });
  if (res.statusCode === 200) ownerAuth = { authorization: `Bearer ${res.json().accessToken}`, 'x-store-id': storeId };
}

/** A stable per-operation seed: the run's seed mixed with the operation's name (so `FUZZ_OP` reproduces alone). */
const seedOf = (key: string) => (SEED ^ createHash('sha256').update(key).digest().readInt32LE(0)) | 0;

describe('every operation of the OpenAPI document under malformed input', () => {
  it('knows the operations', () => {
    expect(ops.length).toBeGreaterThan(200);
    expect(ops.some((o) => o.body)).toBe(true);
  });

  it('answers a fixed malformed request to each operation without 5xx, with messages on 4xx', async () => {
    for (const op of ops) {
      for (const [value, auth] of [
        ['\u0000', 'owner'],
        ['x\ud800', 'owner'],
        ['99999999999999999999', 'garbage-token'],
      ] as const) {
        const r: Request = {
          path: op.path.match(/\{[^}]+\}/g)?.map(() => value) ?? [],
          query: op.params.filter((p) => p.in === 'query').map((p) => [p.name, value]),
          body: op.method === 'GET' ? null : { raw: JSON.stringify({ a: value, name: value, title: value }), type: 'application/json' },
          auth,
          shopHost: op.path.startsWith('/api/storefront/'),
        };
        checkAnswer(op, await send(op, r), value);
      }
    }
  }, 120_000);

  it(`answers random requests generated from each operation's schemas without 5xx, with messages on 4xx (seed ${SEED})`, async () => {
    const chosen = ONLY ? ops.filter((o) => o.key === ONLY) : ops;
    expect(chosen.length, `FUZZ_OP='${ONLY}' names no operation`).toBeGreaterThan(0);
    const started = Date.now();
    let requests = 0;
    const took: [string, number][] = [];
    for (const [i, op] of chosen.entries()) {
      const opStarted = Date.now();
      await keepSession();
      const seed = seedOf(op.key);
      // An equal share of what is left of the budget; past it, one request per operation (every one is covered).
      const left = BUDGET_MS - (Date.now() - started);
      const perOp = Math.floor(left / (chosen.length - i));
      const property = fc.asyncProperty(requestOf(op), async (r) => {
        requests += 1;
        checkAnswer(op, await send(op, r));
      });
      let result = await fc.check(property, {
        seed,
        numRuns: perOp > 0 ? RUNS : 1,
        interruptAfterTimeLimit: perOp > 0 ? perOp : undefined,
        endOnFailure: !SHRINK,
      });
      // Out of time before the first request (a slow machine): fast-check calls that a failure; one request, untimed.
      if (result.interrupted && result.numRuns === 0 && !result.counterexample)
        result = await fc.check(property, { seed, numRuns: 1, endOnFailure: !SHRINK });
      if (result.failed) {
        const error = result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
        throw new Error(
          `${op.key} failed (FUZZ_SEED=${SEED} FUZZ_OP='${op.key}'; fast-check seed ${seed}, path ${result.counterexamplePath}, ` +
            `${result.numRuns} runs, ${result.numSkips} skipped, interrupted ${result.interrupted}):\n` +
            `${JSON.stringify(result.counterexample?.[0])}\n${error}`,
        );
      }
      took.push([op.key, Date.now() - opStarted]);
    }
    const slowest = took
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([k, ms]) => `${k} ${ms} ms`);
    console.log(
      `fuzz: ${requests} generated requests over ${chosen.length} operations in ${Date.now() - started} ms (seed ${SEED}); slowest: ${slowest.join(', ')}`,
    );
  }, 180_000);
});
