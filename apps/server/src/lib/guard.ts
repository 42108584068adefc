import type { Scope } from '@backroom/contracts';
import { SCOPES } from '@backroom/contracts';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { decodeJwt } from 'jose';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { sessions, storeMemberships, users } from '../db/schema/index.js';
import { badRequest, forbidden, HttpError, notFound, unauthorized } from './errors.js';
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
  /**
   * On a `store: false` route (multi-shop reports), the membership of the store `X-Store-Id` names when the request
   * sends one and this session may use it — read by the guard's one statement at no extra cost, so `assertStores`
   * answers the usual single-shop call without a second round trip (issue 14 item 1). Unset otherwise.
   */
  headerStore?: Membership;
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

/** The one e-mail that also gets Custom Store (spec §2; CUSTOM_STORE_EMAIL, none when unset), compared lower-cased. */
export function isCustomStoreUser(config: Config, email: string): boolean {
  return !!config.customStoreEmail && email.toLowerCase() === config.customStoreEmail;
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

/** How many guard rows (session × store) the embedded database's guard remembers (the oldest dropped past it). */
const REMEMBERED_ROWS_MAX = 10_000;

/** The channel on which migration 0028's triggers announce a write to sessions, users or store memberships. */
export const AUTH_CHANNEL = 'backroom_auth';

/**
 * Lets the guard remember the rows it read, for a database only this process can write (PGlite): `listen` is
 * `Database.listen`, on which every committed write to what the guard reads is announced (migration 0028).
 */
export interface GuardMemory {
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
}

/**
 * Builds the guard every protected route uses (`preHandler: app.guard({ scope })`; `guardFirst` moves it to
 * `onRequest`, so it runs before body parsing and validation — issue 14 item 4).
 *
 * Per request it verifies the Bearer access JWT (HS256; a verified token is remembered until its `exp`, keyed by the
 * whole token string, so a signature is checked once per token, not once per request), then reads the session, the
 * user and the membership of the `X-Store-Id` store in ONE prepared SQL statement (issue 14 item 1): a session that
 * is revoked or expired is refused on the very next request; so is a session opened before the person was signed out
 * of THAT store (`store_memberships.signed_out_at`, issue 14 item 5: 401 STORE_SIGNED_OUT there, their other stores
 * keep working). With `memory` (the embedded database only: one process makes every write) the rows read are
 * remembered until the session expires or any write to sessions, users or memberships is announced on AUTH_CHANNEL
 * (migration 0028), which forgets them all before the writer's request answers. The returned factory's `stop()`
 * ends the listening (app close).
 * Errors: 401 (no/invalid/expired token; revoked, expired or unknown session; signed out of this store), 400 (missing X-Store-Id),
 * 404 (not a member of that store, or not a store id), 403 (scope missing; owners and admins hold every scope, spec §6).
 * On a `store: false` route with a scope (multi-shop reports, whose store list is in the query) the scope must be
 * held in the X-Store-Id store or in any store of the user, else 403 before the query is validated (issue 29 item 5).
 */
export async function makeGuard(config: Config, db: Db, memory?: GuardMemory) {
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
      signedOut: sql<boolean>`(${storeMemberships.signedOutAt} is not null and ${sessions.createdAt} <= ${storeMemberships.signedOutAt})`,
      expiresAt: sessions.expiresAt,
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

  // The embedded database's rows, remembered (issue 14 item 1: on PGlite the statement itself is most of a request's
  // CPU). PGlite is one process, so every write to sessions, users or memberships is made here, and its commit is
  // announced to this listener (delivered before the writer's own await resumes) — which forgets every row at once:
  // a revoked session is refused on the very next request, as without memory. `generation` keeps a read that was
  // under way during such a write from being remembered after it.
  type GuardRow = Awaited<ReturnType<typeof lookup.execute>>[number];
  const remembered = new Map<string, GuardRow>();
  let generation = 0;
  const stopListening = memory
    ? await memory.listen(AUTH_CHANNEL, () => {
        generation += 1;
        remembered.clear();
      })
    : null;
  const readRow = async (sid: string, sub: string, storeId: string | null): Promise<GuardRow | undefined> => {
    if (!stopListening) return (await lookup.execute({ sid, sub, storeId }))[0];
    const key = `${sid}|${sub}|${storeId ?? ''}`;
    const known = remembered.get(key);
    if (known && known.expiresAt.getTime() > Date.now()) return known;
    const started = generation;
    const [row] = await lookup.execute({ sid, sub, storeId });
    if (row && started === generation) {
      if (remembered.size >= REMEMBERED_ROWS_MAX) remembered.delete(remembered.keys().next().value!);
      remembered.set(key, row);
    } else if (known) remembered.delete(key);
    return row;
  };

  const routeGuardOf = (opts: GuardOptions) => {
    async function guard(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
      const header = req.headers.authorization ?? '';
      const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
      if (!token) throw unauthorized();
      const claims = await verify(token);
      if (!claims) throw unauthorized('Your session has expired, please sign in again');
      // A `store: false` route still reads the header's membership (same statement) for `headerStore`.
      const storeHeader = String(req.headers['x-store-id'] ?? '').trim();
      const lookupStore = UUID.test(storeHeader) ? storeHeader : null;
      const storeId = opts.store === false ? '' : storeHeader;
      const validStore = lookupStore !== null;
      const row = await readRow(claims.sid, claims.sub, lookupStore);
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
      if (opts.store === false) {
        if (row.memberId && !row.signedOut && lookupStore) {
          const m = { isStoreOwner: row.isStoreOwner!, isStoreAdmin: row.isStoreAdmin!, scopes: row.scopes ?? [] };
          ctx.headerStore = {
            storeId: storeHeader,
            isStoreOwner: m.isStoreOwner,
            isStoreAdmin: m.isStoreAdmin,
            scopes: effectiveScopes(m),
          };
        }
        // A multi-shop route with a scope (issue 29 item 5): the store list is in the query, which is not validated
        // yet, so the caller must hold the scope in the X-Store-Id store or, failing that, in some store of theirs —
        // else 403 whatever the query. The handler's assertStores still checks each store of the list.
        if (opts.scope && !(ctx.headerStore && hasScope(ctx.headerStore.scopes, opts.scope))) {
          const rows = await usableMemberships(db, ctx, null);
          if (!rows.some((r) => hasScope(effectiveScopes(r.m), opts.scope))) throw forbidden();
        }
        return;
      }
      if (!storeId) throw badRequest('X-Store-Id header is required');
      if (!validStore || !row.memberId) throw notFound('Store');
      if (row.signedOut) throw storeSignedOut();
      const m = { isStoreOwner: row.isStoreOwner!, isStoreAdmin: row.isStoreAdmin!, scopes: row.scopes ?? [] };
      ctx.storeId = storeId;
      ctx.membership = { storeId, isStoreOwner: m.isStoreOwner, isStoreAdmin: m.isStoreAdmin, scopes: effectiveScopes(m) };
      if (!hasScope(ctx.membership.scopes, opts.scope)) throw forbidden();
    }
    guardOptions.set(guard, opts);
    return guard;
  };
  return Object.assign(routeGuardOf, { stop: async () => stopListening?.() });
}

/** 401 for a session the store's owner or an admin signed out of THIS store (its other stores keep working). */
export const storeSignedOut = () => new HttpError(401, 'STORE_SIGNED_OUT', ['You were signed out of this shop, please sign in again']);

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

/** Who asks, for the checks outside the guard: the user and their session (`req.auth` fits). */
export interface SessionRef {
  userId: string;
  sessionId: string;
  /** The guard's reading of the X-Store-Id membership on `store: false` routes (AuthContext.headerStore). */
  headerStore?: Membership;
}

/**
 * Memberships of `auth.userId` in `storeIds` that `auth.sessionId` may use: a membership whose person was signed out
 * of the store after this session opened (`signed_out_at`) does not count (issue 14 item 5).
 */
const memberships = (db: Db, auth: SessionRef, storeIds: string[] | null) =>
  db
    .select({
      m: storeMemberships,
      signedOut: sql<boolean>`(${storeMemberships.signedOutAt} is not null and ${sessions.createdAt} <= ${storeMemberships.signedOutAt})`,
      expiresAt: sessions.expiresAt,
    })
    .from(storeMemberships)
    .innerJoin(sessions, eq(sessions.id, auth.sessionId))
    .where(and(eq(storeMemberships.userId, auth.userId), storeIds ? inArray(storeMemberships.storeId, storeIds) : undefined));
/** `storeIds` null = every store of the user. */
const usableMemberships = async (db: Db, auth: SessionRef, storeIds: string[] | null) =>
  (await memberships(db, auth, storeIds)).filter((r) => !r.signedOut);

/**
 * The user's membership in a store with effective scopes, or null when they are not a member. Throws 401
 * STORE_SIGNED_OUT, as the guard does, when this session was signed out of that store (issue 14 item 5).
 */
export async function membershipOf(db: Db, auth: SessionRef, storeId: string): Promise<Membership | null> {
  const [r] = await memberships(db, auth, [storeId]);
  if (r?.signedOut) throw storeSignedOut();
  const row = r?.m;
  if (!row) return null;
  return { storeId, isStoreOwner: row.isStoreOwner, isStoreAdmin: row.isStoreAdmin, scopes: effectiveScopes(row) };
}

/**
 * Checks that the session `auth` may read every store in `storeIds` with `scope` (multi-shop reports, spec §7
 * `stores`). Returns the ids, de-duplicated. Throws 404 naming no store when any is not theirs (or the session was
 * signed out of it, issue 14 item 5), 403 when a scope is missing.
 */
export async function assertStores(db: Db, auth: SessionRef, storeIds: string[], scope: Scope | Scope[] | null): Promise<string[]> {
  const ids = [...new Set(storeIds)];
  // The single-shop call about the X-Store-Id store: the guard already read that membership (issue 14 item 1).
  const known = auth.headerStore;
  if (ids.length === 1 && known && known.storeId.toLowerCase() === ids[0]!.toLowerCase()) {
    if (!hasScope(known.scopes, scope)) throw forbidden();
    return ids;
  }
  if (ids.some((id) => !/^[0-9a-f-]{36}$/i.test(id))) throw notFound('Store');
  const rows = await usableMemberships(db, auth, ids);
  if (rows.length !== ids.length) throw notFound('Store');
  if (rows.some((r) => !hasScope(effectiveScopes(r.m), scope))) throw forbidden();
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
