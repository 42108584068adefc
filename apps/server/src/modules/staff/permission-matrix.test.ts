import { BUSINESS_TYPES, MONTHLY_ORDERS, PRODUCT_SOURCES, SCOPES, type Scope, SELLING_EXPERIENCE, STAFF_SCOPE } from '@backroom/contracts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type GuardOptions,
  guardFirst,
  hasScope,
  makeGuard,
  type RegisteredRoute,
  registeredRoutes,
  trackRoutes,
} from '../../lib/guard.js';
import type { App } from '../../lib/types.js';
import { addMember, createTestApp, login, makeStore, makeUser, type TestContext } from '../../test/harness.js';
import { seedDemoThemes } from '../themes/index.js';

/**
 * The permission matrix (spec admin-dashboard §6; issue 15 item 4; issue 28 item 1). For every guarded API route a
 * row says which scopes open it (`allowed`); a staff member holding ONLY one scope gets 403 from the route unless that
 * scope is among them, and the route's normal status otherwise. It is checked in two ways:
 *
 * - Statically, for every route and every one of the 19 scopes: the guard the route is registered with
 *   (`registeredRoutes`, read back from its hooks by lib/guard.ts) lets a member of that scope in exactly when the
 *   row allows it (`guardMismatches`, a pure function). The guard's own behaviour — a declared scope really refuses
 *   the others with 403 — is lib/guard.test.ts's, and the requests below.
 * - With real requests, per route and scope class: one member holding an allowed scope (normal status) and one
 *   holding none of them (403); one member for an 'any' route. A route whose handler refuses more than its guard
 *   (`handler` on the row: owner-only and provider-only routes, a rule on another member's record) cannot be
 *   checked statically, so every scope calls it, as before.
 *
 * "the matrix catches a loosened or removed guard" mutates one route — in a copy of the route list, and in a small
 * real app registering it with a looser guard — and expects both checks to report it.
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
  /**
   * Why the route's guard lets in more members than `allowed` — its handler refuses the rest (the owner or an
   * admin only, provider staff only, …). Such a row is not checked against the guard statically; every scope
   * calls the route instead.
   */
  handler?: string;
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

/** `handler` of the staff changes: the guard asks for the staff scope, the handler for the owner or an admin. */
const STAFF_CHANGE = 'staff changes need the owner or an admin (the guard asks for the staff scope)';
/** `handler` of the gateway pool and payout moderation: any member passes the guard, the handler wants provider staff. */
const PROVIDER_ONLY = 'provider staff only (PROVIDER_EMAILS / PROVIDER_DOMAIN), whatever the scopes';

