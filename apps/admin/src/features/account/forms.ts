import { ForgotBody, RegisterBody, SURVEY_NOTE_MAX, SurveyBody } from '@backroom/contracts';
import { z } from 'zod';
import { emailField, MESSAGES, nameField, newPasswordField, withConfirm } from '../../lib/form-rules';

// Form schemas of the account screens (/auth/forgot, /auth/reset, /auth/register, /auth/survey), for Mantine's
// `schemaResolver`: each is the request body's contract schema, its fields preceded by the form's presence and
// length messages (lib/form-rules.ts, shared with the staff screens).

/** /auth/forgot: the e-mail (required, 5–50, then `ForgotBody`'s format). */
export const ForgotForm = z.object({ email: emailField(ForgotBody.shape.email) });

/** /auth/reset: a new password (`ResetBody`'s `NewPassword`) and its confirmation. */
export const ResetForm = withConfirm(z.object({ password: newPasswordField }), 'password');

/** /auth/register: `RegisterBody` without the partner key (it comes from the address), plus the confirmation. */
export const RegisterForm = withConfirm(
  z.object({
    firstName: nameField(RegisterBody.shape.firstName),
    lastName: nameField(RegisterBody.shape.lastName),
    email: emailField(RegisterBody.shape.email),
    storeName: RegisterBody.shape.storeName,
    password: newPasswordField,
  }),
  'password',
);

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

/** A question of the survey: answered ('Please choose an answer'), then one of the contract's values. */
const answered = <T extends z.ZodType<string, string>>(contract: T) => z.string().min(1, MESSAGES.choose).pipe(contract);

/** /auth/survey: `SurveyBody` — every question answered; the note is optional (at most 500 characters). */
export const SurveyForm = z.object({
  businessType: answered(SurveyBody.shape.businessType),
  experience: answered(SurveyBody.shape.experience),
  monthlyOrders: answered(SurveyBody.shape.monthlyOrders),
  productSource: answered(SurveyBody.shape.productSource),
  note: z.string().trim().max(SURVEY_NOTE_MAX, `Note must have at most ${SURVEY_NOTE_MAX} letters.`).pipe(SurveyBody.shape.note.unwrap()),
});
