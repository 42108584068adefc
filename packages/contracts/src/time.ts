/**
 * The one time-zone date module of Backroom (issue 15 "one time-zone date module on a well-kept library"), used by
 * the server, the seed and the admin. Built on date-fns 4 with `@date-fns/tz` (`TZDate` / the `in: tz(zone)`
 * context), so every DST rule comes from the runtime's IANA database and none is written here.
 *
 * Vocabulary used in every docstring:
 * - an *instant* is a point in time: a `Date` or a number of milliseconds since the Unix epoch (UTC);
 * - a *local date* is a calendar date 'YYYY-MM-DD' as read on a wall clock in an IANA time zone (the spec's query
 *   date format, admin-dashboard §9);
 * - a *zone* is an IANA time-zone name such as 'America/Los_Angeles', 'Asia/Kolkata' (+05:30) or
 *   'Asia/Kathmandu' (+05:45).
 *
 * A local day is half-open: [start of the day, start of the next day), so a DST day lasts 23 or 25 hours.
 *
 * Display (issue 30 item 4 "dates and times in the shop's time zone, one way"): every date and time the admin, the
 * e-mails and the server's texts show is written by {@link formatShopDate} ('Dec 7, 2026'),
 * {@link formatShopDateTime} ('Dec 7, 2026, 5:34 AM PST'), {@link formatShopTime} ('5:34 AM PST') or, for a local
 * date without an instant, {@link formatLocalDateLabel}, on the wall clock of the shop's zone (the store
 * preferences' `standardTimezone`). The only other display pattern is the spec's paid-orders column
 * ({@link PAID_COLUMN_PATTERN}, admin-dashboard §9).
 * The server's SQL resolves day bounds itself (`(date)::timestamp AT TIME ZONE tz`, `lib/time-range.ts`); these
 * helpers give the same answers in TypeScript.
 */
import { TZDate, tz, tzName } from '@date-fns/tz';
import { addDays, format, getDay, getHours, isValid, startOfDay } from 'date-fns';

/** Default store time zone (spec admin-dashboard §3 Page preference `standardTimezone`, §9). */
export const DEFAULT_TIMEZONE = 'America/Los_Angeles';

/** Shape of a local date 'YYYY-MM-DD' (spec admin-dashboard §9 query date format); see {@link isLocalDate}. */
export const LOCAL_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** An instant: a Date, or milliseconds since the Unix epoch (UTC). */
export type Instant = Date | number;

/** The wall-clock reading of an instant in a zone. */
export interface LocalParts {
  /** Local date 'YYYY-MM-DD'. */
  date: string;
  /** Hour of the day, 0–23. */
  hour: number;
  /** Minute, 0–59. */
  minute: number;
  /** Second, 0–59. */
  second: number;
  /** Day of the week, 0 = Sunday … 6 = Saturday. */
  weekday: number;
}

const known = new Map<string, boolean>();

/**
 * True when `zone` is a time-zone name this runtime knows (IANA names such as 'Asia/Kathmandu'; whatever
 * `Intl.DateTimeFormat` accepts). Answers are memoised per name.
 */
export function isTimeZone(zone: string): boolean {
  let ok = known.get(zone);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      ok = zone.length > 0;
    } catch {
      ok = false;
    }
    known.set(zone, ok);
  }
  return ok;
}

/**
 * True when `value` is a real calendar date written 'YYYY-MM-DD' (spec §9 query date format): the shape must match
 * and the day must exist, so '2026-02-30', '2026-13-01' and '2025-02-29' are false, '2024-02-29' is true.
 */
