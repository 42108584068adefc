import { randomBytes, randomUUID } from 'node:crypto';
import {
  type AddStaffBody,
  AUTH_EVENT_TYPES,
  type ChangePasswordBody,
  INVITE_TOKEN_TTL_MS,
  PROFILE_PICTURE_TYPES,
  SCOPES,
  type Scope,
  type StaffInfo,
  type StaffMember,
  type UpdateProfileBody,
  type UpdateStaffBody,
} from '@backroom/contracts';
import { and, count, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { type Db, rows, sql } from '../../db/client.js';
import { authEvents, sessions, storeMemberships, stores, uploads, users } from '../../db/schema/index.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { effectiveScopes } from '../../lib/guard.js';
import type { Jobs } from '../../lib/jobs.js';
import { queueMail } from '../../lib/mail.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import type { RequestMeta } from '../../lib/request-meta.js';
import { createPasswordToken } from '../account/index.js';
import { recordAuthEvent, revokeSessions } from '../auth/index.js';
import { type MediaStorage, sniffImage } from '../media/index.js';
import { inviteExisting } from './invitations.js';
import { joinLink } from './join.js';
import { assertManager, type Caller, grantableScopes, manageRefusal, STAFF_ERRORS, type Target } from './rules.js';

async function targetOf(db: Db, storeId: string, userId: string): Promise<Target> {
  const [m] = await db
    .select({
      userId: storeMemberships.userId,
      isStoreOwner: storeMemberships.isStoreOwner,
      isStoreAdmin: storeMemberships.isStoreAdmin,
      scopes: storeMemberships.scopes,
    })
    .from(storeMemberships)
    .where(and(eq(storeMemberships.storeId, storeId), eq(storeMemberships.userId, userId)));
  if (!m) throw notFound('Staff');
  return m;
}

const iso = (v: unknown) => (v == null ? null : new Date(v as string | Date).toISOString());

/**
 * The members of one store (GET /api/users/store-staffs), owner first, then admins, then by date added. Each row
 * carries the last sign-in that opened THIS store and the count of open sessions that opened it and were not signed
 * out of it (`session_stores`, written by the guard): nothing about the person's other stores (issue 14 item 5).
 * Shape: contracts StaffMember.
 */
export async function listStaff(db: Db, storeId: string, onlyUserId?: string): Promise<StaffMember[]> {
  const r = await rows<{
    id: string;
    email: string;
    first_name: string;
    last_name: string;
    profile_picture: string | null;
    is_store_owner: boolean;
    is_store_admin: boolean;
    scopes: string[];
    created_at: Date | string;
    last_sign_in_at: Date | string | null;
    active_sessions: number;
  }>(
    db,
    sql`select u.id, u.email, u.first_name, u.last_name, u.profile_picture, m.is_store_owner, m.is_store_admin, m.scopes,
               m.created_at,
               (select max(ss.created_at) from session_stores ss join sessions s on s.id = ss.session_id
                 where ss.store_id = m.store_id and s.user_id = u.id) as last_sign_in_at,
               (select count(*) from session_stores ss join sessions s on s.id = ss.session_id
                 where ss.store_id = m.store_id and s.user_id = u.id and s.revoked_at is null and s.expires_at > now()
                   and (m.signed_out_at is null or s.created_at > m.signed_out_at))::int as active_sessions
        from store_memberships m
        join users u on u.id = m.user_id
        where m.store_id = ${storeId}::uuid ${onlyUserId ? sql`and u.id = ${onlyUserId}::uuid` : sql``}
        order by m.is_store_owner desc, m.is_store_admin desc, m.created_at asc, u.email asc`,
  );
  return r.map((x) => ({
    id: x.id,
    email: x.email,
    firstName: x.first_name,
    lastName: x.last_name,
    profilePicture: x.profile_picture,
    isStoreOwner: x.is_store_owner,
    isStoreAdmin: x.is_store_admin,
    scopes: SCOPES.filter((s) => (x.scopes ?? []).includes(s)),
    lastSignInAt: iso(x.last_sign_in_at),
    activeSessions: Number(x.active_sessions),
    addedAt: iso(x.created_at)!,
  }));
}

/** One member as StaffMember; 404 when not a member of the store. */
async function staffRow(db: Db, storeId: string, userId: string): Promise<StaffMember> {
  const [s] = await listStaff(db, storeId, userId);
  if (!s) throw notFound('Staff');
  return s;
}

/**
 * GET /api/users/store-staff-info?staff_id= (spec §6): isStoreOwner, isStoreAdmin and effective scopes of a member
 * of the store. 404 when the person is not a member of this store (including members of other stores).
 */
export async function staffInfo(db: Db, storeId: string, userId: string): Promise<StaffInfo> {
  const [r] = await db
    .select({ m: storeMemberships, u: users })
    .from(storeMemberships)
    .innerJoin(users, eq(users.id, storeMemberships.userId))
    .where(and(eq(storeMemberships.storeId, storeId), eq(storeMemberships.userId, userId)));
  if (!r) throw notFound('Staff');
  return {
    id: r.u.id,
    email: r.u.email,
    firstName: r.u.firstName,
    lastName: r.u.lastName,
    isStoreOwner: r.m.isStoreOwner,
    isStoreAdmin: r.m.isStoreAdmin,
    scopes: effectiveScopes(r.m),
  };
}

/**
 * POST /api/users/add-store-staff. Owner/admin only (403); scopes beyond the caller's → 403; the admin flag only
 * by the owner (403). A known e-mail gets an INVITATION it must accept (issue 14 item 5; its name and password
 * stay, the membership exists only after acceptance; see invitations.ts); an unknown one becomes a user with the
 * given password, or, without one, with an unusable password and a 72-hour invitation link to choose one (mailed
 * through the job queue, `queueMail`: retried with backoff, never awaited here; issue 14 item 2).
 * 409 when the person is already a member.
 */
export async function addStaff(db: Db, config: Config, jobs: Jobs, caller: Caller, storeId: string, body: AddStaffBody) {
  assertManager(caller);
  const scopes = grantableScopes(caller, body.scopes);
  if (body.isStoreAdmin && !caller.membership.isStoreOwner) throw forbidden(STAFF_ERRORS.grantAdmin);
  let [user] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, body.email));
  if (user) return inviteExisting(db, config, jobs, caller, storeId, user, { ...body, scopes });
  let created = false;
  let invited = false;
  let inviteToken: string | null = null;
  if (!user) {
    const passwordHash = await hashPassword(body.password ?? randomBytes(32).toString('base64url'));
    const inserted = await db
      .insert(users)
      .values({ email: body.email, passwordHash, firstName: body.firstName, lastName: body.lastName })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id, email: users.email });
    if (inserted[0]) {
      user = inserted[0];
      created = true;
    } else [user] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, body.email));
  }
  const added = await db
    .insert(storeMemberships)
    .values({ storeId, userId: user!.id, scopes, isStoreAdmin: !!body.isStoreAdmin })
    .onConflictDoNothing()
    .returning({ id: storeMemberships.id });
  if (!added.length) throw conflict('This person is already a member of this store');
  if (created && !body.password) {
    inviteToken = await createPasswordToken(db, user!.id, INVITE_TOKEN_TTL_MS);
    const [store] = await db.select({ name: stores.name }).from(stores).where(eq(stores.id, storeId));
    await queueMail(jobs, {
      to: user!.email,
      subject: `You are invited to ${store?.name ?? 'a shop'} on Backroom`,
      text: [
        `Hello ${body.firstName},`,
        '',
        `${caller.email} added you to the staff of ${store?.name ?? 'their shop'}.`,
        'Open this link within 72 hours to choose your password and join:',
        '',
        joinLink(config, inviteToken, storeId, caller.userId),
      ].join('\n'),
    });
    invited = true;
  }
  const staff = await staffRow(db, storeId, user!.id);
  const messages = [
    !created
      ? `${body.email} was added to this store.`
      : invited
        ? `${body.email} was invited: they will receive an e-mail to choose a password.`
        : `${body.email} was added. They can sign in with the password you set.`,
  ];
  return { staff, created, invited, messages };
}

