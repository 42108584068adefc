import type { Scope } from '@backroom/contracts';
import { SCOPES } from '@backroom/contracts';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { decodeJwt } from 'jose';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { sessions, storeMemberships, stores, users } from '../db/schema/index.js';
import { badRequest, forbidden, notFound, unauthorized } from './errors.js';
import { type AccessClaims, verifyAccessToken } from './tokens.js';

/** The membership of the signed-in user in the request's store. Owners and admins hold every scope. */
export interface Membership {
  storeId: string;
  isStoreOwner: boolean;
  isStoreAdmin: boolean;
  scopes: Scope[];
}

/** What a guarded handler knows about its caller: `req.auth`. */
export interface AuthContext {
  userId: string;
  sessionId: string;
  email: string;
  /** The user's e-mail, names and picture, read with the session. */
  user: AuthUser;
  /** The store named by `X-Store-Id`; set when the guard ran with `store: true` (the default). */
  storeId: string;
  membership: Membership;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext;
  }
}

/** Effective scopes of a membership: every scope for an owner or admin, else the granted ones (spec §6). */
export function effectiveScopes(m: { isStoreOwner: boolean; isStoreAdmin: boolean; scopes: string[] }): Scope[] {
  if (m.isStoreOwner || m.isStoreAdmin) return [...SCOPES];
  return SCOPES.filter((s) => m.scopes.includes(s));
}

/** Provider staff see the full menu: an e-mail of PROVIDER_EMAILS or of PROVIDER_DOMAIN (spec §2 Menu variants). */
export function isProviderStaff(config: Config, email: string): boolean {
  const e = email.toLowerCase();
  return config.providerEmails.includes(e) || e.endsWith(`@${config.providerDomain}`);
}

export interface GuardOptions {
  /** Scope the route needs (spec §6); a list = any one of them; null = any member of the store. */
  scope: Scope | Scope[] | null;
  /** Whether the route is about one store named by `X-Store-Id` (default true). */
  store?: boolean;
}

/** The signed-in user as the guard read it (same statement as the session): what `GET /api/users/me` answers. */
export interface AuthUser {
  email: string;
  firstName: string;
  lastName: string;
  profilePicture: string | null;
}

/** How many verified access tokens the guard remembers (a token is re-verified after it falls out). */
const VERIFIED_TOKENS_MAX = 10_000;

/**
 * Builds the guard every protected route uses (`preHandler: app.guard({ scope })`; `guardFirst` moves it to
 * `onRequest`, so it runs before body parsing and validation — issue 14 item 4).
 *
 * Per request it verifies the Bearer access JWT (HS256; a verified token is remembered until its `exp`, keyed by the
 * whole token string, so a signature is checked once per token, not once per request), then reads the session, the
 * user and the membership of the `X-Store-Id` store in ONE prepared SQL statement (issue 14 item 1): a session that
 * is revoked or expired is refused on the very next request, with no cache to invalidate.
 * Errors: 401 (no/invalid/expired token; revoked, expired or unknown session), 400 (missing X-Store-Id),
 * 404 (not a member of that store, or not a store id), 403 (scope missing; owners and admins hold every scope, spec §6).
 */
export function makeGuard(config: Config, db: Db) {
  const lookup = db
    .select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      profilePicture: users.profilePicture,
      memberId: storeMemberships.id,
      isStoreOwner: storeMemberships.isStoreOwner,
      isStoreAdmin: storeMemberships.isStoreAdmin,
      scopes: storeMemberships.scopes,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(storeMemberships, and(eq(storeMemberships.userId, sessions.userId), eq(storeMemberships.storeId, sql.placeholder('storeId'))))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sid')),
        eq(sessions.userId, sql.placeholder('sub')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .prepare('guard_session');

  /** token → its claims and expiry (ms); insertion-ordered, the oldest dropped past VERIFIED_TOKENS_MAX. */
  const verified = new Map<string, { claims: AccessClaims; expMs: number }>();
  const verify = async (token: string): Promise<AccessClaims | null> => {
    const known = verified.get(token);
    if (known) {
      if (known.expMs > Date.now()) return known.claims;
      verified.delete(token);
      return null;
    }
    const claims = await verifyAccessToken(config.jwtSecret, token);
    if (!claims) return null;
    const { exp } = decodeJwt(token);
    if (typeof exp === 'number') {
      if (verified.size >= VERIFIED_TOKENS_MAX) verified.delete(verified.keys().next().value!);
      verified.set(token, { claims, expMs: exp * 1000 });
    }
    return claims;
  };

  return (opts: GuardOptions) => {
    async function guard(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
      const header = req.headers.authorization ?? '';
      const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
      if (!token) throw unauthorized();
      const claims = await verify(token);
      if (!claims) throw unauthorized('Your session has expired, please sign in again');
      const storeId = opts.store === false ? '' : String(req.headers['x-store-id'] ?? '').trim();
      const validStore = UUID.test(storeId);
      const [row] = await lookup.execute({ sid: claims.sid, sub: claims.sub, storeId: validStore ? storeId : null });
      if (!row) throw unauthorized('Your session has ended, please sign in again');
      const ctx: AuthContext = {
        userId: claims.sub,
        sessionId: claims.sid,
        email: row.email,
        user: { email: row.email, firstName: row.firstName, lastName: row.lastName, profilePicture: row.profilePicture },
        storeId: '',
        membership: { storeId: '', isStoreOwner: false, isStoreAdmin: false, scopes: [] },
      };
      req.auth = ctx;
      if (opts.store === false) return;
      if (!storeId) throw badRequest('X-Store-Id header is required');
      if (!validStore || !row.memberId) throw notFound('Store');
      const m = { isStoreOwner: row.isStoreOwner!, isStoreAdmin: row.isStoreAdmin!, scopes: row.scopes ?? [] };
      ctx.storeId = storeId;
      ctx.membership = { storeId, isStoreOwner: m.isStoreOwner, isStoreAdmin: m.isStoreAdmin, scopes: effectiveScopes(m) };
      if (!hasScope(ctx.membership.scopes, opts.scope)) throw forbidden();
    }
    guardOptions.set(guard, opts);
    return guard;
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The options each guard made by `makeGuard` was built with, so a route's guard can be read back (see trackRoutes). */
const guardOptions = new WeakMap<object, GuardOptions>();

/** A route as registered on the app: method, path pattern and the options of its guard (null = not guarded). */
export interface RegisteredRoute {
  method: string;
  url: string;
  guard: GuardOptions | null;
}

const routesOf = new WeakMap<object, RegisteredRoute[]>();

/** The guard among a route's onRequest, preValidation and preHandler hooks, if any. */
function guardOf(route: RouteOptions): GuardOptions | null {
  for (const hooks of [route.onRequest, route.preValidation, route.preHandler]) {
    for (const fn of [hooks ?? []].flat()) {
      const opts = guardOptions.get(fn as object);
      if (opts) return opts;
    }
  }
  return null;
}

/**
 * Records every route registered on `app` from now on (HEAD twins of GET routes left out), with its guard.
 * `buildApp` calls it before registering the modules; the permission matrix test reads `registeredRoutes(app)` so a
 * guarded route without a matrix row fails (issue 15 item 4).
 */
export function trackRoutes(app: FastifyInstance): void {
  const list: RegisteredRoute[] = [];
  routesOf.set(app, list);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') list.push({ method, url: route.url, guard: guardOf(route) });
    }
  });
}

