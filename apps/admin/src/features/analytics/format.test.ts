import { describe, expect, it } from 'vitest';
import { OVERVIEW_SEARCH } from '../../route-search';
import {
  chartLabel,
  clampPage,
  formatAmountMajor,
  formatFinancialStatus,
  formatPaidDate,
  pageCount,
  paymentLabel,
  presetOf,
  presetRange,
  REPORT_QUERY_KEY,
  readSavedQuery,
  readView,
  reduceOnLeave,
  savedQueryOf,
  searchFromSaved,
  writeView,
} from './format';

describe('chart labels (§4)', () => {
  it('hours with am/pm on a single day', () => {
    expect(chartLabel('2024-03-10T00:00:00', 'hour', '2024-03-10')).toBe('12am');
    expect(chartLabel('2024-03-10T01:00:00', 'hour', '2024-03-10')).toBe('1am');
    expect(chartLabel('2024-03-10T11:00:00', 'hour', '2024-03-10')).toBe('11am');
    expect(chartLabel('2024-03-10T12:00:00', 'hour', '2024-03-10')).toBe('12pm');
    expect(chartLabel('2024-03-10T23:00:00', 'hour', '2024-03-10')).toBe('11pm');
  });
  it('the six four-hour blocks with the spec labels', () => {
    const labels = [0, 4, 8, 12, 16, 20].map((h) => chartLabel(`2024-03-10T${String(h).padStart(2, '0')}:00:00`, 'four_hours', 'x'));
    expect(labels).toEqual(['0-3 AM', '4-7 AM', '8-11 AM', '12-15 PM', '16-19 PM', '20-23 PM']);
  });
  it('days by month name and day (never 09/03), today as Today', () => {
    expect(chartLabel('2024-03-09T00:00:00', 'day', '2024-03-10')).toBe('Mar 9');
    expect(chartLabel('2024-03-10T00:00:00', 'day', '2024-03-10')).toBe('Today');
    expect(chartLabel('2024-12-31T00:00:00', 'day', '2025-01-01')).toBe('Dec 31');
  });
});

describe('date presets', () => {
  const today = '2024-03-10';
  it('gives the ranges of Today, Yesterday, Last 7/30 days, This month and Last month', () => {
    expect(presetRange('Today', today)).toEqual(['2024-03-10', '2024-03-10']);
    expect(presetRange('Yesterday', today)).toEqual(['2024-03-09', '2024-03-09']);
    expect(presetRange('Last 7 days', today)).toEqual(['2024-03-04', '2024-03-10']);
    expect(presetRange('Last 30 days', today)).toEqual(['2024-02-10', '2024-03-10']);
    expect(presetRange('This month', today)).toEqual(['2024-03-01', '2024-03-10']);
    expect(presetRange('Last month', today)).toEqual(['2024-02-01', '2024-02-29']);
    expect(presetRange('Last month', '2024-01-15')).toEqual(['2023-12-01', '2023-12-31']);
  });
  it('recognises a preset range, and a custom one as null', () => {
    expect(presetOf('2024-02-10', '2024-03-10', today)).toBe('Last 30 days');
    expect(presetOf('2024-02-11', '2024-03-10', today)).toBeNull();
  });
});

describe('the Order paid columns (§3, §9)', () => {
  it('formats status, payment, amount and date', () => {
    expect(formatFinancialStatus('paid')).toBe('Paid');
    expect(formatFinancialStatus('partially_refunded')).toBe('Partially refunded');
    expect(paymentLabel({ paymentName: 'Stripe', paymentSource: { card: { type: 'visa' } } })).toBe('Credit/Debit Card');
    expect(paymentLabel({ paymentName: 'Cash on delivery', paymentSource: null })).toBe('Cash on delivery');
    expect(paymentLabel({ paymentName: 'PayPal', paymentSource: {} })).toBe('PayPal');
    expect(formatAmountMajor(1234.5)).toBe('1,234.50 USD');
    expect(formatAmountMajor(0)).toBe('0.00 USD');
    expect(formatPaidDate('2024-03-10T09:05:07.000Z', 'America/Los_Angeles')).toBe('10-03-2024 01:05:07');
    expect(formatPaidDate('2024-03-10T18:20:00.000Z', 'Asia/Kathmandu')).toBe('11-03-2024 00:05:00');
    expect(formatPaidDate(null, 'UTC')).toBe('');
  });
  it('bounds paging by 1 and the page count', () => {
    expect(pageCount(0, 7)).toBe(1);
    expect(pageCount(7, 7)).toBe(1);
    expect(pageCount(8, 7)).toBe(2);
    expect(clampPage(0, 3)).toBe(1);
    expect(clampPage(4, 3)).toBe(3);
    expect(clampPage(2, 3)).toBe(2);
  });
});

