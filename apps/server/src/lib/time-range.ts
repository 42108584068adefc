import { LOCAL_DATE_PATTERN as DATE_ONLY, isLocalDate, isTimeZone } from '@backroom/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { badRequest } from './errors.js';

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
 * ISO instants are taken as they are (toTime exclusive). Throws 400 on unparseable values or from > to.
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
      if (!isLocalDate(v)) throw badRequest(`${field}: '${v}' is not a valid date (YYYY-MM-DD)`);
      return isEnd ? sql`((${v}::date + 1)::timestamp at time zone ${timezone})` : sql`((${v}::date)::timestamp at time zone ${timezone})`;
    }
    const t = Date.parse(v);
    if (Number.isNaN(t)) throw badRequest(`${field}: '${v}' must be a date (YYYY-MM-DD) or an ISO 8601 instant`);
    return sql`${new Date(t).toISOString()}::timestamptz`;
  };
  if (DATE_ONLY.test(fromTime) && DATE_ONLY.test(toTime) && fromTime > toTime) throw badRequest('fromTime: must not be after toTime');
  if (!DATE_ONLY.test(fromTime) && !DATE_ONLY.test(toTime) && Date.parse(fromTime) > Date.parse(toTime)) {
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