/**
 * PUT /api/users/update-store-staff/{id}: replaces the granted scopes and/or the admin flag. 404 when the person is
 * not a member of this store; 403 per manageRefusal, for scopes the caller lacks, and for the admin flag by a
 * non-owner.
 */
export async function updateStaff(db: Db, caller: Caller, storeId: string, targetId: string, body: UpdateStaffBody) {
  assertManager(caller);
  const target = await targetOf(db, storeId, targetId);
  const refusal = manageRefusal(caller, target);
  if (refusal) throw forbidden(refusal);
  if (body.isStoreAdmin !== undefined && body.isStoreAdmin !== target.isStoreAdmin && !caller.membership.isStoreOwner)
    throw forbidden(STAFF_ERRORS.grantAdmin);
  const set: { scopes?: Scope[]; isStoreAdmin?: boolean } = {};
  if (body.scopes) set.scopes = grantableScopes(caller, body.scopes);
  if (body.isStoreAdmin !== undefined) set.isStoreAdmin = body.isStoreAdmin;
  await db
    .update(storeMemberships)
    .set(set)
    .where(and(eq(storeMemberships.storeId, storeId), eq(storeMemberships.userId, targetId)));
  return staffRow(db, storeId, targetId);
}

/**
 * Signs one member out of THIS store: their sessions opened until now are refused here (the guard compares
 * `signed_out_at`), and keep working for their other stores. Returns the open sessions that had opened this store.
 */
