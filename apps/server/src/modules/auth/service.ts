import type { User } from '@backroom/contracts';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { authEvents, refreshTokens, sessionStores, sessions, storeMemberships, users } from '../../db/schema/index.js';
import { HttpError, unauthorized } from '../../lib/errors.js';
import { type AuthUser, isCustomStoreUser, isProviderStaff, type Membership } from '../../lib/guard.js';
import { dummyHash, verifyPassword } from '../../lib/passwords.js';
import type { RequestMeta } from '../../lib/request-meta.js';
import { hashToken, newRefreshToken, REFRESH_TOKEN_TTL_MS, signAccessToken, verifyAccessToken } from '../../lib/tokens.js';

/** One answer for a wrong e-mail and a wrong password alike (no account enumeration). */
export const BAD_CREDENTIALS = 'Email or password is incorrect';

/** Records a security event (sign_in, sign_in_failed, password_changed, session_revoked, …). */
export async function recordAuthEvent(
  db: Db,
  e: { userId: string | null; storeId?: string | null; type: string; meta: RequestMeta; detail?: unknown },
) {
  await db.insert(authEvents).values({
    userId: e.userId,
    storeId: e.storeId ?? null,
    type: e.type,
    ip: e.meta.ip,
    userAgent: e.meta.userAgent,
    detail: e.detail ?? null,
  });
}

/** Opens a new session (refresh family) for a user and returns the token pair. */
export async function openSession(db: Db, config: Config, user: { id: string; email: string }, meta: RequestMeta) {
  const expiresAt = new Date(Date.now() + REFRESH_TOKEN_TTL_MS);
  const [session] = await db
    .insert(sessions)
    .values({ userId: user.id, ip: meta.ip, userAgent: meta.userAgent, expiresAt })
    .returning({ id: sessions.id });
  const refreshToken = newRefreshToken(expiresAt);
  await db.insert(refreshTokens).values({ sessionId: session!.id, tokenHash: hashToken(refreshToken) });
  const accessToken = await signAccessToken(config.jwtSecret, { sub: user.id, sid: session!.id, email: user.email });
  return { accessToken, refreshToken, sessionId: session!.id };
}

/**
 * Checks e-mail and password (both already trimmed) and opens a session. Returns the first store the user
 * belongs to as `storeId` (spec §4: "Login success stores accessToken, refreshToken and storeId").
 * Throws 401 BAD_CREDENTIALS for an unknown e-mail or a wrong password alike.
 */
export async function login(db: Db, config: Config, email: string, password: string, meta: RequestMeta) {
  const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), password);
  if (!user || !ok) {
    if (user) await recordAuthEvent(db, { userId: user.id, type: 'sign_in_failed', meta });
    throw new HttpError(401, 'BAD_CREDENTIALS', [BAD_CREDENTIALS]);
  }
  const tokens = await openSession(db, config, user, meta);
  const [first] = await db
    .select({ storeId: storeMemberships.storeId })
    .from(storeMemberships)
    .where(eq(storeMemberships.userId, user.id))
    .orderBy(asc(storeMemberships.createdAt))
    .limit(1);
  await recordAuthEvent(db, { userId: user.id, type: 'sign_in', meta });
  return { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, storeId: first?.storeId ?? null };
}

/**
 * Rotates a refresh token: the presented one is spent and a new pair is issued in the same session. A token
 * presented a second time means it was stolen or replayed: the whole family (session) is revoked and 401
 * answered. Expired or revoked sessions answer 401.
 */
export async function refresh(db: Db, config: Config, token: string, meta: RequestMeta) {
  const tokenHash = hashToken(token);
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: refreshTokens.id, usedAt: refreshTokens.usedAt, session: sessions, email: users.email })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(refreshTokens.tokenHash, tokenHash));
    if (!row) return { kind: 'invalid' as const };
    const s = row.session;
    if (s.revokedAt || s.expiresAt.getTime() <= Date.now()) return { kind: 'ended' as const };
    if (row.usedAt) return { kind: 'reused' as const, sessionId: s.id, userId: s.userId };
    // Spend it: the conditional update makes two racing refreshes with the same token yield one winner.
    const spent = await tx
      .update(refreshTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt)))
      .returning({ id: refreshTokens.id });
    if (spent.length === 0) return { kind: 'reused' as const, sessionId: s.id, userId: s.userId };
    const refreshToken = newRefreshToken(s.expiresAt);
    await tx.insert(refreshTokens).values({ sessionId: s.id, tokenHash: hashToken(refreshToken) });
    await tx.update(sessions).set({ lastUsedAt: new Date() }).where(eq(sessions.id, s.id));
    const accessToken = await signAccessToken(config.jwtSecret, { sub: s.userId, sid: s.id, email: row.email });
    return { kind: 'ok' as const, tokens: { accessToken, refreshToken } };
  });
  if (outcome.kind === 'ok') return outcome.tokens;
  if (outcome.kind === 'reused') {
    // Outside the transaction, so the revocation stands although the request fails.
    await revokeSessions(db, outcome.userId, 'refresh_token_reuse', [outcome.sessionId]);
    await recordAuthEvent(db, { userId: outcome.userId, type: 'session_revoked', meta, detail: { reason: 'refresh_token_reuse' } });
    throw unauthorized('This sign-in was ended for your security, please sign in again');
  }
  throw unauthorized(outcome.kind === 'invalid' ? 'Invalid refresh token' : 'Your session has ended, please sign in again');
}

