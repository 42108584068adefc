import { ErrorResponse, LoginBody, LoginResponse, LogoutBody, OkResponse, RefreshBody, RefreshResponse, User } from '@backroom/contracts';
import { eq } from 'drizzle-orm';
import type { App } from '../../app.js';
import { refreshTokens, sessions, users } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { isProviderStaff } from '../../lib/guard.js';
import { LoginLimiter } from '../../lib/login-limiter.js';
import { requestMeta } from '../../lib/request-meta.js';
import { hashToken, verifyAccessToken } from '../../lib/tokens.js';
import { login, logout, refresh, revokeSessions } from './service.js';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 429: ErrorResponse };

/**
 * Auth routes (spec admin-dashboard §4 Session, §7 "Login with email and password, returning accessToken,
 * refreshToken and storeId", "Access-token renewal, current user fetch").
 */
export default async function authRoutes(app: App) {
  const limiter = new LoginLimiter();
  const refreshLimit = app.rateLimit({ max: 60, timeWindow: 60_000, keyGenerator: (req) => `refresh-ip:${req.ip}` });

  /** POST /api/auth/login {email, password} → {accessToken, refreshToken, storeId}. 401 on bad credentials. */
  app.post('/api/auth/login', { schema: { tags: ['auth'], body: LoginBody, response: { 200: LoginResponse, ...errors } } }, async (req) => {
    await limiter.hit(req.ip, req.body.email);
    return login(app.db, app.config, req.body.email, req.body.password, requestMeta(req));
  });

  /** POST /api/auth/refresh {refreshToken} → a new pair; the old token is spent (reuse revokes the family). */
  app.post(
    '/api/auth/refresh',
    { preHandler: refreshLimit, schema: { tags: ['auth'], body: RefreshBody, response: { 200: RefreshResponse, ...errors } } },
    async (req) => refresh(app.db, app.config, req.body.refreshToken, requestMeta(req)),
  );

  /**
   * POST /api/auth/logout {refreshToken?}: ends the session of the bearer token and/or of the refresh token.
   * Works with an expired access token too, so a user can always sign out. Always 200.
   */
  app.post('/api/auth/logout', { schema: { tags: ['auth'], body: LogoutBody.optional(), response: { 200: OkResponse } } }, async (req) => {
    const bearer = (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
    const claims = bearer ? await verifyAccessToken(app.config.jwtSecret, bearer) : null;
    if (claims) await logout(app.db, claims.sub, claims.sid, req.body?.refreshToken);
    else if (req.body?.refreshToken) {
      const [row] = await app.db
        .select({ sessionId: refreshTokens.sessionId, userId: sessions.userId })
        .from(refreshTokens)
        .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
        .where(eq(refreshTokens.tokenHash, hashToken(req.body.refreshToken)));
      if (row) await revokeSessions(app.db, row.userId, 'logout', [row.sessionId]);
    }
    return { ok: true as const, messages: ['Signed out'] };
  });

  /** GET /api/users/me → the spec's User (§3) for the store in X-Store-Id; 404 when not a member. */
  app.get(
    '/api/users/me',
    { preHandler: app.guard({ scope: null }), schema: { tags: ['auth'], response: { 200: User, 401: ErrorResponse, 404: ErrorResponse } } },
    async (req) => {
      const [u] = await app.db.select().from(users).where(eq(users.id, req.auth.userId));
      if (!u) throw notFound('User');
      const m = req.auth.membership;
      return {
        id: u.id,
        email: u.email,
        firstName: u.firstName,
        lastName: u.lastName,
        profilePicture: u.profilePicture,
        isStoreOwner: m.isStoreOwner,
        isStoreAdmin: m.isStoreAdmin,
        scopes: m.scopes,
        isProviderStaff: isProviderStaff(app.config, u.email),
        isCustomStoreUser: !!app.config.customStoreEmail && u.email === app.config.customStoreEmail,
      };
    },
  );
}
