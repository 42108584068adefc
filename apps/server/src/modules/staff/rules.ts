import { SCOPES, type Scope } from '@backroom/contracts';
import { forbidden } from '../../lib/errors.js';
import type { Membership } from '../../lib/guard.js';

/**
 * The staff-management rules of spec admin-dashboard §6 (roles), a leaf both service.ts and invitations.ts use.
 */

/** The caller of a staff call: who they are and their membership in the request's store. */
export interface Caller {
  userId: string;
  email: string;
  membership: Membership;
}

/** A membership as stored (granted scopes, not effective ones). */
export interface Target {
  userId: string;
  isStoreOwner: boolean;
  isStoreAdmin: boolean;
  scopes: string[];
}

/** Messages of the 403 answers of staff management (spec §6 roles; decided where the spec says "not shown"). */
export const STAFF_ERRORS = {
  notManager: 'Only the store owner or an admin can manage staff',
  self: 'You cannot change your own permissions',
  owner: 'The store owner cannot be changed, signed out or removed by others',
  adminByAdmin: 'Only the store owner can change an admin',
  grantAdmin: 'Only the store owner can grant or remove the admin role',
  lacking: (s: string[]) => `You cannot grant permissions you do not have: ${s.join(', ')}`,
} as const;

const isManager = (m: Membership) => m.isStoreOwner || m.isStoreAdmin;

/** Throws 403 unless the caller is the store's owner or an admin. */
export function assertManager(caller: Caller) {
  if (!isManager(caller.membership)) throw forbidden(STAFF_ERRORS.notManager);
}

/**
 * Why `caller` may not change, sign out or remove `target`, or null when allowed. Rules: owners/admins only;
 * never oneself (no self-escalation); never the owner; an admin only by the owner.
 */
export function manageRefusal(caller: Caller, target: Target): string | null {
  if (!isManager(caller.membership)) return STAFF_ERRORS.notManager;
  if (target.userId === caller.userId) return STAFF_ERRORS.self;
  if (target.isStoreOwner) return STAFF_ERRORS.owner;
  if (target.isStoreAdmin && !caller.membership.isStoreOwner) return STAFF_ERRORS.adminByAdmin;
  return null;
}

/** De-duplicated scopes in the order of SCOPES; throws 403 naming the scopes the caller lacks (nobody grants more). */
export function grantableScopes(caller: Caller, wanted: Scope[]): Scope[] {
  const lacking = wanted.filter((s) => !caller.membership.scopes.includes(s));
  if (lacking.length) throw forbidden(STAFF_ERRORS.lacking([...new Set(lacking)]));
  return SCOPES.filter((s) => wanted.includes(s));
}
