import { addDaysToDate, FOUR_HOUR_LABELS, isLocalDate, type PaidOrderRow, type SeriesGranularity } from '@backroom/contracts';
import { formatDay, formatPaidColumn } from '../../lib/dates';
import { formatMoneyWithCode } from '../../lib/format';

/**
 * Pure rules of the Overview screen (spec admin-dashboard §2 Overview screen, §3 order row, §4 Overview, §9):
 * chart labels, date presets, the paid-orders columns and paging, the URL query and the saved report query.
 */

/** True for a real calendar date written YYYY-MM-DD (§9 query date format; contracts' time module `isLocalDate`). */
function isQueryDate(v: unknown): v is string {
  return typeof v === 'string' && isLocalDate(v);
}

/**
 * A chart label from a series label (local wall-clock 'YYYY-MM-DDTHH:mm:ss', see contracts SeriesResponse), §4:
 * - hour: the hour with am/pm, '12am', '1am' … '11pm';
 * - four_hours: the block's spec label '0-3 AM', '4-7 AM', '8-11 AM', '12-15 PM', '16-19 PM', '20-23 PM';
 * - day: the month by name and the day, 'Dec 7' (issue 30 item 4: never '07/12', read as July 12 in the US), and
 *   exactly 'Today' for `today` (YYYY-MM-DD in the shown timezone).
 */
export function chartLabel(label: string, granularity: SeriesGranularity, today: string): string {
  const hour = Number(label.slice(11, 13));
  if (granularity === 'hour') return `${hour % 12 === 0 ? 12 : hour % 12}${hour < 12 ? 'am' : 'pm'}`;
  if (granularity === 'four_hours') return FOUR_HOUR_LABELS[Math.min(5, Math.floor(hour / 4))]!;
  const date = label.slice(0, 10);
  if (date === today) return 'Today';
  return formatDay(date, false);
}

/** The date presets of the picker (issue "Analytics Overview" §4), in order. */
export const PRESET_NAMES = ['Today', 'Yesterday', 'Last 7 days', 'Last 30 days', 'This month', 'Last month'] as const;
export type PresetName = (typeof PRESET_NAMES)[number];

/** The [from, to] dates (YYYY-MM-DD, inclusive) of a preset, for `today` in the shown timezone. */
export function presetRange(name: PresetName, today: string): [string, string] {
  const monthStart = `${today.slice(0, 8)}01`;
  switch (name) {
    case 'Today':
      return [today, today];
    case 'Yesterday':
      return [addDaysToDate(today, -1), addDaysToDate(today, -1)];
    case 'Last 7 days':
      return [addDaysToDate(today, -6), today];
    case 'Last 30 days':
      return [addDaysToDate(today, -29), today];
    case 'This month':
      return [monthStart, today];
    case 'Last month': {
      const lastEnd = addDaysToDate(monthStart, -1);
      return [`${lastEnd.slice(0, 8)}01`, lastEnd];
    }
  }
}

/** The preset a range equals for `today`, or null for a custom range. */
export function presetOf(from: string, to: string, today: string): PresetName | null {
  return (
    PRESET_NAMES.find((p) => {
      const [a, b] = presetRange(p, today);
      return a === from && b === to;
    }) ?? null
  );
}

