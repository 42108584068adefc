import { ErrorResponse, LoginBody, LoginResponse, LogoutBody, OkResponse, RefreshBody, RefreshResponse, User } from '@backroom/contracts';
import type { FastifyReply } from 'fastify';
import { requestMeta } from '../../lib/request-meta.js';
import type { App } from '../../lib/types.js';
import { signInLimits } from './limits.js';
import { currentUser, login, noteStoreOpened, refresh, signOut } from './service.js';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 429: ErrorResponse };

/** Token renewals allowed: 60 a minute per IP (counted before the body is read, so malformed tokens count too). */
export const REFRESH_LIMIT_PER_IP = { points: 60, duration: 60 };

/** Answers that carry tokens are never stored by a browser or a proxy (issue 29 item 8). */
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/**
 * Auth routes (spec admin-dashboard §4 Session, §7 "Login with email and password, returning accessToken,
 * refreshToken and storeId", "Access-token renewal, current user fetch").
 */
export default async function authRoutes(app: App) {
  // Every attempt counts per IP; failures per (e-mail, IP), per IP and per e-mail — the rules in limits.ts (issue 29
  // item 1: a third party can no longer lock an owner out).
  const limitSignIn = signInLimits(app);
  const refreshByIp = app.limiter({ name: 'refresh-ip', what: 'token renewals', ...REFRESH_LIMIT_PER_IP });

  /**
   * POST /api/auth/login {email, password} → {accessToken, refreshToken, storeId}. 401 on bad credentials; 429 per
   * the sign-in limits of limits.ts `signInLimits` (never for the right password from an address with no failure).
   */
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
    async (req, reply) => {
      noStore(reply);
      return limitSignIn(req.body.email, req.ip, () => login(app.db, app.config, req.body.email, req.body.password, requestMeta(req)));
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
    async (req, reply) => {
      noStore(reply);
      return refresh(app.db, app.config, req.body.refreshToken, requestMeta(req));
    },
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
