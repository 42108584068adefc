import {
  ErrorResponse,
  FORGOT_MESSAGE,
  ForgotBody,
  MessageResponse,
  OutboxResponse,
  RESET_DONE_MESSAGE,
  RegisterBody,
  RegisterCheckQuery,
  RegisterCheckResponse,
  RegisterResponse,
  ResetBody,
  SurveyBody,
  SurveyCheckQuery,
  SurveyCheckResponse,
} from '@backroom/contracts';
import { forbidden, HttpError, notFound } from '../../lib/errors.js';
import { membershipOf } from '../../lib/guard.js';
import { outboxDir, queueMail, readOutbox } from '../../lib/mail.js';
import { requestMeta } from '../../lib/request-meta.js';
import type { App } from '../../lib/types.js';
import { completePasswordReset, partnerKeyOk, registerAccount, saveSurvey, startPasswordReset, surveyDone } from './service.js';

/** Forgot-password requests allowed: 5 per 15 minutes per IP, and 3 per 15 minutes per e-mail. */
export const FORGOT_LIMIT_PER_IP = { points: 5, duration: 15 * 60 };
export const FORGOT_LIMIT_PER_EMAIL = { points: 3, duration: 15 * 60 };
/** Sign-ups allowed: 5 per hour per IP. Reset submissions: 10 per 15 minutes per IP. */
export const REGISTER_LIMIT_PER_IP = { points: 5, duration: 60 * 60 };
export const RESET_LIMIT_PER_IP = { points: 10, duration: 15 * 60 };

/** The error of spec §4 that sends the admin to the survey screen: any status other than 200. */
export const SURVEY_REQUIRED_MESSAGE = 'Please tell us about your business before you start.';

const isLoopback = (addr: string | undefined) => addr === '127.0.0.1' || addr === '::1' || addr === '::ffff:127.0.0.1';

/**
 * Account routes (issue 15: formerly `auth-extra`) of spec admin-dashboard §2 (/auth/forgot, /auth/reset, /auth/register, auth/survey) and §4 (survey
 * check). Mails are queued as jobs and sent over SMTP_URL, else into DATA_DIR/outbox (see lib/mail.ts).
 */
