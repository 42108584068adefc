import { addDaysToDate, localDate } from '@backroom/contracts';
import type { SQL } from 'drizzle-orm';
import { type Db, sql } from '../db/client.js';
import type { DemoCatalog } from './catalog.js';

/**
 * The demo shops' marketing traffic (issue 17 item 8): where sessions and orders come from (first-touch
 * attribution as the storefront beacon records it, `modules/reports/attribution.ts`), the ad spend the merchant
 * entered, the cost per item of most variants, and a few visitors "right now". Everything is a fixed function of
 * an order number, a session's place in the generator or a SKU — no draw from the seed's PRNG — so adding traffic
 * left every other demo figure (orders, totals, customers, statuses) as it was.
 */

/** One traffic source: the attribution columns a session lands with, and its share of sessions and of orders (%). */
export interface DemoSource {
  referrer: string | null;
  /** direct | search | social | email | other, as `classifyReferrer` gives for this referrer and medium. */
  referrerClass: string;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  /** The ad network of the click id the landing URL carried (fbclid → facebook, ttclid → tiktok, gclid → google). */
  clickNetwork: string | null;
  /** A campaign's own landing page (a collection handle); null → the shop's usual landing pages. */
  landingCollection: string | null;
  /** Share of sessions, % (the list sums to 100). */
  sessions: number;
  /** Share of orders, % (the list sums to 100): sources convert differently (TikTok's spring-drop better than Facebook's). */
  orders: number;
}

const src = (s: Partial<DemoSource> & Pick<DemoSource, 'referrerClass' | 'sessions' | 'orders'>): DemoSource => ({
  referrer: null,
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  clickNetwork: null,
  landingCollection: null,
  ...s,
});

/** The demo's traffic sources (Shopify's sessions-by-source vocabulary; campaigns the ad spend pays for). */
export const DEMO_SOURCES: readonly DemoSource[] = [
  src({ referrerClass: 'direct', sessions: 30, orders: 29 }),
  src({ referrer: 'https://www.google.com/', referrerClass: 'search', sessions: 16, orders: 17 }),
  src({
    referrer: 'https://m.facebook.com/',
    referrerClass: 'social',
    utmSource: 'facebook',
    utmMedium: 'paid',
    utmCampaign: 'spring-drop',
    clickNetwork: 'facebook',
    landingCollection: 'new-arrivals',
    sessions: 13,
    orders: 8,
  }),
  src({
    referrer: 'https://www.tiktok.com/',
    referrerClass: 'social',
    utmSource: 'tiktok',
    utmMedium: 'paid',
    utmCampaign: 'spring-drop',
    clickNetwork: 'tiktok',
    landingCollection: 'new-arrivals',
    sessions: 10,
    orders: 12,
  }),
  src({
    referrer: 'https://l.instagram.com/',
    referrerClass: 'social',
    utmSource: 'instagram',
    utmMedium: 'social',
    utmCampaign: 'creator-collab',
    sessions: 8,
    orders: 6,
  }),
  src({
    referrerClass: 'email',
    utmSource: 'newsletter',
    utmMedium: 'email',
    utmCampaign: 'weekly-edit',
    landingCollection: 'sale',
    sessions: 7,
    orders: 13,
  }),
  src({
    referrer: 'https://www.google.com/',
    referrerClass: 'search',
    utmSource: 'google',
    utmMedium: 'cpc',
    utmCampaign: 'brand-search',
    clickNetwork: 'google',
    sessions: 6,
    orders: 9,
  }),
  src({ referrer: 'https://www.pinterest.com/', referrerClass: 'social', sessions: 5, orders: 3 }),
  src({
    referrer: 'https://m.facebook.com/',
    referrerClass: 'social',
    utmSource: 'facebook',
    utmMedium: 'paid',
    utmCampaign: 'retargeting',
    clickNetwork: 'facebook',
    sessions: 5,
    orders: 3,
  }),
];

/** A table of 1000 entries: entry k (0-based) is the 1-based index in DEMO_SOURCES of permille k by `field`'s shares. */
function permilleTable(field: 'sessions' | 'orders'): number[] {
  const out: number[] = [];
  DEMO_SOURCES.forEach((s, i) => {
    for (let k = 0; k < s[field] * 10; k++) out.push(i + 1);
  });
  if (out.length !== 1000) throw new Error(`DEMO_SOURCES ${field} shares must sum to 100`);
  return out;
}
const SESSION_TABLE = permilleTable('sessions');
const ORDER_TABLE = permilleTable('orders');

