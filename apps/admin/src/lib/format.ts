import { DEFAULT_CURRENCY, DEFAULT_TIMEZONE, GREETING_AFTERNOON_HOUR, GREETING_EVENING_HOUR, PRICE_DECIMALS } from './constants';

/**
 * Formatting of the home dashboard (spec admin-dashboard §1, §9): the greeting by the store's local hour, money
 * to 2 decimals with the store currency, and the store's local date as YYYY-MM-DD.
 */

/** §1/§9: 'Good Morning' before 12:00, 'Good Afternoon' from 12:00 to before 17:00, 'Good Evening' from 17:00. */
export function greetingForHour(hour: number): 'Good Morning' | 'Good Afternoon' | 'Good Evening' {
  if (hour < GREETING_AFTERNOON_HOUR) return 'Good Morning';
  if (hour < GREETING_EVENING_HOUR) return 'Good Afternoon';
  return 'Good Evening';
}

function zoneParts(at: Date, timeZone: string) {
  const fmt = new Intl.DateTimeFormat('en-US', {
    timeZone: timeZone || DEFAULT_TIMEZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const parts = Object.fromEntries(fmt.formatToParts(at).map((p) => [p.type, p.value]));
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: Number(parts.hour) % 24, minute: Number(parts.minute) };
}

/** The hour (0–23) at instant `at` in the IANA `timeZone` (default America/Los_Angeles). */
export function hourInZone(at: Date, timeZone: string): number {
  return zoneParts(at, timeZone).hour;
}

/** The greeting at instant `at` in the store's `timeZone`. */
export function greetingAt(at: Date, timeZone: string) {
  return greetingForHour(hourInZone(at, timeZone));
}

/** The calendar date (YYYY-MM-DD, §9 query date format) at instant `at` in `timeZone`. */
export function dateInZone(at: Date, timeZone: string): string {
  const p = zoneParts(at, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}

/**
 * Money in major units, rounded to 2 decimals with thousands separators (§9): with a currency sign
 * `$1,234.50` / `-$5.00`; when the sign is empty, the amount followed by the code, `1,234.50 USD`.
 */
export function formatMoney(amount: number, currency: { sign?: string | null; code?: string | null } = DEFAULT_CURRENCY): string {
  const value = Number.isFinite(amount) ? amount : 0;
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
