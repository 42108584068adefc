import type { SurveyBody } from '@backroom/contracts';
import { confirmRule, emailRule, firstNameRule, lastNameRule, MESSAGES, newPasswordRule } from '../../lib/form-rules';
import { maxLength, required, rule } from '../../lib/validators';

// Form rules of the account screens (/auth/forgot, /auth/reset, /auth/register, /auth/survey), built on the shared
// field rules of lib/form-rules.ts (also used by the staff screens).

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
