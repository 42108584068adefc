import { ErrorResponse, LoginBody, LoginResponse, LogoutBody, OkResponse, RefreshBody, RefreshResponse, User } from '@backroom/contracts';
import { requestMeta } from '../../lib/request-meta.js';
import type { App } from '../../lib/types.js';
import { currentUser, login, noteStoreOpened, refresh, signOut } from './service.js';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 429: ErrorResponse };

/** Login attempts allowed: 20 a minute per IP, and 10 per 15 minutes per e-mail whatever the IP. */
export const LOGIN_LIMIT_PER_IP = { points: 20, duration: 60 };
export const LOGIN_LIMIT_PER_EMAIL = { points: 10, duration: 15 * 60 };
/** Token renewals allowed: 60 a minute per IP (counted before the body is read, so malformed tokens count too). */
export const REFRESH_LIMIT_PER_IP = { points: 60, duration: 60 };

/**
 * Auth routes (spec admin-dashboard §4 Session, §7 "Login with email and password, returning accessToken,
 * refreshToken and storeId", "Access-token renewal, current user fetch").
 */
export default async function authRoutes(app: App) {
  // Every attempt counts, by IP and by e-mail (issue: "login rate-limited per IP and e-mail").
  const loginByIp = app.limiter({ name: 'login-ip', what: 'sign-in attempts', ...LOGIN_LIMIT_PER_IP });
  const loginByEmail = app.limiter({ name: 'login-email', what: 'sign-in attempts', ...LOGIN_LIMIT_PER_EMAIL });
  const refreshByIp = app.limiter({ name: 'refresh-ip', what: 'token renewals', ...REFRESH_LIMIT_PER_IP });

  /** POST /api/auth/login {email, password} → {accessToken, refreshToken, storeId}. 401 on bad credentials. */
  app.post(
    '/api/auth/login',
    {
      schema: {
        summary: 'Sign in with e-mail and password',
        operationId: 'loginWithPassword',
        tags: ['auth'],
        body: LoginBody,
        response: { 200: LoginResponse, ...errors },
      },
    },
    async (req) => {
      await loginByIp.consume(req.ip);
      await loginByEmail.consume(req.body.email.trim().toLowerCase());
      return login(app.db, app.config, req.body.email, req.body.password, requestMeta(req));
    },
  );

  /** POST /api/auth/refresh {refreshToken} → a new pair; the old token is spent (reuse revokes the family). */
  app.post(
    '/api/auth/refresh',
    {
      // onRequest: the limit is spent before the body is validated, like every guard (a flood of junk counts).
      onRequest: async (req) => refreshByIp.consume(req.ip),
      schema: {
        summary: 'Renew the token pair with a refresh token',
        operationId: 'refreshTokens',
        tags: ['auth'],
        body: RefreshBody,
        response: { 200: RefreshResponse, ...errors },
      },
    },
    async (req) => refresh(app.db, app.config, req.body.refreshToken, requestMeta(req)),
  );

  /**
   * POST /api/auth/logout {refreshToken?}: ends the session of the bearer token and/or of the refresh token.
   * Works with an expired access token too, so a user can always sign out. Always 200.
   */
  app.post(
    '/api/auth/logout',
    {
      schema: {
        summary: 'Sign out (end this session)',
        operationId: 'logout',
        tags: ['auth'],
        body: LogoutBody.optional(),
        response: { 200: OkResponse },
      },
    },
    async (req) => {
      const bearer = (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
      await signOut(app.db, app.config, bearer, req.body?.refreshToken);
      return { ok: true as const, messages: ['Signed out'] };
    },
  );

  /**
   * GET /api/users/me → the spec's User (§3) for the store in X-Store-Id; 404 when not a member, 401 STORE_SIGNED_OUT
   * when signed out of it. Records that this session opened the store (the Member screen's per-store sign-in).
   */
  app.get(
    '/api/users/me',
    {
      preHandler: app.guard({ scope: null }),
      schema: {
        summary: 'The signed-in user in the chosen store',
        operationId: 'getCurrentUser',
        tags: ['auth'],
        response: { 200: User, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (req) => {
      await noteStoreOpened(app.db, req.auth.sessionId, req.auth.storeId);
      return currentUser(app.config, req.auth.userId, req.auth.user, req.auth.membership);
    },
  );
}