/** Every guarded route, keyed `METHOD /path/:param` exactly as registered. One row per route. */
const MATRIX: Record<string, Row> = {
  // Sign-in and the caller's own account (any member).
  'GET /api/users/me': { allowed: 'any' },
  'GET /api/stores': { allowed: 'any' },
  'GET /api/stores/preference': { allowed: 'any' },
  'GET /api/auth/survey': { allowed: 'any', url: (c) => `/api/auth/survey?storeId=${c.storeId}` },
  'POST /api/auth/survey': {
    handler: 'the owner or an admin answers the survey',
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
    handler: STAFF_CHANGE,
    allowed: [],
    body: () => ({ email: 'matrix-new@example.test', firstName: 'M', lastName: 'N', scopes: ['orders'], password: 'pass-word' }),
  },
  'PUT /api/users/update-store-staff/:id': { handler: STAFF_CHANGE, allowed: [], body: () => ({ scopes: ['orders'] }) },
  'DELETE /api/users/logout-all-staff-account': { handler: STAFF_CHANGE, allowed: [] },
  'DELETE /api/users/logout-staff-account/:id': { handler: STAFF_CHANGE, allowed: [] },
  'DELETE /api/users/delete-staff-account': {
    handler: STAFF_CHANGE,
    allowed: [],
    url: (c) => `/api/users/delete-staff-account?staff_id=${c.ownerId}`,
  },
  // Invitations (issue 14 item 5): the store withdraws one (no such invitation: 404 once past the rules); the
  // invited person lists, accepts and declines their own (not theirs: 404 once past the guard).
  'DELETE /api/users/store-invitations/:id': { handler: STAFF_CHANGE, allowed: [], ok: 404 },
  'GET /api/users/invitations': { allowed: 'any' },
  'POST /api/users/invitations/:id/accept': { allowed: 'any', ok: 404 },
  'POST /api/users/invitations/:id/decline': { allowed: 'any', ok: 404 },
  // Home dashboard.
  'GET /api/reports/total-sales': { allowed: ['homes'], url: (c) => `/api/reports/total-sales?${range(c)}` },
  'GET /api/reports/total-orders': { allowed: ['homes'], url: (c) => `/api/reports/total-orders?${range(c)}` },
  'GET /api/orders/count': { allowed: ['homes', 'orders'], url: () => '/api/orders/count?fulfillmentStatus=unfulfilled' },
  'GET /api/helpbase/public/customHTML': { allowed: ['homes'] },
  // Orders (scope `orders`, spec §6). Actions on an unknown order answer 404 once past the guard.
  'GET /api/orders': { allowed: ['orders'] },
  'GET /api/orders/export': { allowed: ['orders'] },
  'GET /api/orders/:id': { allowed: ['orders'], url: () => `/api/orders/${UNKNOWN_ID}`, ok: 404 },
  'PATCH /api/orders/:id': { allowed: ['orders'], url: () => `/api/orders/${UNKNOWN_ID}`, body: () => ({ note: 'x' }), ok: 404 },
  'POST /api/orders/:id/fulfillments': {
    allowed: ['orders'],
    url: () => `/api/orders/${UNKNOWN_ID}/fulfillments`,
    body: () => ({}),
    ok: 404,
  },
  'POST /api/orders/:id/refunds': {
    allowed: ['orders'],
    url: () => `/api/orders/${UNKNOWN_ID}/refunds`,
    body: () => ({ amount: 1 }),
    ok: 404,
  },
  'POST /api/orders/:id/cancel': {
    allowed: ['orders'],
    url: () => `/api/orders/${UNKNOWN_ID}/cancel`,
    body: () => ({ reason: 'other' }),
    ok: 404,
  },
  'POST /api/orders/:id/mark-as-paid': { allowed: ['orders'], url: () => `/api/orders/${UNKNOWN_ID}/mark-as-paid`, ok: 404 },
  // Customers (scope `customers`, spec §6).
  'GET /api/customers': { allowed: ['customers'] },
  'GET /api/customers/export': { allowed: ['customers'] },
  'GET /api/customers/:id': { allowed: ['customers'], url: () => `/api/customers/${UNKNOWN_ID}`, ok: 404 },
  'PATCH /api/customers/:id': { allowed: ['customers'], url: () => `/api/customers/${UNKNOWN_ID}`, body: () => ({ note: 'x' }), ok: 404 },
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
  // Global search (issue 20): any member; the answer is cut to the types their scopes allow (search.test.ts).
  'GET /api/search': { allowed: 'any', url: () => '/api/search?q=hoodie' },
  // No file sent: 400 once past the guard.
  'POST /api/products/import': { allowed: ['products'], ok: 400 },
  // Background jobs (modules/jobs): any member; which jobs they see depends on each job type's scope.
  'GET /api/jobs': { allowed: 'any' },
  'GET /api/jobs/:id': { allowed: 'any', url: () => `/api/jobs/${UNKNOWN_ID}`, ok: 404 },
  // Products and collections API (issue 13): an unknown id answers 404 once past the guard.
  'POST /api/products': { allowed: ['products'], body: () => ({ title: 'Matrix product', variants: [{ price: 1 }] }), ok: 201 },
  'GET /api/products/:id': { allowed: ['products'], url: () => `/api/products/${UNKNOWN_ID}`, ok: 404 },
  'PUT /api/products/:id': { allowed: ['products'], url: () => `/api/products/${UNKNOWN_ID}`, body: () => ({ title: 'x' }), ok: 404 },
  'DELETE /api/products/:id': { allowed: ['products'], url: () => `/api/products/${UNKNOWN_ID}`, ok: 404 },
  'PATCH /api/products/bulk': { allowed: ['products'], body: () => ({ products: [{ id: UNKNOWN_ID, title: 'x' }] }), ok: 404 },
  'GET /api/products/export': { allowed: ['products'] },
  'POST /api/collections': { allowed: ['products'], body: () => ({ title: 'Matrix collection' }), ok: 201 },
  // Bulk edit grid, bulk updates, inventory, product feeds (issue 13 items 2, 4, 5, 9; scope `products`).
  'GET /api/products/grid': { allowed: ['products'] },
  'POST /api/bulk-updates': {
    allowed: ['products'],
    body: () => ({ action: 'status', status: 'draft', filter: { productIds: [UNKNOWN_ID] } }),
    ok: 400,
  },
  'GET /api/bulk-updates': { allowed: ['products'] },
  'GET /api/inventory': { allowed: ['products'] },
  'POST /api/inventory/adjustments': {
    allowed: ['products'],
    body: () => ({ variantId: UNKNOWN_ID, delta: 1, reason: 'received' }),
    ok: 404,
  },
  'GET /api/inventory/history': { allowed: ['products'] },
  'GET /api/product-feeds': { allowed: ['products'] },
  'GET /api/collections/:id': { allowed: ['products'], url: () => `/api/collections/${UNKNOWN_ID}`, ok: 404 },
  'PUT /api/collections/:id': { allowed: ['products'], url: () => `/api/collections/${UNKNOWN_ID}`, body: () => ({ title: 'x' }), ok: 404 },
  'DELETE /api/collections/:id': { allowed: ['products'], url: () => `/api/collections/${UNKNOWN_ID}`, ok: 404 },
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
  // Pages (scope `pages`; issue 11 item 2). An unknown id answers 404 once past the guard.
  'GET /api/stores/onlinestore/pages/': { allowed: ['pages'] },
  'POST /api/stores/onlinestore/pages/': { allowed: ['pages'], body: () => ({ title: 'Matrix page' }), ok: 200 },
  'GET /api/stores/onlinestore/pages/:id': { allowed: ['pages'], url: () => `/api/stores/onlinestore/pages/${UNKNOWN_ID}`, ok: 404 },
  'PUT /api/stores/onlinestore/pages/:id': {
    allowed: ['pages'],
    url: () => `/api/stores/onlinestore/pages/${UNKNOWN_ID}`,
    body: () => ({ title: 'Matrix page' }),
    ok: 404,
  },
  'DELETE /api/stores/onlinestore/pages/:id': { allowed: ['pages'], url: () => `/api/stores/onlinestore/pages/${UNKNOWN_ID}`, ok: 404 },
  // Discounts (scope `discounts`); an unknown id answers 404 once past the guard.
  'GET /api/discounts': { allowed: ['discounts'] },
  'GET /api/discounts/lookups': { allowed: ['discounts'], url: () => '/api/discounts/lookups?kind=products' },
  'POST /api/discounts': {
    allowed: ['discounts'],
    body: () => ({ method: 'code', code: 'MATRIX', type: 'percentage', value: 10, startsAt: '2026-01-01T00:00:00Z' }),
    ok: 201,
  },
  'GET /api/discounts/:id': { allowed: ['discounts'], url: () => `/api/discounts/${UNKNOWN_ID}`, ok: 404 },
  'PUT /api/discounts/:id': {
    allowed: ['discounts'],
    url: () => `/api/discounts/${UNKNOWN_ID}`,
    body: () => ({ method: 'code', code: 'MATRIX2', type: 'percentage', value: 10, startsAt: '2026-01-01T00:00:00Z' }),
    ok: 404,
  },
  'DELETE /api/discounts/:id': { allowed: ['discounts'], url: () => `/api/discounts/${UNKNOWN_ID}`, ok: 404 },
  // Abandoned checkouts (website.abandoned: scope `orders`).
  'GET /api/checkouts/abandoned': { allowed: ['orders'] },
  // Personalized products and fonts (scope `products`; issue 11 item 4). No file / unknown ids: 400 / 404 past the guard.
  'GET /api/personalizes/': { allowed: ['products'] },
  'GET /api/personalizes/count': { allowed: ['products'] },
  'POST /api/personalizes': { allowed: ['products'], body: () => ({ productId: UNKNOWN_ID, name: 'x', fields: [] }), ok: 400 },
  'GET /api/personalizes/font': { allowed: ['products'] },
  'POST /api/personalizes/font': { allowed: ['products'], ok: 400 },
  'DELETE /api/personalizes/font/:id': { allowed: ['products'], url: () => `/api/personalizes/font/${UNKNOWN_ID}`, ok: 404 },
  'GET /api/personalizes/product/:id': { allowed: ['products'], url: () => `/api/personalizes/product/${UNKNOWN_ID}`, ok: 404 },
  'GET /api/personalizes/:id': { allowed: ['products'], url: () => `/api/personalizes/${UNKNOWN_ID}`, ok: 404 },
  'PUT /api/personalizes/:id': {
    allowed: ['products'],
    url: () => `/api/personalizes/${UNKNOWN_ID}`,
    body: () => ({ productId: UNKNOWN_ID, name: 'x', fields: [{ id: 'a', type: 'text', label: 'A', maxLength: 5 }] }),
    ok: 404,
  },
  'DELETE /api/personalizes/:id': { allowed: ['products'], url: () => `/api/personalizes/${UNKNOWN_ID}`, ok: 404 },
  // Preferences (scope `preferences`; issue 11 item 5). An invalid body: 400 once past the guard.
  'GET /api/stores/preferences': { allowed: ['preferences'] },
  'PUT /api/stores/preferences': { allowed: ['preferences'], body: () => ({ storeName: '' }), ok: 400 },
  // Domains (scope `domains`; issue 11 item 1); the store config flags are open to every member.
  'GET /api/stores/config/domains/': { allowed: ['domains'] },
  'POST /api/stores/config/domains/': { allowed: ['domains'], body: () => ({ host: 'matrix.example.com' }) },
  'DELETE /api/stores/config/domains/': {
    allowed: ['domains'],
    url: () => '/api/stores/config/domains/?host=unknown.example.com',
    ok: 404,
  },
  'POST /api/stores/admin/check-domain': {
    allowed: ['domains'],
    body: (c) => ({ domain: 'unknown.example.com', storeId: c.storeId }),
    ok: 404,
  },
  'POST /api/stores/config/update-domain-checkout': { allowed: ['domains'], body: () => ({ host: 'unknown.example.com' }), ok: 404 },
  'GET /api/stores/public/onlinestore/themes/page': { allowed: 'any' },
  'POST /api/stores/config/buy-domains': { allowed: ['domains'], body: () => ({ domains: ['matrix-buy.example.com'] }) },
  'GET /api/stores/config/pending-domains': { allowed: ['domains'] },
  'DELETE /api/stores/config/pending-domain': {
    allowed: ['domains'],
    url: () => '/api/stores/config/pending-domain?domain=unknown.example.com',
    ok: 404,
  },
  // Onboarding and subscription (issue 10 items 1–2): any member reads the guide and the plan; choosing one needs `settings`.
  'GET /api/stores/config/status': { allowed: 'any' },
  'PUT /api/stores/config/skip': { allowed: 'any', body: () => ({ field: 'connect_domain' }) },
  'GET /api/stores/subscription': { allowed: 'any' },
  'PUT /api/stores/subscription': { allowed: ['settings'], body: () => ({ plan: 'basic' }) },
  // Payment gateways (issue 10 item 3): the shop's serving list is open to every member (the dashboard's check);
  // the pool is provider staff's only, so every plain scope gets 403 (allowed: []).
  'GET /api/stores/payout/proxy/store-proxies': { allowed: 'any' },
  'GET /api/stores/payout/proxy/get-store-proxies': { allowed: ['settings'] },
  'GET /api/stores/payout/proxy/store-groups': { allowed: ['settings'] },
  'POST /api/stores/payout/proxy/save-store-proxies': { allowed: ['settings'], body: (c) => ({ storeId: c.storeId, proxyIds: [] }) },
  'GET /api/stores/payout/proxy/remain-proxies': { handler: PROVIDER_ONLY, allowed: [] },
  'GET /api/stores/payout/proxy/list-groups': { handler: PROVIDER_ONLY, allowed: [] },
  'POST /api/stores/payout/proxy/add-store-group': {
    handler: PROVIDER_ONLY,
    allowed: [],
    url: (c) => `/api/stores/payout/proxy/add-store-group?storeId=${c.storeId}&groupId=${UNKNOWN_ID}`,
  },
  'POST /api/stores/payout/proxy/remove-store-group': {
    handler: PROVIDER_ONLY,
    allowed: [],
    url: (c) => `/api/stores/payout/proxy/remove-store-group?storeId=${c.storeId}&groupId=${UNKNOWN_ID}`,
  },
  'GET /api/stores/payout/proxy/add-store-group': {
    handler: PROVIDER_ONLY,
    allowed: [],
    url: (c) => `/api/stores/payout/proxy/add-store-group?storeId=${c.storeId}&groupId=${UNKNOWN_ID}`,
  },
  'GET /api/stores/payout/proxy/remove-store-group': {
    handler: PROVIDER_ONLY,
    allowed: [],
    url: (c) => `/api/stores/payout/proxy/remove-store-group?storeId=${c.storeId}&groupId=${UNKNOWN_ID}`,
  },
  'GET /api/stores/payout/proxy/remain-group-proxies': {
    handler: PROVIDER_ONLY,
    allowed: [],
    url: () => `/api/stores/payout/proxy/remain-group-proxies?groupId=${UNKNOWN_ID}`,
  },
  'GET /api/stores/payout/proxy/list-proxies-groups': { handler: PROVIDER_ONLY, allowed: [] },
  'GET /api/stores/payout/proxy/stores': { handler: PROVIDER_ONLY, allowed: [] },
  'POST /api/stores/payout/proxy/group': { handler: PROVIDER_ONLY, allowed: [], body: () => ({ name: 'Matrix group' }) },
  'POST /api/stores/payout/proxy/group/:id': {
    handler: PROVIDER_ONLY,
    allowed: [],
    url: () => `/api/stores/payout/proxy/group/${UNKNOWN_ID}`,
    body: () => ({ name: 'Matrix group', proxyIds: [] }),
  },
  'POST /api/stores/payout/proxy/proxies': {
    handler: PROVIDER_ONLY,
    allowed: [],
    body: () => ({ provider: 'stripe', displayName: 'Matrix', accountId: 'acct_matrix', credentials: 'sk_test' }),
  },
  // Payout (scope `settings`; issue 10 item 4); moving a request is provider staff's only.
  'GET /api/stores/payout/card/': { allowed: ['settings'] },
  'POST /api/stores/payout/card/': { allowed: ['settings'], body: () => ({ holderName: '' }), ok: 400 },
  'PATCH /api/stores/payout/card/:id': {
    allowed: ['settings'],
    url: () => `/api/stores/payout/card/${UNKNOWN_ID}`,
    body: () => ({ holderName: 'Matrix', expMonth: 12, expYear: 2099 }),
    ok: 404,
  },
  'DELETE /api/stores/payout/card/:id': { allowed: ['settings'], url: () => `/api/stores/payout/card/${UNKNOWN_ID}`, ok: 404 },
  'GET /api/stores/payout/config': { allowed: ['settings'] },
  'POST /api/stores/payout/config': { allowed: ['settings'], body: () => ({ method: 'paypal', paypalEmail: 'matrix@example.com' }) },
  'PATCH /api/stores/payout/config/:id': {
    allowed: ['settings'],
    url: () => `/api/stores/payout/config/${UNKNOWN_ID}`,
    body: () => ({ method: 'paypal', paypalEmail: 'matrix@example.com' }),
    ok: 404,
  },
  'POST /api/stores/payout/v2/payout-request': { allowed: ['settings'], body: () => ({ amount: 1_000_000 }), ok: 400 },
  'GET /api/stores/payout/request-payouts': { allowed: ['settings'] },
  'GET /api/stores/payout/request-payouts/export': { allowed: ['settings'] },
  'PATCH /api/stores/payout/request-payouts/:id': {
    handler: PROVIDER_ONLY,
    allowed: [],
    url: () => `/api/stores/payout/request-payouts/${UNKNOWN_ID}`,
    body: () => ({ status: 'approved' }),
  },
  'GET /api/stores/payout/v2/balance': { allowed: ['settings'] },
  // Product Options (website.menufilter, no role in spec §2: any member; issue 13 item 6). An invalid list: 400 past the guard.
  'GET /api/product-options': { allowed: 'any' },
  'PUT /api/product-options': { allowed: 'any', body: () => ({ filters: [{ type: 'price' }] }), ok: 400 },
  // Size charts (scope `products`; issue 13 item 7). Unknown ids answer 404 once past the guard.
  'GET /api/size-charts': { allowed: ['products'] },
  'GET /api/live/summary': { allowed: ['live_view'] },
  'GET /api/pixels': { allowed: ['report'] },
  'POST /api/pixels': { allowed: ['report'], body: () => ({ network: 'meta', pixelId: '1234567890' }), ok: 201 },
  'PUT /api/pixels/:id': {
    allowed: ['report'],
    url: () => `/api/pixels/${UNKNOWN_ID}`,
    body: () => ({ network: 'tiktok', pixelId: 'C1234567890ABC' }),
    ok: 404,
  },
  'DELETE /api/pixels/:id': { allowed: ['report'], url: () => `/api/pixels/${UNKNOWN_ID}`, ok: 404 },
  // Boost UpSell (website.upsell, scope `discounts` as the route registry gives it; issue 18 item 1).
  'GET /api/upsell/offers': { allowed: ['discounts'] },
  'POST /api/upsell/offers': { allowed: ['discounts'], body: () => ({ title: 'x', type: 'bundle' }), ok: 400 },
  'GET /api/upsell/offers/:id': { allowed: ['discounts'], url: () => `/api/upsell/offers/${UNKNOWN_ID}`, ok: 404 },
  'PUT /api/upsell/offers/:id': { allowed: ['discounts'], url: () => `/api/upsell/offers/${UNKNOWN_ID}`, body: () => ({}), ok: 400 },
  'DELETE /api/upsell/offers/:id': { allowed: ['discounts'], url: () => `/api/upsell/offers/${UNKNOWN_ID}`, ok: 404 },
  'GET /api/upsell/offers/:id/stats': { allowed: ['discounts'], url: () => `/api/upsell/offers/${UNKNOWN_ID}/stats`, ok: 404 },
  // Product widgets (website.apps.widgets.list, scope `apps` as the route registry gives the screen; issue 18 item 2).
  'GET /api/widgets': { allowed: ['apps'] },
  'GET /api/widgets/lookups': { allowed: ['apps'], url: () => '/api/widgets/lookups?kind=products' },
  'POST /api/widgets': {
    allowed: ['apps'],
    body: () => ({ kind: 'best_sellers', placement: 'home', title: 'Best sellers', limit: 4 }),
    ok: 201,
  },
  'PUT /api/widgets/:id': {
    allowed: ['apps'],
    url: () => `/api/widgets/${UNKNOWN_ID}`,
    body: () => ({ kind: 'best_sellers', placement: 'home', title: 'Best sellers', limit: 4 }),
    ok: 404,
  },
  'DELETE /api/widgets/:id': { allowed: ['apps'], url: () => `/api/widgets/${UNKNOWN_ID}`, ok: 404 },
  // Custom Store (website.custom-store, scope `store` as the registry gives the screen; issue 18 item 7): past the scope
  // it is open only to CUSTOM_STORE_EMAIL, which no member of this matrix has — so the allowed answer is that 403
  // (custom-stores.test.ts covers the whitelisted e-mail).
  'GET /api/custom-stores': { allowed: ['store'], ok: 403 },
  'POST /api/custom-stores': { allowed: ['store'], body: () => ({}), ok: 403 },
  // The stream never ends on its own: the allowed call is stopped by its query's validation (which runs after the guard).
  'GET /api/live/stream': { allowed: ['live_view'], url: () => '/api/live/stream?lastEventId=x', ok: 400 },
  'POST /api/size-charts': { allowed: ['products'], body: () => ({ title: 'x', columns: ['Size'], rows: [['S']] }), ok: 201 },
  'GET /api/size-charts/:id': { allowed: ['products'], url: () => `/api/size-charts/${UNKNOWN_ID}`, ok: 404 },
  'PUT /api/size-charts/:id': {
    allowed: ['products'],
    url: () => `/api/size-charts/${UNKNOWN_ID}`,
    body: () => ({ title: 'x', columns: ['Size'], rows: [['S']] }),
    ok: 404,
  },
  'DELETE /api/size-charts/:id': { allowed: ['products'], url: () => `/api/size-charts/${UNKNOWN_ID}`, ok: 404 },
  // Reviews (website.apps.product-review.list, scope `apps`; issue 13 item 8). No file: 400 past the guard.
  'GET /api/reviews': { allowed: ['apps'] },
  'PATCH /api/reviews/:id': { allowed: ['apps'], url: () => `/api/reviews/${UNKNOWN_ID}`, body: () => ({ status: 'hidden' }), ok: 404 },
  'DELETE /api/reviews/:id': { allowed: ['apps'], url: () => `/api/reviews/${UNKNOWN_ID}`, ok: 404 },
  'POST /api/reviews/import': { allowed: ['apps'], ok: 400 },
  'POST /api/reviews/bulk': { allowed: ['apps'], body: () => ({ ids: [UNKNOWN_ID], action: 'hide' }), ok: 404 },
  // Reports (issue 17 items 2-4): sale_reports, estimated_profit (with ad spend), utm_analystics.
  'GET /api/reports/sales': { allowed: ['sale_reports'], url: (c) => `/api/reports/sales?${range(c)}` },
  'GET /api/reports/profit': { allowed: ['estimated_profit'], url: (c) => `/api/reports/profit?${range(c)}` },
  'GET /api/reports/utm': { allowed: ['utm_analystics'], url: (c) => `/api/reports/utm?${range(c)}` },
  'GET /api/reports/ad-spend': { allowed: ['estimated_profit'] },
  'POST /api/reports/ad-spend': {
    allowed: ['estimated_profit'],
    body: () => ({ date: day, channel: 'facebook', amount: 12.5 }),
    ok: 201,
  },
  'DELETE /api/reports/ad-spend/:id': { allowed: ['estimated_profit'], url: () => `/api/reports/ad-spend/${UNKNOWN_ID}`, ok: 404 },
  'POST /api/reports/ad-spend/import': { allowed: ['estimated_profit'], ok: 400 },
  // Print-on-demand base catalogue (website.catalog, scope `products`; issue 13 item 10).
  'GET /api/catalog/base-products': { allowed: ['products'] },
  'GET /api/catalog/base-products/:id': { allowed: ['products'], url: () => '/api/catalog/base-products/mug-11oz' },
  'POST /api/catalog/base-products/:id/products': {
    allowed: ['products'],
    url: () => '/api/catalog/base-products/mug-11oz/products',
    body: () => ({}),
    ok: 201,
  },
  'GET /api/catalog/products/:id/base': { allowed: ['products'], url: () => `/api/catalog/products/${UNKNOWN_ID}/base`, ok: 404 },
  // Print-on-demand designs (scope `products`; issue 19 item 6). Unknown ids answer 404 once past the guard.
  'GET /api/designs': { allowed: ['products'] },
  'POST /api/designs': { allowed: ['products'], body: () => ({ kind: 'book', title: 'Matrix book' }), ok: 201 },
  'GET /api/designs/:id': { allowed: ['products'], url: () => `/api/designs/${UNKNOWN_ID}`, ok: 404 },
  // An unknown blank: the guard let the caller in, then the catalogue has no such base product.
  'GET /api/designs/new': { allowed: ['products'], url: () => '/api/designs/new?baseProductId=no-such-blank', ok: 404 },
  'PUT /api/designs/:id': { allowed: ['products'], url: () => `/api/designs/${UNKNOWN_ID}`, body: () => ({}), ok: 400 },
  'DELETE /api/designs/:id': { allowed: ['products'], url: () => `/api/designs/${UNKNOWN_ID}`, ok: 404 },
  'POST /api/designs/:id/renders': {
    allowed: ['products'],
    url: () => `/api/designs/${UNKNOWN_ID}/renders`,
    body: () => ({ kind: 'print' }),
    ok: 404,
  },
  'GET /api/designs/:id/renders/:renderId': {
    allowed: ['products'],
    url: () => `/api/designs/${UNKNOWN_ID}/renders/${UNKNOWN_ID}`,
    ok: 404,
  },
  'POST /api/designs/:id/publish': { allowed: ['products'], url: () => `/api/designs/${UNKNOWN_ID}/publish`, ok: 404 },
  // Navigation menus (scope `navigations`; issue 11 item 3). Unknown ids answer 404 once past the guard.
  'GET /api/stores/onlinestore/menus/': { allowed: ['navigations'] },
  'POST /api/stores/onlinestore/menus/': { allowed: ['navigations'], body: () => ({ title: 'Matrix menu' }) },
  'GET /api/stores/onlinestore/menus/link-targets': {
    allowed: ['navigations'],
    url: () => '/api/stores/onlinestore/menus/link-targets?type=page',
  },
  'GET /api/stores/onlinestore/menus/collections/:collectionId': {
    allowed: ['navigations'],
    url: () => `/api/stores/onlinestore/menus/collections/${UNKNOWN_ID}`,
    ok: 404,
  },
  'GET /api/stores/onlinestore/menus/:id': { allowed: ['navigations'], url: () => `/api/stores/onlinestore/menus/${UNKNOWN_ID}`, ok: 404 },
  'PUT /api/stores/onlinestore/menus/:id': {
    allowed: ['navigations'],
    url: () => `/api/stores/onlinestore/menus/${UNKNOWN_ID}`,
    body: () => ({ title: 'Matrix menu' }),
    ok: 404,
  },
  'DELETE /api/stores/onlinestore/menus/:id': {
    allowed: ['navigations'],
    url: () => `/api/stores/onlinestore/menus/${UNKNOWN_ID}`,
    ok: 404,
  },
  'POST /api/stores/onlinestore/menus/:id/collections/:collectionId': {
    allowed: ['navigations'],
    url: () => `/api/stores/onlinestore/menus/${UNKNOWN_ID}/collections/${UNKNOWN_ID}`,
    ok: 404,
  },
  'DELETE /api/stores/onlinestore/menus/:id/collections/:collectionId': {
    allowed: ['navigations'],
    url: () => `/api/stores/onlinestore/menus/${UNKNOWN_ID}/collections/${UNKNOWN_ID}`,
    ok: 404,
  },
  // Telegram notifications (issue 18 item 4, website.notification: scope `settings`). The matrix app has no bot
  // token: connect and test are refused (400) once past the guard.
  'GET /api/notifications/telegram': { allowed: ['settings'] },
  'PUT /api/notifications/telegram': {
    allowed: ['settings'],
    body: () => ({ events: ['new_order'], lowStockThreshold: 3, dailySummaryHour: 8 }),
  },
  'DELETE /api/notifications/telegram': { allowed: ['settings'] },
  'POST /api/notifications/telegram/connect': { allowed: ['settings'], ok: 400 },
  'POST /api/notifications/telegram/test': { allowed: ['settings'], ok: 400 },
  // Clear Cache Urls (issue 18 item 5, website.clearCacheUrls: scope `products`).
  'POST /api/cache/purge': { allowed: ['products'], body: () => ({ all: true }) },
  'GET /api/cache/purges': { allowed: ['products'] },
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
  'GET /api/auth/join',
  'POST /api/auth/join',
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
  'POST /api/storefront/cart/quote',
  'POST /api/storefront/checkouts',
  'GET /api/storefront/checkouts/:token',
  'GET /api/storefront/orders/:id',
  'GET /api/storefront/custom.js',
  'GET /api/storefront/personalizes/:productId',
  'POST /api/storefront/personalizes/photos',
  'GET /api/storefront/filters',
  'GET /api/storefront/products/:handle/size-chart',
  'GET /api/storefront/pixels',
  'GET /api/storefront/widgets',
  'GET /api/storefront/products/:handle/reviews',
  'POST /api/storefront/products/:handle/reviews',
  // Boost UpSell on the storefront (issue 18 item 1): offers shown, views/adds counted, the post-purchase line.
  'GET /api/storefront/upsell/offers',
  'POST /api/storefront/upsell/events',
  'POST /api/storefront/orders/:id/post-purchase',
  // Telegram's webhook: authenticated by the path secret and the secret_token header (issue 18 item 4).
  'POST /api/telegram/webhook/:secret',
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

/** Whether the row lets a member holding only `scope` in. */
const rowAllows = (row: Row, scope: Scope): boolean => row.allowed === 'any' || row.allowed.includes(scope);

/**
 * Where the routes' declared guards disagree with MATRIX, one line per route (empty = none): a row whose route is
 * not registered or has no guard, a guard that lets in a member the row refuses (or refuses one it allows), for each
 * of the 19 scopes. A `handler` row only needs its guard to let in every member it allows (the handler refuses the
 * rest), and must really have a guard looser than the row (else the `handler` note is stale).
 */
function guardMismatches(routes: RegisteredRoute[], matrix: Record<string, Row>): string[] {
  const byKey = new Map(routes.map((r) => [key(r), r]));
  const out: string[] = [];
  for (const [k, row] of Object.entries(matrix)) {
    const route = byKey.get(k);
    if (!route) out.push(`${k}: not registered`);
    else if (!route.guard) out.push(`${k}: registered without a guard`);
    else {
      const guard = route.guard;
      const letIn = SCOPES.filter((s) => hasScope([s], guard.scope) && !rowAllows(row, s));
      const keptOut = SCOPES.filter((s) => !hasScope([s], guard.scope) && rowAllows(row, s));
      if (keptOut.length) out.push(`${k}: the guard refuses ${keptOut.join(', ')}, which the row allows`);
      if (letIn.length && !row.handler) out.push(`${k}: the guard lets in ${letIn.join(', ')}, which the row refuses`);
      if (!letIn.length && row.handler) out.push(`${k}: marked \`handler\` but its guard already refuses every scope the row refuses`);
    }
  }
  return out;
}

/** The `/api` routes the matrix is about (the API docs left out). */
const apiRoutes = (routes: RegisteredRoute[]) => routes.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));