/** Financial status as shown (§3): underscores replaced by spaces, first letter capitalised ('partially_paid' → 'Partially paid'). */
export function formatFinancialStatus(status: string): string {
  const s = status.replace(/_/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Payment column (§3): 'Credit/Debit Card' when paymentSource.card.type is present, else the payment name. */
export function paymentLabel(row: Pick<PaidOrderRow, 'paymentName' | 'paymentSource'>): string {
  return row.paymentSource?.card?.type ? 'Credit/Debit Card' : row.paymentName;
}

/**
 * Amount column (§3, §9) of `amountMajor` (major units, the row's `grandTotal`): 2 decimals with thousands
 * separators, followed by the currency code, '1,234.50 USD' (lib/format.ts `formatMoneyWithCode`, the spec's form).
 */
export function formatAmountMajor(amountMajor: number, code = 'USD'): string {
  return formatMoneyWithCode(amountMajor, code);
}

/** Paid-column date (§9): DD-MM-YYYY HH:mm:ss of an ISO instant in `timeZone`; '' for null. */
export function formatPaidDate(iso: string | null, timeZone: string): string {
  return formatPaidColumn(iso, timeZone);
}

/** Number of pages for `count` rows of `size` (at least 1). */
export function pageCount(count: number, size: number): number {
  return Math.max(1, Math.ceil(count / size));
}

/** Next/previous page bounded by 1 and the page count (§4 "Paging next/previous is bounded by 1 and the page count"). */
export function clampPage(page: number, pages: number): number {
  return Math.min(Math.max(1, Math.trunc(page) || 1), Math.max(1, pages));
}

/**
 * The Overview's query parameters (§2): from_time, to_time (YYYY-MM-DD), store (comma-joined ids), refresh, tz, as
 * the address carries them (route-search.ts `OVERVIEW_SEARCH` validates them: `null` = present but invalid) or as
 * {@link writeView} and {@link searchFromSaved} write them.
 */
export interface OverviewSearch {
  from_time?: string | null;
  to_time?: string | null;
  store?: string | null;
  refresh?: string | boolean | null;
  tz?: string | null;
}

/** The view the query parameters describe, after defaults. */
export interface OverviewView {
  from: string;
  to: string;
  stores: string[];
  autoRefresh: boolean;
  timezone: string;
}

/**
 * Reads the query parameters with defaults: a missing or invalid range is Today; a missing store list is the
 * current store; refresh is on only for the exact text 'true' (§2); tz falls back to `timezone`.
 */
export function readView(search: OverviewSearch, d: { today: string; storeId: string; timezone: string }): OverviewView {
  let from = isQueryDate(search.from_time) ? search.from_time : null;
  let to = isQueryDate(search.to_time) ? search.to_time : null;
  if (!from || !to || from > to) {
    from = d.today;
    to = d.today;
  }
  const stores = String(search.store ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return {
    from,
    to,
    stores: stores.length ? [...new Set(stores)] : [d.storeId],
    autoRefresh: String(search.refresh) === 'true',
    timezone: typeof search.tz === 'string' && search.tz ? search.tz : d.timezone,
  };
}

/** The query parameters of a view (the inverse of readView), in the spec's order. */
export function writeView(v: OverviewView): { from_time: string; to_time: string; store: string; refresh: 'true' | 'false'; tz: string } {
  return { from_time: v.from, to_time: v.to, store: v.stores.join(','), refresh: v.autoRefresh ? 'true' : 'false', tz: v.timezone };
}

/** The saved report query of §3, kept in local storage under this key. */
export const REPORT_QUERY_KEY = 'reportQuery';
export interface SavedReportQuery {
  startDate?: string;
  endDate?: string;
  stores?: string[];
  autoRefresh: boolean;
}

/** Reads the saved report query; unreadable or missing → null. */
export function readSavedQuery(storage: Pick<Storage, 'getItem'> | null): SavedReportQuery | null {
  try {
    const raw = storage?.getItem(REPORT_QUERY_KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<SavedReportQuery>;
    return {
      startDate: isQueryDate(v.startDate) ? v.startDate : undefined,
      endDate: isQueryDate(v.endDate) ? v.endDate : undefined,
      stores: Array.isArray(v.stores) ? v.stores.map(String) : undefined,
      autoRefresh: v.autoRefresh === true,
    };
  } catch {
    return null;
  }
}

/** The saved query while the Overview is open: the whole view. */
export function savedQueryOf(v: OverviewView): SavedReportQuery {
  return { startDate: v.from, endDate: v.to, stores: v.stores, autoRefresh: v.autoRefresh };
}

/** The saved query after leaving the Overview (§4 "On leaving, the saved query is reduced to only autoRefresh"). */
export function reduceOnLeave(q: SavedReportQuery | null): SavedReportQuery {
  return { autoRefresh: q?.autoRefresh === true };
}

/**
 * The search to open the Overview with when the URL carries none of the parameters: the saved query's range and
 * shops when it still has them, and its autoRefresh.
 */
export function searchFromSaved(saved: SavedReportQuery | null): OverviewSearch {
  if (!saved) return {};
  const out: OverviewSearch = {};
  if (saved.startDate && saved.endDate) {
    out.from_time = saved.startDate;
    out.to_time = saved.endDate;
  }
  if (saved.stores?.length) out.store = saved.stores.join(',');
  if (saved.autoRefresh) out.refresh = 'true';
  return out;
}
