import { randomBytes, timingSafeEqual } from 'node:crypto';
import { RESET_INVALID_MESSAGE, RESET_TOKEN_TTL_MS, type RegisterBody, type SurveyBody } from '@backroom/contracts';
import { and, eq, gt, isNull, like, or } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { domains, passwordResets, storeMemberships, storePreferences, stores, users } from '../../db/schema/index.js';
import { systemDomain } from '../../lib/domains.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import type { RequestMeta } from '../../lib/request-meta.js';
import { hashToken } from '../../lib/tokens.js';
import { openSession, recordAuthEvent, revokeSessions } from '../auth/index.js';

/** The admin address of the reset screen for a raw token: `${ADMIN_ORIGIN}/auth/reset?token=...`. */
export const resetLink = (config: Config, token: string) =>
  `${config.adminOrigin.replace(/\/$/, '')}/auth/reset?token=${encodeURIComponent(token)}`;

/**
 * Creates a single-use password token for a user (stored as its SHA-256 hash) valid `ttlMs` (1 h for a reset,
 * 72 h for an invitation) and spends the user's earlier unused tokens, so only the newest link works.
 * Returns the raw token (only ever sent by mail).
 */
export async function createPasswordToken(db: Db, userId: string, ttlMs: number = RESET_TOKEN_TTL_MS): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
  await db.insert(passwordResets).values({ userId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttlMs) });
  return token;
}

/**
 * POST /api/auth/forgot: when the e-mail belongs to a user, creates a 1-hour reset token and returns the mail to
 * send; returns null for an unknown e-mail. The caller answers the same in both cases (no enumeration).
 */
export async function startPasswordReset(db: Db, config: Config, email: string, meta: RequestMeta) {
  const [user] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.email, email));
  if (!user) return null;
  const token = await createPasswordToken(db, user.id, RESET_TOKEN_TTL_MS);
  await recordAuthEvent(db, { userId: user.id, type: 'password_reset_requested', meta });
  const link = resetLink(config, token);
  return {
    to: user.email,
    subject: 'Reset your Backroom password',
    text: [
      `Hello ${user.firstName || user.email},`,
      '',
      'We received a request to reset the password of your Backroom account.',
      'Open this link within 1 hour to choose a new password:',
      '',
      link,
      '',
      'If you did not ask for this, ignore this e-mail: your password stays the same.',
    ].join('\n'),
  };
}

/**
 * POST /api/auth/reset: spends a valid token (unknown, used or expired → 400 RESET_INVALID_MESSAGE), sets the
 * new password (argon2id) and ends every session of the user. The conditional update makes a token single use
 * even under two racing requests.
 */
export async function completePasswordReset(db: Db, token: string, password: string, meta: RequestMeta) {
  const [spent] = await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.tokenHash, hashToken(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())))
    .returning({ userId: passwordResets.userId });
  if (!spent) throw badRequest(`token: ${RESET_INVALID_MESSAGE}`);
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(password) })
    .where(eq(users.id, spent.userId));
  await recordAuthEvent(db, { userId: spent.userId, type: 'password_reset', meta });
  const n = await revokeSessions(db, spent.userId, 'password_reset');
  if (n > 0)
    await recordAuthEvent(db, { userId: spent.userId, type: 'session_revoked', meta, detail: { reason: 'password_reset', count: n } });
}

/** Constant-time check of the partner key (spec §2: sign-up only with the one partner key in `sk`). */
export function partnerKeyOk(config: Config, sk: string | undefined): boolean {
  if (!sk || !config.registerPartnerKey) return false;
  const a = Buffer.from(sk);
  const b = Buffer.from(config.registerPartnerKey);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Handles that would collide with product hosts or confuse shoppers. */
const RESERVED_HANDLES = new Set(['www', 'api', 'admin', 'auth', 'app', 'mail', 'static', 'assets', 'cdn', 'shop', 'store']);

/**
 * A storefront handle from a shop name: lower-case ASCII letters, digits and single dashes, at most 40 characters
 * ('Café Ünicorn!' → 'cafe-unicorn'); 'shop' when nothing is left.
 */
export function handleFromName(name: string): string {
  const h = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/g, '');
  return h || 'shop';
}

