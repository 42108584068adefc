import { DEFAULT_TIMEZONE, formatInZone, hourInZone } from '@backroom/contracts';
import { DEFAULT_CURRENCY, GREETING_AFTERNOON_HOUR, GREETING_EVENING_HOUR, PRICE_DECIMALS } from './constants';

/**
 * Formatting of the home dashboard (spec admin-dashboard §1, §9): the greeting by the store's local hour and money
 * to 2 decimals with the store currency. Time-zone dates come from the one date module, `@backroom/contracts`
 * time.ts (`localDate`, `hourInZone`, `formatInZone`).
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

/** The viewer's own IANA time zone (the browser's; `DEFAULT_TIMEZONE` when the runtime names none). */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIMEZONE;
}

/**
 * An instant (ISO 8601 text, ms since epoch or a Date) as e.g. 'Jan 5, 2026, 3:04 PM' on the wall clock of
 * `timeZone` (default: the viewer's, for what a person reads about their own or their staff's actions), through the
 * contracts' time module (`formatInZone`).
 */
export function formatDateTime(at: string | number | Date, timeZone = viewerTimeZone()): string {
  return formatInZone(typeof at === 'string' ? new Date(at) : at, timeZone, 'MMM d, yyyy, h:mm a');
}

/**
 * An instant (ISO 8601 text, ms since epoch or a Date) on the viewer's wall clock with a date-fns pattern, e.g.
 * 'MMM d, yyyy' → 'Jan 5, 2026', 'h:mm a' → '3:04 PM', through the contracts' time module (issue 15: one time-zone
 * date module for admin, server and seed). For what a person reads about their own or their staff's actions.
 */
export function formatLocal(at: string | number | Date, pattern: string): string {
  return formatInZone(typeof at === 'string' ? new Date(at) : at, viewerTimeZone(), pattern);
}
