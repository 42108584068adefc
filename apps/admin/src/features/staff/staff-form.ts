import type { Scope, StaffMember } from '@backroom/contracts';
import { LOGIN_MAX_LENGTH, LOGIN_MIN_LENGTH } from '@backroom/contracts';
import { confirmRule, emailRule, firstNameRule, lastNameRule, MESSAGES, newPasswordRule } from '../../lib/form-rules';
import { maxLength, minLength, required, requiredIf, rule } from '../../lib/validators';

/**
 * Form rules and pure decisions of the Member and Profile screens (spec admin-dashboard §5 validators, §6 roles).
 */
export const STAFF_MESSAGES = {
  scopesRequired: 'Choose at least one permission',
  currentRequired: 'Current password is required',
} as const;

/** Values of the add-staff form. */
export type AddStaffValues = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  isStoreAdmin: boolean;
  scopes: Scope[];
};

/** Add staff: names, e-mail, optional password (5–50 when given: empty sends an invitation), at least one scope unless admin. */
export const addStaffRules = {
  firstName: firstNameRule,
  lastName: lastNameRule,
  email: emailRule,
  password: rule(
    [
      [minLength(LOGIN_MIN_LENGTH), MESSAGES.passwordMin],
      [maxLength(LOGIN_MAX_LENGTH), MESSAGES.passwordMax],
    ],
    { trim: true },
  ),
  scopes: rule([[requiredIf((v) => !v.isStoreAdmin), STAFF_MESSAGES.scopesRequired]]),
};

/** Edit permissions: at least one scope unless admin. */
export const editStaffRules = { scopes: addStaffRules.scopes };

/** Profile name form. */
export const profileRules = { firstName: firstNameRule, lastName: lastNameRule };

/** Change password: current (required), new (5–50), confirmation (`sameAs` new, §5). */
export const changePasswordRules = {
  currentPassword: rule([[required, STAFF_MESSAGES.currentRequired]], { trim: true }),
  newPassword: newPasswordRule,
  confirm: confirmRule('newPassword'),
};

/** The caller as the staff rules see them. */
export interface Me {
  id: string;
  isStoreOwner: boolean;
  isStoreAdmin: boolean;
}

/**
 * Whether `me` gets the edit / sign-out / remove controls for `target` (mirrors the server's rule, which decides):
 * only owners and admins; never oneself; never the owner; an admin only by the owner.
 */
export function canManageMember(me: Me, target: Pick<StaffMember, 'id' | 'isStoreOwner' | 'isStoreAdmin'>): boolean {
  if (!me.isStoreOwner && !me.isStoreAdmin) return false;
  if (target.id === me.id || target.isStoreOwner) return false;
  return !target.isStoreAdmin || me.isStoreOwner;
}

/** Role label of a member. */
export function roleOf(m: Pick<StaffMember, 'isStoreOwner' | 'isStoreAdmin'>): 'Owner' | 'Admin' | 'Staff' {
  return m.isStoreOwner ? 'Owner' : m.isStoreAdmin ? 'Admin' : 'Staff';
}

/** State of a group's "all" checkbox: every scope of the group chosen, some, or none. */
export function groupState(groupScopes: readonly Scope[], chosen: readonly Scope[]): 'all' | 'some' | 'none' {
  const n = groupScopes.filter((s) => chosen.includes(s)).length;
  return n === 0 ? 'none' : n === groupScopes.length ? 'all' : 'some';
}

/** Toggles a whole group: all on when not all were on, else all off; other groups' scopes stay. */
export function toggleGroup(groupScopes: readonly Scope[], chosen: readonly Scope[]): Scope[] {
  const on = groupState(groupScopes, chosen) !== 'all';
  const rest = chosen.filter((s) => !groupScopes.includes(s));
  return on ? [...rest, ...groupScopes] : rest;
}