export function isLocalDate(value: string): boolean {
  if (!LOCAL_DATE_PATTERN.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const at = new TZDate(y, m - 1, d, 'UTC');
  return isValid(at) && at.getFullYear() === y && at.getMonth() === m - 1 && at.getDate() === d;
}

/** Splits a valid local date; throws a RangeError naming the value when it is not one (see {@link isLocalDate}). */
function parts(date: string): [number, number, number] {
  if (!isLocalDate(date)) throw new RangeError(`'${date}' is not a valid date (YYYY-MM-DD)`);
  return date.split('-').map(Number) as [number, number, number];
}

/** Throws a RangeError naming the zone when it is unknown (see {@link isTimeZone}). */
function zoneOf(zone: string): string {
  if (!isTimeZone(zone)) throw new RangeError(`unknown IANA time zone '${zone}'`);
  return zone;
}

/** The instant `at` read on the wall clock of `zone` (a TZDate whose getters answer local values). */
function inZone(at: Instant, zone: string): TZDate {
  return new TZDate(typeof at === 'number' ? at : at.getTime(), zoneOf(zone));
}

/**
 * The local date 'YYYY-MM-DD' of instant `at` in `zone`. Example: 2026-03-08T07:59:59Z is '2026-03-07' in
 * America/Los_Angeles and '2026-03-08' in Asia/Kolkata. Throws RangeError on an unknown zone.
 */
export function localDate(at: Instant, zone: string): string {
  return format(inZone(at, zone), 'yyyy-MM-dd');
}

/** The hour of the day (0–23) of instant `at` on the wall clock of `zone` (the greeting, spec §1). */
export function hourInZone(at: Instant, zone: string): number {
  return getHours(at, { in: tz(zoneOf(zone)) });
}

/** The full wall-clock reading (local date, hour, minute, second, weekday with 0 = Sunday) of instant `at` in `zone`. */
export function localParts(at: Instant, zone: string): LocalParts {
  const t = inZone(at, zone);
  return { date: format(t, 'yyyy-MM-dd'), hour: t.getHours(), minute: t.getMinutes(), second: t.getSeconds(), weekday: getDay(t) };
}

/**
 * Formats instant `at` on the wall clock of `zone` with a date-fns pattern (Unicode tokens: 'dd-MM-yyyy HH:mm:ss'
 * is the spec's paid-column format DD-MM-YYYY HH:mm:ss, §9). Throws RangeError on an unknown zone.
 */
export function formatInZone(at: Instant, zone: string, pattern: string): string {
  return format(inZone(at, zone), pattern);
}

/**
 * The instant (ms since epoch) at which local date `date` begins in `zone`: its local midnight, or the first
 * existing instant of the day where midnight is skipped by a DST change. Throws RangeError on a bad date or zone.
 * Example: '2026-03-08' in America/Los_Angeles starts at 2026-03-08T08:00:00Z.
 */
export function startOfLocalDate(date: string, zone: string): number {
  const [y, m, d] = parts(date);
  // Noon always exists; the start of its day is the day's first instant, whatever DST does at midnight.
  return startOfDay(new TZDate(y, m - 1, d, 12, zoneOf(zone))).getTime();
}

/**
 * The exclusive end instant (ms since epoch) of local date `date` in `zone`: the start of the next local day. A
 * DST day is therefore 23 or 25 hours long (America/Los_Angeles 2026-03-08: 23 h, 2026-11-01: 25 h).
 */
export function endOfLocalDate(date: string, zone: string): number {
  return startOfLocalDate(addDaysToDate(date, 1), zone);
}

/**
 * The start instant (ms since epoch) of the local day in `zone` that contains instant `at` (DST-safe).
 */
export function startOfLocalDay(at: Instant, zone: string): number {
  return startOfDay(inZone(at, zone)).getTime();
}

/**
 * Adds `n` calendar days (negative to go back) to local date `date`: pure calendar arithmetic, no zone involved,
 * so it never skips or repeats a date around DST. Throws RangeError on a bad date.
 * Example: addDaysToDate('2024-02-28', 1) = '2024-02-29'.
 */
export function addDaysToDate(date: string, n: number): string {
  const [y, m, d] = parts(date);
  return format(addDays(new TZDate(y, m - 1, d, 'UTC'), n), 'yyyy-MM-dd');
}

/** The UTC offset of `zone` at instant `at`, in minutes east of UTC (+330 for Asia/Kolkata, -480 for PST). */
export function offsetMinutes(at: Instant, zone: string): number {
  return -inZone(at, zone).getTimezoneOffset();
}

/**
 * The instant (ms since epoch) a wall clock in `zone` shows local date `date` ('YYYY-MM-DD') at `time` ('HH:mm',
 * 24-hour): how the admin turns a discount's start and end, picked on the shop's clock, into instants (issue 12
 * item 6). A time skipped by a DST change resolves as @date-fns/tz does (moved forward by the gap). Throws
 * RangeError on a bad date, time or zone. Example: ('2026-06-07', '23:59', 'America/Los_Angeles') →
 * 2026-06-08T06:59:00Z.
 */
export function instantOfLocal(date: string, time: string, zone: string): number {
  const [y, m, d] = parts(date);
  const t = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!t) throw new RangeError(`'${time}' is not a valid time (HH:mm)`);
  return new TZDate(y, m - 1, d, Number(t[1]), Number(t[2]), zoneOf(zone)).getTime();
}

