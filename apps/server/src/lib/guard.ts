import type { Scope } from '@backroom/contracts';
import { SCOPES } from '@backroom/contracts';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { sessions, storeMemberships, stores } from '../db/schema/index.js';
import { badRequest, forbidden, notFound, unauthorized } from './errors.js';
import { verifyAccessToken } from './tokens.js';

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

/**
 * Builds the preHandler every protected route uses. It verifies the Bearer access token, checks that its
 * session is neither revoked nor expired (so revoking takes effect on the next request), loads the membership
 * for `X-Store-Id` and checks the scope. Errors: 401 (no/invalid/revoked session), 400 (missing X-Store-Id),
 * 404 (not a member of that store), 403 (scope missing).
 */
export function makeGuard(config: Config, db: Db) {
  return (opts: GuardOptions) => {
    async function guard(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
      const header = req.headers.authorization ?? '';
      const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
      if (!token) throw unauthorized();
      const claims = await verifyAccessToken(config.jwtSecret, token);
      if (!claims) throw unauthorized('Your session has expired, please sign in again');
      const [session] = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(
          and(eq(sessions.id, claims.sid), eq(sessions.userId, claims.sub), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())),
        );
      if (!session) throw unauthorized('Your session has ended, please sign in again');
      const ctx: AuthContext = {
        userId: claims.sub,
        sessionId: claims.sid,
        email: claims.email,
        storeId: '',
        membership: { storeId: '', isStoreOwner: false, isStoreAdmin: false, scopes: [] },
      };
      req.auth = ctx;
      if (opts.store === false) return;
      const storeId = String(req.headers['x-store-id'] ?? '').trim();
      if (!storeId) throw badRequest('X-Store-Id header is required');
      if (!/^[0-9a-f-]{36}$/i.test(storeId)) throw notFound('Store');
      const m = await membershipOf(db, claims.sub, storeId);
      if (!m) throw notFound('Store');
      ctx.storeId = storeId;
      ctx.membership = m;
      if (!hasScope(m.scopes, opts.scope)) throw forbidden();
    }
    guardOptions.set(guard, opts);
    return guard;
  };
}

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
