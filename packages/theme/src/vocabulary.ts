/**
 * The setting vocabulary of the theme schema (DESIGN.md "The three registries", spec theme-editor §3/§5/§9).
 *
 * Every settings group, fixed area and section type declares its settings ONCE with these builders: the
 * kind, the label, the default, the range and the themes. From that one declaration come the zod validator
 * (`zodOfFields`), the defaults (`defaultsOf`), the deep fill-in (`fillFields`), the TypeScript value types
 * (`ValuesOf`) and the walkable form the editor generates its panels from.
 */

/** The two theme types. newchick is shown as FASHION, hydro as DEFAULT (spec §1). */
export const THEME_TYPES = ['newchick', 'hydro'] as const;
export type ThemeType = (typeof THEME_TYPES)[number];
/** Labels shown for the theme types (spec §1). */
export const THEME_LABELS: Record<ThemeType, string> = { newchick: 'FASHION', hydro: 'DEFAULT' };

/** Rich-text font sizes offered in the rich-text editor, px (spec §5). */
export const RICHTEXT_SIZES = [10, 12, 14, 16, 18, 20, 24, 30, 32, 36] as const;

/**
 * A link value (spec §3 "Link value"): `name` is `home` or `category`; a category link names the collection
 * handle in `params.slug`; the special slug `ALL_COLLECTIONS_SLUG` means all collections.
 */
export interface LinkValue {
  name: 'home' | 'category';
  params: { slug: string };
}
/** The special link slug that means "all collections" (spec §3 "Link value"). */
export const ALL_COLLECTIONS_SLUG = 'all';

/** A chosen font (spec §3 Typography): family, style (weight name, e.g. "400 Regular"), stylesheet url, key. */
export interface FontValue {
  font: string;
  style: string;
  url: string;
  key: string;
}

/**
 * A count-down (spec §4): the offsets the merchant typed and `getTime`, the end timestamp in epoch ms
 * (now + day/hour/min offsets at the moment of the edit). `getTime` 0 means "not started": renderers count
 * from the visit (see `countdownEnd`).
 */
export interface CountdownValue {
  day: number;
  hour: number;
  min: number;
  getTime: number;
}

interface Common<V> {
  /** Label shown in the editor panel. */
  label: string;
  /** Default value (spec §9 where it names one). */
  default: V;
  /** Per-theme default overriding `default`. */
  themeDefaults?: Partial<Record<ThemeType, V>>;
  /** Themes that show this setting in the editor (default: both). */
  themes?: readonly ThemeType[];
  /** Themes where the setting is editable (default: every theme of `themes`). Spec §3 checkout show_time_countdown. */
  editableIn?: readonly ThemeType[];
  /** Help text under the input. */
  info?: string;
  /** Shown only to provider staff (spec §6 "Full settings are shown to users whose e-mail is in the provider's domain"). */
  staffOnly?: boolean;
}

