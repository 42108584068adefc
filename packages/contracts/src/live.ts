import { z } from 'zod';
import { MajorUnits } from './common.js';

/** One row of a live-view top list: what (a landing path, a source, a country) and how many. */
export const LiveTopRow = z.object({ label: z.string(), count: z.number().int() });
export type LiveTopRow = z.infer<typeof LiveTopRow>;

/**
 * GET /api/live/summary and every `summary` event of GET /api/live/stream (issue 17 item 5; Shopify's Live View
 * vocabulary). "Today" is the shop's local day in `timezone` (its standard timezone, spec §9); money in major units.
 */
export const LiveSummary = z.object({
  /** When the figures were read (ISO instant). */
  at: z.string(),
  timezone: z.string(),
  /** Today's local date in `timezone` (YYYY-MM-DD). */
  today: z.string(),
  /** Visitor sessions with a storefront event in the last LIVE_VISITOR_WINDOW_MINUTES minutes. */
  visitorsNow: z.number().int(),
  /** Visitor sessions whose first event was today. */
  sessionsToday: z.number().int(),
  /** Orders placed today and today's total sales (returns on the refund's day), as modules/metrics defines them (METRIC_HELP). */
  ordersToday: z.number().int(),
  totalSalesToday: MajorUnits,
  currency: z.string(),
  /** Sessions active in the last LIVE_ACTIVITY_WINDOW_MINUTES minutes with a cart but no checkout yet. */
  activeCarts: z.number().int(),
  /** Sessions active in the last LIVE_ACTIVITY_WINDOW_MINUTES minutes that reached checkout and did not purchase. */
  checkingOut: z.number().int(),
  /** Sessions active in the last LIVE_ACTIVITY_WINDOW_MINUTES minutes that purchased. */
  purchased: z.number().int(),
  /** Today's sessions (first event today) by landing path (sessions whose first event carried one). */
  topLandingPages: z.array(LiveTopRow),
  /** Today's sessions by source (UTM source, else the referrer class). */
  topSources: z.array(LiveTopRow),
  /** Today's orders by shipping country, when the order has one. */
  topCountries: z.array(LiveTopRow),
});
export type LiveSummary = z.infer<typeof LiveSummary>;