export default async function accountRoutes(app: App) {
  const forgotIp = app.limiter({ name: 'forgot-ip', what: 'password reset requests', ...FORGOT_LIMIT_PER_IP });
  const forgotEmail = app.limiter({ name: 'forgot-email', what: 'password reset requests', ...FORGOT_LIMIT_PER_EMAIL });
  const registerIp = app.limiter({ name: 'register-ip', what: 'sign-up attempts', ...REGISTER_LIMIT_PER_IP });
  const resetIp = app.limiter({ name: 'reset-ip', what: 'password reset attempts', ...RESET_LIMIT_PER_IP });
  const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 429: ErrorResponse };

  /**
   * POST /api/auth/forgot {email} → always 200 {ok, messages: [FORGOT_MESSAGE]}, known e-mail or not. For a known
   * one a 1-hour single-use link `${ADMIN_ORIGIN}/auth/reset?token=…` is mailed through the job queue (`queueMail`,
   * retried with backoff; issue 14 item 2), queued after the answer is decided so neither SMTP nor the queue shows in
   * the response time or its status. 429 past the per-IP / per-e-mail limits.
   */
  app.post(
    '/api/auth/forgot',
    {
      schema: {
        summary: 'E-mail a password reset link',
        operationId: 'requestPasswordReset',
        tags: ['account'],
        body: ForgotBody,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (req) => {
      await forgotIp.consume(req.ip);
      await forgotEmail.consume(req.body.email);
      const mail = await startPasswordReset(app.db, app.config, req.body.email, requestMeta(req));
      if (mail) queueMail(app.jobs, mail).catch((err) => req.log.error({ err }, 'could not queue the password reset mail'));
      return { ok: true as const, messages: [FORGOT_MESSAGE] };
    },
  );

  /** POST /api/auth/reset {token, password (5–50)} → 200; sets the password and ends all sessions. 400 on a bad token. */
  app.post(
    '/api/auth/reset',
    {
      schema: {
        summary: 'Choose a new password with a reset link',
        operationId: 'resetPassword',
        tags: ['account'],
        body: ResetBody,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (req) => {
      await resetIp.consume(req.ip);
      await completePasswordReset(app.db, req.body.token, req.body.password, requestMeta(req));
      return { ok: true as const, messages: [RESET_DONE_MESSAGE] };
    },
  );

  /** GET /api/auth/register-check?sk= → {allowed}: true only when sk is the partner key (spec §2 /auth/register). */
  app.get(
    '/api/auth/register-check',
    {
      schema: {
        summary: 'Check a partner sign-up key',
        operationId: 'checkRegisterKey',
        tags: ['account'],
        querystring: RegisterCheckQuery,
        response: { 200: RegisterCheckResponse, ...errors },
      },
    },
    async (req) => ({ allowed: partnerKeyOk(app.config, req.query.sk) }),
  );

  /**
   * POST /api/auth/register {sk, email, password, firstName, lastName, storeName} → {accessToken, refreshToken,
   * storeId, storeName, defaultSystemDomain}. 403 without the partner key, 409 for a taken e-mail, 429 past 5/h/IP.
   */
  app.post(
    '/api/auth/register',
    {
      schema: {
        summary: 'Sign up with a new shop',
        operationId: 'registerAccount',
        tags: ['account'],
        body: RegisterBody,
        response: { 200: RegisterResponse, ...errors, 409: ErrorResponse },
      },
    },
    async (req) => {
      await registerIp.consume(req.ip);
      if (!partnerKeyOk(app.config, req.body.sk)) throw forbidden('Sign-up needs a partner invitation link');
      return registerAccount(app.db, app.config, req.body, requestMeta(req));
    },
  );

  /**
   * GET /api/auth/survey?register&storeId&defaultSystemDomain → 200 {done: true} when the store's survey is done,
   * else 409 SURVEY_REQUIRED (spec §4: any other status sends the admin to the survey screen). The store is
   * `storeId`, or X-Store-Id when absent; 404 when the caller is not a member of it.
   */
  app.get(
    '/api/auth/survey',
    {
      preHandler: app.guard({ scope: null, store: false }),
      schema: {
        summary: 'Whether the store survey is done',
        operationId: 'getSurveyStatus',
        tags: ['account'],
        querystring: SurveyCheckQuery,
        response: { 200: SurveyCheckResponse, ...errors, 409: ErrorResponse },
      },
    },
    async (req) => {
      const storeId = req.query.storeId ?? String(req.headers['x-store-id'] ?? '');
      if (!/^[0-9a-f-]{36}$/i.test(storeId) || !(await membershipOf(app.db, req.auth, storeId))) throw notFound('Store');
      if (!(await surveyDone(app.db, storeId))) throw new HttpError(409, 'SURVEY_REQUIRED', [SURVEY_REQUIRED_MESSAGE]);
      return { done: true as const };
    },
  );

  /** POST /api/auth/survey {businessType, experience, monthlyOrders, productSource, note?} → 200; owner or admin only. */
  app.post(
    '/api/auth/survey',
    {
      preHandler: app.guard({ scope: null }),
      schema: {
        summary: 'Answer the store survey',
        operationId: 'submitSurvey',
        tags: ['account'],
        body: SurveyBody,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (req) => {
      const m = req.auth.membership;
      if (!m.isStoreOwner && !m.isStoreAdmin) throw forbidden('Only the store owner or an admin can answer the survey');
      await saveSurvey(app.db, req.auth.storeId, req.auth.userId, req.body);
      return { ok: true as const, messages: ['Thank you! Your store is ready.'] };
    },
  );

  // The development outbox: never registered in production, and only answered to this machine (the socket's
  // address, not X-Forwarded-For), because it shows live reset links.
  if (!app.config.production) {
    /** GET /api/dev/outbox → {mails} newest first (development only, loopback only). */
    app.get(
      '/api/dev/outbox',
      {
        schema: {
          summary: 'Mails of the development outbox',
          operationId: 'listOutboxMails',
          tags: ['dev'],
          response: { 200: OutboxResponse, 403: ErrorResponse },
        },
      },
      async (req) => {
        if (!isLoopback(req.socket.remoteAddress)) throw forbidden('The outbox is only shown to this machine');
        return { mails: await readOutbox(outboxDir(app.config)) };
      },
    );
  }
}
