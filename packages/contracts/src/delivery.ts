/**
 * Shipping and delivery promises from one computation (issue 31 item 1): the free-shipping goal, the shipping line
 * and the delivery dates that the product page, the cart, the checkout, the thank-you page and the order e-mail show
 * all come from here, so one order reads the same everywhere.
 *
 * Inputs: the shop's shipping (the quote's `shippingCents`: what the checkout charges), the theme's times (the
 * thank-you page's order steps = production time before shipping, the product page's `setting_shipping.time_shipping`
 * = shipping time in days), and the order's dates as calendar days in the SHOP's time zone (`YYYY-MM-DD`).
 *
 * Free of Intl and of any library on purpose: it runs in the storefront's hydration path (see
 * apps/storefront/src/lib/format.ts: the first Intl formatter of a page costs 9–17 ms). Turning an instant into the
 * shop's day needs the shop's UTC offset, which the server works out (contracts' time.ts `offsetMinutes`) and sends.
 */

/** A calendar day `YYYY-MM-DD` (in the shop's time zone where it stands for a moment). */
export type Day = string;

/** Shipping time when the theme has none (newchick's default, theme-editor §3 `time_shipping`), days. */
export const DEFAULT_SHIPPING_DAYS = { from: 7, to: 15 } as const;

/** Milliseconds in a day, hour and minute: the thank-you steps' units (theme-editor §3 "Thank-you page"). */
const UNIT_MS: Record<string, number> = { days: 86400_000, hours: 3600_000, minutes: 60_000 };

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const pad = (n: number) => String(n).padStart(2, '0');