async function revokeOne(db: Db, caller: Caller, storeId: string, targetId: string, meta: RequestMeta): Promise<number> {
  // One statement: the CTEs share a snapshot, so `old` is the membership before the update.
  const [r] = await rows<{ n: number }>(
    db,
    sql`with old as (
          select id, signed_out_at as before from store_memberships where store_id = ${storeId}::uuid and user_id = ${targetId}::uuid
        ), upd as (
          update store_memberships m set signed_out_at = now() from old where m.id = old.id returning m.id
        )
        select (select count(*) from session_stores ss join sessions s on s.id = ss.session_id
                 where ss.store_id = ${storeId}::uuid and s.user_id = ${targetId}::uuid and s.revoked_at is null
                   and s.expires_at > now() and (old.before is null or s.created_at > old.before))::int as n
        from old join upd on upd.id = old.id`,
  );
  const n = Number(r?.n ?? 0);
  if (n > 0)
    await recordAuthEvent(db, {
      userId: targetId,
      storeId,
      type: 'session_revoked',
      meta,
      detail: { reason: 'revoked_by_store_admin', count: n, by: caller.email },
    });
  return n;
}

/**
 * DELETE /api/users/logout-staff-account/{id}: signs one member out of THIS store (issue 14 item 5): their next
 * request to it is refused with 401 STORE_SIGNED_OUT until they sign in again, while the same sessions keep
 * working for their other stores. Returns the open sessions that had opened this store. 404/403 as updateStaff.
 */
export async function revokeStaff(db: Db, caller: Caller, storeId: string, targetId: string, meta: RequestMeta): Promise<number> {
  assertManager(caller);
  const refusal = manageRefusal(caller, await targetOf(db, storeId, targetId));
  if (refusal) throw forbidden(refusal);
  return revokeOne(db, caller, storeId, targetId, meta);
}

/**
 * DELETE /api/users/logout-all-staff-account: signs every member the caller may manage out of THIS store (as
 * revokeStaff): everyone but the caller and the owner (and, for an admin caller, other admins). Returns the open
 * sessions that had opened this store.
 */
export async function revokeAllStaff(db: Db, caller: Caller, storeId: string, meta: RequestMeta): Promise<number> {
  assertManager(caller);
  const members = await db
    .select({
      userId: storeMemberships.userId,
      isStoreOwner: storeMemberships.isStoreOwner,
      isStoreAdmin: storeMemberships.isStoreAdmin,
      scopes: storeMemberships.scopes,
    })
    .from(storeMemberships)
    .where(eq(storeMemberships.storeId, storeId));
  let total = 0;
  for (const m of members) if (!manageRefusal(caller, m)) total += await revokeOne(db, caller, storeId, m.userId, meta);
  return total;
}

/**
 * DELETE /api/users/delete-staff-account?staff_id=: removes the person's membership of this store (their account
 * and other stores stay; their next call for this store answers 404). 404/403 as updateStaff.
 */
