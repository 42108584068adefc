/** Fixed demo rates from USD for the currency selector (theme-editor §3 Currency `enabled_currency`): display only. */
export const DISPLAY_RATES: Record<string, number> = { USD: 1, EUR: 0.92, GBP: 0.79, CAD: 1.36, AUD: 1.52 };

/**
 * Formats integer cents of `currency` as money with 2 decimals (DESIGN.md "Data"; STYLE.md "Names and units": the
 * storefront API answers cents, hence the name), converted for display into `display` when the shopper picked another
 * currency (approximate, fixed rates; checkout charges the store currency). Example: (2599, 'USD') → '$25.99'.
 * Without a conversion its output is the one money formatter's, contracts' `formatMoneyCents(cents, currency,
 * 'en-US')`, character for character (issue 30 item 3; format.test.ts compares them): it is kept separate only to
 * stay free of Intl on the common currencies (see EN_US_SYMBOLS).
 */
export function formatMoneyCents(cents: number, currency: string, display: string = currency): string {
  const from = DISPLAY_RATES[currency] ?? 1;
  const to = DISPLAY_RATES[display] ?? from;
  const amount = ((cents / 100) * to) / from;
  const symbol = EN_US_SYMBOLS[display];
  const quick = symbol === undefined ? null : formatEnUs(amount, symbol);
  if (quick !== null) return quick;
  let f = formatters.get(display);
  if (f === undefined) {
    try {
      f = new Intl.NumberFormat('en-US', { style: 'currency', currency: display, minimumFractionDigits: 2, maximumFractionDigits: 2 });
    } catch {
      f = null;
    }
    formatters.set(display, f);
  }
  return f
    ? f.format(amount)
    : `${new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)} ${display}`;
}

/**
 * One formatter per currency code (null: not a currency Intl knows), for the currencies EN_US_SYMBOLS lacks.
 */
const formatters = new Map<string, Intl.NumberFormat | null>();

/**
 * The en-US symbols of the selector's currencies (DISPLAY_RATES), which formatEnUs writes without Intl: the first
 * `Intl.NumberFormat` of a page costs 11–17 ms of ICU set-up in Chromium (45–70 ms on Lighthouse's 4× slower phone),
 * all of it inside the hydration task, where every price is formatted (issue 16: total blocking time, LCP render
 * delay). The output is Intl's, character for character (format.test.ts compares them).
 */
const EN_US_SYMBOLS: Record<string, string> = { USD: '$', EUR: '€', GBP: '£', CAD: 'CA$', AUD: 'A$' };

/**
 * `amount` as en-US currency with two decimals — `-$1,234.57` — rounded as Intl rounds (half away from zero, on the
 * shortest decimal that reads back as `amount`), or null when that decimal is in exponent form (|amount| < 1e-6 or
 * ≥ 1e21; Intl formats those).
 */
function formatEnUs(amount: number, symbol: string): string | null {
  const text = String(Math.abs(amount));
  if (text.includes('e')) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  let hundredths = Number(`${whole}${fraction.padEnd(2, '0').slice(0, 2)}`);
  if ((fraction[2] ?? '0') >= '5') hundredths += 1;
  if (!Number.isSafeInteger(hundredths)) return null;
  const digits = String(hundredths).padStart(3, '0');
  const grouped = digits.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const negative = amount < 0 || Object.is(amount, -0);
  return `${negative ? '-' : ''}${symbol}${grouped}.${digits.slice(-2)}`;
}

/** Percent saved from compare-at to price, rounded (spec §5 sale style "percent"). */
export const percentOff = (price: number, compare: number) => Math.round(((compare - price) / compare) * 100);

/** en-US short month names, January first (the `month: 'short'` of `Intl.DateTimeFormat('en-US')`). */
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A date as en-US writes it short, in the browser's own time zone: 'Nov 24', or with `withYear` 'Nov 24, 2026'
 * (the output of `toLocaleDateString('en-US', { month: 'short', day: 'numeric'[, year: 'numeric'] })`, character
 * for character: format.test.ts compares them). Written without Intl because the first `Intl.DateTimeFormat` of a
 * page costs 9–15 ms of ICU set-up in Chromium (36–60 ms on Lighthouse's 4× slower phone) in the task where the
 * product page's estimated delivery dates appear (issue 16: total blocking time ≤ 100 ms).
 */
export function formatShortDate(date: Date, withYear = false): string {
  const text = `${SHORT_MONTHS[date.getMonth()]} ${date.getDate()}`;
  return withYear ? `${text}, ${date.getFullYear()}` : text;
}
