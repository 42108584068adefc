import {
  DEFAULT_TIMEZONE,
  LIVE_ACTIVITY_WINDOW_MINUTES,
  LIVE_TOP_LIST_SIZE,
  LIVE_VISITOR_WINDOW_MINUTES,
  type LiveSummary,
  type LiveTopRow,
} from '@backroom/contracts';
import { type Db, preparedRows, sql } from '../../db/client.js';
import { isPaidOrder, majorFromCents } from '../../lib/money.js';

/** The channel of the live view's notices (migration `live_notify`: payload = the store id). */
export const LIVE_CHANNEL = 'backroom_live';

interface SummaryRow {
  at: Date | string;
  tz: string;
  today: string;
  currency: string;
  visitors_now: number;
  sessions: number;
  orders: number;
  sales_cents: number;
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
 *   paid orders and their sales net of refunds, from the roll-up `analytics_buckets` (lib/money.ts "paid");
 * - customer behaviour: sessions active in the last LIVE_ACTIVITY_WINDOW_MINUTES by the furthest funnel step they
 *   reached (`analytics_sessions`): cart only, checkout not purchased, purchased;
 * - today's orders by shipping country (when the order has an address);
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
        today as (
          select coalesce(sum(b.visitors), 0)::bigint as sessions, coalesce(sum(b.paid_orders), 0)::bigint as orders,
                 coalesce(sum(b.paid_sales_cents), 0)::bigint as sales_cents
          from analytics_buckets b, day
          where b.store_id = ${storeId}::uuid and b.bucket >= day.start and b.bucket <= ${nowSql}
        ),
        countries as (
          select c as label, count(*)::int as count
          from (select nullif(o.customer_info -> 0 -> 'address' ->> 'country', '') as c
                from orders o, day
                where o.store_id = ${storeId}::uuid and o.created_at >= day.start and ${isPaidOrder('o')}) x
          where c is not null
          group by c
          order by count(*) desc, c
          limit ${LIVE_TOP_LIST_SIZE}
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
        select ${nowSql} as at, day.tz, day.today, s.currency, behaviour.*, today.*,
               (select json_agg(json_build_object('label', label, 'count', count) order by count desc, label) from countries) as countries,
               (select json_agg(json_build_object('label', label, 'count', count) order by count desc, label) from pages) as pages,
               (select json_agg(json_build_object('label', label, 'count', count) order by count desc, label) from sources) as sources
        from day, behaviour, today, stores s
        where s.id = ${storeId}::uuid`,
  );
  if (!r) throw new Error(`store ${storeId} not found`);
  return {
    at: new Date(r.at).toISOString(),
    timezone: r.tz,
    today: r.today,
    visitorsNow: Number(r.visitors_now),
    sessionsToday: Number(r.sessions),
    ordersToday: Number(r.orders),
    totalSalesToday: majorFromCents(Number(r.sales_cents)),
    currency: r.currency,
    activeCarts: Number(r.carts),
    checkingOut: Number(r.checking_out),
    purchased: Number(r.purchased),
    topLandingPages: r.pages ?? [],
    topSources: r.sources ?? [],
    topCountries: r.countries ?? [],
  };
}
