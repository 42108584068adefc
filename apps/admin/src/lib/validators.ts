import isAlphaLib from 'validator/es/lib/isAlpha';
import isAlphanumericLib from 'validator/es/lib/isAlphanumeric';
import isEmailLib from 'validator/es/lib/isEmail';
import isIPLib from 'validator/es/lib/isIP';
import isMACAddressLib from 'validator/es/lib/isMACAddress';
import isURLLib from 'validator/es/lib/isURL';

/**
 * The generic validators of spec admin-dashboard §5: required, requiredIf, requiredUnless, or, sameAs, url,
 * numeric, integer, decimal, alpha, alphaNum, between, minLength, maxLength, minValue, maxValue, ipAddress,
 * macAddress (plus email for the login form). Each answers true when the value passes.
 *
 * Semantics (the vuelidate family the spec names): `required` treats null/undefined, a blank trimmed string, an
 * empty array and an empty object as empty; every OTHER validator passes on an empty value (so "min value and
 * between pass when the value is empty") — combine with `required` to demand a value. Strings are not trimmed by
 * the validators; forms trim their inputs first (§5 "Both inputs are trimmed").
 * Built on the `validator` package where it gives these answers (e-mail, URL, alpha, IPv4, MAC); the number
 * formats are the exact patterns of §5.
 */

/** A validator: `values` are the whole form's values, for the cross-field ones (sameAs, requiredIf …). */
export type Validator = (value: unknown, values?: Record<string, unknown>) => boolean;

/** True when `value` counts as present (vuelidate's `req`): not null/undefined, non-empty string, array or object. */
export function isPresent(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (Array.isArray(value)) return value.length > 0;
  if (value === false) return true;
  if (value instanceof Date) return !Number.isNaN(value.getTime());
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return String(value).length > 0;
}

const str = (value: unknown) => String(value);
const empty = (value: unknown) => !isPresent(value);

/** Present, with strings checked after trimming (a blank trimmed string is empty, §5). */
export const required: Validator = (value) => (typeof value === 'string' ? isPresent(value.trim()) : isPresent(value));

type Condition = boolean | string | ((values: Record<string, unknown>) => boolean);
function holds(cond: Condition, values: Record<string, unknown> = {}): boolean {
  if (typeof cond === 'function') return cond(values);
  if (typeof cond === 'string') return isPresent(values[cond]);
  return cond;
}

/** Required when `cond` holds: a boolean, a function of the form values, or the name of a field that is present. */
export const requiredIf =
  (cond: Condition): Validator =>
  (value, values) =>
    holds(cond, values) ? required(value, values) : true;

/** Required unless `cond` holds (same forms as requiredIf). */
export const requiredUnless =
  (cond: Condition): Validator =>
  (value, values) =>
    holds(cond, values) ? true : required(value, values);

/** Passes when any of `validators` passes. */
export const or =
  (...validators: Validator[]): Validator =>
  (value, values) =>
    validators.some((v) => v(value, values));

/** Equal (===) to another field of the form (by name) or to what `other(values)` returns. */
export const sameAs =
  (other: string | ((values: Record<string, unknown>) => unknown)): Validator =>
  (value, values = {}) =>
    value === (typeof other === 'function' ? other(values) : values[other]);

/** An absolute http, https or ftp URL. */
export const url: Validator = (value) =>
  empty(value) || isURLLib(str(value), { require_protocol: true, protocols: ['http', 'https', 'ftp'], require_tld: false });

/** Digits only: `0`, `0042`. */
export const numeric: Validator = (value) => empty(value) || /^\d+$/.test(str(value));

/** A whole number with an optional minus: `12`, `-3`. */
export const integer: Validator = (value) => empty(value) || /^-?\d+$/.test(str(value));

/** §5: "an optional minus and digits with an optional fraction": `-1`, `2.50`, `-0.5` (not `.5`, `-`, `1.`, `+1`). */
export const decimal: Validator = (value) => empty(value) || /^-?\d+(\.\d+)?$/.test(str(value));

/** ASCII letters only. */
export const alpha: Validator = (value) => empty(value) || isAlphaLib(str(value), 'en-US');

/** ASCII letters and digits only. */
export const alphaNum: Validator = (value) => empty(value) || isAlphanumericLib(str(value), 'en-US');

/** An e-mail address with a top-level domain, as the server's zod `email()` wants (login, §5 'Invalid Email'). */
export const email: Validator = (value) => empty(value) || isEmailLib(str(value));

/** Length of a string or array. */
const lengthOf = (value: unknown) => (Array.isArray(value) ? value.length : str(value).length);

/** At least `min` characters (or items). */
export const minLength =
  (min: number): Validator =>
  (value) =>
    empty(value) || lengthOf(value) >= min;

/** At most `max` characters (or items). */
export const maxLength =
  (max: number): Validator =>
  (value) =>
    empty(value) || lengthOf(value) <= max;

/** A number (or numeric string without spaces, or a Date) of at least `min`; passes when empty (§5). */
export const minValue =
  (min: number | Date): Validator =>
  (value) =>
    empty(value) || ((!/\s/.test(str(value)) || value instanceof Date) && +(value as number) >= +min);

/** A number of at most `max`; passes when empty. */
export const maxValue =
  (max: number | Date): Validator =>
  (value) =>
    empty(value) || ((!/\s/.test(str(value)) || value instanceof Date) && +(value as number) <= +max);

/** A number from `min` to `max` inclusive; passes when empty (§5). */
export const between =
  (min: number | Date, max: number | Date): Validator =>
  (value) =>
    empty(value) || ((!/\s/.test(str(value)) || value instanceof Date) && +min <= +(value as number) && +(value as number) <= +max);

/** §5: four dot-separated numbers 0–255 without leading zeros (IPv4). */
export const ipAddress: Validator = (value) => empty(value) || isIPLib(str(value), 4);

/** A MAC address: six (or eight, EUI-64) pairs of hex digits separated by ':', '-' or ' '. */
export const macAddress: Validator = (value) =>
  empty(value) || isMACAddressLib(str(value), { eui: '48' }) || isMACAddressLib(str(value), { eui: '64' });

/**
 * A Mantine-form rule from `[validator, message]` pairs: the message of the first failing validator, else null.
 * With `trim`, string values are trimmed first (§5 "Both inputs are trimmed").
 */
export function rule(pairs: ReadonlyArray<readonly [Validator, string]>, opts: { trim?: boolean } = {}) {
  return (value: unknown, values?: Record<string, unknown>): string | null => {
    const v = opts.trim && typeof value === 'string' ? value.trim() : value;
    for (const [check, message] of pairs) if (!check(v, values)) return message;
    return null;
  };
}