export interface TextSetting extends Common<string> {
  kind: 'text';
  /** plain (default), multiline, html (merchant HTML, sanitised on render) or js (custom script). */
  format?: 'plain' | 'multiline' | 'html' | 'js';
  placeholder?: string;
}
export interface RichTextSetting extends Common<string> {
  kind: 'richtext';
  /** Font sizes the rich-text toolbar offers, px (spec §5). */
  sizes: readonly number[];
}
export interface NumberSetting extends Common<number> {
  kind: 'number';
  min?: number;
  max?: number;
  step?: number;
  /** Unit shown beside the input: px, s, %, days, hours, minutes, products, items. */
  unit?: string;
  /** Per-theme range overriding min/max (spec §5 "2 to 8 for newchick"). */
  themeRanges?: Partial<Record<ThemeType, { min?: number; max?: number }>>;
}
export interface CheckboxSetting extends Common<boolean> {
  kind: 'checkbox';
}
export interface SelectOption<O extends string | number> {
  value: O;
  label: string;
}
export interface SelectSetting<O extends string | number = string | number> extends Common<O> {
  kind: 'select';
  options: readonly SelectOption<O>[];
}
export interface ColorSetting extends Common<string> {
  kind: 'color';
}
export interface ImageSetting extends Common<string> {
  kind: 'image';
}
export interface LinkSetting extends Common<LinkValue> {
  kind: 'link';
}
/** A reference to a store resource by handle (collection, page, menu) or id (product, the lookup's `_id`). */
export interface RefSetting<K extends 'collection' | 'product' | 'page' | 'menu' = 'collection' | 'product' | 'page' | 'menu'>
  extends Common<string> {
  kind: K;
  /**
   * Product references only: the key of a sibling link setting whose collection scopes the picker. The picker
   * lists that collection's products and is shown only when the link points to a collection with a slug (spec §4
   * "Flash-deal product picker shows only when the block's link points to a collection with a slug").
   */
  collectionFrom?: string;
}
export interface FontSetting extends Common<FontValue> {
  kind: 'font';
}
export interface CountdownSetting extends Common<CountdownValue> {
  kind: 'countdown';
}
/** A nested object of settings (e.g. a slide's heading {content, colorDesktop, colorMobile}). */
export interface GroupSetting<F extends Fields = Fields> {
  kind: 'group';
  label: string;
  fields: F;
  themes?: readonly ThemeType[];
  info?: string;
  /** Shown only to provider staff (spec §6). */
  staffOnly?: boolean;
}
/**
 * A list of blocks. `max`: adding is offered only below it and a saved list may not exceed it (spec §5).
 * `newBlock` is the content of an added block (spec §4 "added with default content"); `insertAt` where an
 * added block goes (default: the end; spec §4 thank-you steps go to position 3); `fixedFirst`: the first block
 * cannot be deleted (spec §5 "The description tab cannot be deleted"); `limitMessage`: the UI shows
 * `blockLimitMessage` at the limit (spec §5 product tabs); `atLimit`: the add button hidden or disabled there.
 */
export interface BlocksSetting<F extends Fields = Fields> {
  kind: 'blocks';
  label: string;
  /** Label of one block in the editor list. */
  itemLabel: string;
  block: F;
  max?: number;
  default: ValuesOf<F>[];
  themeDefaults?: Partial<Record<ThemeType, ValuesOf<F>[]>>;
  newBlock: ValuesOf<F>;
  insertAt?: number;
  fixedFirst?: boolean;
  limitMessage?: boolean;
  /**
   * What the editor does with the add button at the limit: `hide` it (default; spec §5 thank-you steps, delivery
   * policies, flash-deal collections) or show it `disable`d (spec §5 "Description tabs: add disabled at 3").
   */
  atLimit?: 'hide' | 'disable';
  themes?: readonly ThemeType[];
  info?: string;
  /** Shown only to provider staff (spec §6). */
  staffOnly?: boolean;
}

/** Every setting kind of the vocabulary. */
export type Setting =
  | TextSetting
  | RichTextSetting
  | NumberSetting
  | CheckboxSetting
  | SelectSetting<string>
  | SelectSetting<number>
  | SelectSetting<string | number>
  | ColorSetting
  | ImageSetting
  | LinkSetting
  | RefSetting
  | FontSetting
  | CountdownSetting
  | GroupSetting<Fields>
  | BlocksSetting<Fields>;
/** A record of settings by config key. */
export type Fields = { [key: string]: Setting };

/** The value type a setting holds in a config. */
export type ValueOf<S> =
  S extends GroupSetting<infer F>
    ? ValuesOf<F>
    : S extends BlocksSetting<infer F>
      ? ValuesOf<F>[]
      : S extends SelectSetting<infer O>
        ? O
        : S extends { default: infer V }
          ? V
          : never;
/** The value type of a record of settings. */
export type ValuesOf<F extends Fields> = { -readonly [K in keyof F]: ValueOf<F[K]> };

// ---------------------------------------------------------------------------------------------------------
// Builders. They only add the `kind`; generics keep literal option values for the derived types.

