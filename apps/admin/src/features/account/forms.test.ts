import { describe, expect, it } from 'vitest';
import { emailRule, MESSAGES, newPasswordRule } from '../../lib/form-rules';
import { forgotRules, registerRules, resetRules, SURVEY_QUESTIONS, surveyRules } from './forms';

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
    expect(forgotRules.email('')).toBe('Email is required');
  });
});

describe('new password rule (5–50 after trimming)', () => {
  it.each([
    ['', MESSAGES.passwordRequired],
    ['1234', 'Password must have at least 5 letters.'],
    ['  1234  ', 'Password must have at least 5 letters.'],
    ['12345', null],
    ['x'.repeat(50), null],
    ['x'.repeat(51), 'Password must have at most 50 letters.'],
  ])('%j → %s', (value, message) => {
    expect(newPasswordRule(value)).toBe(message);
  });
});

describe('confirmation (sameAs)', () => {
  it('needs the same password', () => {
    expect(resetRules.confirm('', { password: 'abcde' })).toBe('Please confirm the password');
    expect(resetRules.confirm('abcdf', { password: 'abcde' })).toBe('Passwords do not match');
    expect(resetRules.confirm('abcde', { password: 'abcde' })).toBeNull();
    expect(registerRules.confirm('abcde', { password: 'abcdf' })).toBe('Passwords do not match');
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
    expect(registerRules[field](value)).toBe(message);
  });
});

describe('survey', () => {
  it('asks businessType with exactly the spec values dropship and other', () => {
    expect(SURVEY_QUESTIONS.businessType.options.map((o) => o.value)).toEqual(['dropship', 'other']);
  });
  it('needs every answer, the note is optional up to 500', () => {
    expect(surveyRules.businessType('')).toBe('Please choose an answer');
    expect(surveyRules.businessType('dropship')).toBeNull();
    expect(surveyRules.note('')).toBeNull();
    expect(surveyRules.note('x'.repeat(501))).toBe('Note must have at most 500 letters.');
  });
});
