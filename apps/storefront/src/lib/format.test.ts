import { formatMoneyCents as oneFormatter } from '@backroom/contracts';
import { describe, expect, it } from 'vitest';
import { DISPLAY_RATES, formatMoneyCents, formatShortDate } from './format';

/** What Intl writes for the same figures (the reference the quick formatter must equal). */
function intl(cents: number, currency: string, display: string): string {
  const amount = ((cents / 100) * (DISPLAY_RATES[display] ?? 1)) / (DISPLAY_RATES[currency] ?? 1);
  let f = reference.get(display);
  if (!f) {
    f = new Intl.NumberFormat('en-US', { style: 'currency', currency: display, minimumFractionDigits: 2 });
    reference.set(display, f);
  }
  return f.format(amount);
}
const reference = new Map<string, Intl.NumberFormat>();

describe('formatMoneyCents', () => {
  const codes = Object.keys(DISPLAY_RATES);

  it('writes en-US money as Intl does, for every selector currency and conversion', () => {
    const cents = [
      0, 1, 5, 9, 10, 99, 100, 101, 995, 999, 1000, 1005, 2599, 99_999, 100_000, 123_456_789, 9_007_199_254_740, -1, -100, -2599, -123_456,
    ];
    let seed = 7;
    for (let i = 0; i < 4000; i++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      cents.push((seed % 20_000_000) - 1_000_000);
    }
    for (const from of codes)
      for (const to of codes) for (const c of cents) expect(formatMoneyCents(c, from, to), `${c} ${from}→${to}`).toBe(intl(c, from, to));
  });

  it('rounds half away from zero on the decimal that is written, as Intl does (not the binary value toFixed rounds)', () => {
    // 1.005 is stored as 1.00499999999999989…: toFixed(2) says 1.00, Intl says 1.01.
    expect((1.005).toFixed(2)).toBe('1.00');
    expect(formatMoneyCents(100.5, 'USD')).toBe(intl(100.5, 'USD', 'USD'));
    expect(formatMoneyCents(100.5, 'USD')).toBe('$1.01');
    expect(formatMoneyCents(-0.4, 'USD')).toBe('-$0.00');
    expect(formatMoneyCents(-0.4, 'USD')).toBe(intl(-0.4, 'USD', 'USD'));
  });

  it('falls back to Intl for other currencies and to the code for one Intl does not know', () => {
    expect(formatMoneyCents(123_456, 'JPY')).toBe(intl(123_456, 'JPY', 'JPY'));
    expect(formatMoneyCents(2599, 'CHF')).toBe(intl(2599, 'CHF', 'CHF'));
    expect(formatMoneyCents(2599, 'XYZW')).toBe('25.99 XYZW');
    expect(formatMoneyCents(2599, 'USD')).toBe('$25.99');
    expect(formatMoneyCents(123_456_78, 'EUR')).toBe('€123,456.78');
  });
});

describe('formatMoneyCents is the one money formatter (issue 30 item 3)', () => {
  it('writes what contracts’ formatMoneyCents writes, for many figures and currencies', () => {
    const cents = [0, 1, 5, 99, 100, 101, 999, 1000, 2599, 99_999, 100_000, 53_562_299, 123_456_789, -1, -100, -2599, -123_456];
    let seed = 3;
    for (let i = 0; i < 3000; i++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      cents.push((seed % 200_000_000) - 10_000_000);
    }
    for (const currency of [...Object.keys(DISPLAY_RATES), 'JPY', 'CHF', 'INR', 'SEK', 'BRL', 'KWD', 'XYZW'])
      for (const c of cents) expect(formatMoneyCents(c, currency), `${c} ${currency}`).toBe(oneFormatter(c, currency, 'en-US'));
  });
});

describe('formatShortDate', () => {
  it("writes every day of four years (a leap year among them) as toLocaleDateString('en-US') does, with and without the year", () => {
    const start = new Date(2026, 0, 1, 12).getTime();
    for (let day = 0; day < 4 * 366; day++) {
      const date = new Date(start + day * 86_400_000);
      expect(formatShortDate(date)).toBe(date.toLocaleDateString('en-US', { month: 'short', day: 'numeric' }));
      expect(formatShortDate(date, true)).toBe(date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' }));
    }
  });

  it('reads the date in the local time zone, as the shopper sees it (midnight stays on its own day)', () => {
    expect(formatShortDate(new Date(2026, 10, 24, 0, 0, 0))).toBe('Nov 24');
    expect(formatShortDate(new Date(2026, 11, 31, 23, 59, 59), true)).toBe('Dec 31, 2026');
  });
});
