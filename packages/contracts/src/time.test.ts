import { describe, expect, it } from 'vitest';
import {
  addDaysToDate,
  DEFAULT_TIMEZONE,
  endOfLocalDate,
  formatInZone,
  formatLocalDateLabel,
  formatShopDate,
  formatShopDateTime,
  formatShopTime,
  hourInZone,
  instantOfLocal,
  isLocalDate,
  isTimeZone,
  localDate,
  localParts,
  offsetMinutes,
  startOfLocalDate,
  startOfLocalDay,
  zoneAbbreviation,
} from './time.js';

const LA = 'America/Los_Angeles';
const KOLKATA = 'Asia/Kolkata';
const KATHMANDU = 'Asia/Kathmandu';
const HOUR = 3_600_000;
const at = (iso: string) => Date.parse(iso);

describe('isLocalDate', () => {
  it('accepts real calendar dates only', () => {
    expect(isLocalDate('2026-03-08')).toBe(true);
    expect(isLocalDate('2024-02-29')).toBe(true);
    expect(isLocalDate('2025-02-29')).toBe(false);
    expect(isLocalDate('2026-02-30')).toBe(false);
    expect(isLocalDate('2026-13-01')).toBe(false);
    expect(isLocalDate('2026-00-10')).toBe(false);
    expect(isLocalDate('2026-04-31')).toBe(false);
    expect(isLocalDate('2026-3-8')).toBe(false);
    expect(isLocalDate('2026-03-08T00:00:00Z')).toBe(false);
    expect(isLocalDate('')).toBe(false);
  });
});

