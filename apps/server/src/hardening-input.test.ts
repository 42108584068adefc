import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, productVariants } from './db/schema/index.js';
import { addMember, createTestApp, login, makeStore, makeUser, type TestContext } from './test/harness.js';

/**
 * Issue 29 items 3–5: no malformed input reaches a 500, and authorisation comes before validation on the multi-shop
 * analytics and report routes.
 * - item 3: a lone surrogate (ill-formed UTF-16, e.g. "x\ud800") in any string of a request body answers 400 with
 *   `messages` (PostgreSQL refused the JSON with 22P02 and the handler answered 500);
 * - item 4: numeric query parameters past their bounds and dates outside years 1900–9999 answer 400 (overflow and
 *   year 0 answered 500);
 * - item 5: staff without the route's scope get 403 whatever the query (the query's rules answered 400 first).
 */
let t: TestContext;
let owner: Record<string, string>;
let staff: Record<string, string>;
let storeId: string;
let host: string;
let variantId: string;

beforeAll(async () => {
  t = await createTestApp();
  const u = await makeUser(t.db);
  const s = await makeStore(t.db, t.config, { ownerId: u.id });
  storeId = s.id;
  host = `${s.handle}.${t.config.storefrontSuffix}`;
  owner = (await login(t.app, u.email, u.password, s.id)).headers;
  const st = await makeUser(t.db);
  // A staff member holding only `orders`: none of the analytics or report scopes.
  await addMember(t.db, s.id, st.id, ['orders']);
  staff = (await login(t.app, st.email, st.password, s.id)).headers;
  const [p] = await t.db.insert(products).values({ storeId: s.id, handle: 'tee', title: 'Tee' }).returning();
  const [v] = await t.db
    .insert(productVariants)
    .values({ storeId: s.id, productId: p!.id, priceCents: 1000, inventoryQty: 100 })
    .returning();
  variantId = v!.id;
}, 120_000);
afterAll(async () => t.close());

/** Asserts a 400 whose `messages` name `field`. */
function expect400(res: { statusCode: number; body: string }, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  const messages = (JSON.parse(res.body) as { messages: string[] }).messages;
  expect(
    messages.some((m) => m.includes(field)),
    res.body,
  ).toBe(true);
}

