/**
 * The one money module of Backroom (issue 30 item 3; STYLE.md "Names and units", "Figures": one money formatter and
 * one money input for every field). Money is integer cents of an ISO 4217 currency; every currency is written with
 * 2 decimals (spec admin-dashboard §9 "Price display: rounded to 2 decimals"). Major units (19.99) appear only at the
 * edges and are named so (`formatMoney`, `…Major`).
 *
 * - `formatMoneyCents(cents, currency, locale)`: the one formatter, on `Intl.NumberFormat`; the sign comes from the
 *   currency (USD → `$`, EUR → `€`, CAD → `CA$` in en-US), never a literal `$`. The storefront's Intl-free formatter
 *   (apps/storefront/src/lib/format.ts) writes the same characters; its test compares the two.
 * - `parseMoneyInput(text, currency, locale)`: the one reader of typed, pasted, dropped or autofilled money:
 *   `1,299.50`, `1299.5`, `$1,299.50`, and `19,50` where the locale writes a decimal comma; anything else is refused
 *   with a message, never read as 0.
 * - `parseNumberInput(text, locale, options)`: the same reader for plain numbers (quantity, stock, weight, limits).
 */

/** The locale the admin writes figures in (spec admin-dashboard: an English, US back office). */
export const DEFAULT_MONEY_LOCALE = 'en-US';

/** Decimals of every money figure (spec admin-dashboard §9). */
export const MONEY_DECIMALS = 2;

const formatters = new Map<string, Intl.NumberFormat | null>();

/** One cached currency formatter per locale and currency (null: a code or locale Intl refuses). */
function currencyFormatter(currency: string, locale: string, display: 'symbol' | 'code'): Intl.NumberFormat | null {
  const key = `${locale}|${currency}|${display}`;
  let f = formatters.get(key);
  if (f === undefined) {
    try {
      f = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        currencyDisplay: display,
        minimumFractionDigits: MONEY_DECIMALS,
        maximumFractionDigits: MONEY_DECIMALS,
      });
    } catch {
      f = null;
    }
    formatters.set(key, f);
  }
  return f;
}

/**
 * `cents` (integer minor units, 100 = one unit) of ISO 4217 `currency` as `locale` writes money, 2 decimals with
 * thousands separators: (123456, 'USD') → `$1,234.56`, (-500, 'USD') → `-$5.00`, (1200, 'EUR') → `€12.00`,
 * (1200, 'EUR', 'de-DE') → `12,00 €`. With `display: 'code'` the code replaces the sign (`USD 1,234.56`, Intl's
 * way). A code Intl does not know is written after the amount: `25.99 XYZ`. Non-finite input reads as 0; −0 as 0.
 */
export function formatMoneyCents(
  cents: number,
  currency: string,
  locale: string = DEFAULT_MONEY_LOCALE,
  display: 'symbol' | 'code' = 'symbol',
): string {
  const amount = Number.isFinite(cents) && cents !== 0 ? cents / 100 : 0;
  const code = (currency || 'USD').toUpperCase();
  const f = currencyFormatter(code, locale, display);
  if (f) return f.format(amount);
  return `${numberFormatter(locale, MONEY_DECIMALS).format(amount)} ${code}`;
}

/**
 * `amountMajor` (major units, 19.99 = nineteen dollars ninety-nine, as the admin API answers money) written by
 * {@link formatMoneyCents} after {@link majorToCents}.
 */
export function formatMoney(
  amountMajor: number,
  currency: string,
  locale: string = DEFAULT_MONEY_LOCALE,
  display: 'symbol' | 'code' = 'symbol',
): string {
  return formatMoneyCents(majorToCents(amountMajor), currency, locale, display);
}

/**
 * Major units → integer cents, rounded half away from zero on the DECIMAL the number reads as (1.005 → 101, where
 * `Math.round(1.005 * 100)` says 100). Non-finite input → 0.
 */
export function majorToCents(amountMajor: number): number {
  if (!Number.isFinite(amountMajor)) return 0;
  const text = String(Math.abs(amountMajor));
  const abs = text.includes('e') ? Math.round(Math.abs(amountMajor) * 100) : Math.round(Number(`${text}e2`));
  return amountMajor < 0 && abs !== 0 ? -abs : abs;
}

/**
 * The sign `locale` writes before or after amounts of `currency` (USD → `$`, EUR → `€`, CAD → `CA$` in en-US): the
 * input's adornment. The code itself for a code Intl does not know.
 */
