import { localParts, startOfLocalDay } from '@backroom/contracts';
import type { Random } from './random.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Relative order weight of each local hour 0..23: quiet nights, a lunch bump, an evening peak (20-22 h). */
export const HOUR_WEIGHTS = [
  0.35, 0.22, 0.14, 0.1, 0.09, 0.12, 0.25, 0.45, 0.7, 0.85, 0.95, 1.05, 1.2, 1.15, 1.0, 0.95, 1.0, 1.1, 1.3, 1.55, 1.75, 1.8, 1.45, 0.8,
];
/** Relative order weight of each local weekday, Sunday = 0: weekends sell more. */
export const WEEKDAY_WEIGHTS = [1.3, 0.88, 0.85, 0.9, 0.97, 1.12, 1.38];

/** One hour-long slice of the demo period (the last one ends at "now"). */
export interface Bucket {
  /** Start instant, ms since epoch. */
  start: number;
  /** Length in ms (an hour, less for the current one). */
  span: number;
  /** Index of the local day from the first day (0) to today (days). */
  day: number;
  /** Relative weight for orders and visits. */
  weight: number;
}

/** The demo period of one shop: hourly buckets from local midnight `days` days ago up to `now`, with their weights. */
export interface Timeline {
  buckets: Bucket[];
  todayStart: number;
  firstDayStart: number;
  now: number;
  days: number;
}

/**
 * Builds the hourly timeline of one shop in its timezone `tz`: `days` whole local days before today plus today up
 * to `now` (ms). Each bucket's weight = hour-of-day × weekday × a slow growth trend × day-to-day noise × a few
 * promotion days, so charts show a realistic daily and hourly shape.
 */
export function buildTimeline(r: Random, tz: string, now: number, days: number): Timeline {
  const todayStart = startOfLocalDay(now, tz);
  const firstDayStart = startOfLocalDay(todayStart - days * DAY + 12 * HOUR, tz);
  const dayFactors: number[] = [];
  const promo = new Set([r.int(5, days - 5), r.int(5, days - 5), r.int(days - 20, days - 3)]);
  for (let d = 0; d <= days; d++) {
    const trend = 0.8 + (0.4 * d) / days;
    const noise = Math.exp(0.13 * r.normal());
    dayFactors.push(trend * noise * (promo.has(d) ? 1.9 : 1));
  }
  const buckets: Bucket[] = [];
  let day = 0;
  let lastDate = '';
  for (let t = firstDayStart; t < now; t += HOUR) {
    const mid = Math.min(t + HOUR / 2, (t + now) / 2);
    const p = localParts(mid, tz);
    if (lastDate && p.date !== lastDate) day += 1;
    lastDate = p.date;
    const span = Math.min(HOUR, now - t);
    const weight = (HOUR_WEIGHTS[p.hour] ?? 1) * (WEEKDAY_WEIGHTS[p.weekday] ?? 1) * (dayFactors[Math.min(day, days)] ?? 1) * (span / HOUR);
    buckets.push({ start: t, span, day, weight });
  }
  return { buckets, todayStart, firstDayStart, now, days };
}

/**
 * Draws `n` instants (ms, ascending) spread over the timeline by weight. At least `minToday` fall today before
 * `now` and at least one on the first day (so "today" and "90 days back" always have orders). Returns each
 * instant with its bucket index.
 */
export function drawInstants(r: Random, tl: Timeline, n: number, minToday = 3): { at: Float64Array; bucket: Int32Array } {
  const { buckets } = tl;
  const cdf = new Float64Array(buckets.length);
  let acc = 0;
  buckets.forEach((b, i) => {
    acc += b.weight;
    cdf[i] = acc;
  });
  const todayFrom = buckets.findIndex((b) => b.start + b.span > tl.todayStart);
  const firstDayTo = buckets.findIndex((b) => b.day > 0);
  const pickIn = (from: number, to: number) => {
    const lo = from === 0 ? 0 : cdf[from - 1]!;
    const x = lo + r.float() * (cdf[to - 1]! - lo);
    let a = from;
    let b = to - 1;
    while (a < b) {
      const m = (a + b) >> 1;
      if (cdf[m]! > x) b = m;
      else a = m + 1;
    }
    return a;
  };
  const picks: number[] = [];
  const forcedToday = Math.min(n, minToday);
  const forcedFirst = n - forcedToday > 0 ? 1 : 0;
  for (let i = 0; i < forcedToday; i++) picks.push(pickIn(todayFrom, buckets.length));
  for (let i = 0; i < forcedFirst; i++) picks.push(pickIn(0, firstDayTo > 0 ? firstDayTo : buckets.length));
  while (picks.length < n) picks.push(pickIn(0, buckets.length));
  const items = picks.map((bi) => {
    const b = buckets[bi]!;
    // Never at or after "now": the current bucket is only partly elapsed.
    return { at: Math.floor(b.start + r.float() * Math.max(1, b.span - 1000)), bi };
  });
  items.sort((a, b) => a.at - b.at);
  return { at: Float64Array.from(items, (x) => x.at), bucket: Int32Array.from(items, (x) => x.bi) };
}