/** Guarded routes without a MATRIX row, and unguarded ones not listed in PUBLIC. */
function coverageProblems(routes: RegisteredRoute[]): { unrowed: string[]; unlisted: string[] } {
  const api = apiRoutes(routes);
  return {
    unrowed: api
      .filter((r) => r.guard)
      .map(key)
      .filter((k) => !(k in MATRIX)),
    unlisted: api
      .filter((r) => !r.guard)
      .map(key)
      .filter((k) => !PUBLIC.has(k)),
  };
}

/** The route's path with each `:param` filled from PARAMS (an unknown parameter name fails the row). */
function fillPath(path: string, c: Ctx): string {
  return path.replace(/:(\w+)/g, (_m, name: string) => {
    const value = PARAMS[name];
    if (!value) throw new Error(`no value for :${name} — add it to PARAMS or give the row a url`);
    return value(c);
  });
}

interface Case extends Row {
  route: string;
  name: string;
}

const CASES: Case[] = [
  ...Object.entries(MATRIX).map(([route, row]) => ({ ...row, route, name: route })),
  // An EXTRA call tests a rule of the handler (the guard was the route's own row): every scope calls it.
  ...EXTRA.map((x) => ({ handler: x.name, ...x, name: `${x.route} (${x.name})` })),
];

