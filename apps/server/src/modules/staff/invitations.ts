import {
  type AddStaffBody,
  type MyInvitation,
  SCOPES,
  type Scope,
  STAFF_INVITATION_TTL_MS,
  type StaffInvitation,
} from '@backroom/contracts';
import { and, eq, gt } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { type Db, rows, sql } from '../../db/client.js';
import { staffInvitations, storeMemberships, stores } from '../../db/schema/index.js';
import { systemDomain } from '../../lib/domains.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import type { Jobs } from '../../lib/jobs.js';
import { queueMail } from '../../lib/mail.js';
import { assertManager, type Caller, STAFF_ERRORS } from './rules.js';

/**
 * Invitations of EXISTING accounts to a store's staff (issue 14 item 5, "adding an existing account to a shop needs
 * no consent"): adding a known e-mail stores an invitation and mails the person a link to the shop-choice screen
 * (`/auth/shop?invitation={id}`); the membership exists only once THEY accept it there, signed in as themselves.
 * Decisions: one pending invitation per store and person (adding again re-sends it with the new permissions and a
 * new 7-day validity); the invited person sees the store, the inviter's name and e-mail and the permissions; the
 * store sees the e-mail and the names the inviter typed — never the account's other stores.
 */

const iso = (v: Date | string) => new Date(v).toISOString();
const ordered = (scopes: readonly string[]): Scope[] => SCOPES.filter((s) => scopes.includes(s));

interface InvitationRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  is_store_admin: boolean;
  scopes: string[];
  created_at: Date | string;
  expires_at: Date | string;
}

const toInvitation = (r: InvitationRow): StaffInvitation => ({
  id: r.id,
  email: r.email,
  firstName: r.first_name,
  lastName: r.last_name,
  isStoreAdmin: r.is_store_admin,
  scopes: ordered(r.scopes ?? []),
  invitedAt: iso(r.created_at),
  expiresAt: iso(r.expires_at),
});

/** The invitations of one store (expired ones included, so the Member screen can show and re-send them), newest first. */
export async function storeInvitations(db: Db, storeId: string, onlyId?: string): Promise<StaffInvitation[]> {
  const r = await rows<InvitationRow>(
    db,
    sql`select i.id, u.email, i.first_name, i.last_name, i.is_store_admin, i.scopes, i.created_at, i.expires_at
        from staff_invitations i join users u on u.id = i.user_id
        where i.store_id = ${storeId}::uuid ${onlyId ? sql`and i.id = ${onlyId}::uuid` : sql``}
        order by i.created_at desc, u.email asc`,
  );
  return r.map(toInvitation);
}

/**
 * The existing-account branch of POST /api/users/add-store-staff (the caller's rights and `body.scopes` are already
 * checked by addStaff): 409 when the person is already a member; else creates or refreshes the store's invitation of
 * them and queues the mail with the accept link (`queueMail`: retried with backoff, never awaited; issue 14 item 2 —
 * while it is not delivered the person still sees the invitation on the shop-choice screen). Answers the
 * AddStaffResponse with the invitation (no `staff`) and `invited: true` (the mail is queued).
 */
export async function inviteExisting(
  db: Db,
  config: Config,
  jobs: Jobs,
  caller: Caller,
  storeId: string,
  user: { id: string; email: string },
  body: AddStaffBody,
) {
  const [member] = await db
    .select({ id: storeMemberships.id })
    .from(storeMemberships)
    .where(and(eq(storeMemberships.storeId, storeId), eq(storeMemberships.userId, user.id)));
  if (member) throw conflict('This person is already a member of this store');
  const values = {
    invitedBy: caller.userId,
    firstName: body.firstName,
    lastName: body.lastName,
    isStoreAdmin: !!body.isStoreAdmin,
    scopes: body.scopes,
    expiresAt: new Date(Date.now() + STAFF_INVITATION_TTL_MS),
    createdAt: new Date(),
  };
  const [row] = await db
    .insert(staffInvitations)
    .values({ storeId, userId: user.id, ...values })
    .onConflictDoUpdate({ target: [staffInvitations.storeId, staffInvitations.userId], set: values })
    .returning({ id: staffInvitations.id });
  const [store] = await db.select({ name: stores.name }).from(stores).where(eq(stores.id, storeId));
  const storeName = store?.name ?? 'a shop';
  const link = `${config.adminOrigin}/auth/shop?invitation=${row!.id}`;
  await queueMail(jobs, {
    to: user.email,
    subject: `${storeName} invites you to join its staff on Backroom`,
    text: [
      'Hello,',
      '',
      `${caller.email} invites you to join the staff of ${storeName}.`,
      'Sign in with your Backroom account and accept or decline the invitation here (it is open for 7 days):',
      '',
      link,
      '',
      'Nothing changes for your account until you accept.',
    ].join('\n'),
  });
  const [invitation] = await storeInvitations(db, storeId, row!.id);
  const messages = [`${user.email} was invited to join ${storeName}: they become a member when they accept.`];
  return { invitation: invitation!, created: false, invited: true, messages };
}

