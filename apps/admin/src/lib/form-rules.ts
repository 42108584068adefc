import { LOGIN_MAX_LENGTH, LOGIN_MIN_LENGTH } from '@backroom/contracts';
import { email, maxLength, minLength, required, rule, sameAs } from './validators';

/**
 * Field rules shared by the account screens (/auth/forgot, /auth/reset, /auth/register, /auth/survey) and the staff
 * screens (Member, Profile), built on the generic validators of spec admin-dashboard §5. E-mail and password messages are the login form's (§5), because
 * the same 5–50 bounds (§9) apply to every e-mail and password the product takes.
 */
export const MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid Email',
  emailMin: `Email must have at least ${LOGIN_MIN_LENGTH} letters.`,
  emailMax: `Email must have at most ${LOGIN_MAX_LENGTH} letters.`,
  passwordRequired: 'Password is required',
  passwordMin: `Password must have at least ${LOGIN_MIN_LENGTH} letters.`,
  passwordMax: `Password must have at most ${LOGIN_MAX_LENGTH} letters.`,
  confirmRequired: 'Please confirm the password',
  confirmSame: 'Passwords do not match',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  nameMax: 'Name must have at most 50 letters.',
  storeNameRequired: 'Store name is required',
  storeNameMax: 'Store name must have at most 60 letters.',
  choose: 'Please choose an answer',
} as const;

/** E-mail: required, 5–50 characters, a valid address (trimmed). */
export const emailRule = rule(
  [
    [required, MESSAGES.emailRequired],
    [minLength(LOGIN_MIN_LENGTH), MESSAGES.emailMin],
    [maxLength(LOGIN_MAX_LENGTH), MESSAGES.emailMax],
    [email, MESSAGES.emailInvalid],
  ],
  { trim: true },
);

/** A new password: required, 5–50 characters (trimmed, as the login form trims it). */
export const newPasswordRule = rule(
  [
    [required, MESSAGES.passwordRequired],
    [minLength(LOGIN_MIN_LENGTH), MESSAGES.passwordMin],
    [maxLength(LOGIN_MAX_LENGTH), MESSAGES.passwordMax],
  ],
  { trim: true },
);

/** The confirmation of the field `field`: required and the same (§5 `sameAs`). */
export const confirmRule = (field: string) =>
  rule([
    [required, MESSAGES.confirmRequired],
    [sameAs(field), MESSAGES.confirmSame],
  ]);

const nameRule = (requiredMessage: string) =>
  rule(
    [
      [required, requiredMessage],
      [maxLength(50), MESSAGES.nameMax],
    ],
    { trim: true },
  );
/** First name: required, at most 50 characters (trimmed). */
export const firstNameRule = nameRule(MESSAGES.firstNameRequired);
/** Last name: required, at most 50 characters (trimmed). */
export const lastNameRule = nameRule(MESSAGES.lastNameRequired);
