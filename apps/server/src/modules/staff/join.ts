import { type JoinBody, type JoinInfo, type JoinQuery, type LoginResponse, RESET_INVALID_MESSAGE } from '@backroom/contracts';
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { passwordResets, storeMemberships, stores, users } from '../../db/schema/index.js';
import { badRequest } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import type { RequestMeta } from '../../lib/request-meta.js';
import { hashToken } from '../../lib/tokens.js';
import { openSession, recordAuthEvent } from '../auth/index.js';

/**
 * Invitations of NEW accounts to a shop's staff (issue 31 item 6): the invited person lands on "Join {shop} on
 * Backroom" (admin `/auth/join`) with who invited them — not on the password-reset screen — chooses a password
 * (contracts `NewPassword`) and is signed in to that shop. The link carries the single-use 72-hour password token
 * (account module's `password_resets`), the shop and the inviter; the server trusts only the token for the person,
 * and shows the shop and the inviter only when that person is a member of the shop and the inviter one of its
 * managers.
 */

/** The admin address of the join screen: `${ADMIN_ORIGIN}/auth/join?token=…&store=…&by=…`. */
export function joinLink(config: Config, token: string, storeId: string, inviterId: string): string {
  const q = new URLSearchParams({ token, store: storeId, by: inviterId });
  return `${config.adminOrigin.replace(/\/$/, '')}/auth/join?${q}`;
}

/** The user of a live (unspent, unexpired) token who is a member of `storeId`; 400 RESET_INVALID_MESSAGE otherwise. */
async function invitee(db: Db, token: string, storeId: string) {
  const [r] = await db
    .select({ userId: users.id, email: users.email, firstName: users.firstName, shopName: stores.name })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .innerJoin(storeMemberships, and(eq(storeMemberships.userId, users.id), eq(storeMemberships.storeId, storeId)))
    .innerJoin(stores, eq(stores.id, storeId))
    .where(and(eq(passwordResets.tokenHash, hashToken(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())));
  if (!r) throw badRequest(`token: ${RESET_INVALID_MESSAGE}`);
  return r;
}

/** GET /api/auth/join: the invitation's shop, person and inviter (see JoinInfo); 400 for a dead or foreign link. */
export async function joinInfo(db: Db, q: JoinQuery): Promise<JoinInfo> {
  const r = await invitee(db, q.token, q.store);
  let inviter: JoinInfo['inviter'] = null;
  if (q.by) {
    const [m] = await db
      .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(storeMemberships)
      .innerJoin(users, eq(users.id, storeMemberships.userId))
      .where(
        and(
          eq(storeMemberships.storeId, q.store),
          eq(storeMemberships.userId, q.by),
          or(eq(storeMemberships.isStoreOwner, true), eq(storeMemberships.isStoreAdmin, true)),
        ),
      );
    if (m) inviter = { name: `${m.firstName} ${m.lastName}`.trim() || m.email, email: m.email };
  }
  return { email: r.email, firstName: r.firstName, shopName: r.shopName, inviter };
}

/**
 * POST /api/auth/join: spends the token (single use even under two racing requests: a conditional update), sets
 * the chosen password (argon2id), records `password_changed` and `sign_in`, and opens a session in that shop:
 * answers like POST /api/auth/login with `storeId` the invitation's shop. 400 for a dead or foreign link.
 */
export async function acceptJoin(db: Db, config: Config, body: JoinBody, meta: RequestMeta): Promise<LoginResponse> {
  const r = await invitee(db, body.token, body.store);
  const [spent] = await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(
      and(eq(passwordResets.tokenHash, hashToken(body.token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())),
    )
    .returning({ userId: passwordResets.userId });
  if (!spent) throw badRequest(`token: ${RESET_INVALID_MESSAGE}`);
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(body.password) })
    .where(eq(users.id, r.userId));
  await recordAuthEvent(db, { userId: r.userId, type: 'password_changed', meta });
  const tokens = await openSession(db, config, { id: r.userId, email: r.email }, meta);
  await recordAuthEvent(db, { userId: r.userId, type: 'sign_in', meta });
  return { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, storeId: body.store };
}
