import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDay, formatHeadingDate, formatPaidColumn, PICKER_VALUE_FORMAT, shopDates } from './dates';

/**
 * The admin's one date module (issue 30 item 4): what it writes, and that no other file of apps/admin/src formats a
 * date on its own (a browser-zone `toLocaleString`, an `Intl.DateTimeFormat`, a raw pattern through `formatInZone`,
 * dayjs or date-fns) — the Themes, payout and Member screens once showed the browser's 1:34 PM beside the orders'
 * 5:34 AM.
 */

const SRC = join(import.meta.dirname, '..');

/** Every source file of apps/admin/src except tests and test helpers. */
function sources(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'test' ? [] : sources(p);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

const FORBIDDEN: [RegExp, string][] = [
  [/\.toLocale(Date|Time)?String\(/, 'toLocale*String'],
  [/Intl\.DateTimeFormat/, 'Intl.DateTimeFormat'],
  [/\bformatInZone\b/, 'formatInZone with a pattern of its own'],
  [/from ['"]dayjs['"]/, 'dayjs'],
  [/from ['"](date-fns|@date-fns\/tz)/, 'date-fns'],
];

describe('one date module (issue 30 item 4)', () => {
  it('no file of apps/admin/src but lib/dates.ts formats a date itself', () => {
    const files = sources();
    expect(files.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const file of files) {
      const rel = relative(SRC, file);
      if (rel === join('lib', 'dates.ts')) continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          for (const [re, what] of FORBIDDEN) if (re.test(line)) found.push(`${rel}:${i + 1} uses ${what}`);
        });
    }
    expect(found).toEqual([]);
  });

  it('writes instants on the shop’s clock with its zone name, whatever the browser’s zone', () => {
    const la = shopDates('America/Los_Angeles');
    const at = '2026-12-07T13:34:00.000Z';
    expect(la.dateTime(at)).toBe('Dec 7, 2026, 5:34 AM PST');
    expect(la.date(at)).toBe('Dec 7, 2026');
    expect(la.time(at)).toBe('5:34 AM PST');
    expect(shopDates('Asia/Kolkata').dateTime(at)).toBe('Dec 7, 2026, 7:04 PM GMT+5:30');
    expect(la.dateTime('2026-07-07T13:34:00.000Z')).toBe('Jul 7, 2026, 6:34 AM PDT');
  });

  it('days by month name, the paid column as the spec fixes it, the pickers by month name', () => {
    expect(formatDay('2026-12-07')).toBe('Dec 7, 2026');
    expect(formatDay('2026-12-07', false)).toBe('Dec 7');
    expect(formatPaidColumn('2024-03-10T09:05:07.000Z', 'America/Los_Angeles')).toBe('10-03-2024 01:05:07');
    expect(formatPaidColumn(null, 'UTC')).toBe('');
    expect(formatHeadingDate('2026-12-07T13:34:00.000Z', 'America/Los_Angeles')).toBe('Monday, December 7');
    expect(PICKER_VALUE_FORMAT).toBe('MMM D, YYYY');
  });
});
