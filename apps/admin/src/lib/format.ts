import { DEFAULT_MONEY_LOCALE, formatMoney, formatMoneyInput, hourInZone, majorToCents } from '@backroom/contracts';
import { DEFAULT_CURRENCY, GREETING_AFTERNOON_HOUR, GREETING_EVENING_HOUR } from './constants';

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
 * ninety-nine) by the one money formatter, contracts' `formatMoneyCents` (issue 30 item 3): 2 decimals with
 * thousands separators and the sign OF THE CURRENCY'S CODE — `$1,234.50`, `-$5.00`, `€12.00`, `CA$3.00` — on every
 * screen (never a literal `$`; a `sign` given with the currency is ignored: the code decides). `currency` is an ISO
 * 4217 code or the stored `{ code }` (default USD, spec §9).
 */
export function formatMoneyMajor(
  amountMajor: number,
  currency: string | { sign?: string | null; code?: string | null } = DEFAULT_CURRENCY,
): string {
  const code = (typeof currency === 'string' ? currency : currency.code) || DEFAULT_CURRENCY.code;
  return formatMoney(Number.isFinite(amountMajor) ? amountMajor : 0, code, DEFAULT_MONEY_LOCALE);
}

/**
 * `amountMajor` followed by the currency code, `1,234.50 USD`: ONLY where the spec fixes that form (admin-dashboard
 * §3 paid-orders list, "grandTotal, shown with 'USD'"); the digits are the money formatter's (contracts'
 * `formatMoneyInput`, Intl).
 */
export function formatMoneyWithCode(amountMajor: number, code: string = DEFAULT_CURRENCY.code): string {
  return `${formatMoneyInput(majorToCents(Number.isFinite(amountMajor) ? amountMajor : 0))} ${code || DEFAULT_CURRENCY.code}`;
}

/** A count with thousands separators: 12,345. */
export function formatCount(n: number): string {
  return new Intl.NumberFormat('en-US').format(n);
}