describe('query parameters and the saved report query', () => {
  const d = { today: '2024-03-10', storeId: 's1', timezone: 'America/Los_Angeles' };
  it('reads from_time, to_time, store, refresh and tz with defaults', () => {
    expect(readView({}, d)).toEqual({
      from: '2024-03-10',
      to: '2024-03-10',
      stores: ['s1'],
      autoRefresh: false,
      timezone: 'America/Los_Angeles',
    });
    expect(readView({ from_time: '2024-02-10', to_time: '2024-03-10', store: 's1,s2,s1', refresh: 'true', tz: 'Asia/Kolkata' }, d)).toEqual(
      { from: '2024-02-10', to: '2024-03-10', stores: ['s1', 's2'], autoRefresh: true, timezone: 'Asia/Kolkata' },
    );
    expect(readView({ from_time: '2024-02-31', to_time: '2024-03-10', refresh: 'yes' }, d)).toMatchObject({
      from: '2024-03-10',
      autoRefresh: false,
    });
    expect(readView({ from_time: '2024-03-11', to_time: '2024-03-10' }, d)).toMatchObject({ from: '2024-03-10', to: '2024-03-10' });
  });
  it('validates the address with OVERVIEW_SEARCH (route-search.ts): invalid values read as null, absent ones stay absent', () => {
    const A = '00000000-0000-4000-8000-0000000000aa';
    const B = '00000000-0000-4000-8000-0000000000ab';
    expect(OVERVIEW_SEARCH.parse({})).toEqual({});
    expect(
      OVERVIEW_SEARCH.parse({ from_time: '2024-02-10', to_time: '2024-03-10', store: `${A},${B}`, refresh: true, tz: 'Asia/Kolkata' }),
    ).toEqual({ from_time: '2024-02-10', to_time: '2024-03-10', store: `${A},${B}`, refresh: true, tz: 'Asia/Kolkata' });
    const bad = OVERVIEW_SEARCH.parse({ from_time: '2024-02-31', to_time: 20240310, store: 'abc', refresh: 'yes', tz: 'Mars/Olympus' });
    expect(bad).toEqual({ from_time: null, to_time: null, store: null, refresh: false, tz: null });
    // Invalid values fall back to the view's defaults (today, the current store, the store's zone).
    expect(readView(bad, d)).toEqual({
      from: '2024-03-10',
      to: '2024-03-10',
      stores: ['s1'],
      autoRefresh: false,
      timezone: 'America/Los_Angeles',
    });
    expect(OVERVIEW_SEARCH.parse({ refresh: 'true' }).refresh).toBe(true);
  });
  it('writes the view back to the same parameters', () => {
    const v = readView({ from_time: '2024-02-10', to_time: '2024-03-10', store: 's1,s2', refresh: 'true', tz: 'UTC' }, d);
    expect(writeView(v)).toEqual({ from_time: '2024-02-10', to_time: '2024-03-10', store: 's1,s2', refresh: 'true', tz: 'UTC' });
    expect(readView(writeView(v), d)).toEqual(v);
  });
  it('keeps startDate, endDate, stores, autoRefresh, and only autoRefresh after leaving', () => {
    const v = readView({ from_time: '2024-02-10', to_time: '2024-03-10', store: 's2', refresh: 'true' }, d);
    const saved = savedQueryOf(v);
    expect(saved).toEqual({ startDate: '2024-02-10', endDate: '2024-03-10', stores: ['s2'], autoRefresh: true });
    const store = new Map<string, string>([[REPORT_QUERY_KEY, JSON.stringify(saved)]]);
    const storage = { getItem: (k: string) => store.get(k) ?? null };
    expect(readSavedQuery(storage)).toEqual(saved);
    expect(searchFromSaved(readSavedQuery(storage))).toEqual({
      from_time: '2024-02-10',
      to_time: '2024-03-10',
      store: 's2',
      refresh: 'true',
    });
    expect(reduceOnLeave(saved)).toEqual({ autoRefresh: true });
    expect(searchFromSaved(reduceOnLeave(saved))).toEqual({ refresh: 'true' });
    expect(readSavedQuery({ getItem: () => '{not json' })).toBeNull();
  });
});