type Opts<S> = Omit<S, 'kind'>;
/** A one-line (or multiline/html/js) text setting. */
export const text = (o: Opts<TextSetting>): TextSetting => ({ kind: 'text', ...o });
/** A rich-text (HTML) setting with the spec §5 font sizes. */
export const richtext = (o: Omit<Opts<RichTextSetting>, 'sizes'>): RichTextSetting => ({ kind: 'richtext', sizes: RICHTEXT_SIZES, ...o });
/** A number with min/max/step/unit (spec §5 ranges). */
export const number = (o: Opts<NumberSetting>): NumberSetting => ({ kind: 'number', step: 1, ...o });
export const checkbox = (o: Opts<CheckboxSetting>): CheckboxSetting => ({ kind: 'checkbox', ...o });
/** A select of fixed options; the option values become a literal union in the derived types. */
export const select = <const O extends string | number>(o: Opts<SelectSetting<O>>): SelectSetting<O> => ({ kind: 'select', ...o });
export const color = (o: Opts<ColorSetting>): ColorSetting => ({ kind: 'color', ...o });
export const image = (o: Partial<Opts<ImageSetting>> & { label: string }): ImageSetting => ({ kind: 'image', default: '', ...o });
export const link = (o: Partial<Opts<LinkSetting>> & { label: string }): LinkSetting => ({
  kind: 'link',
  default: { name: 'home', params: { slug: '' } },
  ...o,
});
export const collectionRef = (o: Partial<Opts<RefSetting<'collection'>>> & { label: string }): RefSetting<'collection'> => ({
  kind: 'collection',
  default: '',
  ...o,
});
export const productRef = (o: Partial<Opts<RefSetting<'product'>>> & { label: string }): RefSetting<'product'> => ({
  kind: 'product',
  default: '',
  ...o,
});
export const pageRef = (o: Partial<Opts<RefSetting<'page'>>> & { label: string }): RefSetting<'page'> => ({
  kind: 'page',
  default: '',
  ...o,
});
export const menuRef = (o: Partial<Opts<RefSetting<'menu'>>> & { label: string }): RefSetting<'menu'> => ({
  kind: 'menu',
  default: '',
  ...o,
});
export const font = (o: Opts<FontSetting>): FontSetting => ({ kind: 'font', ...o });
export const countdown = (o: Opts<CountdownSetting>): CountdownSetting => ({ kind: 'countdown', ...o });
export const group = <const F extends Fields>(o: Opts<GroupSetting<F>>): GroupSetting<F> => ({ kind: 'group', ...o });
export const blocks = <const F extends Fields>(o: Opts<BlocksSetting<F>>): BlocksSetting<F> => ({ kind: 'blocks', ...o });

// ---------------------------------------------------------------------------------------------------------
// Derivations shared by validator, defaults and editor.

/** The effective {min, max} of a number setting for a theme (spec §5). */
export function rangeOf(s: NumberSetting, theme: ThemeType): { min?: number; max?: number } {
  const r = s.themeRanges?.[theme];
  return { min: r?.min ?? s.min, max: r?.max ?? s.max };
}

/** Whether a setting (or group/blocks) is shown for a theme. */
export function appliesTo(s: { themes?: readonly ThemeType[] }, theme: ThemeType): boolean {
  return !s.themes || s.themes.includes(theme);
}

/** Whether a setting may be edited in a theme (spec §3: checkout show_time_countdown "editable only in newchick"). */
export function editableIn(s: Setting, theme: ThemeType): boolean {
  const list = 'editableIn' in s ? s.editableIn : undefined;
  return !list || list.includes(theme);
}

/** Whether a viewer sees a setting: its theme, and provider staff only for `staffOnly` settings (spec §6). */
export function visibleTo(s: Setting, theme: ThemeType, isProviderStaff: boolean): boolean {
  return appliesTo(s, theme) && (isProviderStaff || !s.staffOnly);
}

/** The default value of one setting for a theme (a fresh copy: safe to mutate). */
export function defaultOf<S extends Setting>(s: S, theme: ThemeType): ValueOf<S> {
  if (s.kind === 'group') return defaultsOf(s.fields, theme) as ValueOf<S>;
  const v =
    s.kind === 'blocks'
      ? (s.themeDefaults?.[theme] ?? s.default)
      : ((s.themeDefaults as Record<string, unknown> | undefined)?.[theme] ?? s.default);
  return structuredClone(v) as ValueOf<S>;
}