/** The routes recorded by `trackRoutes(app)`; throws when it was not called on this app. */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const list = routesOf.get(app);
  if (!list) throw new Error('trackRoutes(app) was not called before the routes were registered');
  return list;
}

/** True when `granted` satisfies `needed` (null = nothing needed; a list = any one of them). */
export function hasScope(granted: Scope[], needed: Scope | Scope[] | null): boolean {
  if (!needed) return true;
  return Array.isArray(needed) ? needed.some((s) => granted.includes(s)) : granted.includes(needed);
}

/** The user's membership in a store with effective scopes, or null when they are not a member. */
export async function membershipOf(db: Db, userId: string, storeId: string): Promise<Membership | null> {
  const [row] = await db
    .select()
    .from(storeMemberships)
    .where(and(eq(storeMemberships.userId, userId), eq(storeMemberships.storeId, storeId)));
  if (!row) return null;
  return { storeId, isStoreOwner: row.isStoreOwner, isStoreAdmin: row.isStoreAdmin, scopes: effectiveScopes(row) };
}

/**
 * Checks that the user may read every store in `storeIds` with `scope` (multi-shop reports, spec §7 `stores`).
 * Returns the ids, de-duplicated. Throws 404 naming no store when any is not theirs, 403 when a scope is missing.
 */
export async function assertStores(db: Db, userId: string, storeIds: string[], scope: Scope | Scope[] | null): Promise<string[]> {
  const ids = [...new Set(storeIds)];
  if (ids.some((id) => !/^[0-9a-f-]{36}$/i.test(id))) throw notFound('Store');
  const rows = await db
    .select()
    .from(storeMemberships)
    .innerJoin(stores, eq(stores.id, storeMemberships.storeId))
    .where(and(eq(storeMemberships.userId, userId), inArray(storeMemberships.storeId, ids)));
  if (rows.length !== ids.length) throw notFound('Store');
  if (rows.some((r) => !hasScope(effectiveScopes(r.store_memberships), scope))) throw forbidden();
  return ids;
}

/** The options of the guard on a registered route (`onRequest` after `guardFirst`), or null when it is open. */
export const routeGuard = (route: RouteOptions): GuardOptions | null => guardOf(route);

/**
 * Authorisation before validation (issue 14 item 4), in one place: every route registered on `app` from now on has
 * its guard moved from `preHandler`/`preValidation` to the end of its `onRequest` hooks. So a caller without a
 * session gets 401, a member without the scope 403 and a foreigner 404 whatever the body, params or query — before
 * the body is parsed and before any schema would tell them what it expects. Routes keep declaring
 * `preHandler: app.guard({ scope })`.
 */
export function guardFirst(app: FastifyInstance): void {
  app.addHook('onRoute', (options) => {
    const route = options as unknown as Record<'onRequest' | 'preValidation' | 'preHandler', unknown>;
    const moved: unknown[] = [];
    for (const key of ['preValidation', 'preHandler'] as const) {
      const hooks = route[key];
      if (!hooks) continue;
      const list = [hooks].flat() as unknown[];
      const guards = list.filter((fn) => guardOptions.has(fn as object));
      if (!guards.length) continue;
      moved.push(...guards);
      const rest = list.filter((fn) => !guardOptions.has(fn as object));
      if (rest.length) route[key] = rest;
      else delete route[key];
    }
    if (moved.length) route.onRequest = [...[route.onRequest ?? []].flat(), ...moved];
  });
}