export function currencySymbol(currency: string, locale: string = DEFAULT_MONEY_LOCALE): string {
  const f = currencyFormatter((currency || 'USD').toUpperCase(), locale, 'symbol');
  return f?.formatToParts(0).find((p) => p.type === 'currency')?.value ?? currency.toUpperCase();
}

const numberFormatters = new Map<string, Intl.NumberFormat>();

/** A cached plain number formatter of `locale` with exactly `decimals` decimals and grouping. */
function numberFormatter(locale: string, decimals: number): Intl.NumberFormat {
  const key = `${locale}|${decimals}`;
  let f = numberFormatters.get(key);
  if (!f) {
    try {
      f = new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    } catch {
      f = new Intl.NumberFormat(DEFAULT_MONEY_LOCALE, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    }
    numberFormatters.set(key, f);
  }
  return f;
}

/**
 * `cents` as the text a money field shows, without the sign (the field shows the sign beside it): 129950 →
 * `1,299.50` in en-US, `1.299,50` in de-DE. {@link parseMoneyInput} reads it back to the same cents.
 */
export function formatMoneyInput(cents: number, locale: string = DEFAULT_MONEY_LOCALE): string {
  return numberFormatter(locale, MONEY_DECIMALS).format(Number.isFinite(cents) && cents !== 0 ? cents / 100 : 0);
}

/** What a reader answers: the figure, null for an empty field, or why the text is refused. */
export type ParseResult<T> = { ok: true; value: T | null } | { ok: false; message: string };

/** The separators `locale` writes: decimal (`.` en-US, `,` de-DE) and thousands (`,` en-US, `.` de-DE, a space fr-FR). */
function separators(locale: string): { decimal: string; group: string } {
  const known = separatorsOf.get(locale);
  if (known) return known;
  let parts: Intl.NumberFormatPart[];
  try {
    parts = new Intl.NumberFormat(locale).formatToParts(1234567.5);
  } catch {
    parts = new Intl.NumberFormat(DEFAULT_MONEY_LOCALE).formatToParts(1234567.5);
  }
  const found = {
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    group: parts.find((p) => p.type === 'group')?.value ?? ',',
  };
  separatorsOf.set(locale, found);
  return found;
}
const separatorsOf = new Map<string, { decimal: string; group: string }>();

/** Spaces of every kind (a space, no-break space U+00A0, narrow no-break space U+202F, thin space U+2009…). */
const SPACES = /[\s\u00a0\u2007\u2009\u202f]/g;
/** Grouping characters people paste besides the locale's own: `'` (de-CH), `’` (typographic apostrophe). */
const APOSTROPHES = /['’]/g;

interface ReadOptions {
  /** Most decimals accepted (extra trailing zeros are fine). */
  decimals: number;
  /** Whether a minus sign (or accounting parentheses) is accepted. */
  allowNegative: boolean;
  /** An example of a valid entry, for the messages (e.g. `1,299.50`). */
  example: string;
}

/**
 * Reads a decimal number written the way `locale` writes it (or unambiguously otherwise) into a sign, whole digits
 * and fraction digits, or a message. Rules, in order:
 * - spaces and apostrophes are thousands separators and vanish; a leading `-`/`−`, or `( … )`, means negative;
 * - with both `.` and `,` present, the LAST one is the decimal separator and the other must group by threes
 *   (`1,299.50`, `1.299,50`);
 * - with one kind present: the locale's decimal separator is one (`19.50` en-US, `19,50` de-DE); the locale's
 *   thousands separator must group by threes (`1,299` en-US = 1299) and anything else is refused with a message
 *   naming the locale's decimal separator (`19,50` in en-US: "use a point for decimals"), so nothing is guessed;
 * - at most `decimals` decimals besides trailing zeros.
 */
function readDecimal(raw: string, locale: string, o: ReadOptions): ParseResult<{ negative: boolean; whole: string; fraction: string }> {
  const { decimal, group } = separators(locale);
  let text = raw.replace(SPACES, '').replace(APOSTROPHES, '');
  if (text === '') return { ok: true, value: null };
  let negative = false;
  if (/^\(.*\)$/.test(text)) {
    negative = true;
    text = text.slice(1, -1);
  }
  if (/^[-−–]/.test(text)) {
    negative = !negative;
    text = text.slice(1);
  } else if (text.startsWith('+')) text = text.slice(1);
  if (/[-−–]$/.test(text)) {
    negative = !negative;
    text = text.slice(0, -1);
  }
  const junk = { ok: false as const, message: `Enter a number like ${o.example}` };
  if (!/^[0-9.,]+$/.test(text) || !/[0-9]/.test(text)) return junk;
  const points = text.split('.').length - 1;
  const commas = text.split(',').length - 1;
  let decimalChar: string | null = null;
  let groupChar: string | null = null;
  if (points && commas) {
    decimalChar = text.lastIndexOf('.') > text.lastIndexOf(',') ? '.' : ',';
    groupChar = decimalChar === '.' ? ',' : '.';
    if (text.split(decimalChar).length - 1 > 1) return junk;
  } else if (points || commas) {
    const seen = points ? '.' : ',';
    const count = points || commas;
    const grouped = new RegExp(`^\\d{1,3}(\\${seen}\\d{3})+$`).test(text);
    if (seen === decimal && count === 1) decimalChar = seen;
    else if (seen === group || (group !== '.' && group !== ',' && seen !== decimal && count > 1)) {
      if (!grouped)
        return {
          ok: false,
          message:
            decimal === '.'
              ? `Use a point for decimals, like ${o.example}`
              : decimal === ','
                ? `Use a comma for decimals, like ${o.example}`
                : `Enter a number like ${o.example}`,
        };
      groupChar = seen;
    } else if (count === 1) decimalChar = seen;
    else return junk;
  }
  let wholeText = text;
  let fraction = '';
  if (decimalChar) {
    const at = text.lastIndexOf(decimalChar);
    wholeText = text.slice(0, at);
    fraction = text.slice(at + 1);
    if (fraction.includes('.') || fraction.includes(',')) return junk;
  }
  if (groupChar && wholeText.includes(groupChar)) {
    if (!new RegExp(`^\\d{1,3}(\\${groupChar}\\d{3})+$`).test(wholeText)) return junk;
    wholeText = wholeText.split(groupChar).join('');
  }
  if (/[.,]/.test(wholeText)) return junk;
  if (wholeText === '' && fraction === '') return junk;
  fraction = fraction.replace(/0+$/, '');
  if (fraction.length > o.decimals)
    return {
      ok: false,
      message: o.decimals === 0 ? `Enter a whole number, like ${o.example}` : `Use at most ${o.decimals} decimals, like ${o.example}`,
    };
  const whole = wholeText.replace(/^0+(?=\d)/, '') || '0';
  if (negative && !o.allowNegative && (/[1-9]/.test(whole) || /[1-9]/.test(fraction)))
    return { ok: false, message: 'Enter an amount of 0 or more' };
  return { ok: true, value: { negative: negative && (/[1-9]/.test(whole) || /[1-9]/.test(fraction)), whole, fraction } };
}

/** The texts that name `currency` in `locale`: its symbol, narrow symbol, code and, for dollar currencies, `$`. */
function currencyMarks(currency: string, locale: string): string[] {
  const code = currency.toUpperCase();
  const known = marksOf.get(`${locale}|${code}`);
  if (known) return known;
  const marks = new Set<string>([code]);
  for (const display of ['symbol', 'narrowSymbol'] as const) {
    try {
      const part = new Intl.NumberFormat(locale, { style: 'currency', currency: code, currencyDisplay: display })
        .formatToParts(1)
        .find((p) => p.type === 'currency')?.value;
      if (part) marks.add(part.replace(SPACES, ''));
    } catch {
      // a code Intl does not know: the code alone names it
    }
  }
  const found = [...marks].filter(Boolean).sort((a, b) => b.length - a.length);
  marksOf.set(`${locale}|${code}`, found);
  return found;
}
const marksOf = new Map<string, string[]>();

/**
 * Reads money a person typed, pasted, dropped or had filled into a field of `currency` (ISO 4217) in `locale`
 * (issue 30 item 3): `1,299.50`, `1299.5`, `$1,299.50`, `1,299.50 USD`, `USD 1299.50` → 129950 (en-US);
 * `19,50` and `1.299,50 €` in a decimal-comma locale (de-DE) → 1950, 129950. Spaces anywhere are ignored. Answers
 * `{ ok: true, value: cents }`, `{ ok: true, value: null }` for an empty text, or `{ ok: false, message }` for
 * anything else — another currency's sign, letters, more than 2 decimals, a negative amount unless
 * `allowNegative`, a comma that is neither a thousands separator nor the locale's decimal one (`19,50` in en-US) —
 * so a text is never read as 0 by mistake.
 */
export function parseMoneyInput(
  text: string,
  currency: string,
  locale: string = DEFAULT_MONEY_LOCALE,
  options: { allowNegative?: boolean } = {},
): ParseResult<number> {
  let rest = String(text ?? '').replace(SPACES, '');
  for (const mark of currencyMarks(currency, locale)) {
    const upper = rest.toUpperCase();
    const m = mark.toUpperCase();
    // the sign may follow a minus sign ("-$5.00") or come first ("$-5.00"), or close the amount ("5,00€")
    if (upper.startsWith(m)) rest = rest.slice(mark.length);
    else if (/^[-−–(]/.test(rest) && upper.slice(1).startsWith(m)) rest = rest[0] + rest.slice(1 + mark.length);
    else if (upper.endsWith(m)) rest = rest.slice(0, -mark.length);
    else continue;
    break;
  }
  const example = formatMoneyInput(129950, locale);
  if (rest === '' && String(text ?? '').replace(SPACES, '') !== '') return { ok: false, message: `Enter an amount like ${example}` };
  if (/[^\d.,'’()+\-−–]/.test(rest))
    return {
      ok: false,
      message: /[$€£¥₹]|^[A-Z]{3}[\d.,]|[\d.,][A-Z]{3}$/i.test(rest)
        ? `Enter an amount in ${currency.toUpperCase()}, like ${example}`
        : `Enter an amount like ${example}`,
    };
  const read = readDecimal(rest, locale, { decimals: MONEY_DECIMALS, allowNegative: !!options.allowNegative, example });
  if (!read.ok) return read.message.startsWith('Enter a number') ? { ok: false, message: `Enter an amount like ${example}` } : read;
  if (read.value === null) return { ok: true, value: null };
  const { negative, whole, fraction } = read.value;
  const cents = Number(`${whole}${fraction.padEnd(MONEY_DECIMALS, '0')}`);
  if (!Number.isSafeInteger(cents)) return { ok: false, message: 'This amount is too large' };
  return { ok: true, value: negative ? -cents : cents };
}

/**
 * Reads a plain number (quantity, stock, weight, a limit) typed, pasted or filled in `locale`, with the rules of
 * {@link parseMoneyInput} without a currency: `1,200` → 1200, `2.5` → 2.5 (en-US), `2,5` → 2.5 (de-DE).
 * `decimals` is the most decimals accepted (0: whole numbers only); `min`/`max` bound the value (inclusive) with a
 * message. Answers `{ ok: true, value }`, `{ ok: true, value: null }` when empty, or `{ ok: false, message }`.
 */
export function parseNumberInput(
  text: string,
  locale: string = DEFAULT_MONEY_LOCALE,
  options: { decimals?: number; min?: number; max?: number } = {},
): ParseResult<number> {
  const decimals = options.decimals ?? 20;
  const example = numberFormatter(locale, Math.min(decimals, 1)).format(decimals === 0 ? 12 : 2.5);
  const read = readDecimal(String(text ?? ''), locale, {
    decimals,
    allowNegative: options.min === undefined || options.min < 0,
    example,
  });
  if (!read.ok)
    return options.min !== undefined && read.message.startsWith('Enter an amount of 0')
      ? { ok: false, message: `Enter ${options.min} or more` }
      : read;
  if (read.value === null) return { ok: true, value: null };
  const { negative, whole, fraction } = read.value;
  const value = Number(`${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`);
  if (!Number.isFinite(value) || Math.abs(value) > Number.MAX_SAFE_INTEGER) return { ok: false, message: 'This number is too large' };
  if (options.min !== undefined && value < options.min) return { ok: false, message: `Enter ${options.min} or more` };
  if (options.max !== undefined && value > options.max) return { ok: false, message: `Enter ${options.max} or less` };
  return { ok: true, value };
}

/**
 * `value` as the text a number field shows in `locale`, grouped, with at most `decimals` decimals and no trailing
 * zeros (1200 → `1,200`, 2.5 → `2.5`); {@link parseNumberInput} reads it back to the same number.
 */
export function formatNumberInput(value: number, locale: string = DEFAULT_MONEY_LOCALE, decimals = 20): string {
  const key = `${locale}|n${decimals}`;
  let f = numberFormatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { maximumFractionDigits: Math.min(decimals, 20) });
    numberFormatters.set(key, f);
  }
  return f.format(value);
}