describe('isTimeZone', () => {
  it('knows IANA names and refuses others', () => {
    expect(isTimeZone(DEFAULT_TIMEZONE)).toBe(true);
    expect(isTimeZone(KATHMANDU)).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});

describe('localDate / hourInZone / localParts', () => {
  it('reads the wall clock of each zone, including +05:30 and +05:45', () => {
    const t = at('2026-03-07T18:20:00Z');
    expect(localDate(t, LA)).toBe('2026-03-07');
    expect(hourInZone(t, LA)).toBe(10);
    expect(localDate(t, KOLKATA)).toBe('2026-03-07');
    expect(hourInZone(t, KOLKATA)).toBe(23); // 23:50
    expect(localDate(t, KATHMANDU)).toBe('2026-03-08'); // 00:05
    expect(hourInZone(t, KATHMANDU)).toBe(0);
    expect(localParts(t, KATHMANDU)).toEqual({ date: '2026-03-08', hour: 0, minute: 5, second: 0, weekday: 0 });
  });

  it('accepts Date and epoch milliseconds alike', () => {
    const t = at('2026-11-01T08:30:00Z');
    expect(localDate(new Date(t), LA)).toBe(localDate(t, LA));
    expect(hourInZone(new Date(t), LA)).toBe(1); // the first 01:30 (PDT)
    expect(hourInZone(t + HOUR, LA)).toBe(1); // the repeated 01:30 (PST)
  });

  it('throws a RangeError on an unknown zone', () => {
    expect(() => localDate(0, 'Nowhere/Nothing')).toThrow(RangeError);
  });
});

describe('formatInZone', () => {
  it('formats the spec paid-column pattern on the local wall clock', () => {
    expect(formatInZone(at('2026-01-15T13:04:05Z'), KOLKATA, 'dd-MM-yyyy HH:mm:ss')).toBe('15-01-2026 18:34:05');
    expect(formatInZone(at('2026-01-15T13:04:05Z'), KATHMANDU, 'dd-MM-yyyy HH:mm:ss')).toBe('15-01-2026 18:49:05');
  });
});

describe('display formats (issue 30 item 4: the shop zone, one way)', () => {
  it('writes one instant on the shop’s wall clock, whatever zone the runtime is in', () => {
    const t = '2026-12-07T13:34:00.000Z';
    expect(formatShopDateTime(t, LA)).toBe('Dec 7, 2026, 5:34 AM PST');
    expect(formatShopDate(t, LA)).toBe('Dec 7, 2026');
    expect(formatShopTime(t, LA)).toBe('5:34 AM PST');
    expect(formatShopTime(at('2026-12-07T13:34:09Z'), LA, { seconds: true })).toBe('5:34:09 AM PST');
    expect(formatShopDateTime(t, 'Europe/Paris')).toBe('Dec 7, 2026, 2:34 PM GMT+1');
    expect(formatShopDateTime(t, KOLKATA)).toBe('Dec 7, 2026, 7:04 PM GMT+5:30');
    expect(formatShopDateTime(t, KATHMANDU)).toBe('Dec 7, 2026, 7:19 PM GMT+5:45');
    expect(formatShopDateTime(t, 'America/New_York')).toBe('Dec 7, 2026, 8:34 AM EST');
    // ISO text, ms since epoch and a Date read alike.
    expect(formatShopDateTime(at(t), LA)).toBe(formatShopDateTime(new Date(t), LA));
  });

  it('the date follows the shop’s day, not UTC’s', () => {
    // 07:59 UTC on Mar 8 is still Mar 7 in Los Angeles; 20:00 UTC on Jan 15 is already Jan 16 in Kolkata.
    expect(formatShopDate('2026-03-08T07:59:59Z', LA)).toBe('Mar 7, 2026');
    expect(formatShopDate('2026-01-15T20:00:00Z', KOLKATA)).toBe('Jan 16, 2026');
  });

  it('crosses DST: the zone name and the wall clock change with the instant', () => {
    // Spring forward, Los Angeles, 2026-03-08: 1:59 AM PST is followed by 3:00 AM PDT.
    expect(formatShopDateTime('2026-03-08T09:59:00Z', LA)).toBe('Mar 8, 2026, 1:59 AM PST');
    expect(formatShopDateTime('2026-03-08T10:00:00Z', LA)).toBe('Mar 8, 2026, 3:00 AM PDT');
    // Fall back, 2026-11-01: 1:30 AM happens twice, told apart by the zone name.
    expect(formatShopDateTime('2026-11-01T08:30:00Z', LA)).toBe('Nov 1, 2026, 1:30 AM PDT');
    expect(formatShopDateTime('2026-11-01T09:30:00Z', LA)).toBe('Nov 1, 2026, 1:30 AM PST');
    expect(zoneAbbreviation('2026-07-01T12:00:00Z', 'Europe/London')).toBe('GMT+1');
    expect(zoneAbbreviation('2026-01-01T12:00:00Z', 'Europe/London')).toBe('GMT');
  });

  it('writes a local date by name (never 07/12/2026) and refuses bad input', () => {
    expect(formatLocalDateLabel('2026-12-07')).toBe('Dec 7, 2026');
    expect(formatLocalDateLabel('2024-02-29', false)).toBe('Feb 29');
    expect(() => formatLocalDateLabel('2026-02-30')).toThrow(RangeError);
    expect(() => formatShopDate('2026-12-07T13:34:00Z', 'Mars/Base')).toThrow(RangeError);
  });
});

describe('day bounds', () => {
  it('the spring-forward day in Los Angeles lasts 23 hours', () => {
    expect(startOfLocalDate('2026-03-08', LA)).toBe(at('2026-03-08T08:00:00Z'));
    expect(endOfLocalDate('2026-03-08', LA)).toBe(at('2026-03-09T07:00:00Z'));
    expect(endOfLocalDate('2026-03-08', LA) - startOfLocalDate('2026-03-08', LA)).toBe(23 * HOUR);
  });

  it('the fall-back day in Los Angeles lasts 25 hours', () => {
    expect(startOfLocalDate('2026-11-01', LA)).toBe(at('2026-11-01T07:00:00Z'));
    expect(endOfLocalDate('2026-11-01', LA) - startOfLocalDate('2026-11-01', LA)).toBe(25 * HOUR);
  });

  it('half- and quarter-hour zones start their days off the UTC hour', () => {
    expect(startOfLocalDate('2026-03-08', KOLKATA)).toBe(at('2026-03-07T18:30:00Z'));
    expect(startOfLocalDate('2026-03-08', KATHMANDU)).toBe(at('2026-03-07T18:15:00Z'));
    expect(endOfLocalDate('2026-03-08', KATHMANDU) - startOfLocalDate('2026-03-08', KATHMANDU)).toBe(24 * HOUR);
  });

  it('startOfLocalDay finds the start of the day holding an instant, on DST days too', () => {
    expect(startOfLocalDay(at('2026-03-08T20:00:00Z'), LA)).toBe(at('2026-03-08T08:00:00Z'));
    expect(startOfLocalDay(at('2026-11-02T07:59:59Z'), LA)).toBe(at('2026-11-01T07:00:00Z'));
    expect(startOfLocalDay(at('2026-03-07T18:14:59Z'), KATHMANDU)).toBe(at('2026-03-06T18:15:00Z'));
    expect(startOfLocalDay(at('2026-03-07T18:15:00Z'), KATHMANDU)).toBe(at('2026-03-07T18:15:00Z'));
  });

  it('refuses impossible dates', () => {
    expect(() => startOfLocalDate('2026-02-30', LA)).toThrow(/not a valid date/);
  });
});

describe('addDaysToDate', () => {
  it('is calendar arithmetic across month ends, leap days and DST', () => {
    expect(addDaysToDate('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDaysToDate('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDaysToDate('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDaysToDate('2026-03-07', 1)).toBe('2026-03-08');
    expect(addDaysToDate('2026-03-08', 1)).toBe('2026-03-09');
    expect(addDaysToDate('2026-11-01', 1)).toBe('2026-11-02');
    expect(addDaysToDate('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDaysToDate('2026-06-30', -89)).toBe('2026-04-02');
  });
});

describe('offsetMinutes', () => {
  it('answers minutes east of UTC', () => {
    expect(offsetMinutes(at('2026-01-15T00:00:00Z'), LA)).toBe(-480);
    expect(offsetMinutes(at('2026-07-15T00:00:00Z'), LA)).toBe(-420);
    expect(offsetMinutes(at('2026-07-15T00:00:00Z'), KOLKATA)).toBe(330);
    expect(offsetMinutes(at('2026-07-15T00:00:00Z'), KATHMANDU)).toBe(345);
  });
});

describe('instantOfLocal', () => {
  it.each([
    ['2026-06-07', '23:59', 'America/Los_Angeles', '2026-06-08T06:59:00.000Z'],
    ['2026-01-04', '23:59', 'America/Los_Angeles', '2026-01-05T07:59:00.000Z'],
    ['2026-06-07', '00:00', 'Asia/Kolkata', '2026-06-06T18:30:00.000Z'],
    ['2026-06-07', '12:00', 'Asia/Kathmandu', '2026-06-07T06:15:00.000Z'],
    ['2026-03-08', '01:30', 'America/Los_Angeles', '2026-03-08T09:30:00.000Z'],
  ])('%s %s in %s is %s', (date, time, zone, iso) => {
    expect(new Date(instantOfLocal(date, time, zone)).toISOString()).toBe(iso);
  });

  it('refuses a bad time, date or zone', () => {
    expect(() => instantOfLocal('2026-06-07', '24:00', 'UTC')).toThrow(RangeError);
    expect(() => instantOfLocal('2026-02-30', '10:00', 'UTC')).toThrow(RangeError);
    expect(() => instantOfLocal('2026-06-07', '10:00', 'Mars/Base')).toThrow(RangeError);
  });
});