/**
 * The real requests of one case: every scope for a `handler` row; else one member for an 'any' route, or one holding
 * an allowed scope and one holding none of them. Which scope stands for its class turns with `i` (the case's index),
 * so across the routes every scope makes requests.
 */
function plannedScopes(c: Row, i: number): Scope[] {
  if (c.handler) return [...SCOPES];
  if (c.allowed === 'any') return [SCOPES[i % SCOPES.length]!];
  const allowed = c.allowed;
  const refused = SCOPES.filter((s) => !allowed.includes(s));
  return [...(allowed.length ? [allowed[i % allowed.length]!] : []), ...(refused.length ? [refused[i % refused.length]!] : [])];
}

/** Calls the case's route on `app` as the member holding only `scope`; null when it answers as the row says, else why not. */
async function requestMismatch(app: App, c: Case, scope: Scope): Promise<string | null> {
  const m = members.get(scope)!;
  const ctx: Ctx = { ...ids, selfId: m.id };
  const [method, path] = c.route.split(' ') as [string, string];
  const res = await app.inject({
    method: method as 'GET',
    url: c.url ? c.url(ctx) : fillPath(path, ctx),
    headers: m.headers,
    payload: c.body?.(ctx),
  });
  const want = rowAllows(c, scope) ? (c.ok ?? 200) : 403;
  return res.statusCode === want ? null : `${c.name} with only ${scope}: ${res.statusCode}, expected ${want} (${res.body.slice(0, 200)})`;
}