/** The shop-local day of instant `ms` (epoch ms) for a shop `utcOffsetMinutes` east of UTC (−480 = UTC−8). */
export function dayAt(ms: number, utcOffsetMinutes: number): Day {
  const d = new Date(ms + utcOffsetMinutes * 60_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** `day` plus `n` calendar days (n may be negative); a calendar sum, no time zone involved. */
export function addDays(day: Day, n: number): Day {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return dayAt(Date.UTC(y, m - 1, d + n), 0);
}

/** 'Dec 14' (en-US short month and day; with `withYear` 'Dec 14, 2026'), as `formatShortDate` writes it. */
export function formatDay(day: Day, withYear = false): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const text = `${SHORT_MONTHS[m - 1]} ${d}`;
  return withYear ? `${text}, ${y}` : text;
}

/** The theme's times, whole days: production before the order ships, then shipping from–to. */
export interface DeliveryTimes {
  processingDays: number;
  shippingFromDays: number;
  shippingToDays: number;
}

/** A thank-you step as the theme stores it: a time in days, hours or minutes (theme-editor §3). */
interface StepLike {
  unit?: unknown;
  time?: unknown;
}

/**
 * The delivery times of a theme config (any shape; missing parts fall back): production = the sum of the
 * thank-you page's order steps (`settings.thankpage.steps.settings.blocks`, each `time` in its `unit`), rounded up
 * to whole days; shipping = `settings.product.setting_shipping.time_shipping` {from, to} days, else
 * DEFAULT_SHIPPING_DAYS. `to` is never before `from`.
 */
export function deliveryTimesOf(config: unknown): DeliveryTimes {
  const settings = (config as { settings?: Record<string, unknown> } | null)?.settings ?? {};
  const thank = settings.thankpage as { steps?: { settings?: { blocks?: StepLike[] } } } | undefined;
  const blocks = Array.isArray(thank?.steps?.settings?.blocks) ? thank.steps.settings.blocks : [];
  let ms = 0;
  for (const b of blocks) {
    const t = Number(b.time);
    if (Number.isFinite(t) && t > 0) ms += t * (UNIT_MS[String(b.unit)] ?? UNIT_MS.days!);
  }
  const product = settings.product as { setting_shipping?: { time_shipping?: { from?: unknown; to?: unknown } } } | undefined;
  const range = product?.setting_shipping?.time_shipping;
  const from = wholeDays(range?.from, DEFAULT_SHIPPING_DAYS.from);
  const to = Math.max(from, wholeDays(range?.to, DEFAULT_SHIPPING_DAYS.to));
  return { processingDays: Math.max(0, Math.ceil(ms / UNIT_MS.days! - 1e-9)), shippingFromDays: from, shippingToDays: to };
}

function wholeDays(v: unknown, fallback: number): number {
  const n = Number(v);
  return v === undefined || v === null || v === '' || !Number.isFinite(n) || n < 0 ? fallback : Math.round(n);
}

/** What a shopper is promised about one order (or about an order placed on `placedOn`). */
export interface DeliveryPromise {
  placedOn: Day;
  /** The day the order ships at the latest (placed + production), or the day it did ship. */
  shipsOn: Day;
  /** The day of the order's first fulfilment; null while nothing has shipped. */
  shippedOn: Day | null;
  /** Delivery window, inclusive. */
  from: Day;
  to: Day;
  /** Days from the order (placed) to the window: `from - placedOn`, `to - placedOn`. */
  fromDays: number;
  toDays: number;
  /** "Estimated delivery Dec 14 – Dec 22" */
  estimate: string;
  /** "Shipped Dec 9" once shipped, else null: "Shipped" is said only when a fulfilment exists. */
  shipped: string | null;
}

/**
 * The promise for an order placed on `placedOn` (shop day): it ships after the production time and arrives
 * within the shipping time; once it has shipped (`shippedOn`, its first fulfilment's shop day), the window counts
 * from that day instead.
 */
export function deliveryPromise(input: { placedOn: Day; shippedOn?: Day | null; times: DeliveryTimes }): DeliveryPromise {
  const { placedOn, times } = input;
  const shippedOn = input.shippedOn ?? null;
  const shipsOn = shippedOn ?? addDays(placedOn, times.processingDays);
  const from = addDays(shipsOn, times.shippingFromDays);
  const to = addDays(shipsOn, times.shippingToDays);
  const span = (a: Day, b: Day) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / UNIT_MS.days!);
  return {
    placedOn,
    shipsOn,
    shippedOn,
    from,
    to,
    fromDays: span(placedOn, from),
    toDays: span(placedOn, to),
    estimate: `Estimated delivery ${formatDay(from)} – ${formatDay(to)}`,
    shipped: shippedOn ? `Shipped ${formatDay(shippedOn)}` : null,
  };
}

/** Where the cart stands against the free-shipping goal (theme-editor §3 Cart goal `goalAmount`). */
export interface FreeShippingProgress {
  /** Shipping costs nothing for this cart: no "spend more" message may show. */
  reached: boolean;
  /** Cents still to spend; 0 once reached. */
  remainingCents: number;
  /** Progress bar, 0–100. */
  percent: number;
}

/**
 * The free-shipping goal of a cart: `shippingCents` is what the checkout charges this cart (the shop's shipping,
 * from the quote); when it is 0 shipping is already free and the goal counts as reached whatever `goalCents` says
 * (the checkout would show "Free" beside "Spend $22.00 more": issue 31 item 1). Otherwise the shopper must spend
 * `goalCents − subtotalCents` more.
 */
export function freeShippingProgress(input: { subtotalCents: number; shippingCents: number; goalCents: number }): FreeShippingProgress {
  const { subtotalCents, shippingCents, goalCents } = input;
  const remaining = Math.max(0, goalCents - subtotalCents);
  if (shippingCents <= 0 || remaining === 0) return { reached: true, remainingCents: 0, percent: 100 };
  return { reached: false, remainingCents: remaining, percent: Math.min(100, Math.max(0, Math.round((subtotalCents / goalCents) * 100))) };
}

/** The shipping line: 'Free' or the charged amount written by `money` (cents → text). */
export function shippingLine(shippingCents: number, money: (cents: number) => string): string {
  return shippingCents > 0 ? money(shippingCents) : 'Free';
}
