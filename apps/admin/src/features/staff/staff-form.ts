import { AddStaffBody, ChangePasswordBody, type Scope, type StaffMember, UpdateProfileBody, UpdateStaffBody } from '@backroom/contracts';
import { z } from 'zod';
import { emailField, nameField, newPasswordField, withConfirm } from '../../lib/form-rules';

/**
 * Form schemas (for Mantine's `schemaResolver`) and pure decisions of the Member and Profile screens (spec
 * admin-dashboard §5 validators, §6 roles). Each schema is the request body's contract with the form's own messages
 * in front (lib/form-rules.ts).
 */
export const STAFF_MESSAGES = {
  scopesRequired: 'Choose at least one permission',
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

/** At least one scope unless the member is an admin (admins hold every scope, spec §6); reported on `scopes`. */
const scopesUnlessAdmin = (v: { isStoreAdmin?: boolean | undefined; scopes?: readonly Scope[] | undefined }) =>
  v.isStoreAdmin === true || (v.scopes?.length ?? 0) > 0;
const SCOPES_ISSUE = { message: STAFF_MESSAGES.scopesRequired, path: ['scopes'] };

/**
 * Add staff (`AddStaffBody`): names, e-mail, an optional password (empty sends an invitation; given, it is the
 * contract's `NewPassword`, 5–50), at least one scope unless admin.
 */
export const AddStaffForm = z
  .object({
    firstName: nameField(AddStaffBody.shape.firstName),
    lastName: nameField(AddStaffBody.shape.lastName),
    email: emailField(AddStaffBody.shape.email),
    password: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), AddStaffBody.shape.password),
    isStoreAdmin: z.boolean(),
    scopes: AddStaffBody.shape.scopes,
  })
  .refine(scopesUnlessAdmin, SCOPES_ISSUE);

/** Edit permissions (`UpdateStaffBody`): at least one scope unless admin. */
export const EditStaffForm = z
  .object({ scopes: UpdateStaffBody.shape.scopes.unwrap(), isStoreAdmin: z.boolean() })
  .refine(scopesUnlessAdmin, SCOPES_ISSUE);

/** Profile name form (`UpdateProfileBody`'s names). */
export const ProfileForm = z.object({
  firstName: nameField(UpdateProfileBody.shape.firstName),
  lastName: nameField(UpdateProfileBody.shape.lastName),
});

/** Change password (`ChangePasswordBody`): current (required), new (5–50), confirmation (`sameAs` new, §5). */
export const ChangePasswordForm = withConfirm(
  z.object({ currentPassword: ChangePasswordBody.shape.currentPassword, newPassword: newPasswordField }),
  'newPassword',
);

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
