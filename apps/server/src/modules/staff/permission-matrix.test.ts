import { BUSINESS_TYPES, MONTHLY_ORDERS, PRODUCT_SOURCES, SCOPES, type Scope, SELLING_EXPERIENCE, STAFF_SCOPE } from '@backroom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from '../../lib/guard.js';
import { addMember, createTestApp, login, makeStore, makeUser, type TestContext } from '../../test/harness.js';
import { seedDemoThemes } from '../themes/index.js';

/**
 * The permission matrix (spec admin-dashboard §6; issue 15 item 4): for every scope, a staff member holding ONLY
 * that scope calls every guarded API route; a route answers 403 unless the scope is among the row's `allowed`, and
 * its normal status otherwise.
 *
 * The list of routes is not written here: it is read from the app (`registeredRoutes`, recorded by an `onRoute`
 * hook in lib/guard.ts). A guarded route without a row in MATRIX fails "every guarded route has a matrix row", an
 * unguarded `/api` route not listed in PUBLIC fails "every unguarded route is listed as public", and a row naming a
 * route that is no longer registered fails too. Adding a route = adding one row (ARCHITECTURE.md "How to add a route").
 */

/** Ids a row's URL and body can use. */
interface Ctx {
  storeId: string;
  ownerId: string;
  /** The calling member's own user id. */
  selfId: string;
  themeId: string;
  configId: string;
}

interface Row {
  /** Scopes that open the route; 'any' = every member of the store; [] = the owner and admins only. */
  allowed: Scope[] | 'any';
  /** The URL to call (default: the route's path with `:params` filled from `PARAMS`). */
  url?: (c: Ctx) => string;
  body?: (c: Ctx) => object;
  /** Status when allowed (default 200). */
  ok?: number;
}

const day = '2026-01-15';
const range = (c: Ctx) => `fromTime=${day}&toTime=${day}&stores=${c.storeId}&timezone=America/Los_Angeles`;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** Values for path parameters, by name. */
const PARAMS: Record<string, (c: Ctx) => string> = {
  themeId: (c) => c.themeId,
  configId: (c) => c.configId,
  version: () => '1',
  // Staff routes acting on another member: the owner, whom no plain scope may change.
  id: (c) => c.ownerId,
};