describe('declared guards', () => {
  it("every route's guard lets in exactly the scopes its row allows (19 scopes per route)", () => {
    expect(guardMismatches(registeredRoutes(t.app), MATRIX)).toEqual([]);
  });
});

describe.each(CASES.map((c, i) => ({ ...c, scopes: plannedScopes(c, i) })))('$name', (c) => {
  it.for(c.scopes)('with only %s', async (scope) => {
    expect(await requestMismatch(t.app, c, scope)).toBeNull();
  });
});

describe('matrix coverage, derived from the routes registered on the app', () => {
  it('every guarded route has a matrix row', () => {
    expect(coverageProblems(registeredRoutes(t.app)).unrowed, 'add a row to MATRIX in permission-matrix.test.ts for each of these').toEqual(
      [],
    );
  });

  it('every unguarded /api route is listed as public', () => {
    expect(
      coverageProblems(registeredRoutes(t.app)).unlisted,
      'guard these routes, or list them in PUBLIC if they are meant to be open',
    ).toEqual([]);
  });

  it('every row names a registered route, guarded for matrix rows and unguarded for public ones', () => {
    const byKey = new Map(apiRoutes(registeredRoutes(t.app)).map((r) => [key(r), r]));
    expect(Object.keys(MATRIX).filter((k) => !byKey.get(k)?.guard)).toEqual([]);
    expect(EXTRA.map((x) => x.route).filter((k) => !(k in MATRIX))).toEqual([]);
    expect([...PUBLIC].filter((k) => !byKey.has(k) || byKey.get(k)!.guard)).toEqual([]);
  });

  it('every scope makes real requests, allowed and refused ones', () => {
    const planned = CASES.flatMap((c, i) => plannedScopes(c, i).map((s) => ({ s, allowed: rowAllows(c, s) })));
    for (const scope of SCOPES) {
      expect(planned.some((p) => p.s === scope && !p.allowed)).toBe(true);
    }
    expect(planned.filter((p) => p.allowed).length).toBeGreaterThan(150);
  });

  it('an unknown store answers 404, not the route, for a guarded store route', async () => {
    const m = members.get('themes')!;
    const res = await t.app.inject({ method: 'GET', url: '/api/themes', headers: { ...m.headers, 'x-store-id': UNKNOWN_ID } });
    expect(res.statusCode).toBe(404);
  });
});

