import { z } from 'zod';
import { isLocalDate } from './time.js';

/*
 * Bounds of every numeric and date QUERY parameter, declared once (issue 29 item 4: `spentMin=99999999999999999999`
 * and `fromDate=0000-01-01` reached PostgreSQL and answered 500). Every number of a query is finite, whole unless it
 * is money, and between its own minimum and a maximum PostgreSQL can hold; every date is a real calendar day of the
 * years 0100–9999 (the same years `apps/server/src/lib/time-range.ts` accepts for ranges). The server's
 * `hardening-input.test.ts` sends overflow, negative, fractional, year 0 and year 275760 values to each such
 * parameter of the OpenAPI document.
 */

/** Largest whole number a query parameter may carry: PostgreSQL's `integer` (2^31 − 1). */
export const QUERY_INT_MAX = 2_147_483_647;

/** Largest amount of money (major units) a query filter may carry: 10^12, i.e. 10^14 cents, well inside `bigint`. */
export const QUERY_MONEY_MAX = 1_000_000_000_000;

/** Largest `page` of a list: 10^6 pages (the offset page × limit stays an `integer`). */
export const QUERY_PAGE_MAX = 1_000_000;

/** The first and last day a date of a request may name (years 0100–9999). */
export const DATE_MIN = '0100-01-01';
/** See {@link DATE_MIN}. */
export const DATE_MAX = '9999-12-31';

/** True for a real calendar day 'YYYY-MM-DD' from {@link DATE_MIN} to {@link DATE_MAX}. */
export function isBoundedDate(value: string): boolean {
  return value >= DATE_MIN && value <= DATE_MAX && isLocalDate(value);
}

/** ISO 8601 instant: a calendar date, hours and minutes, optional seconds and fraction, optional Z or ±hh:mm. */
const INSTANT = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):?[0-5]\d)?$/i;

/** True for 'YYYY-MM-DD' as {@link isBoundedDate}, or an ISO 8601 instant whose date part is one (years 0100–9999). */
export function isBoundedDateOrInstant(value: string): boolean {
  if (isBoundedDate(value)) return true;
  const m = INSTANT.exec(value);
  return !!m && isBoundedDate(m[1]!) && !Number.isNaN(Date.parse(value));
}

const RANGE_TEXT = `from ${DATE_MIN} to ${DATE_MAX}`;

/**
 * A date query parameter: 'YYYY-MM-DD', a real calendar day, years 0100–9999. `message` is the module's own text
 * for a value that is not a date (kept as the screens know it); a date outside the years answers
 * `{name} must be a date from 0100-01-01 to 9999-12-31`. Documented with `format: date`.
 */
export function queryDate(name: string, message = `${name} must be a date YYYY-MM-DD`) {
  return z
    .string()
    .refine(isLocalDate, { message, abort: true })
    .refine(isBoundedDate, `${name} must be a date ${RANGE_TEXT}`)
    .meta({ format: 'date' });
}

/**
 * A range bound query parameter that takes a local day 'YYYY-MM-DD' or an ISO 8601 instant (analytics, §7), both of
 * the years 0100–9999; `required` refuses ''.
 */
export function queryDateOrInstant(name: string, o: { required?: boolean } = {}) {
  const base = o.required ? z.string().min(1, `${name} is required`) : z.string();
  return base.refine(
    (v) => v === '' || isBoundedDateOrInstant(v),
    `${name} must be a date (YYYY-MM-DD) or an ISO 8601 instant, years 0100 to 9999`,
  );
}

/**
 * A numeric query parameter: a finite number (whole unless `int: false`) from `min` (default 0) to `max` (default
 * {@link QUERY_INT_MAX}). `message` is the text of a value that is not a number (or not whole); below the minimum
 * answers `{name} must be {min} or more`, above the maximum `{name} must be at most {max}`, unless `rangeMessage`
 * names the range in one text (as `limit must be between 1 and 100`).
 */
export function queryNumber(name: string, o: { min?: number; max?: number; int?: boolean; message?: string; rangeMessage?: string } = {}) {
  const min = o.min ?? 0;
  const max = o.max ?? QUERY_INT_MAX;
  const int = o.int ?? true;
  const message = o.message ?? (int ? `${name} must be a whole number` : `${name} must be a number`);
  const n = z.coerce.number({ message });
  return (int ? n.int(message) : n)
    .min(min, o.rangeMessage ?? `${name} must be ${min} or more`)
    .max(max, o.rangeMessage ?? `${name} must be at most ${max}`);
}
