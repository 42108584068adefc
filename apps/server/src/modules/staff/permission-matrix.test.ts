import { SCOPES, type Scope, STAFF_SCOPE } from '@backroom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createTestApp, makeStore, makeUser, type TestContext } from '../../test/harness.js';

/**
 * The permission matrix (spec admin-dashboard §6): for every scope, a staff member holding ONLY that scope calls
 * each API route; a route answers 403 unless the scope is among the route's `allowed`, and its normal status
 * otherwise. Routes of modules that are built later (`optional`) are checked as soon as they are registered.
 */
interface Ctx {
  storeId: string;
  ownerId: string;
  selfId: string;
}
interface Case {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The route's path pattern as registered (for `hasRoute`). */
  route: string;
  url: (c: Ctx) => string;
  /** Scopes that open it; 'any' = every member. Owner/admin-only routes list none. */
  allowed: Scope[] | 'any';
  body?: (c: Ctx) => object;
  /** Status when allowed (default 200). */
  ok?: number;
  /** The route belongs to a module that may not be registered yet. */
  optional?: boolean;
}

const day = '2026-01-15';
const range = (c: Ctx) => `fromTime=${day}&toTime=${day}&stores=${c.storeId}&timezone=America/Los_Angeles`;

const CASES: Case[] = [
  // Home dashboard (dashboard module).
  { method: 'GET', route: '/api/reports/total-sales', url: (c) => `/api/reports/total-sales?${range(c)}`, allowed: ['homes'] },
  { method: 'GET', route: '/api/reports/total-orders', url: (c) => `/api/reports/total-orders?${range(c)}`, allowed: ['homes'] },
  { method: 'GET', route: '/api/orders/count', url: () => '/api/orders/count?fulfillmentStatus=unfulfilled', allowed: ['homes', 'orders'] },
  { method: 'GET', route: '/api/helpbase/public/customHTML', url: () => '/api/helpbase/public/customHTML', allowed: ['homes'] },
  // Any member.
  { method: 'GET', route: '/api/users/me', url: () => '/api/users/me', allowed: 'any' },
  { method: 'GET', route: '/api/stores/preference', url: () => '/api/stores/preference', allowed: 'any' },
  { method: 'GET', route: '/api/auth/survey', url: (c) => `/api/auth/survey?storeId=${c.storeId}`, allowed: 'any' },
  { method: 'GET', route: '/api/auth/all-permission', url: () => '/api/auth/all-permission', allowed: 'any' },
  { method: 'GET', route: '/api/auth/store-permission', url: () => '/api/auth/store-permission', allowed: 'any' },
  { method: 'GET', route: '/api/auth/history/', url: () => '/api/auth/history/', allowed: 'any' },
  { method: 'GET', route: '/api/users/store-staff-info', url: (c) => `/api/users/store-staff-info?staff_id=${c.selfId}`, allowed: 'any' },
  {
    method: 'PUT',
    route: '/api/users',
    url: () => '/api/users',
    body: () => ({ firstName: 'Matrix', lastName: 'Member' }),
    allowed: 'any',
  },
  {
    method: 'PUT',
    route: '/api/users/change-password',
    url: () => '/api/users/change-password',
    body: () => ({ currentPassword: 'not-my-password', newPassword: 'whatever-1' }),
    allowed: 'any',
    ok: 400,
  },
  // Staff (Member screen: scope `store`; changes need the owner or admin role, so every plain scope gets 403).
  { method: 'GET', route: '/api/users/store-staffs', url: () => '/api/users/store-staffs', allowed: [STAFF_SCOPE] },
  {
    method: 'GET',
    route: '/api/users/store-staff-info',
    url: (c) => `/api/users/store-staff-info?staff_id=${c.ownerId}`,
    allowed: [STAFF_SCOPE],
  },
  {
    method: 'POST',
    route: '/api/users/add-store-staff',
    url: () => '/api/users/add-store-staff',
    body: () => ({ email: 'matrix-new@example.test', firstName: 'M', lastName: 'N', scopes: ['orders'], password: 'pass-word' }),
    allowed: [],
  },
  {
    method: 'PUT',
    route: '/api/users/update-store-staff/:id',
    url: (c) => `/api/users/update-store-staff/${c.ownerId}`,
    body: () => ({ scopes: ['orders'] }),
    allowed: [],
  },
  { method: 'DELETE', route: '/api/users/logout-all-staff-account', url: () => '/api/users/logout-all-staff-account', allowed: [] },
  {
    method: 'DELETE',
    route: '/api/users/logout-staff-account/:id',
    url: (c) => `/api/users/logout-staff-account/${c.ownerId}`,
    allowed: [],
  },
  {
    method: 'DELETE',
    route: '/api/users/delete-staff-account',
    url: (c) => `/api/users/delete-staff-account?staff_id=${c.ownerId}`,
    allowed: [],
  },
  // Analytics Overview (scope `dashboards`), when registered.
  ...['total-sales', 'total-orders', 'aov', 'dashboard'].map(
    (p): Case => ({
      method: 'GET',
      route: `/api/analytics/${p}`,
      url: (c) => `/api/analytics/${p}?${range(c)}`,
      allowed: ['dashboards'],
      optional: true,
    }),
  ),
  {
    method: 'GET',
    route: '/api/analytics/paid-orders',
    url: (c) => `/api/analytics/paid-orders?page=1&limit=7&financialStatus=paid&${range(c)}`,
    allowed: ['dashboards'],
    optional: true,
  },
  {
    method: 'GET',
    route: '/api/analytics/paid-orders/count',
    url: (c) => `/api/analytics/paid-orders/count?financialStatus=paid&${range(c)}`,
    allowed: ['dashboards'],
    optional: true,
  },
  { method: 'GET', route: '/api/analytics/timezone', url: () => '/api/analytics/timezone', allowed: ['dashboards'], optional: true },
  {
    method: 'GET',
    route: '/api/analytics/collections',
    url: () => '/api/analytics/collections?search=a',
    allowed: ['dashboards'],
    optional: true,
  },
  // Catalog and themes, when registered.
  { method: 'GET', route: '/api/products/count', url: () => '/api/products/count', allowed: ['products', 'homes'], optional: true },
  { method: 'GET', route: '/api/themes', url: () => '/api/themes', allowed: ['themes'], optional: true },
];