/** Every guarded route, keyed `METHOD /path/:param` exactly as registered. One row per route. */
const MATRIX: Record<string, Row> = {
  // Sign-in and the caller's own account (any member).
  'GET /api/users/me': { allowed: 'any' },
  'GET /api/stores': { allowed: 'any' },
  'GET /api/stores/preference': { allowed: 'any' },
  'GET /api/auth/survey': { allowed: 'any', url: (c) => `/api/auth/survey?storeId=${c.storeId}` },
  'POST /api/auth/survey': {
    allowed: [],
    body: () => ({
      businessType: BUSINESS_TYPES[0],
      experience: SELLING_EXPERIENCE[0],
      monthlyOrders: MONTHLY_ORDERS[0],
      productSource: PRODUCT_SOURCES[0],
    }),
  },
  'GET /api/auth/all-permission': { allowed: 'any' },
  'GET /api/auth/store-permission': { allowed: 'any' },
  'GET /api/auth/history': { allowed: 'any' },
  'GET /api/auth/history/': { allowed: 'any' },
  'PUT /api/users': { allowed: 'any', body: () => ({ firstName: 'Matrix', lastName: 'Member' }) },
  // No file sent: the upload itself is refused (400), but only after the guard let the caller in.
  'POST /api/users/profile-picture': { allowed: 'any', ok: 400 },
  'PUT /api/users/change-password': {
    allowed: 'any',
    body: () => ({ currentPassword: 'not-my-password', newPassword: 'whatever-1' }),
    ok: 400,
  },
  // Staff (Member screen: scope `store`; changes need the owner or admin role, so every plain scope gets 403).
  'GET /api/users/store-staffs': { allowed: [STAFF_SCOPE] },
  // Any member may read their own record; another member's needs the staff scope (see the extra case below).
  'GET /api/users/store-staff-info': { allowed: 'any', url: (c) => `/api/users/store-staff-info?staff_id=${c.selfId}` },
  'POST /api/users/add-store-staff': {
    allowed: [],
    body: () => ({ email: 'matrix-new@example.test', firstName: 'M', lastName: 'N', scopes: ['orders'], password: 'pass-word' }),
  },
  'PUT /api/users/update-store-staff/:id': { allowed: [], body: () => ({ scopes: ['orders'] }) },
  'DELETE /api/users/logout-all-staff-account': { allowed: [] },
  'DELETE /api/users/logout-staff-account/:id': { allowed: [] },
  'DELETE /api/users/delete-staff-account': { allowed: [], url: (c) => `/api/users/delete-staff-account?staff_id=${c.ownerId}` },
  // Home dashboard.
  'GET /api/reports/total-sales': { allowed: ['homes'], url: (c) => `/api/reports/total-sales?${range(c)}` },
  'GET /api/reports/total-orders': { allowed: ['homes'], url: (c) => `/api/reports/total-orders?${range(c)}` },
  'GET /api/orders/count': { allowed: ['homes', 'orders'], url: () => '/api/orders/count?fulfillmentStatus=unfulfilled' },
  'GET /api/helpbase/public/customHTML': { allowed: ['homes'] },
  // Analytics Overview (scope `dashboards`).
  'GET /api/analytics/total-sales': { allowed: ['dashboards'], url: (c) => `/api/analytics/total-sales?${range(c)}` },
  'GET /api/analytics/total-orders': { allowed: ['dashboards'], url: (c) => `/api/analytics/total-orders?${range(c)}` },
  'GET /api/analytics/aov': { allowed: ['dashboards'], url: (c) => `/api/analytics/aov?${range(c)}` },
  'GET /api/analytics/dashboard': { allowed: ['dashboards'], url: (c) => `/api/analytics/dashboard?${range(c)}` },
  'GET /api/analytics/paid-orders': {
    allowed: ['dashboards'],
    url: (c) => `/api/analytics/paid-orders?page=1&limit=7&financialStatus=paid&${range(c)}`,
  },
  'GET /api/analytics/paid-orders/count': {
    allowed: ['dashboards'],
    url: (c) => `/api/analytics/paid-orders/count?financialStatus=paid&${range(c)}`,
  },
  'GET /api/analytics/timezone': { allowed: ['dashboards'] },
  'GET /api/analytics/collections': { allowed: ['dashboards'], url: () => '/api/analytics/collections?search=a' },
  // Products and collections (scope `products`; the count also feeds the home dashboard).
  'GET /api/products/count': { allowed: ['products', 'homes'] },
  'GET /api/products': { allowed: ['products'] },
  'GET /api/collections': { allowed: ['products'] },
  // No file sent: 400 once past the guard.
  'POST /api/products/import': { allowed: ['products'], ok: 400 },
  // Themes (scope `themes`), reads and writes.
  'GET /api/themes': { allowed: ['themes'] },
  'GET /api/themes/:themeId/config': { allowed: ['themes'] },
  'PUT /api/themes/:themeId/config/:configId': {
    allowed: ['themes'],
    // Version 1 is the seeded one; only the one `themes` member gets through, so it saves once.
    body: () => ({ config: {}, version: 1 }),
  },
  'GET /api/themes/:themeId/versions': { allowed: ['themes'] },
  'POST /api/themes/:themeId/versions/:version/restore': { allowed: ['themes'] },
  'POST /api/themes/:themeId/publish': { allowed: ['themes'] },
  'GET /api/themes/lookups/menus': { allowed: ['themes'] },
  'GET /api/themes/lookups/pages': { allowed: ['themes'] },
  'GET /api/themes/lookups/products': { allowed: ['themes'] },
  'GET /api/themes/lookups/collections': { allowed: ['themes'] },
  'PATCH /api/themes/:themeId': { allowed: ['themes'], body: () => ({ name: 'FASHION' }) },
  'POST /api/themes/:themeId/duplicate': { allowed: ['themes'], body: () => ({}) },
  // The matrix theme is the published one: the delete is refused (400) once past the guard.
  'DELETE /api/themes/:themeId': { allowed: ['themes'], ok: 400 },
  'GET /api/themes/:themeId/versions/:version': { allowed: ['themes'] },
  'POST /api/themes/lookups/references': { allowed: ['themes'], body: () => ({ collections: ['bags'] }) },
  // Media: the screens that pick images (themes, products, pages). No file sent: 400 once past the guard.
  'POST /api/uploads': { allowed: ['themes', 'products', 'pages'], ok: 400 },
  'GET /api/uploads': { allowed: ['themes', 'products', 'pages'] },
};

/** Extra calls of a route already in MATRIX with other arguments (a different rule of the same route). */
const EXTRA: (Row & { route: string; name: string })[] = [
  {
    route: 'GET /api/users/store-staff-info',
    name: "another member's record",
    url: (c) => `/api/users/store-staff-info?staff_id=${c.ownerId}`,
    allowed: [STAFF_SCOPE],
  },
];

/** `/api` routes that are deliberately not guarded (sign-in, public storefront and files addressed by random names). */
const PUBLIC = new Set([
  'POST /api/auth/login',
  'POST /api/auth/refresh',
  'POST /api/auth/logout',
  'POST /api/auth/forgot',
  'POST /api/auth/reset',
  'GET /api/auth/register-check',
  'POST /api/auth/register',
  'GET /api/health',
  'GET /api/dev/outbox',
  'GET /api/users/profile-picture/:name',
  'GET /api/storefront/shop',
  'GET /api/storefront/products',
  'GET /api/storefront/products/:handle',
  'GET /api/storefront/collections',
  'GET /api/storefront/collections/:handle',
  'GET /api/storefront/pages/:handle',
  'POST /api/storefront/events',
  'POST /api/storefront/checkout',
  'GET /api/storefront/orders/:id',
  'GET /api/storefront/custom.js',
]);