/** The defaults of a record of settings for a theme (every key, including the other theme's own settings). */
export function defaultsOf<F extends Fields>(fields: F, theme: ThemeType): ValuesOf<F> {
  const out: Record<string, unknown> = {};
  for (const [k, s] of Object.entries(fields)) out[k] = defaultOf(s, theme);
  return out as ValuesOf<F>;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Deep fill-in: returns `value` with every missing (undefined/null) setting of `fields` set to its default,
 * recursing into groups and into each block of a block list. Present values are kept as they are (even when
 * invalid: the validator reports them); unknown keys are kept. A non-object `value` yields the defaults.
 */
export function fillFields<F extends Fields>(fields: F, value: unknown, theme: ThemeType): ValuesOf<F> {
  if (!isPlainObject(value)) return defaultsOf(fields, theme);
  const out: Record<string, unknown> = { ...value };
  for (const [k, s] of Object.entries(fields)) out[k] = fillSetting(s, out[k], theme);
  return out as ValuesOf<F>;
}

function fillSetting(s: Setting, v: unknown, theme: ThemeType): unknown {
  if (v === undefined || v === null) return defaultOf(s, theme);
  if (s.kind === 'group') return fillFields(s.fields, v, theme);
  if (s.kind === 'blocks') return Array.isArray(v) ? v.map((b) => (isPlainObject(b) ? fillFields(s.block, b, theme) : b)) : v;
  if ((s.kind === 'link' || s.kind === 'font' || s.kind === 'countdown') && isPlainObject(v)) {
    const d = defaultOf(s, theme) as unknown as Record<string, unknown>;
    const merged: Record<string, unknown> = { ...d, ...v };
    if (s.kind === 'link') merged.params = { ...(d.params as object), ...(isPlainObject(v.params) ? v.params : {}) };
    return merged;
  }
  return v;
}

/** "n/5 blocks used. Delete to add more." (spec §5, product tabs at the limit). */
export function blockLimitMessage(count: number, max: number): string {
  return `${count}/${max} blocks used. Delete to add more.`;
}

/** Whether a block list may take one more block (spec §5: add hidden/disabled at the limit). */
export function canAddBlock(s: BlocksSetting<Fields>, count: number): boolean {
  return s.max === undefined || count < s.max;
}

/** Whether the block at `index` may be deleted (spec §5: the first description tab cannot be deleted). */
export function canDeleteBlock(s: BlocksSetting<Fields>, index: number): boolean {
  return !(s.fixedFirst && index === 0);
}

/**
 * Adds a block with the declared default content at the declared position (spec §4: "New slides or blocks are
 * added with default content. Thank-you custom steps are inserted at position 3"). Returns a new array; the
 * list is returned unchanged when it is at its limit.
 */
export function addBlock<F extends Fields>(s: BlocksSetting<F>, list: readonly ValuesOf<F>[]): ValuesOf<F>[] {
  if (!canAddBlock(s as unknown as BlocksSetting<Fields>, list.length)) return [...list];
  const at = s.insertAt === undefined ? list.length : Math.min(s.insertAt, list.length);
  const next = [...list];
  next.splice(at, 0, structuredClone(s.newBlock));
  return next;
}

/**
 * The end of a count-down in epoch ms (spec §4): `getTime` when set, else `now` plus the day/hour/min offsets
 * (used for a checkout countdown that starts with the visit).
 */
export function countdownEnd(v: CountdownValue, now: number = Date.now()): number {
  if (v.getTime > 0) return v.getTime;
  return now + ((v.day * 24 + v.hour) * 60 + v.min) * 60_000;
}

/** A count-down value whose end is now + the offsets (spec §4 "stored as an end timestamp"). */
export function startCountdown(o: { day: number; hour: number; min: number }, now: number = Date.now()): CountdownValue {
  return { ...o, getTime: now + ((o.day * 24 + o.hour) * 60 + o.min) * 60_000 };
}

/**
 * Returns `value` with every leaf setting of `fields` replaced by `fn(setting, value)`, recursing into groups and
 * blocks (keys that are not declared are kept as they are). Used e.g. to sanitise every rich-text/HTML value.
 */
export function mapLeaves(fields: Fields, value: unknown, fn: (setting: Setting, v: unknown) => unknown): unknown {
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = { ...value };
  for (const [k, s] of Object.entries(fields)) {
    if (!(k in out)) continue;
    const v = out[k];
    if (s.kind === 'group') out[k] = mapLeaves(s.fields, v, fn);
    else if (s.kind === 'blocks') out[k] = Array.isArray(v) ? v.map((b) => mapLeaves(s.block, b, fn)) : v;
    else out[k] = fn(s, v);
  }
  return out;
}

/** Whether a setting holds merchant HTML (rich text, or text in html format) that renderers must sanitise. */
export function isHtmlSetting(s: Setting): boolean {
  return s.kind === 'richtext' || (s.kind === 'text' && s.format === 'html');
}
