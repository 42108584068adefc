import { LOGIN_MAX_LENGTH, LOGIN_MIN_LENGTH, LoginBody } from '@backroom/contracts';
import { LOGIN_MESSAGES } from '../../lib/form-rules';

/**
 * The login form's schema (§5), for Mantine's `schemaResolver`: the contract's `LoginBody` (both inputs trimmed;
 * 'Email is required', 'Invalid Email', 'Password is required' — the server's own rules) plus the spec's 5–50 length
 * bounds with their messages, checked after them, so the first failing rule's message is shown in the spec's order:
 * required, format, length. (A valid e-mail has at least 6 characters, `a@b.co`, so the e-mail minimum stays as a
 * guard the format check already covers.)
 */
export const LoginForm = LoginBody.extend({
  email: LoginBody.shape.email.min(LOGIN_MIN_LENGTH, LOGIN_MESSAGES.emailMin).max(LOGIN_MAX_LENGTH, LOGIN_MESSAGES.emailMax),
  password: LoginBody.shape.password.min(LOGIN_MIN_LENGTH, LOGIN_MESSAGES.passwordMin).max(LOGIN_MAX_LENGTH, LOGIN_MESSAGES.passwordMax),
});
