import { localDate as dateInZone, hourInZone } from '@backroom/contracts';
import { describe, expect, it } from 'vitest';
import { formatMoneyMajor, formatMoneyWithCode, greetingAt, greetingForHour } from './format';

describe('greeting (spec §1, §9: boundaries at 12 and 17, store timezone)', () => {
  it.each([
    [0, 'Good Morning'],
    [11, 'Good Morning'],
    [12, 'Good Afternoon'],
    [16, 'Good Afternoon'],
    [17, 'Good Evening'],
    [23, 'Good Evening'],
  ] as const)('hour %i → %s', (h, g) => expect(greetingForHour(h)).toBe(g));

  // America/Los_Angeles is UTC-7 in June (PDT).
  it.each([
    ['2025-06-02T18:59:00Z', 'Good Morning'], // 11:59 in LA
    ['2025-06-02T19:00:00Z', 'Good Afternoon'], // 12:00
    ['2025-06-02T23:59:00Z', 'Good Afternoon'], // 16:59
    ['2025-06-03T00:00:00Z', 'Good Evening'], // 17:00
  ] as const)('%s in America/Los_Angeles → %s', (iso, g) => {
    expect(greetingAt(new Date(iso), 'America/Los_Angeles')).toBe(g);
  });

  // Asia/Kolkata is UTC+05:30.
  it.each([
    ['2025-06-02T06:29:00Z', 'Good Morning'], // 11:59
    ['2025-06-02T06:30:00Z', 'Good Afternoon'], // 12:00
    ['2025-06-02T11:29:00Z', 'Good Afternoon'], // 16:59
    ['2025-06-02T11:30:00Z', 'Good Evening'], // 17:00
  ] as const)('%s in Asia/Kolkata → %s', (iso, g) => {
    expect(greetingAt(new Date(iso), 'Asia/Kolkata')).toBe(g);
  });

  it('reads midnight as hour 0, not 24', () => {
    expect(hourInZone(new Date('2025-06-02T07:00:00Z'), 'America/Los_Angeles')).toBe(0);
  });
});

describe("today's date in the store timezone (§9 YYYY-MM-DD)", () => {
  it('differs from the UTC date across midnight', () => {
    const at = new Date('2025-06-03T03:00:00Z');
    expect(dateInZone(at, 'America/Los_Angeles')).toBe('2025-06-02');
    expect(dateInZone(at, 'Asia/Kolkata')).toBe('2025-06-03');
    expect(dateInZone(at, 'UTC')).toBe('2025-06-03');
  });
});

describe('money (§9: rounded to 2 decimals, sign $ / code USD)', () => {
  it.each([
    [0, '$0.00'],
    [5, '$5.00'],
    [1234.5, '$1,234.50'],
    [1234.567, '$1,234.57'],
    [0.005, '$0.01'],
    [1_000_000, '$1,000,000.00'],
    [-5, '-$5.00'],
    [-0.001, '$0.00'],
    [Number.NaN, '$0.00'],
  ])('%s → %s', (amount, text) => expect(formatMoneyMajor(amount)).toBe(text));

  it('writes the sign of the currency’s code, whatever sign is stored (issue 30 item 3: one way on every screen)', () => {
    expect(formatMoneyMajor(535622.99, { sign: '', code: 'USD' })).toBe('$535,622.99');
    expect(formatMoneyMajor(12.3, { sign: null, code: null })).toBe('$12.30');
    expect(formatMoneyMajor(9.99, { sign: '€', code: 'EUR' })).toBe('€9.99');
    expect(formatMoneyMajor(12, { sign: '$', code: 'EUR' })).toBe('€12.00');
    expect(formatMoneyMajor(12, 'GBP')).toBe('£12.00');
    expect(formatMoneyWithCode(1234.5, 'USD')).toBe('1,234.50 USD');
  });
});