let t: TestContext;
const ids = { storeId: '', ownerId: '', themeId: '', configId: '' };
const members = new Map<Scope, { id: string; headers: Record<string, string> }>();

beforeAll(async () => {
  t = await createTestApp();
  const owner = await makeUser(t.db);
  ids.ownerId = owner.id;
  const store = await makeStore(t.db, t.config, { ownerId: owner.id });
  ids.storeId = store.id;
  await seedDemoThemes(t.db, store);
  const ownerSession = await login(t.app, owner.email, owner.password, store.id);
  const themes = (await t.app.inject({ method: 'GET', url: '/api/themes', headers: ownerSession.headers })).json() as {
    themes: { id: string }[];
  };
  ids.themeId = themes.themes[0]!.id;
  const config = await t.app.inject({ method: 'GET', url: `/api/themes/${ids.themeId}/config`, headers: ownerSession.headers });
  ids.configId = (config.json() as { id: string }[])[0]!.id;
  let n = 0;
  for (const scope of SCOPES) {
    const u = await makeUser(t.db);
    await addMember(t.db, store.id, u.id, [scope]);
    n += 1;
    // A fresh IP per sign-in: the login limiter allows 20 a minute per IP.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: u.email, password: u.password },
      remoteAddress: `10.3.0.${n}`,
    });
    expect(res.statusCode).toBe(200);
    members.set(scope, { id: u.id, headers: { authorization: `Bearer ${res.json().accessToken}`, 'x-store-id': store.id } });
  }
}, 120_000);
afterAll(async () => t.close());

const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

/** The route's path with each `:param` filled from PARAMS (an unknown parameter name fails the row). */
function fillPath(path: string, c: Ctx): string {
  return path.replace(/:(\w+)/g, (_m, name: string) => {
    const value = PARAMS[name];
    if (!value) throw new Error(`no value for :${name} — add it to PARAMS or give the row a url`);
    return value(c);
  });
}

const CASES = [
  ...Object.entries(MATRIX).map(([route, row]) => ({ ...row, route, name: route })),
  ...EXTRA.map((x) => ({ ...x, name: `${x.route} (${x.name})` })),
];

describe.each(CASES)('$name', (c) => {
  it.for([...SCOPES])('with only %s', async (scope) => {
    const m = members.get(scope)!;
    const ctx: Ctx = { ...ids, selfId: m.id };
    const [method, path] = c.route.split(' ') as [string, string];
    const res = await t.app.inject({
      method: method as 'GET',
      url: c.url ? c.url(ctx) : fillPath(path, ctx),
      headers: m.headers,
      payload: c.body?.(ctx),
    });
    const allowed = c.allowed === 'any' || c.allowed.includes(scope);
    expect(res.statusCode, res.body).toBe(allowed ? (c.ok ?? 200) : 403);
  });
});

describe('matrix coverage, derived from the routes registered on the app', () => {
  const api = () => registeredRoutes(t.app).filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));

  it('every guarded route has a matrix row', () => {
    const missing = api()
      .filter((r) => r.guard)
      .map(key)
      .filter((k) => !(k in MATRIX));
    expect(missing, 'add a row to MATRIX in permission-matrix.test.ts for each of these').toEqual([]);
  });

  it('every unguarded /api route is listed as public', () => {
    const unlisted = api()
      .filter((r) => !r.guard)
      .map(key)
      .filter((k) => !PUBLIC.has(k));
    expect(unlisted, 'guard these routes, or list them in PUBLIC if they are meant to be open').toEqual([]);
  });

  it('every row names a registered route, guarded for matrix rows and unguarded for public ones', () => {
    const byKey = new Map(api().map((r) => [key(r), r]));
    expect(Object.keys(MATRIX).filter((k) => !byKey.get(k)?.guard)).toEqual([]);
    expect(EXTRA.map((x) => x.route).filter((k) => !(k in MATRIX))).toEqual([]);
    expect([...PUBLIC].filter((k) => !byKey.has(k) || byKey.get(k)!.guard)).toEqual([]);
  });

  it('an unknown store answers 404, not the route, for a guarded store route', async () => {
    const m = members.get('themes')!;
    const res = await t.app.inject({ method: 'GET', url: '/api/themes', headers: { ...m.headers, 'x-store-id': UNKNOWN_ID } });
    expect(res.statusCode).toBe(404);
  });
});
