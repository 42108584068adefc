import { describe, expect, it } from 'vitest';
import {
  currencySymbol,
  formatMoney,
  formatMoneyCents,
  formatMoneyInput,
  formatNumberInput,
  majorToCents,
  parseMoneyInput,
  parseNumberInput,
} from './money';

const cents = (text: string, currency = 'USD', locale = 'en-US') => {
  const r = parseMoneyInput(text, currency, locale);
  return r.ok ? r.value : `refused: ${r.message}`;
};

describe('formatMoneyCents (issue 30 item 3: one formatter, the sign from the currency)', () => {
  it('writes en-US money with the currency’s own sign, 2 decimals and thousands separators', () => {
    expect(formatMoneyCents(53562299, 'USD')).toBe('$535,622.99');
    expect(formatMoneyCents(1200, 'EUR')).toBe('€12.00');
    expect(formatMoneyCents(1200, 'GBP')).toBe('£12.00');
    expect(formatMoneyCents(1200, 'CAD')).toBe('CA$12.00');
    expect(formatMoneyCents(-500, 'USD')).toBe('-$5.00');
    expect(formatMoneyCents(0, 'usd')).toBe('$0.00');
    expect(formatMoneyCents(-0, 'USD')).toBe('$0.00');
    expect(formatMoneyCents(123456, 'JPY')).toBe('¥1,234.56');
  });

  it('never writes a literal $ before another currency', () => {
    for (const code of ['EUR', 'GBP', 'JPY', 'CHF', 'INR', 'SEK']) expect(formatMoneyCents(1200, code).startsWith('$')).toBe(false);
  });

  it('writes the locale’s way and the code when asked, and an unknown code after the amount', () => {
    expect(formatMoneyCents(129950, 'EUR', 'de-DE')).toBe('1.299,50\u00a0€');
    expect(formatMoneyCents(123456, 'USD', 'en-US', 'code')).toBe('USD\u00a01,234.56');
    expect(formatMoneyCents(2599, 'XYZW')).toBe('25.99 XYZW');
    expect(formatMoneyCents(Number.NaN, 'USD')).toBe('$0.00');
  });

  it('formats major units through the same function, rounding the decimal as written', () => {
    expect(majorToCents(1.005)).toBe(101);
    expect(majorToCents(19.99)).toBe(1999);
    expect(majorToCents(-0.015)).toBe(-2);
    expect(majorToCents(1e-7)).toBe(0);
    expect(formatMoney(535622.99, 'USD')).toBe('$535,622.99');
    expect(formatMoney(12, 'EUR')).toBe('€12.00');
  });

  it('names the sign of a currency for an input adornment', () => {
    expect(currencySymbol('USD')).toBe('$');
    expect(currencySymbol('EUR')).toBe('€');
  });
});

