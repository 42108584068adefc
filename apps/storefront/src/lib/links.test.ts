import { describe, expect, it } from 'vitest';
import { formatMoneyCents, percentOff } from './format';
import { fill } from './html';
import { linkCollection, linkHref } from './links';

describe('link values (theme-editor §3 "Link value")', () => {
  it.each([
    [{ name: 'home', params: { slug: '' } }, '/', null],
    [{ name: 'category', params: { slug: 'all' } }, '/collections', null],
    [{ name: 'category', params: { slug: '' } }, '/collections', null],
    [{ name: 'category', params: { slug: 'dresses' } }, '/collections/dresses', 'dresses'],
  ] as const)('%j → %s', (v, href, coll) => {
    expect(linkHref(v)).toBe(href);
    expect(linkCollection(v)).toBe(coll);
  });
});

describe('money and placeholders', () => {
  it('formats cents with 2 decimals in the store currency and converts for display', () => {
    expect(formatMoneyCents(2599, 'USD')).toBe('$25.99');
    expect(formatMoneyCents(1000, 'USD', 'EUR')).toBe('€9.20');
    expect(percentOff(7500, 10000)).toBe(25);
  });
  it('fills {amount}-style placeholders and keeps unknown ones', () => {
    expect(fill('Spend {amount} more to get {what}', { amount: '$5.00' })).toBe('Spend $5.00 more to get {what}');
  });
});
