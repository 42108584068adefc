import { PASSWORD_COMMON_MESSAGE } from '@backroom/contracts';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../lib/form-rules';
import { errorOf } from '../../test/form-errors';
import { ForgotForm, RegisterForm, ResetForm, SURVEY_QUESTIONS, SurveyForm } from './forms';

const emailRule = (email: string) => errorOf(ForgotForm, { email }, 'email');
const newPasswordRule = (password: string) => errorOf(ResetForm, { password, confirm: password }, 'password');
const confirmOf = (form: typeof ResetForm | typeof RegisterForm, confirm: string, values: Record<string, unknown>) =>
  errorOf(form, { ...values, confirm }, 'confirm');
const REGISTER = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@shop.test', storeName: 'Ada', password: 'abcde', confirm: 'abcde' };
const ANSWERS = { businessType: 'dropship', experience: 'just_starting', monthlyOrders: '0-50', productSource: 'other', note: '' };

describe('e-mail rule (spec §5 messages, 5–50)', () => {
  it.each([
    ['', MESSAGES.emailRequired],
    ['   ', MESSAGES.emailRequired],
    ['a@b.', MESSAGES.emailMin],
    ['abcdef', MESSAGES.emailInvalid],
    [`${'x'.repeat(40)}@example.io`, MESSAGES.emailMax],
    [`${'x'.repeat(39)}@example.io`, null],
    ['  me@shop.test  ', null],
    ['not-an-email', MESSAGES.emailInvalid],
  ])('%j → %s', (value, message) => {
    expect(emailRule(value)).toBe(message);
  });
  it('forgot uses it', () => {
    expect(errorOf(ForgotForm, { email: '' }, 'email')).toBe('Email is required');
  });
});

describe('new password rule (8–50 after trimming, not a common one: issue 31 item 6)', () => {
  it.each([
    ['', MESSAGES.passwordRequired],
    ['1234567', 'Password must have at least 8 letters.'],
    ['  1234567  ', 'Password must have at least 8 letters.'],
    ['Sunshine', PASSWORD_COMMON_MESSAGE],
    ['ample-birch-7', null],
    ['x'.repeat(50), null],
    ['x'.repeat(51), 'Password must have at most 50 letters.'],
  ])('%j → %s', (value, message) => {
    expect(newPasswordRule(value)).toBe(message);
  });
});

describe('confirmation (sameAs)', () => {
  it('needs the same password', () => {
    expect(confirmOf(ResetForm, '', { password: 'abcde' })).toBe('Please confirm the password');
    expect(confirmOf(ResetForm, 'abcdf', { password: 'abcde' })).toBe('Passwords do not match');
    expect(confirmOf(ResetForm, 'abcde', { password: 'abcde' })).toBeNull();
    expect(confirmOf(RegisterForm, 'abcde', { ...REGISTER, password: 'abcdf' })).toBe('Passwords do not match');
  });
});

describe('register rules', () => {
  it.each([
    ['firstName', ' ', 'First name is required'],
    ['lastName', '', 'Last name is required'],
    ['firstName', 'x'.repeat(51), 'Name must have at most 50 letters.'],
    ['storeName', '  ', 'Store name is required'],
    ['storeName', 'x'.repeat(61), 'Store name must have at most 60 letters.'],
    ['storeName', 'x'.repeat(60), null],
  ] as const)('%s %j → %s', (field, value, message) => {
    expect(errorOf(RegisterForm, { ...REGISTER, [field]: value }, field)).toBe(message);
  });
});

describe('survey', () => {
  it('asks businessType with exactly the spec values dropship and other', () => {
    expect(SURVEY_QUESTIONS.businessType.options.map((o) => o.value)).toEqual(['dropship', 'other']);
  });
  it('needs every answer, the note is optional up to 500', () => {
    expect(errorOf(SurveyForm, { ...ANSWERS, businessType: '' }, 'businessType')).toBe('Please choose an answer');
    expect(errorOf(SurveyForm, ANSWERS, 'businessType')).toBeNull();
    expect(errorOf(SurveyForm, ANSWERS, 'note')).toBeNull();
    expect(errorOf(SurveyForm, { ...ANSWERS, note: 'x'.repeat(501) }, 'note')).toBe('Note must have at most 500 letters.');
  });
});
