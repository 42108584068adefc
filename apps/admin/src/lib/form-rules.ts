import { LOGIN_MAX_LENGTH, LOGIN_MIN_LENGTH, NAME_MAX, NewPassword } from '@backroom/contracts';
import { z } from 'zod';

/**
 * Field schemas shared by the account screens (/auth/forgot, /auth/reset, /auth/register, /auth/survey) and the staff
 * screens (Member, Profile). Every field ends in the CONTRACT's own zod rule (the one the server runs), piped after
 * the form's presence and length checks, so the form never accepts what the server refuses and the first message a
 * merchant reads is the form's (Mantine's `schemaResolver` shows the first issue of a field). E-mail and password
 * messages are the login form's (spec admin-dashboard §5), because the same 5–50 bounds (§9) apply to every e-mail
 * and password the product takes. Inputs are trimmed first (§5 "Both inputs are trimmed").
 */
/** The messages of the login form, exactly as spec admin-dashboard §5 writes them (max-length ones by analogy). */
export const LOGIN_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid Email',
  emailMin: `Email must have at least ${LOGIN_MIN_LENGTH} letters.`,
  emailMax: `Email must have at most ${LOGIN_MAX_LENGTH} letters.`,
  passwordRequired: 'Password is required',
  passwordMin: `Password must have at least ${LOGIN_MIN_LENGTH} letters.`,
  passwordMax: `Password must have at most ${LOGIN_MAX_LENGTH} letters.`,
} as const;

/** Every message of the account and staff forms: the login form's, and the ones the spec leaves to us. */
export const MESSAGES = {
  ...LOGIN_MESSAGES,
  confirmRequired: 'Please confirm the password',
  confirmSame: 'Passwords do not match',
  nameMax: `Name must have at most ${NAME_MAX} letters.`,
  choose: 'Please choose an answer',
} as const;

/**
 * An e-mail: required, 5–50 characters (trimmed), then `contract` — the e-mail field of the request body the form
 * sends (e.g. `ForgotBody.shape.email`), whose format check answers 'Invalid Email'.
 */
export function emailField(contract: z.ZodType<string, string>) {
  return z
    .string()
    .trim()
    .min(1, MESSAGES.emailRequired)
    .min(LOGIN_MIN_LENGTH, MESSAGES.emailMin)
    .max(LOGIN_MAX_LENGTH, MESSAGES.emailMax)
    .pipe(contract);
}

/** A new password: required, then the contracts' `NewPassword` (5–50 after trimming, its messages). */
export const newPasswordField = z.string().trim().min(1, MESSAGES.passwordRequired).pipe(NewPassword);

/** A first or last name: at most 50 characters (the form's message), then `contract` ('First name is required' …). */
export function nameField(contract: z.ZodType<string, string>) {
  return z.string().trim().max(NAME_MAX, MESSAGES.nameMax).pipe(contract);
}

/**
 * `schema` plus a `confirm` field that must be given and equal (after trimming) to the field `of` (spec §5 `sameAs`);
 * the mismatch is reported on `confirm`.
 */
export function withConfirm<Shape extends z.ZodRawShape, Of extends keyof Shape & string>(schema: z.ZodObject<Shape>, of: Of) {
  return schema
    .extend({ confirm: z.string().trim().min(1, MESSAGES.confirmRequired) })
    .refine((v: Record<string, unknown>) => v.confirm === v[of], { message: MESSAGES.confirmSame, path: ['confirm'] });
}
