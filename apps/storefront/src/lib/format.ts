/** Fixed demo rates from USD for the currency selector (theme-editor §3 Currency `enabled_currency`): display only. */
export const DISPLAY_RATES: Record<string, number> = { USD: 1, EUR: 0.92, GBP: 0.79, CAD: 1.36, AUD: 1.52 };

/**
 * Formats integer cents of `currency` as money with 2 decimals (DESIGN.md "Data"; STYLE.md "Names and units": the
 * storefront API answers cents, hence the name), converted for display into `display` when the shopper picked another
 * currency (approximate, fixed rates; checkout charges the store currency). Example: (2599, 'USD') → '$25.99'.
 */
export function formatMoneyCents(cents: number, currency: string, display: string = currency): string {
  const from = DISPLAY_RATES[currency] ?? 1;
  const to = DISPLAY_RATES[display] ?? from;
  const amount = ((cents / 100) * to) / from;
  let f = formatters.get(display);
  if (f === undefined) {
    try {
      f = new Intl.NumberFormat('en-US', { style: 'currency', currency: display, minimumFractionDigits: 2 });
    } catch {
      f = null;
    }
    formatters.set(display, f);
  }
  return f ? f.format(amount) : `${amount.toFixed(2)} ${display}`;
}

/**
 * One formatter per currency code (null: not a currency Intl knows): building an Intl.NumberFormat costs far more
 * than formatting, and a page formats every price it shows at hydration (issue 16 item 3, total blocking time).
 */
const formatters = new Map<string, Intl.NumberFormat | null>();

/** Percent saved from compare-at to price, rounded (spec §5 sale style "percent"). */
export const percentOff = (price: number, compare: number) => Math.round(((compare - price) / compare) * 100);