/** A well-spread integer hash of n (32-bit multiplicative, Knuth), non-negative. */
const mix = (n: number) => Math.imul(n ^ (n >>> 15), 0x2c1b3c6d) >>> 0;

/**
 * The landing pages of a shop's sessions (weighted by repetition): the home page, its first category collections,
 * New Arrivals and its most popular products.
 */
export function demoLandingPaths(catalog: DemoCatalog): string[] {
  const top = [...catalog.products].sort((a, b) => b.popularity - a.popularity).slice(0, 4);
  const categories = catalog.collections.filter((c) => !['new-arrivals', 'best-sellers', 'sale'].includes(c.handle)).slice(0, 3);
  return [
    '/',
    '/',
    '/',
    '/',
    ...categories.map((c) => `/collections/${c.handle}`),
    '/collections/best-sellers',
    ...top.map((p) => `/products/${p.handle}`),
    `/products/${top[0]!.handle}`,
  ];
}

/** The attribution columns of an order or a session (null for every field of an order that never saw the storefront). */
export interface DemoAttribution {
  landingPath: string;
  referrer: string | null;
  referrerClass: string;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  clickNetwork: string | null;
}

function attributionOf(source: DemoSource, landingPaths: string[], h: number): DemoAttribution {
  return {
    landingPath: source.landingCollection ? `/collections/${source.landingCollection}` : landingPaths[h % landingPaths.length]!,
    referrer: source.referrer,
    referrerClass: source.referrerClass,
    utmSource: source.utmSource,
    utmMedium: source.utmMedium,
    utmCampaign: source.utmCampaign,
    clickNetwork: source.clickNetwork,
  };
}

/** The first-touch attribution of the online order numbered `orderNumber` (by the sources' order shares). */
export function orderAttribution(orderNumber: number, landingPaths: string[]): DemoAttribution {
  const h = mix(orderNumber);
  return attributionOf(DEMO_SOURCES[ORDER_TABLE[h % 1000]! - 1]!, landingPaths, h >>> 10);
}

/**
 * SQL pieces that give a drop-off session its attribution from two integer SQL expressions (the generator's bucket
 * index `b` and session number `g`): `lateral` is a `cross join lateral (…) as src` clause, `columns` the seven
 * values in the order landing_path, referrer, referrer_class, utm_source, utm_medium, utm_campaign, click_network.
 * The source follows the sessions' shares (a permille table indexed by a hash of b and g).
 */
export function sessionAttributionSql(landingPaths: string[], b: SQL, g: SQL) {
  const arr = (xs: (string | null)[]) => {
    // Fixed words, URLs and slugs only: nothing to escape in the array literal.
    for (const x of xs) if (x !== null && !/^[\w\-/:.]+$/.test(x)) throw new Error(`not a plain array element: ${x}`);
    return sql`${`{${xs.map((x) => (x === null ? 'NULL' : `"${x}"`)).join(',')}}`}::text[]`;
  };
  const col = (f: keyof DemoSource) => arr(DEMO_SOURCES.map((s) => s[f] as string | null));
  const lateral = sql`cross join lateral (
      select (${`{${SESSION_TABLE.join(',')}}`}::int[])[1 + ((${g}::bigint * 48271 + ${b}::bigint * 69621) % 1000)::int] as i,
             1 + ((${g}::bigint * 7 + ${b}::bigint * 13) % ${landingPaths.length})::int as l
    ) as src`;
  const columns = sql`coalesce('/collections/' || (${col('landingCollection')})[src.i], (${arr(landingPaths)})[src.l]),
      (${col('referrer')})[src.i], (${col('referrerClass')})[src.i], (${col('utmSource')})[src.i],
      (${col('utmMedium')})[src.i], (${col('utmCampaign')})[src.i], (${col('clickNetwork')})[src.i]`;
  return { lateral, columns };
}

/** The cost per item of a variant, cents: 32–52 % of its price, null (no cost entered) for about 1 product in 8. */
export function demoCostCents(productHandle: string, sku: string, priceCents: number): number | null {
  const hash = (s: string) => [...s].reduce((h, c) => mix(h + c.charCodeAt(0)), 7);
  if (hash(productHandle) % 8 === 0) return null;
  return Math.round((priceCents * (32 + (hash(sku) % 21))) / 100);
}

