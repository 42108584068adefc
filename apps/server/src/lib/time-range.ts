import { LOCAL_DATE_PATTERN as DATE_ONLY, isLocalDate, isTimeZone } from '@backroom/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { badRequest } from './errors.js';

/** ISO 8601 instant: a calendar date, hours and minutes, optional seconds and fraction, optional Z or ±hh:mm. */
const INSTANT = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):?[0-5]\d)?$/i;

/**
 * Milliseconds of an ISO 8601 instant whose date part is a real calendar date (isLocalDate) of years 0100–9999,
 * else NaN: impossible or out-of-range instants (2020-02-31T…, ±275760-…) answered 500 (issue 14 item 5).
 */
export function parseInstant(v: string): number {
  const m = INSTANT.exec(v);
  if (!m || !isLocalDate(m[1]!)) return Number.NaN;
  const t = Date.parse(v);
  if (Number.isNaN(t)) return t;
  const year = new Date(t).getUTCFullYear();
  return year >= 100 && year <= 9999 ? t : Number.NaN;
}

/**
 * Validates an IANA time zone (e.g. Asia/Kolkata, Asia/Kathmandu; `isTimeZone` of @backroom/contracts' time module)
 * or throws 400 `{field}: unknown IANA timezone '…'`.
 */
export function assertTimezone(tz: string, field = 'timezone'): string {
  if (!isTimeZone(tz)) throw badRequest(`${field}: unknown IANA timezone '${tz}'`);
  return tz;
}

/**
 * A half-open instant range [start, end) resolved from the spec's `fromTime`/`toTime` (§7, §9 query date format
 * YYYY-MM-DD). Date-only values are whole local days in `timezone`: start = fromTime 00:00, end = the day after
 * toTime 00:00, both computed by PostgreSQL (`timestamp AT TIME ZONE tz`), so DST days are 23 or 25 hours.
 * ISO instants are taken as they are (toTime exclusive). Throws 400 on unparseable, impossible (2020-02-31) or
 * out-of-range (year 0, ±275760) values and on from > to.
 */
export interface ResolvedRange {
  /** SQL expression of the start instant (timestamptz). */
  start: SQL;
  /** SQL expression of the exclusive end instant (timestamptz). */
  end: SQL;
  timezone: string;
  /** The two date-only values, when both were dates. */
  fromDate?: string;
  toDate?: string;
}

export function resolveRange(fromTime: string, toTime: string, timezone: string): ResolvedRange {
  assertTimezone(timezone);
  const bound = (v: string, field: string, isEnd: boolean): SQL => {
    if (DATE_ONLY.test(v)) {
      if (!isLocalDate(v)) throw badRequest(`${field}: '${v}' is not a valid date (YYYY-MM-DD, years 0100 to 9999)`);
      return isEnd ? sql`((${v}::date + 1)::timestamp at time zone ${timezone})` : sql`((${v}::date)::timestamp at time zone ${timezone})`;
    }
    const t = parseInstant(v);
    if (Number.isNaN(t)) throw badRequest(`${field}: '${v}' must be a date (YYYY-MM-DD) or an ISO 8601 instant (years 0100 to 9999)`);
    return sql`${new Date(t).toISOString()}::timestamptz`;
  };
  if (DATE_ONLY.test(fromTime) && DATE_ONLY.test(toTime) && fromTime > toTime) throw badRequest('fromTime: must not be after toTime');
  if (!DATE_ONLY.test(fromTime) && !DATE_ONLY.test(toTime) && parseInstant(fromTime) > parseInstant(toTime)) {
    throw badRequest('fromTime: must not be after toTime');
  }
  return {
    start: bound(fromTime, 'fromTime', false),
    end: bound(toTime, 'toTime', true),
    timezone,
    fromDate: DATE_ONLY.test(fromTime) ? fromTime : undefined,
    toDate: DATE_ONLY.test(toTime) ? toTime : undefined,
  };
}