/** Ends sessions. `sessionIds` omitted → every open session of the user. Returns how many were revoked. */
export async function revokeSessions(db: Db, userId: string, reason: string, sessionIds?: string[]): Promise<number> {
  const where = sessionIds?.length
    ? and(eq(sessions.userId, userId), isNull(sessions.revokedAt), inArray(sessions.id, sessionIds))
    : and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
  const res = await db.update(sessions).set({ revokedAt: new Date(), revokedReason: reason }).where(where).returning({ id: sessions.id });
  return res.length;
}

/** Logout: ends the session of the refresh token (if given and known), else the caller's current session. */
async function logout(db: Db, userId: string, currentSessionId: string, token?: string) {
  let sid = currentSessionId;
  if (token) {
    const [row] = await db
      .select({ sessionId: refreshTokens.sessionId })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .where(and(eq(refreshTokens.tokenHash, hashToken(token)), eq(sessions.userId, userId)));
    if (row) sid = row.sessionId;
  }
  await revokeSessions(db, userId, 'logout', [sid]);
}

/**
 * POST /api/auth/logout: ends the session of the bearer access token `bearer` (when valid) and/or the session of
 * `refreshToken`. Without a valid bearer token (e.g. expired) the refresh token alone names the session, so a user
 * can always sign out. Unknown tokens are ignored (no error).
 */
export async function signOut(db: Db, config: Config, bearer: string, refreshToken?: string): Promise<void> {
  const claims = bearer ? await verifyAccessToken(config.jwtSecret, bearer) : null;
  if (claims) {
    await logout(db, claims.sub, claims.sid, refreshToken);
    return;
  }
  if (!refreshToken) return;
  const [row] = await db
    .select({ sessionId: refreshTokens.sessionId, userId: sessions.userId })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)));
  if (row) await revokeSessions(db, row.userId, 'logout', [row.sessionId]);
}

/** How many `${session}:${store}` pairs `noteStoreOpened` remembers per process (the oldest forgotten first). */
const OPENED_MAX = 10_000;
const opened = new Set<string>();

/**
 * Records that a session opened a store (`session_stores`, once per session and store: remembered per process, and
 * the insert ignores a pair already there). Called by `GET /api/users/me`, the admin's session check of a store, so
 * the Member screen's "last sign-in" and "active sessions" are about THIS store only (issue 14 item 5).
 */
export async function noteStoreOpened(db: Db, sessionId: string, storeId: string): Promise<void> {
  const key = `${sessionId}:${storeId}`;
  if (opened.has(key)) return;
  await db.insert(sessionStores).values({ sessionId, storeId }).onConflictDoNothing();
  if (opened.size >= OPENED_MAX) opened.delete(opened.values().next().value!);
  opened.add(key);
}

/**
 * The spec's User (admin-dashboard §3) of `userId` with their `membership` of the request's store: role, effective
 * scopes, and the menu variants of spec §2 (provider staff, the custom-store e-mail). Built from what the guard read
 * in its one statement (`req.auth.user`), so `GET /api/users/me` costs no second read of the user (issue 14 item 1).
 */
export function currentUser(config: Config, userId: string, u: AuthUser, membership: Membership): User {
  return {
    id: userId,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    profilePicture: u.profilePicture,
    isStoreOwner: membership.isStoreOwner,
    isStoreAdmin: membership.isStoreAdmin,
    scopes: membership.scopes,
    isProviderStaff: isProviderStaff(config, u.email),
    isCustomStoreUser: isCustomStoreUser(config, u.email),
  };
}
