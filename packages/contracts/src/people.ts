import { z } from 'zod';
import { Scope } from './common.js';

/**
 * The fields every answer about a person shares, declared once (issue 15: `User`, `StaffMember` and `Profile`
 * repeated them). `User` (auth.ts), `StaffInfo`, `StaffMember` and `Profile` (staff.ts) are built from these.
 */
export const PersonFields = z.object({
  /** The user id (the spec's staff_id). */
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});

/** A person with their picture: null, an uploaded picture served by this API, or an http(s) address. */
export const ProfileFields = PersonFields.extend({ profilePicture: z.string().nullable() });

/** A person's role in one store (spec admin-dashboard §6): owner, admin, and scopes. */
export const StoreRoleFields = z.object({
  isStoreOwner: z.boolean(),
  isStoreAdmin: z.boolean(),
  /** Effective scopes: every scope for an owner or admin, else the granted ones. */
  scopes: z.array(Scope),
});