/** Daily ad spend per channel in dollars for a shop of about 3,700 orders in 92 days (scaled by the shop's orders). */
const AD_BUDGET = { facebook: 95, tiktok: 70, google: 25 } as const;

/**
 * Ad spend the merchant entered (issue 17 item 3): Facebook and TikTok every day of the demo's range (local days of
 * the shop, `days` before today up to today), Google on weekdays; each day's amount varies ±25 % around the budget,
 * which scales with the shop's orders (`ordersShare` = its orders / 3,720). Amounts in cents.
 */
export async function insertAdSpend(tx: Db, storeId: string, timezone: string, now: number, days: number, ordersShare: number) {
  const today = localDate(now, timezone);
  const rowsIn: { day: string; channel: string; cents: number }[] = [];
  for (let d = 0; d <= days; d++) {
    const day = addDaysToDate(today, -d);
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    for (const [channel, dollars] of Object.entries(AD_BUDGET)) {
      if (channel === 'google' && (weekday === 0 || weekday === 6)) continue;
      const noise = 0.75 + (mix(d * 31 + channel.length) % 501) / 1000;
      const cents = Math.round(dollars * 100 * noise * ordersShare);
      if (cents > 0) rowsIn.push({ day, channel, cents });
    }
  }
  if (!rowsIn.length) return;
  await tx.execute(sql`
    insert into ad_spend (store_id, day, channel, amount_cents, created_at)
    select ${storeId}::uuid, x.day, x.channel, x.cents, ${new Date(now).toISOString()}::timestamptz
    from unnest(${`{${rowsIn.map((r) => r.day).join(',')}}`}::date[], ${`{${rowsIn.map((r) => r.channel).join(',')}}`}::text[],
                ${`{${rowsIn.map((r) => r.cents).join(',')}}`}::int[]) as x(day, channel, cents)`);
}

/** Visitors "right now" when the seed runs: [source index in DEMO_SOURCES, furthest step], seconds apart. */
const RIGHT_NOW: readonly [number, 'view' | 'cart' | 'checkout'][] = [
  [3, 'cart'],
  [0, 'view'],
  [1, 'view'],
  [2, 'checkout'],
  [5, 'view'],
  [3, 'view'],
];

/**
 * A few shoppers on the storefront as the seed runs (issue 17 item 8), so Live view has visitors right now, a cart
 * and a checkout in progress: RIGHT_NOW sessions whose events lie between 4 minutes and 10 seconds before `now`
 * (never at or after it), landing with their source's attribution. Session ids `vn{tag}{i}`.
 */
export async function insertVisitorsNow(tx: Db, storeId: string, landingPaths: string[], now: number, tag: string): Promise<number> {
  const ev: { sid: string; type: string; at: string; a: DemoAttribution | null }[] = [];
  RIGHT_NOW.forEach(([s, step], i) => {
    const sid = `vn${tag}${String(i).padStart(4, '0')}`;
    const start = now - 240_000 + i * 35_000;
    const a = attributionOf(DEMO_SOURCES[s]!, landingPaths, i * 5);
    ev.push({ sid, type: 'view_store', at: new Date(start).toISOString(), a });
    if (step !== 'view') ev.push({ sid, type: 'add_to_cart', at: new Date(start + 20_000).toISOString(), a: null });
    if (step === 'checkout') ev.push({ sid, type: 'reached_checkout', at: new Date(start + 40_000).toISOString(), a: null });
  });
  for (const e of ev) {
    const a = e.a;
    await tx.execute(sql`
      insert into storefront_events (store_id, visitor_session_id, type, occurred_at, landing_path, referrer, referrer_class,
                                     utm_source, utm_medium, utm_campaign, click_network)
      values (${storeId}::uuid, ${e.sid}, ${e.type}, ${e.at}::timestamptz, ${a?.landingPath ?? null}, ${a?.referrer ?? null},
              ${a?.referrerClass ?? null}, ${a?.utmSource ?? null}, ${a?.utmMedium ?? null}, ${a?.utmCampaign ?? null},
              ${a?.clickNetwork ?? null})`);
  }
  return ev.length;
}
