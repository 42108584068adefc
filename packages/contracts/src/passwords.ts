import { z } from 'zod';
import { COMMON_PASSWORDS_TEXT } from './common-passwords.js';
import { LOGIN_MAX_LENGTH } from './limits.js';

/**
 * The one rule for every NEW password (issue 31 item 6, NIST SP 800-63B §5.1.1.2): register, invitation, reset,
 * profile change and a staff member created with a password all validate with `NewPassword`. The login form keeps
 * the spec's 5–50 length check (a password set before this rule still signs in).
 */

/** Fewest characters of a new password, after trimming (NIST: at least 8). */
export const PASSWORD_MIN_LENGTH = 8;
/** Most characters of a new password: the login form's upper bound (spec §5), so every new password can sign in. */
export const PASSWORD_MAX_LENGTH = LOGIN_MAX_LENGTH;

export const PASSWORD_TOO_SHORT_MESSAGE = `Password must have at least ${PASSWORD_MIN_LENGTH} letters.`;
export const PASSWORD_TOO_LONG_MESSAGE = `Password must have at most ${PASSWORD_MAX_LENGTH} letters.`;
export const PASSWORD_COMMON_MESSAGE = 'This password is one of the most common ones and easy to guess. Please choose another.';

let common: Set<string> | null = null;

/**
 * Whether `password` (trimmed, compared case-insensitively) is on the bundled list of common breached passwords
 * (`common-passwords.ts`: the 10,000 most common, those of 8 characters or more). The list is parsed on first use.
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(COMMON_PASSWORDS_TEXT.split('\n'));
  return common.has(password.trim().toLowerCase());
}

/** A new password: trimmed like the login form trims it, 8–50 characters, not a common breached password. */
export const NewPassword = z
  .string()
  .trim()
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT_MESSAGE)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG_MESSAGE)
  .refine((p) => !isCommonPassword(p), PASSWORD_COMMON_MESSAGE);