describe('parseMoneyInput (issue 30 item 3: read or refused, never silently 0)', () => {
  it('reads the ways people write an amount in en-US', () => {
    const cases: [string, number | null][] = [
      ['1,299.50', 129950],
      ['1299.5', 129950],
      ['$1,299.50', 129950],
      ['19.50', 1950],
      ['19.5', 1950],
      ['19', 1900],
      ['.5', 50],
      ['0', 0],
      ['0.00', 0],
      ['  19.50\t', 1950],
      ['1,299.50 USD', 129950],
      ['USD 1299.50', 129950],
      ['usd1299.50', 129950],
      ['1 299.50', 129950],
      ['1,234,567.89', 123456789],
      ['19.500', 1950],
      ['007.10', 710],
      ['1.299,50', 129950],
      ['', null],
      ['   ', null],
    ];
    for (const [text, want] of cases) expect(cents(text), text).toBe(want);
  });

  it('reads a decimal comma in a locale that writes one, and that locale’s thousands separators', () => {
    expect(cents('19,50', 'EUR', 'de-DE')).toBe(1950);
    expect(cents('1.299,50', 'EUR', 'de-DE')).toBe(129950);
    expect(cents('1.299,50 €', 'EUR', 'de-DE')).toBe(129950);
    expect(cents('€19,5', 'EUR', 'de-DE')).toBe(1950);
    expect(cents('1.299', 'EUR', 'de-DE')).toBe(129900);
    expect(cents('1 299,50', 'EUR', 'fr-FR')).toBe(129950);
    expect(cents('1\u202f299,50\u00a0€', 'EUR', 'fr-FR')).toBe(129950);
    expect(cents('19.50', 'EUR', 'fr-FR')).toBe(1950);
    expect(cents('1’299.50', 'CHF', 'de-CH')).toBe(129950);
  });

  it('refuses junk with a message instead of reading 0', () => {
    const refused: [string, string, string, RegExp][] = [
      ['abc', 'USD', 'en-US', /Enter an amount like 1,299\.50/],
      ['19,50', 'USD', 'en-US', /Use a point for decimals/],
      ['19.50', 'EUR', 'de-DE', /Use a comma for decimals, like 1\.299,50/],
      ['19.999', 'USD', 'en-US', /at most 2 decimals/],
      ['$12', 'EUR', 'en-US', /in EUR/],
      ['12 GBP', 'USD', 'en-US', /in USD/],
      ['1.2.3', 'USD', 'en-US', /Enter an amount/],
      ['1,2,3', 'USD', 'en-US', /Use a point/],
      ['12,34.56', 'USD', 'en-US', /Enter an amount/],
      ['-5', 'USD', 'en-US', /0 or more/],
      ['$', 'USD', 'en-US', /Enter an amount/],
      ['.', 'USD', 'en-US', /Enter an amount/],
      ['1e3', 'USD', 'en-US', /Enter an amount/],
      ['19.50.', 'USD', 'en-US', /Enter an amount/],
      ['99999999999999999999', 'USD', 'en-US', /too large/],
    ];
    for (const [text, currency, locale, message] of refused) {
      const r = parseMoneyInput(text, currency, locale);
      expect(r.ok, text).toBe(false);
      if (!r.ok) expect(r.message, text).toMatch(message);
    }
  });

  it('reads negative amounts only when asked', () => {
    expect(parseMoneyInput('-$5.00', 'USD', 'en-US', { allowNegative: true })).toEqual({ ok: true, value: -500 });
    expect(parseMoneyInput('($5.00)', 'USD', 'en-US', { allowNegative: true })).toEqual({ ok: true, value: -500 });
    expect(parseMoneyInput('-0', 'USD')).toEqual({ ok: true, value: 0 });
  });

  it('reads back what the field and the formatter write, for many figures and locales', () => {
    let seed = 11;
    for (let i = 0; i < 1000; i++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const c = seed % 1_000_000_000;
      for (const [currency, locale] of [
        ['USD', 'en-US'],
        ['EUR', 'de-DE'],
        ['EUR', 'fr-FR'],
        ['GBP', 'en-GB'],
        ['CHF', 'de-CH'],
      ] as const) {
        expect(parseMoneyInput(formatMoneyInput(c, locale), currency, locale)).toEqual({ ok: true, value: c });
        expect(parseMoneyInput(formatMoneyCents(c, currency, locale), currency, locale)).toEqual({ ok: true, value: c });
      }
    }
  });
});

describe('parseNumberInput (issue 30 item 3: numbers read the same way)', () => {
  it('reads whole and decimal numbers, and refuses what the field does not take', () => {
    expect(parseNumberInput('1,200', 'en-US', { decimals: 0 })).toEqual({ ok: true, value: 1200 });
    expect(parseNumberInput('2.5')).toEqual({ ok: true, value: 2.5 });
    expect(parseNumberInput('2,5', 'de-DE')).toEqual({ ok: true, value: 2.5 });
    expect(parseNumberInput('-3')).toEqual({ ok: true, value: -3 });
    expect(parseNumberInput('')).toEqual({ ok: true, value: null });
    expect(parseNumberInput('2.5', 'en-US', { decimals: 0 })).toEqual({ ok: false, message: 'Enter a whole number, like 12' });
    expect(parseNumberInput('-1', 'en-US', { min: 0 })).toEqual({ ok: false, message: 'Enter 0 or more' });
    expect(parseNumberInput('11', 'en-US', { max: 10 })).toEqual({ ok: false, message: 'Enter 10 or less' });
    expect(parseNumberInput('0', 'en-US', { min: 1 })).toEqual({ ok: false, message: 'Enter 1 or more' });
    expect(parseNumberInput('ten').ok).toBe(false);
    expect(parseNumberInput('1,5').ok).toBe(false);
    expect(parseNumberInput(formatNumberInput(1234.125), 'en-US', { decimals: 3 })).toEqual({ ok: true, value: 1234.125 });
  });
});
