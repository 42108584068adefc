import { describe, expect, it } from 'vitest';
import {
  alpha,
  alphaNum,
  between,
  decimal,
  email,
  integer,
  ipAddress,
  macAddress,
  maxLength,
  maxValue,
  minLength,
  minValue,
  numeric,
  or,
  required,
  requiredIf,
  requiredUnless,
  rule,
  sameAs,
  url,
} from './validators';

type Row = [unknown, boolean];
const table = (name: string, v: (x: unknown) => boolean, rows: Row[]) =>
  describe(name, () => {
    it.each(rows)('%j → %s', (value, expected) => expect(v(value)).toBe(expected));
  });

table('required (§5: blank trimmed strings are empty)', required, [
  ['a', true],
  [' a ', true],
  ['', false],
  ['   ', false],
  ['\t\n', false],
  [null, false],
  [undefined, false],
  [[], false],
  [['x'], true],
  [{}, false],
  [{ a: 1 }, true],
  [0, true],
  [false, true],
]);

table('decimal (§5: optional minus, digits, optional fraction)', decimal, [
  ['0', true],
  ['12', true],
  ['-12', true],
  ['12.5', true],
  ['-0.25', true],
  ['', true],
  ['+1', false],
  ['1.', false],
  ['.5', false],
  ['-', false],
  ['1.2.3', false],
  ['1e3', false],
  [' 1', false],
  ['--1', false],
  ['1,5', false],
]);

table('ipAddress (§5: four numbers 0-255, no leading zeros)', ipAddress, [
  ['0.0.0.0', true],
  ['192.168.1.1', true],
  ['255.255.255.255', true],
  ['', true],
  ['256.1.1.1', false],
  ['1.2.3.256', false],
  ['01.2.3.4', false],
  ['1.2.3.04', false],
  ['1.2.3.00', false],
  ['1.2.3', false],
  ['1.2.3.4.5', false],
  ['1.2.3.-4', false],
  ['a.b.c.d', false],
  [' 1.2.3.4', false],
]);

table('numeric (digits only)', numeric, [
  ['0', true],
  ['0042', true],
  ['', true],
  ['-1', false],
  ['1.5', false],
  ['1a', false],
]);

table('integer', integer, [
  ['12', true],
  ['-3', true],
  ['0', true],
  ['', true],
  ['1.0', false],
  ['+3', false],
  ['-', false],
]);

table('alpha', alpha, [
  ['abcXYZ', true],
  ['', true],
  ['ab1', false],
  ['é', false],
  ['a b', false],
]);

table('alphaNum', alphaNum, [
  ['ab12', true],
  ['', true],
  ['ab-12', false],
  ['ab 12', false],
]);

table('url', url, [
  ['http://example.com', true],
  ['https://shop.example.com/a?b=1', true],
  ['http://localhost:3000', true],
  ['ftp://files.example.com', true],
  ['', true],
  ['example.com', false],
  ['javascript:alert(1)', false],
  ['http://', false],
]);

table('macAddress', macAddress, [
  ['00:1A:2b:3C:4d:5E', true],
  ['00-1A-2B-3C-4D-5E', true],
  ['00:1A:2B:3C:4D:5E:6F:70', true],
  ['', true],
  ['00:1A:2B:3C:4D', false],
  ['00:1A:2B:3C:4D:GG', false],
  ['001A:2B3C:4D5E', false],
]);

table('email', email, [
  ['owner@demo.test', true],
  ['a@b.co', true],
  ['a@b', false],
  ['a@b.c', false],
  ['abc', false],
  ['', true],
  ['owner@', false],
  ['owner demo@x.co', false],
]);

describe('minLength / maxLength (boundaries)', () => {
  it.each([
    ['abcd', false],
    ['abcde', true],
    ['', true],
  ])('minLength(5) %j → %s', (v, e) => expect(minLength(5)(v)).toBe(e));
  it.each([
    ['a'.repeat(50), true],
    ['a'.repeat(51), false],
    ['', true],
  ])('maxLength(50) of %j → %s', (v, e) => expect(maxLength(50)(v)).toBe(e));
  it('counts array items', () => {
    expect(minLength(2)(['a'])).toBe(false);
    expect(maxLength(2)(['a', 'b'])).toBe(true);
  });
});

describe('minValue / maxValue / between (§5: min value and between pass when empty)', () => {
  it.each([
    [5, true],
    ['5', true],
    [4.99, false],
    ['4', false],
    ['', true],
    [null, true],
    [undefined, true],
    [' 6', false],
  ])('minValue(5) %j → %s', (v, e) => expect(minValue(5)(v)).toBe(e));
  it.each([
    [10, true],
    [10.01, false],
    ['', true],
  ])('maxValue(10) %j → %s', (v, e) => expect(maxValue(10)(v)).toBe(e));
  it.each([
    [1, true],
    [10, true],
    [0.99, false],
    [10.5, false],
    ['5', true],
    ['', true],
    [null, true],
    ['1 0', false],
  ])('between(1, 10) %j → %s', (v, e) => expect(between(1, 10)(v)).toBe(e));
  it('compares dates', () => {
    expect(minValue(new Date('2025-01-01'))(new Date('2025-01-02'))).toBe(true);
    expect(minValue(new Date('2025-01-01'))(new Date('2024-12-31'))).toBe(false);
  });
});

describe('cross-field validators', () => {
  it('sameAs compares with another field or a getter', () => {
    expect(sameAs('password')('abcde', { password: 'abcde' })).toBe(true);
    expect(sameAs('password')('abcdf', { password: 'abcde' })).toBe(false);
    expect(sameAs(() => 'x')('x')).toBe(true);
  });
  it('requiredIf demands a value only when the condition holds', () => {
    expect(requiredIf(true)('')).toBe(false);
    expect(requiredIf(false)('')).toBe(true);
    expect(requiredIf('hasCompany')('', { hasCompany: 'yes' })).toBe(false);
    expect(requiredIf('hasCompany')('', { hasCompany: '' })).toBe(true);
    expect(requiredIf((v) => v.kind === 'card')('  ', { kind: 'card' })).toBe(false);
  });
  it('requiredUnless demands a value unless the condition holds', () => {
    expect(requiredUnless(true)('')).toBe(true);
    expect(requiredUnless(false)('')).toBe(false);
    expect(requiredUnless('email')('', { email: 'a@b.co' })).toBe(true);
    expect(requiredUnless('email')('', { email: '' })).toBe(false);
  });
  it('or passes when any passes', () => {
    expect(or(ipAddress, url)('http://x.co')).toBe(true);
    expect(or(ipAddress, url)('1.2.3.4')).toBe(true);
    expect(or(ipAddress, url)('nope')).toBe(false);
  });
});

describe('rule (form adapter)', () => {
  const r = rule(
    [
      [required, 'req'],
      [minLength(5), 'min'],
    ],
    { trim: true },
  );
  it('answers the first failing message, or null', () => {
    expect(r('   ')).toBe('req');
    expect(r('  abc  ')).toBe('min');
    expect(r(' abcde ')).toBeNull();
  });
});