describe('item 3: lone surrogates in request bodies answer 400, not 500', () => {
  const LONE = ['x\ud800', '\udc00y', 'a\udbff'];
  const customer = { email: 'ann@example.test', firstName: 'Ann', lastName: 'Lee', address1: '1 St', city: 'X', country: 'US' };
  let seq = 0;
  const checkout = (over: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/storefront/checkout',
      headers: { host },
      remoteAddress: `10.29.3.${++seq}`,
      payload: { lines: [{ variantId, quantity: 1 }], customer: { ...customer, ...over }, visitorSessionId: `visitor-session-${seq}` },
    });

  it('checkout: customer name, address and city', async () => {
    for (const value of LONE) {
      for (const field of ['firstName', 'lastName', 'address1', 'city']) expect400(await checkout({ [field]: value }), `customer.${field}`);
    }
    // A well-formed pair (an emoji) is text like any other.
    expect((await checkout({ firstName: 'Ann 😀' })).statusCode).toBe(200);
  });

  it('POST /api/auth/survey note', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/survey',
      headers: owner,
      payload: { businessType: 'other', experience: 'just_starting', monthlyOrders: '0-50', productSource: 'other', note: 'x\ud800' },
    });
    expect400(res, 'body.note');
  });

  it('POST and PUT /api/size-charts title', async () => {
    const chart = { title: 'Dresses', unit: 'cm', columns: ['Size', 'Bust'], rows: [['S', '84']], note: '' };
    expect400(
      await t.app.inject({ method: 'POST', url: '/api/size-charts', headers: owner, payload: { ...chart, title: 'x\ud800' } }),
      'body.title',
    );
    const made = await t.app.inject({ method: 'POST', url: '/api/size-charts', headers: owner, payload: chart });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as string;
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/size-charts/${id}`,
      headers: owner,
      payload: { ...chart, title: 'x\ud800' },
    });
    expect400(put, 'body.title');
    // Inside arrays too (a table cell).
    const cell = await t.app.inject({
      method: 'PUT',
      url: `/api/size-charts/${id}`,
      headers: owner,
      payload: { ...chart, rows: [['S', '\udfff']] },
    });
    expect400(cell, 'body.rows.0.1');
  });
});

describe('item 4: numeric overflow and out-of-range dates in queries answer 400, not 500', () => {
  it('GET /api/customers spentMin/spentMax (and the export)', async () => {
    for (const path of ['/api/customers', '/api/customers/export']) {
      for (const name of ['spentMin', 'spentMax', 'ordersMin', 'ordersMax']) {
        const res = await t.app.inject({ method: 'GET', url: `${path}?${name}=99999999999999999999`, headers: owner });
        expect400(res, `querystring.${name}`);
      }
    }
  });

  it('GET /api/stores/payout/request-payouts fromDate/toDate (and the export)', async () => {
    for (const path of ['/api/stores/payout/request-payouts', '/api/stores/payout/request-payouts/export']) {
      for (const name of ['fromDate', 'toDate']) {
        for (const day of ['0000-01-01', '275760-09-13', '+275760-09-13']) {
          const res = await t.app.inject({ method: 'GET', url: `${path}?${name}=${encodeURIComponent(day)}`, headers: owner });
          expect400(res, `querystring.${name}`);
        }
      }
    }
  });
});

/** A query parameter of the OpenAPI document. */
interface QueryParam {
  name: string;
  required?: boolean;
  schema?: { type?: string; format?: string; enum?: string[]; minimum?: number; pattern?: string; default?: unknown };
}

/** Numeric parameters by their schema; date parameters by `format: date` or by name (fromTime, createdTo, …). */
const isNumeric = (p: QueryParam) => p.schema?.type === 'integer' || p.schema?.type === 'number';
const isDate = (p: QueryParam) =>
  p.schema?.format === 'date' || p.schema?.format === 'date-time' || /(Time|Date|From|To|\[(start|end)Date\])$/.test(p.name);

describe('item 4: every numeric and date query parameter of the OpenAPI document is bounded', () => {
  it('overflow, negative, fractional, year 0 and year 275760 answer 400 naming the parameter, never 5xx', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { parameters?: (QueryParam & { in: string })[] }>>;
    };
    /** A valid value for a parameter the probe does not aim at, so the 400 can only be about the one it does. */
    const valid = (p: QueryParam): string => {
      if (p.name === 'stores' || p.name === 'storeId' || p.schema?.format === 'uuid') return storeId;
      if (isDate(p)) return '2026-01-15';
      if (p.schema?.enum) return p.schema.enum[0]!;
      if (isNumeric(p)) return String(Math.max(1, p.schema?.minimum ?? 1));
      if (p.name === 'timezone' || p.name.endsWith('[timezone]')) return 'UTC';
      if (p.name === 'financialStatus') return 'paid';
      return 'a';
    };
    const probes: { path: string; param: string; value: string; strict: boolean }[] = [];
    let aimed = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      const get = item.get;
      if (!get) continue;
      const query = (get.parameters ?? []).filter((p) => p.in === 'query');
      for (const target of query.filter((p) => isNumeric(p) || isDate(p))) {
        aimed += 1;
        const values = isNumeric(target)
          ? [
              ['99999999999999999999', true],
              ['1e309', true],
              ['-1', (target.schema?.minimum ?? 0) >= 0],
              ['1.5', target.schema?.type === 'integer'],
            ]
          : [
              ['0000-01-01', true],
              ['275760-09-13', true],
              ['+275760-09-13T00:00:00.000Z', true],
              ['0000-01-01T00:00:00Z', true],
            ];
        for (const [value, strict] of values as [string, boolean][]) {
          const others = query.filter((p) => p !== target && (p.required || p.name === 'stores'));
          const qs = [...others.map((p) => [p.name, valid(p)]), [target.name, value]]
            .map(([k, v]) => `${encodeURIComponent(k!)}=${encodeURIComponent(v!)}`)
            .join('&');
          probes.push({ path: `${path.replace(/\{[^}]+\}/g, 'x')}?${qs}`, param: target.name, value, strict });
        }
      }
    }
    expect(aimed).toBeGreaterThan(40);
    const failures: string[] = [];
    for (const probe of probes) {
      const res = await t.app.inject({
        method: 'GET',
        url: probe.path,
        headers: probe.path.startsWith('/api/storefront/') ? { host } : owner,
      });
      const where = `GET ${probe.path} → ${res.statusCode} ${res.body.slice(0, 200)}`;
      if (res.statusCode >= 500) failures.push(where);
      else if (res.statusCode >= 400) {
        const messages = (JSON.parse(res.body) as { messages?: unknown }).messages;
        if (!Array.isArray(messages) || !messages.length) failures.push(`${where} (no messages)`);
        else if (probe.strict && (res.statusCode !== 400 || !messages.some((m) => String(m).includes(probe.param))))
          failures.push(`${where} (expected 400 naming ${probe.param})`);
      } else if (probe.strict) failures.push(`${where} (expected 400)`);
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

describe('item 5: authorisation before validation on the multi-shop analytics and report routes', () => {
  const ROUTES = [
    '/api/analytics/total-sales',
    '/api/analytics/total-orders',
    '/api/analytics/aov',
    '/api/analytics/dashboard',
    '/api/analytics/paid-orders',
    '/api/analytics/paid-orders/count',
    '/api/analytics/collections',
    '/api/reports/total-sales',
    '/api/reports/total-orders',
    '/api/reports/sales',
    '/api/reports/profit',
    '/api/reports/utm',
  ];
  const INVALID = ['', '?stores=not-a-store', '?fromTime=&toTime=&stores=,', `?limit=0&page=-1&search=${'x'.repeat(300)}`];

  it('staff without the scope get 403 whatever the query', async () => {
    for (const path of ROUTES) {
      for (const q of INVALID) {
        const res = await t.app.inject({ method: 'GET', url: `${path}${q}`, headers: staff });
        expect(res.statusCode, `${path}${q} → ${res.body}`).toBe(403);
        expect(res.json().messages).toEqual(['You do not have access to this page']);
      }
      // Without X-Store-Id too: no membership of theirs holds the scope.
      const { 'x-store-id': _, ...bare } = staff;
      const res = await t.app.inject({ method: 'GET', url: `${path}?stores=,`, headers: bare });
      expect([403, 400], `${path} without X-Store-Id → ${res.body}`).toContain(res.statusCode);
      if (!path.endsWith('/collections')) expect(res.statusCode, `${path} without X-Store-Id`).toBe(403);
    }
  });

  it('the owner still gets the query rules (400) and the answer', async () => {
    for (const path of ROUTES) {
      const res = await t.app.inject({ method: 'GET', url: `${path}?stores=not-a-store&search=${'x'.repeat(300)}`, headers: owner });
      expect(res.statusCode, `${path} → ${res.body}`).toBe(400);
      expect(res.json().messages.length).toBeGreaterThan(0);
    }
    const day = '2026-01-15';
    const ok = await t.app.inject({
      method: 'GET',
      url: `/api/analytics/dashboard?fromTime=${day}&toTime=${day}&stores=${storeId}`,
      headers: owner,
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