describe('the matrix catches a loosened or removed guard', () => {
  const ROUTE = 'GET /api/orders';
  const withGuard = (guard: GuardOptions | null) => registeredRoutes(t.app).map((r) => (key(r) === ROUTE ? { ...r, guard } : r));

  it('in a copy of the route list: any member, another scope, or no guard at all', () => {
    expect(MATRIX[ROUTE]!.allowed).toEqual(['orders']);
    expect(guardMismatches(withGuard({ scope: null }), MATRIX)).toEqual([
      `${ROUTE}: the guard lets in ${SCOPES.filter((s) => s !== 'orders').join(', ')}, which the row refuses`,
    ]);
    expect(guardMismatches(withGuard({ scope: ['orders', 'products'] }), MATRIX)).toEqual([
      `${ROUTE}: the guard lets in products, which the row refuses`,
    ]);
    expect(guardMismatches(withGuard({ scope: 'products' }), MATRIX)).toEqual([
      `${ROUTE}: the guard refuses orders, which the row allows`,
      `${ROUTE}: the guard lets in products, which the row refuses`,
    ]);
    expect(guardMismatches(withGuard(null), MATRIX)).toEqual([`${ROUTE}: registered without a guard`]);
    expect(coverageProblems(withGuard(null)).unlisted).toEqual([ROUTE]);
  });

  it('in a real app registering the route with a looser guard, then with none', async () => {
    for (const guardOf of [(g: Awaited<ReturnType<typeof makeGuard>>) => [g({ scope: null })], () => []]) {
      const app = Fastify();
      trackRoutes(app);
      guardFirst(app);
      const guard = await makeGuard(t.config, t.db);
      app.get('/api/orders', { preHandler: guardOf(guard) }, async () => ({ orders: [] }));
      await app.ready();
      try {
        const c = CASES.find((x) => x.route === ROUTE)!;
        const refused = plannedScopes(c, CASES.indexOf(c)).find((s) => !rowAllows(c, s))!;
        expect(await requestMismatch(app as unknown as App, c, 'orders')).toBeNull();
        expect(await requestMismatch(app as unknown as App, c, refused)).toBe(
          `${ROUTE} with only ${refused}: 200, expected 403 ({"orders":[]})`,
        );
        const routes = registeredRoutes(app);
        expect(guardMismatches(routes, { [ROUTE]: MATRIX[ROUTE]! })).toHaveLength(1);
      } finally {
        await app.close();
        await guard.stop();
      }
    }
  });
});