/**
 * DELETE /api/users/store-invitations/{id}: withdraws a pending invitation of the store. Owner/admin only (403);
 * an admin invitation only by the owner (403); 404 for an invitation of another store.
 */
export async function cancelInvitation(db: Db, caller: Caller, storeId: string, id: string): Promise<void> {
  assertManager(caller);
  const [inv] = await db
    .select({ isStoreAdmin: staffInvitations.isStoreAdmin })
    .from(staffInvitations)
    .where(and(eq(staffInvitations.id, id), eq(staffInvitations.storeId, storeId)));
  if (!inv) throw notFound('Invitation');
  if (inv.isStoreAdmin && !caller.membership.isStoreOwner) throw forbidden(STAFF_ERRORS.adminByAdmin);
  await db.delete(staffInvitations).where(and(eq(staffInvitations.id, id), eq(staffInvitations.storeId, storeId)));
}

/** GET /api/users/invitations: the caller's pending, unexpired invitations, newest first (shape: MyInvitation). */
export async function myInvitations(db: Db, config: Config, userId: string): Promise<MyInvitation[]> {
  const r = await rows<{
    id: string;
    store_id: string;
    store_name: string;
    handle: string;
    inviter_first: string | null;
    inviter_last: string | null;
    inviter_email: string | null;
    is_store_admin: boolean;
    scopes: string[];
    created_at: Date | string;
    expires_at: Date | string;
  }>(
    db,
    sql`select i.id, i.store_id, s.name as store_name, s.handle, b.first_name as inviter_first, b.last_name as inviter_last,
               b.email as inviter_email, i.is_store_admin, i.scopes, i.created_at, i.expires_at
        from staff_invitations i
        join stores s on s.id = i.store_id
        left join users b on b.id = i.invited_by
        where i.user_id = ${userId}::uuid and i.expires_at > now()
        order by i.created_at desc`,
  );
  return r.map((x) => ({
    id: x.id,
    storeId: x.store_id,
    storeName: x.store_name,
    storeDomain: systemDomain(config, x.handle),
    invitedBy: x.inviter_email ? `${x.inviter_first ?? ''} ${x.inviter_last ?? ''}`.trim() || x.inviter_email : null,
    invitedByEmail: x.inviter_email,
    isStoreAdmin: x.is_store_admin,
    scopes: ordered(x.scopes ?? []),
    invitedAt: iso(x.created_at),
    expiresAt: iso(x.expires_at),
  }));
}

/**
 * POST /api/users/invitations/{id}/accept: the invited person (and only them: anyone else, and an expired or
 * withdrawn invitation, gets 404 'Invitation not found') joins the store with the invitation's role and scopes
 * (an invitation to own a shop built by Custom Store, issue 18 item 7, makes them its owner).
 * The invitation is spent in the same transaction (a conditional delete), so two racing accepts make one membership.
 */
export async function acceptInvitation(db: Db, userId: string, id: string) {
  return db.transaction(async (tx) => {
    const [inv] = await tx
      .delete(staffInvitations)
      .where(and(eq(staffInvitations.id, id), eq(staffInvitations.userId, userId), gt(staffInvitations.expiresAt, sql`now()`)))
      .returning();
    if (!inv) throw notFound('Invitation');
    await tx
      .insert(storeMemberships)
      .values({ storeId: inv.storeId, userId, scopes: inv.scopes, isStoreAdmin: inv.isStoreAdmin, isStoreOwner: inv.isStoreOwner })
      .onConflictDoNothing();
    const [store] = await tx.select({ name: stores.name }).from(stores).where(eq(stores.id, inv.storeId));
    return { ok: true as const, storeId: inv.storeId, messages: [`You joined ${store?.name ?? 'the shop'}`] };
  });
}

/** POST /api/users/invitations/{id}/decline: the invited person turns it down (it is deleted); 404 for anyone else. */
export async function declineInvitation(db: Db, userId: string, id: string) {
  const [inv] = await db
    .delete(staffInvitations)
    .where(and(eq(staffInvitations.id, id), eq(staffInvitations.userId, userId)))
    .returning({ storeId: staffInvitations.storeId });
  if (!inv) throw notFound('Invitation');
  const [store] = await db.select({ name: stores.name }).from(stores).where(eq(stores.id, inv.storeId));
  return { ok: true as const, messages: [`You declined the invitation to ${store?.name ?? 'the shop'}`] };
}
