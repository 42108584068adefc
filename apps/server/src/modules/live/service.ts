import {
  DEFAULT_TIMEZONE,
  LIVE_ACTIVITY_WINDOW_MINUTES,
  LIVE_TOP_LIST_SIZE,
  LIVE_VISITOR_WINDOW_MINUTES,
  type LiveSummary,
  type LiveTopRow,
} from '@backroom/contracts';
import { type Db, preparedRows, sql } from '../../db/client.js';
import { majorFromCents } from '../../lib/money.js';
import { countryName, isCountedOrder, periodTotals } from '../metrics/index.js';

/** The channel of the live view's notices (migration `live_notify`: payload = the store id). */
export const LIVE_CHANNEL = 'backroom_live';

interface SummaryRow {
  at: Date | string;
  tz: string;
  today: string;
  currency: string;
  visitors_now: number;
  day_start: Date | string;
  carts: number;
  checking_out: number;
  purchased: number;
  countries: LiveTopRow[] | null;
  pages: LiveTopRow[] | null;
  sources: LiveTopRow[] | null;
}

/**
 * The live view's figures of one store (issue 17 item 5, Shopify's Live View), read in ONE statement:
 * - visitors right now: distinct visitor sessions with a storefront event in the last LIVE_VISITOR_WINDOW_MINUTES;
 * - today (the store's standard timezone, spec §9; local midnight is always a 15-minute bucket bound): sessions,
 *   orders and total sales as modules/metrics defines them (returns on the refund's day), from its `periodTotals`
 *   over today's buckets up to the one holding `now` — the figures home and the Overview show for today;
 * - customer behaviour: sessions active in the last LIVE_ACTIVITY_WINDOW_MINUTES by the furthest funnel step they
 *   reached (`analytics_sessions`): cart only, checkout not purchased, purchased;
 * - today's orders by shipping country (when the order has an address), one row per country however it was
 *   written (metrics `countryName`: "US", "USA" and "United States" are one place; issue 30);
 * - today's sessions (started today) by landing path and by source — the UTM source, else the referrer class
 *   (direct | search | social | email | other) — from the counters `live_session_days` (first-touch attribution,
 *   issue 17 item 1; a few rows per day and store, kept by a trigger on `visitor_sessions`, migration 0026), so the
 *   call costs the same at 100 or 100,000 sessions a day. A session without a landing path is left out of the pages
 *   list. Each list holds at most LIVE_TOP_LIST_SIZE rows, most first, ties by label.
 * One statement, prepared (`preparedRows`: its plan is kept per connection; planning it was most of its time).
 * `now` overrides the clock (tests). Money in major units of the store currency.
 */
export async function liveSummary(db: Db, storeId: string, now?: Date): Promise<LiveSummary> {
  const nowSql = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
  const [r] = await preparedRows<SummaryRow>(
    db,
    'live_summary',
    sql`with day as (
          select tz, (date_trunc('day', ${nowSql} at time zone tz) at time zone tz) as start,
                 to_char(${nowSql} at time zone tz, 'YYYY-MM-DD') as today, (${nowSql} at time zone tz)::date as today_date
          from (select coalesce((select nullif(standard_timezone, '') from store_preferences where store_id = ${storeId}::uuid), ${DEFAULT_TIMEZONE}) as tz) z
        ),
        recent as (
          select visitor_session_id, max(occurred_at) as last_at
          from storefront_events
          where store_id = ${storeId}::uuid
            and occurred_at > ${nowSql} - make_interval(mins => ${LIVE_ACTIVITY_WINDOW_MINUTES})
            and occurred_at <= ${nowSql}
          group by 1
        ),
        behaviour as (
          select count(*) filter (where r.last_at > ${nowSql} - make_interval(mins => ${LIVE_VISITOR_WINDOW_MINUTES}))::int as visitors_now,
                 count(*) filter (where a.cart_at is not null and a.checkout_at is null and a.purchase_at is null)::int as carts,
                 count(*) filter (where a.checkout_at is not null and a.purchase_at is null)::int as checking_out,
                 count(*) filter (where a.purchase_at is not null)::int as purchased
          from recent r
          left join analytics_sessions a on a.store_id = ${storeId}::uuid and a.visitor_session_id = r.visitor_session_id
        ),
        countries as (
          select c as label, count(*)::int as count
          from (select nullif(trim(o.customer_info -> 0 -> 'address' ->> 'country'), '') as c
                from orders o, day
                where o.store_id = ${storeId}::uuid and o.created_at >= day.start and ${isCountedOrder('o')}) x
          where c is not null
          group by c
        ),
        today_sessions as materialized (
          select l.landing_path, l.source, l.sessions
          from live_session_days l, day
          where l.store_id = ${storeId}::uuid and l.day = day.today_date
        ),
        pages as (
          select landing_path as label, sum(sessions)::int as count from today_sessions
          where landing_path <> '' group by 1 order by 2 desc, 1 limit ${LIVE_TOP_LIST_SIZE}
        ),
        sources as (
          select source as label, sum(sessions)::int as count from today_sessions
          group by 1 order by 2 desc, 1 limit ${LIVE_TOP_LIST_SIZE}
        )
        select ${nowSql} as at, day.tz, day.today, day.start as day_start, s.currency, behaviour.*,
               (select json_agg(json_build_object('label', label, 'count', count) order by count desc, label) from countries) as countries,
               (select json_agg(json_build_object('label', label, 'count', count) order by count desc, label) from pages) as pages,
               (select json_agg(json_build_object('label', label, 'count', count) order by count desc, label) from sources) as sources
        from day, behaviour, stores s
        where s.id = ${storeId}::uuid`,
  );
  if (!r) throw new Error(`store ${storeId} not found`);
  // Today up to the end of the 15-minute bucket holding `now` (whole buckets: the roll-up answers it alone).
  const at = new Date(r.at);
  const bucketEnd = new Date(Math.floor(at.getTime() / 900_000) * 900_000 + 900_000);
  const today = await periodTotals(db, [storeId], new Date(r.day_start), bucketEnd);
  return {
    at: new Date(r.at).toISOString(),
    timezone: r.tz,
    today: r.today,
    visitorsNow: Number(r.visitors_now),
    sessionsToday: today.sessions,
    ordersToday: today.orders,
    totalSalesToday: majorFromCents(today.totalSalesCents),
    currency: r.currency,
    activeCarts: Number(r.carts),
    checkingOut: Number(r.checking_out),
    purchased: Number(r.purchased),
    topLandingPages: r.pages ?? [],
    topSources: r.sources ?? [],
    topCountries: mergeCountries(r.countries ?? []),
  };
}

/**
 * Top locations (issue 30): rows of raw country spellings merged under metrics' `countryName`, most first, ties by
 * name, at most LIVE_TOP_LIST_SIZE.
 */
export function mergeCountries(raw: LiveTopRow[]): LiveTopRow[] {
  const byName = new Map<string, number>();
  for (const row of raw) {
    const name = countryName(row.label);
    byName.set(name, (byName.get(name) ?? 0) + Number(row.count));
  }
  return [...byName]
    .map(([label, count]) => ({ label, count }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label))
    .slice(0, LIVE_TOP_LIST_SIZE);
}
