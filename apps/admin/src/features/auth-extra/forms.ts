import type { SurveyBody } from '@backroom/contracts';
import { LOGIN_MAX_LENGTH, LOGIN_MIN_LENGTH } from '../../lib/constants';
import { email, maxLength, minLength, required, rule, sameAs } from '../../lib/validators';

/**
 * Form rules of the sign-in side screens (/auth/forgot, /auth/reset, /auth/register, /auth/survey), built on the
 * generic validators of spec admin-dashboard §5. E-mail and password messages are the login form's (§5), because
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
export const firstNameRule = nameRule(MESSAGES.firstNameRequired);
export const lastNameRule = nameRule(MESSAGES.lastNameRequired);

/** /auth/forgot */
export const forgotRules = { email: emailRule };
/** /auth/reset */
export const resetRules = { password: newPasswordRule, confirm: confirmRule('password') };
/** /auth/register */
export const registerRules = {
  firstName: firstNameRule,
  lastName: lastNameRule,
  email: emailRule,
  storeName: rule(
    [
      [required, MESSAGES.storeNameRequired],
      [maxLength(60), MESSAGES.storeNameMax],
    ],
    { trim: true },
  ),
  password: newPasswordRule,
  confirm: confirmRule('password'),
};

type Option<K extends keyof SurveyBody> = { value: NonNullable<SurveyBody[K]>; label: string };

/** The survey questions (spec §2 auth/survey; businessType is the page preference of §3: dropship or other). */
export const SURVEY_QUESTIONS = {
  businessType: {
    label: 'What kind of business do you run?',
    options: [
      { value: 'dropship', label: 'Dropshipping: suppliers ship my orders' },
      { value: 'other', label: 'Print-on-demand, my own products or something else' },
    ] satisfies Option<'businessType'>[],
  },
  experience: {
    label: 'How far along are you?',
    options: [
      { value: 'just_starting', label: 'Just starting out' },
      { value: 'already_selling', label: 'Already selling online' },
      { value: 'switching_platform', label: 'Moving from another platform' },
    ] satisfies Option<'experience'>[],
  },
  monthlyOrders: {
    label: 'How many orders do you expect a month?',
    options: [
      { value: '0-50', label: 'Up to 50' },
      { value: '51-500', label: '51 to 500' },
      { value: '501-5000', label: '501 to 5,000' },
      { value: '5000+', label: 'More than 5,000' },
    ] satisfies Option<'monthlyOrders'>[],
  },
  productSource: {
    label: 'Where do your products come from?',
    options: [
      { value: 'print_on_demand', label: 'Print-on-demand' },
      { value: 'dropship_suppliers', label: 'Dropship suppliers' },
      { value: 'own_products', label: 'I make or stock them myself' },
      { value: 'other', label: 'Somewhere else' },
    ] satisfies Option<'productSource'>[],
  },
} as const;

const chosen = rule([[required, MESSAGES.choose]]);
/** /auth/survey: every question answered; the note is optional (at most 500 characters). */
export const surveyRules = {
  businessType: chosen,
  experience: chosen,
  monthlyOrders: chosen,
  productSource: chosen,
  note: rule([[maxLength(500), 'Note must have at most 500 letters.']], { trim: true }),
};