let t: TestContext;
let storeId: string;
let ownerId: string;
const members = new Map<Scope, { id: string; headers: Record<string, string> }>();

beforeAll(async () => {
  t = await createTestApp();
  const owner = await makeUser(t.db);
  ownerId = owner.id;
  storeId = (await makeStore(t.db, t.config, { ownerId: owner.id })).id;
  let n = 0;
  for (const scope of SCOPES) {
    const u = await makeUser(t.db);
    await addMember(t.db, storeId, u.id, [scope]);
    n += 1;
    // A fresh IP per sign-in: the login limiter allows 20 a minute per IP.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: u.email, password: u.password },
      remoteAddress: `10.3.0.${n}`,
    });
    expect(res.statusCode).toBe(200);
    members.set(scope, { id: u.id, headers: { authorization: `Bearer ${res.json().accessToken}`, 'x-store-id': storeId } });
  }
}, 120_000);
afterAll(async () => t.close());

describe.each(CASES)('$method $route', (c) => {
  it.for([...SCOPES])('with only %s', async (scope, { skip }) => {
    if (c.optional && !t.app.hasRoute({ method: c.method, url: c.route })) skip(`${c.route} is not registered yet`);
    const m = members.get(scope)!;
    const ctx = { storeId, ownerId, selfId: m.id };
    const res = await t.app.inject({ method: c.method, url: c.url(ctx), headers: m.headers, payload: c.body?.(ctx) });
    const allowed = c.allowed === 'any' || c.allowed.includes(scope);
    expect(res.statusCode, res.body).toBe(allowed ? (c.ok ?? 200) : 403);
  });
});

describe('matrix coverage', () => {
  it('covers every required route, each registered', () => {
    for (const c of CASES.filter((x) => !x.optional)) expect(t.app.hasRoute({ method: c.method, url: c.route }), c.route).toBe(true);
  });
});