/** The first free handle among `base`, `base-2`, `base-3`, … (reserved words always get a number). */
export async function uniqueHandle(db: Db, base: string): Promise<string> {
  const taken = new Set(
    (
      await db
        .select({ handle: stores.handle })
        .from(stores)
        .where(or(eq(stores.handle, base), like(stores.handle, `${base}-%`)))
    ).map((r) => r.handle),
  );
  if (!taken.has(base) && !RESERVED_HANDLES.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}-${i}`)) return `${base}-${i}`;
}

/**
 * POST /api/auth/register (partner sign-up): creates the user, the shop (unique handle from its name, the
 * SystemDefault domain `{handle}.{suffix}`, preferences with surveyDone=false so the survey comes next), the
 * owner membership, and opens a session like login. 409 when the e-mail already has an account.
 */
export async function registerAccount(db: Db, config: Config, body: RegisterBody, meta: RequestMeta) {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, body.email));
  if (existing) throw conflict('An account with this e-mail already exists. Please sign in.');
  const passwordHash = await hashPassword(body.password);
  const base = handleFromName(body.storeName);
  for (let attempt = 0; ; attempt++) {
    const handle = await uniqueHandle(db, base);
    try {
      const created = await db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({ email: body.email, passwordHash, firstName: body.firstName, lastName: body.lastName })
          .returning({ id: users.id, email: users.email });
        const [store] = await tx.insert(stores).values({ handle, name: body.storeName }).returning({ id: stores.id });
        const domain = systemDomain(config, handle);
        await tx.insert(domains).values({ storeId: store!.id, host: domain, domainType: 'SystemDefault' });
        await tx.insert(storePreferences).values({ storeId: store!.id, surveyDone: false });
        await tx.insert(storeMemberships).values({ storeId: store!.id, userId: user!.id, isStoreOwner: true, scopes: [] });
        return { user: user!, storeId: store!.id, domain };
      });
      const tokens = await openSession(db, config, created.user, meta);
      await recordAuthEvent(db, { userId: created.user.id, storeId: created.storeId, type: 'sign_in', meta, detail: { via: 'register' } });
      return {
        accessToken: tokens.accessToken,
        refreshToken: tokens.refreshToken,
        storeId: created.storeId,
        storeName: body.storeName,
        defaultSystemDomain: created.domain,
      };
    } catch (e) {
      const msg = String((e as { cause?: { message?: string } }).cause?.message ?? (e as Error).message);
      // Another sign-up took the same e-mail or handle between our check and the insert.
      if (/users_email/.test(msg)) throw conflict('An account with this e-mail already exists. Please sign in.');
      if (/handle/.test(msg) && attempt < 5) continue;
      throw e;
    }
  }
}

/** Whether the store's survey is done (GET /api/auth/survey answers 200 when true, 409 otherwise). */
export async function surveyDone(db: Db, storeId: string): Promise<boolean> {
  const [p] = await db.select({ done: storePreferences.surveyDone }).from(storePreferences).where(eq(storePreferences.storeId, storeId));
  // A store without a preference row never registered through the sign-up: nothing to ask.
  return p ? p.done : true;
}

/** POST /api/auth/survey: keeps the answers, sets businessType (spec §3) and marks the survey done. */
export async function saveSurvey(db: Db, storeId: string, userId: string, body: SurveyBody) {
  const survey = { ...body, answeredBy: userId, answeredAt: new Date().toISOString() };
  await db
    .insert(storePreferences)
    .values({ storeId, businessType: body.businessType, surveyDone: true, survey })
    .onConflictDoUpdate({ target: storePreferences.storeId, set: { businessType: body.businessType, surveyDone: true, survey } });
}
