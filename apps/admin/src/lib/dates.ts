import {
  DEFAULT_TIMEZONE,
  formatInZone,
  formatLocalDateLabel,
  formatShopDate,
  formatShopDateTime,
  formatShopTime,
  type InstantInput,
  PAID_COLUMN_PATTERN,
} from '@backroom/contracts';
import { QueryClient, QueryClientContext, useQuery } from '@tanstack/react-query';
import { useContext, useMemo } from 'react';
import { preferenceOptions } from '../shell/hooks';
import { readAccount } from './session';

/**
 * The admin's one date module (issue 30 item 4 "dates and times in the shop's time zone, one way"): every date and
 * time a screen shows is written here, on the wall clock of the shop's time zone (the store preferences'
 * `standardTimezone`, spec admin-dashboard §3; default America/Los_Angeles, §9), whatever zone the browser is in.
 * The formats come from the contracts' time module (`formatShopDate` 'Dec 7, 2026', `formatShopDateTime`
 * 'Dec 7, 2026, 5:34 AM PST', `formatShopTime` '5:34 AM PST', `formatLocalDateLabel` for a day 'YYYY-MM-DD'), so
 * the server's e-mails read the same. The only other pattern is the spec's paid-orders column (§9
 * DD-MM-YYYY HH:mm:ss, {@link formatPaidColumn}). `lib/dates.test.ts` forbids `toLocale*String`,
 * `Intl.DateTimeFormat`, `formatInZone`, dayjs and date-fns anywhere else in apps/admin/src.
 */

/**
 * The value format of every Mantine date picker (dayjs tokens, Mantine's own formatter): months by name, 'Dec 7,
 * 2026' — never '07/12/2026', which a US merchant reads as July 12 (issue 30 item 4).
 */
export const PICKER_VALUE_FORMAT = 'MMM D, YYYY';

/** Stands in for the app's query client where a component is rendered without one (a bare component test). */
let orphanClient: QueryClient | null = null;
const fallbackClient = () => {
  orphanClient ??= new QueryClient();
  return orphanClient;
};

/**
 * The shop's IANA time zone: the preference's `standardTimezone` (shell/hooks `preferenceOptions`, the query the shell
 * already runs), America/Los_Angeles until it is known (§9). Without a QueryClientProvider (a component rendered
 * alone) it answers the default instead of throwing.
 */
export function useShopTimeZone(): string {
  const client = useContext(QueryClientContext);
  const preference = useQuery({ ...preferenceOptions(), enabled: !!client && !!readAccount().storeId }, client ?? fallbackClient());
  return preference.data?.standardTimezone || DEFAULT_TIMEZONE;
}

/** Formatters bound to one shop zone (see {@link useShopDates}). */
export interface ShopDates {
  /** The shop's IANA zone the formatters use. */
  zone: string;
  /** 'Dec 7, 2026'. */
  date: (at: InstantInput) => string;
  /** 'Dec 7, 2026, 5:34 AM PST'. */
  dateTime: (at: InstantInput) => string;
  /** '5:34 AM PST', or '5:34:09 AM PST' with `seconds`. */
  time: (at: InstantInput, options?: { seconds?: boolean }) => string;
}

/** The display formatters bound to `zone` (for code outside React: pass the shop zone in). */
export function shopDates(zone: string): ShopDates {
  return {
    zone,
    date: (at) => formatShopDate(at, zone),
    dateTime: (at) => formatShopDateTime(at, zone),
    time: (at, options) => formatShopTime(at, zone, options),
  };
}

/** The display formatters bound to the shop's zone ({@link useShopTimeZone}); stable while the zone is. */
export function useShopDates(): ShopDates {
  const zone = useShopTimeZone();
  return useMemo(() => shopDates(zone), [zone]);
}

/** A day of the shop's calendar 'YYYY-MM-DD' as 'Dec 7, 2026' (or 'Dec 7' without the year, for chart axes). */
export function formatDay(date: string, withYear = true): string {
  return formatLocalDateLabel(date, withYear);
}

/** The spec's paid-orders column (admin-dashboard §9): DD-MM-YYYY HH:mm:ss of an instant in `zone`; '' for null. */
export function formatPaidColumn(at: InstantInput | null, zone: string): string {
  if (at === null) return '';
  return formatInZone(typeof at === 'string' ? new Date(at) : at, zone, PAID_COLUMN_PATTERN);
}

/**
 * A heading's date in the shop's zone, weekday and month by name: 'Monday, December 7' (the home dashboard's
 * greeting line, spec §1).
 */
export function formatHeadingDate(at: InstantInput, zone: string): string {
  return formatInZone(typeof at === 'string' ? new Date(at) : at, zone, 'EEEE, MMMM d');
}
