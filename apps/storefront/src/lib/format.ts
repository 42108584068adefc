/** Fixed demo rates from USD for the currency selector (theme-editor §3 Currency `enabled_currency`): display only. */
export const DISPLAY_RATES: Record<string, number> = { USD: 1, EUR: 0.92, GBP: 0.79, CAD: 1.36, AUD: 1.52 };

/**
 * Formats cents of `currency` as money with 2 decimals (DESIGN.md "Data"), converted for display into `display`
 * when the shopper picked another currency (approximate, fixed rates; checkout charges the store currency).
 */
export function formatMoney(cents: number, currency: string, display: string = currency): string {
  const from = DISPLAY_RATES[currency] ?? 1;
  const to = DISPLAY_RATES[display] ?? from;
  const amount = ((cents / 100) * to) / from;
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: display, minimumFractionDigits: 2 }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${display}`;
  }
}

/** Percent saved from compare-at to price, rounded (spec §5 sale style "percent"). */
export const percentOff = (price: number, compare: number) => Math.round(((compare - price) / compare) * 100);
