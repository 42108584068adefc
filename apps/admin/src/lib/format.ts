import { hourInZone } from '@backroom/contracts';
import { DEFAULT_CURRENCY, GREETING_AFTERNOON_HOUR, GREETING_EVENING_HOUR, PRICE_DECIMALS } from './constants';

/**
 * Formatting of the home dashboard (spec admin-dashboard §1, §9): the greeting by the store's local hour and money
 * to 2 decimals with the store currency. Dates and times are displayed by lib/dates.ts (issue 30 item 4), on the
 * contracts' time module.
 */

/** §1/§9: 'Good Morning' before 12:00, 'Good Afternoon' from 12:00 to before 17:00, 'Good Evening' from 17:00. */
export function greetingForHour(hour: number): 'Good Morning' | 'Good Afternoon' | 'Good Evening' {
  if (hour < GREETING_AFTERNOON_HOUR) return 'Good Morning';
  if (hour < GREETING_EVENING_HOUR) return 'Good Afternoon';
  return 'Good Evening';
}

/** The greeting at instant `at` in the store's IANA `timeZone` (hour read by contracts' time module, `hourInZone`). */
export function greetingAt(at: Date, timeZone: string) {
  return greetingForHour(hourInZone(at, timeZone));
}

/**
 * Money in MAJOR units (STYLE.md "Names and units": the admin API answers `MajorUnits`, 19.99 = nineteen dollars
 * ninety-nine; cents never reach this function — the storefront's cents formatter is `formatMoneyCents`), rounded to
 * 2 decimals with thousands separators (§9): with a currency sign `$1,234.50` / `-$5.00`; when the sign is empty,
 * the amount followed by the code, `1,234.50 USD`.
 */
export function formatMoneyMajor(amountMajor: number, currency: { sign?: string | null; code?: string | null } = DEFAULT_CURRENCY): string {
  const value = Number.isFinite(amountMajor) ? amountMajor : 0;
  const digits = new Intl.NumberFormat('en-US', {
    minimumFractionDigits: PRICE_DECIMALS,
    maximumFractionDigits: PRICE_DECIMALS,
  }).format(Math.abs(value));
  const negative = value < 0 && digits !== '0.00';
  const sign = currency.sign ?? '';
  if (sign) return `${negative ? '-' : ''}${sign}${digits}`;
  return `${negative ? '-' : ''}${digits} ${currency.code || DEFAULT_CURRENCY.code}`;
}

/** A count with thousands separators: 12,345. */
export function formatCount(n: number): string {
  return new Intl.NumberFormat('en-US').format(n);
}