export async function deleteStaff(db: Db, caller: Caller, storeId: string, targetId: string) {
  assertManager(caller);
  const refusal = manageRefusal(caller, await targetOf(db, storeId, targetId));
  if (refusal) throw forbidden(refusal);
  await db.delete(storeMemberships).where(and(eq(storeMemberships.storeId, storeId), eq(storeMemberships.userId, targetId)));
}

/** The signed-in person's profile. */
export async function getProfile(db: Db, userId: string) {
  const [u] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      profilePicture: users.profilePicture,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!u) throw notFound('User');
  return u;
}

/**
 * POST /api/users/profile-picture: keeps `data` as the person's profile picture when the media module's one image
 * policy recognises it by its bytes as one of PROFILE_PICTURE_TYPES (PNG, JPEG, GIF, WebP — never SVG), else 400
 * 'file: must be a PNG, JPEG, GIF or WebP image'. The file goes to `media` under `avatars/{uuid}.{ext}` (recorded in
 * `uploads` without a store) and the profile points at `/api/users/profile-picture/{uuid}.{ext}`. Returns the Profile.
 */
export async function setProfilePicture(db: Db, media: MediaStorage, userId: string, data: Buffer) {
  const kind = await sniffImage(data);
  if (!kind || !(PROFILE_PICTURE_TYPES as readonly string[]).includes(kind.mime))
    throw badRequest('file: must be a PNG, JPEG, GIF or WebP image');
  const name = `${randomUUID()}.${kind.ext}`;
  await media.put(`avatars/${name}`, data, kind.mime);
  await db.insert(uploads).values({ storeId: null, path: `avatars/${name}`, contentType: kind.mime, bytes: data.length });
  await db
    .update(users)
    .set({ profilePicture: `/api/users/profile-picture/${name}` })
    .where(eq(users.id, userId));
  return getProfile(db, userId);
}

/** PUT /api/users: first and last name (trimmed, 1–50) and, when given, the profile picture (null removes it). */
export async function updateProfile(db: Db, userId: string, body: UpdateProfileBody) {
  const set: { firstName: string; lastName: string; profilePicture?: string | null } = {
    firstName: body.firstName,
    lastName: body.lastName,
  };
  if (body.profilePicture !== undefined) set.profilePicture = body.profilePicture;
  await db.update(users).set(set).where(eq(users.id, userId));
  return getProfile(db, userId);
}

/**
 * PUT /api/users/change-password: checks the current password (400 'currentPassword: …' when wrong), refuses a
 * new password equal to it (400), stores the new one (argon2id) and ends the user's OTHER sessions; the calling
 * session stays. Records password_changed and session_revoked. Returns the number of sessions ended.
 */
export async function changePassword(db: Db, userId: string, currentSessionId: string, body: ChangePasswordBody, meta: RequestMeta) {
  const [u] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!u) throw notFound('User');
  if (!(await verifyPassword(u.hash, body.currentPassword))) throw badRequest('currentPassword: Current password is incorrect');
  if (body.newPassword === body.currentPassword) throw badRequest('newPassword: New password must differ from the current password');
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(body.newPassword) })
    .where(eq(users.id, userId));
  await recordAuthEvent(db, { userId, type: 'password_changed', meta });
  const others = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, currentSessionId)));
  const n = others.length
    ? await revokeSessions(
        db,
        userId,
        'password_changed',
        others.map((s) => s.id),
      )
    : 0;
  if (n > 0) await recordAuthEvent(db, { userId, type: 'session_revoked', meta, detail: { reason: 'password_changed', count: n } });
  return n;
}

/** GET /api/auth/history/: the caller's own security events, newest first, `limit` per page (1-based `page`). */
export async function history(db: Db, userId: string, page: number, limit: number) {
  const where = and(eq(authEvents.userId, userId), inArray(authEvents.type, [...AUTH_EVENT_TYPES]));
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(authEvents)
      .where(where)
      .orderBy(desc(authEvents.createdAt), desc(authEvents.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(authEvents).where(where),
  ]);
  return {
    items: items.map((e) => ({
      id: e.id,
      type: e.type as (typeof AUTH_EVENT_TYPES)[number],
      ip: e.ip,
      userAgent: e.userAgent,
      createdAt: e.createdAt.toISOString(),
      detail: (e.detail as Record<string, unknown> | null) ?? null,
    })),
    total: Number(total?.n ?? 0),
    page,
    limit,
  };
}
