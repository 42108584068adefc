import { LOGIN_MAX_LENGTH, LOGIN_MIN_LENGTH } from '@backroom/contracts';
import { email, maxLength, minLength, required, rule } from '../../lib/validators';

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

/**
 * Login form rules (§5), in the spec's order: both inputs trimmed; e-mail required, a valid e-mail, 5–50
 * characters; password required, 5–50 characters. The first failing rule's message is shown. (A valid e-mail has
 * at least 6 characters, `a@b.co`, so the e-mail minimum stays as a guard the format check already covers.)
 */
export const loginRules = {
  email: rule(
    [
      [required, LOGIN_MESSAGES.emailRequired],
      [email, LOGIN_MESSAGES.emailInvalid],
      [minLength(LOGIN_MIN_LENGTH), LOGIN_MESSAGES.emailMin],
      [maxLength(LOGIN_MAX_LENGTH), LOGIN_MESSAGES.emailMax],
    ],
    { trim: true },
  ),
  password: rule(
    [
      [required, LOGIN_MESSAGES.passwordRequired],
      [minLength(LOGIN_MIN_LENGTH), LOGIN_MESSAGES.passwordMin],
      [maxLength(LOGIN_MAX_LENGTH), LOGIN_MESSAGES.passwordMax],
    ],
    { trim: true },
  ),
};