/** Display pattern of a date (issue 30 item 4), date-fns tokens: 'Dec 7, 2026'. */
export const DISPLAY_DATE_PATTERN = 'MMM d, yyyy';

/** Display pattern of a time of day without the zone (issue 30 item 4), date-fns tokens: '5:34 AM'. */
export const DISPLAY_TIME_PATTERN = 'h:mm a';

/** The spec's paid-orders column pattern DD-MM-YYYY HH:mm:ss (admin-dashboard §9), date-fns tokens. */
export const PAID_COLUMN_PATTERN = 'dd-MM-yyyy HH:mm:ss';

/** An instant given as ISO 8601 text (as the API answers it), ms since epoch or a Date. */
export type InstantInput = Instant | string;

const instantOf = (at: InstantInput): Instant => (typeof at === 'string' ? new Date(at) : at);

/**
 * The short name of `zone` at instant `at` as en-US writes it ('PST', 'PDT', 'EST'; 'GMT+5:30' for a zone without
 * an English abbreviation, e.g. Asia/Kolkata), through @date-fns/tz `tzName`. DST-aware: the name follows the
 * instant. Throws RangeError on an unknown zone.
 */
export function zoneAbbreviation(at: InstantInput, zone: string): string {
  const t = instantOf(at);
  return tzName(zoneOf(zone), typeof t === 'number' ? new Date(t) : t, 'short');
}

/**
 * The date of instant `at` on the wall clock of the shop's `zone`, as every screen shows a date (issue 30 item 4):
 * 'Dec 7, 2026'. `at` may be ISO text, ms since epoch or a Date. Throws RangeError on an unknown zone.
 */
export function formatShopDate(at: InstantInput, zone: string): string {
  return format(inZone(instantOf(at), zone), DISPLAY_DATE_PATTERN);
}

/**
 * The date and time of instant `at` on the wall clock of the shop's `zone`, with the zone's short name so a reader
 * in another zone is not misled (issue 30 item 4): 'Dec 7, 2026, 5:34 AM PST' ('… PDT' in summer,
 * '… GMT+5:30' in Asia/Kolkata). Throws RangeError on an unknown zone.
 */
export function formatShopDateTime(at: InstantInput, zone: string): string {
  const t = instantOf(at);
  return `${format(inZone(t, zone), `${DISPLAY_DATE_PATTERN}, ${DISPLAY_TIME_PATTERN}`)} ${zoneAbbreviation(t, zone)}`;
}

/**
 * The time of day of instant `at` on the wall clock of the shop's `zone` with the zone's short name (issue 30
 * item 4): '5:34 AM PST', or '5:34:09 AM PST' with `seconds` (an editing history where several entries share a
 * minute). Throws RangeError on an unknown zone.
 */
export function formatShopTime(at: InstantInput, zone: string, options: { seconds?: boolean } = {}): string {
  const t = instantOf(at);
  const pattern = options.seconds ? 'h:mm:ss a' : DISPLAY_TIME_PATTERN;
  return `${format(inZone(t, zone), pattern)} ${zoneAbbreviation(t, zone)}`;
}

/**
 * A local date 'YYYY-MM-DD' (a report's day, an ad-spend day: already a day of the shop's calendar, no zone
 * involved) written as the display date 'Dec 7, 2026', or without the year ('Dec 7', a chart axis) when
 * `withYear` is false. Throws RangeError on a bad date.
 */
export function formatLocalDateLabel(date: string, withYear = true): string {
  const [y, m, d] = parts(date);
  return format(new TZDate(y, m - 1, d, 'UTC'), withYear ? DISPLAY_DATE_PATTERN : 'MMM d');
}
