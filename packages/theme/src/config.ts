/**
 * The theme config (spec theme-editor §3 "Theme config"): its TypeScript type, its zod validator, the fill-in of
 * missing parts (§4), the theme-type rule (§1), section keys and the add-section rules (§2) — all derived from
 * the declarations in settings.ts, sections.ts and areas.ts.
 *
 * Shape:
 * ```
 * { schemaVersion, pages: { homepage: { sections: Section[] },
 *                           fixed: { header: {type:'header', settings}, footer: {type:'footer', settings | block_config} } },
 *   settings: { colors, typography, style, element, currency, popup, product, category, cart, cart_goal, checkout, thankpage } }
 * ```
 */
import { z } from 'zod';
import { FOOTER_HYDRO_FIELDS, FOOTER_NEWCHICK_FIELDS, HEADER_FIELDS } from './areas.js';
import { FONT_FAMILIES } from './fonts.js';
import { migrateConfig, SCHEMA_VERSION } from './migrations.js';
import { SECTION_TYPES, SECTIONS, type SectionDef, type SectionType } from './sections.js';
import { SETTINGS_GROUPS, type SettingsGroupId } from './settings.js';
import {
  type BlocksSetting,
  defaultsOf,
  type Fields,
  fillFields,
  isHtmlSetting,
  mapLeaves,
  rangeOf,
  type Setting,
  type ThemeType,
  type ValuesOf,
} from './vocabulary.js';

// ----------------------------------------------------------------------------------------------- types
/** The values of one settings group. */
export type GroupValues<K extends SettingsGroupId> = ValuesOf<(typeof SETTINGS_GROUPS)[K]['fields']>;
/** `config.settings`: every settings group (spec §3). */
export type ThemeSettings = { [K in SettingsGroupId]: GroupValues<K> };
/** The settings of one section type. */
export type SectionSettings<T extends SectionType> = ValuesOf<(typeof SECTIONS)[T]['settings']>;
/** A home-page section (spec §3 Section: type, key, settings, index). Discriminated by `type`. */
export type Section<T extends SectionType = SectionType> = T extends SectionType
  ? { type: T; key: string; index: number; settings: SectionSettings<T> }
  : never;
export type HeaderSettings = ValuesOf<typeof HEADER_FIELDS>;
export type NewchickFooterSettings = ValuesOf<typeof FOOTER_NEWCHICK_FIELDS>;
export type HydroFooterConfig = ValuesOf<typeof FOOTER_HYDRO_FIELDS>;
/** The footer area: newchick keeps `settings`, hydro keeps `block_config` (spec §1 theme-type rule). */
export type FooterArea =
  | { type: 'footer'; settings: NewchickFooterSettings; block_config?: undefined }
  | { type: 'footer'; settings?: undefined; block_config: HydroFooterConfig };
/** A complete theme config as the storefront renders it and the server stores it. */
export interface ThemeConfig {
  schemaVersion: number;
  pages: {
    homepage: { sections: Section[] };
    fixed: { header: { type: 'header'; settings: HeaderSettings }; footer: FooterArea };
  };
  settings: ThemeSettings;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

// ----------------------------------------------------------------------------------------------- rules
/**
 * Theme-type rule (spec §1): newchick if the footer of the config has settings (a non-empty object), else hydro.
 * Accepts any input (a raw saved config included).
 */
export function themeTypeOf(config: unknown): ThemeType {
  const pages = isObj(config) && isObj(config.pages) ? config.pages : undefined;
  const fixed = pages && isObj(pages.fixed) ? pages.fixed : undefined;
  const footer = fixed && isObj(fixed.footer) ? fixed.footer : undefined;
  return footer && isObj(footer.settings) && Object.keys(footer.settings).length > 0 ? 'newchick' : 'hydro';
}

const KEY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** A section key: the type plus a random 6-character suffix, e.g. `head-image-k3x9q2` (spec §3 Section key). */
export function newSectionKey(type: SectionType): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  let suffix = '';
  for (const b of bytes) suffix += KEY_ALPHABET[b % KEY_ALPHABET.length];
  return `${type}-${suffix}`;
}

/**
 * A newly added section with default settings for the theme (spec §4 "added with default content"; §9 head
 * image slides change every 6 s when added). `index` is 0; `insertSection` renumbers.
 */
export function newSection<T extends SectionType>(type: T, theme: ThemeType): Section<T> {
  const def = SECTIONS[type] as unknown as SectionDef;
  const settings = { ...defaultsOf(def.settings, theme), ...structuredClone(def.addDefaults ?? {}) };
  return { type, key: newSectionKey(type), index: 0, settings } as unknown as Section<T>;
}

/** Whether sections may be added above/below a section of this type (spec §2: never next to slider-product). */
export function canAddNextTo(type: string): boolean {
  return (SECTIONS as Record<string, SectionDef>)[type]?.allowNeighbours ?? true;
}

/** Whether a theme's add-section picker offers the type (spec §2 "Addable sections"). */
export function isAddable(type: string, theme: ThemeType): boolean {
  return ((SECTIONS as Record<string, SectionDef>)[type]?.addable ?? []).includes(theme);
}

/**
 * Inserts a section at `position` (0 = top) and renumbers `index`. Refuses (throws) a type the theme may not
 * add and a position next to a slider-product section (spec §2).
 */
export function insertSection(sections: readonly Section[], position: number, section: Section, theme: ThemeType): Section[] {
  if (!isAddable(section.type, theme)) throw new Error(`${section.type} cannot be added to a ${theme} theme`);
  const at = Math.max(0, Math.min(position, sections.length));
  const above = sections[at - 1];
  const below = sections[at];
  if ((above && !canAddNextTo(above.type)) || (below && !canAddNextTo(below.type))) {
    throw new Error('Sections cannot be added next to the slider-product section');
  }
  const next = [...sections];
  next.splice(at, 0, section);
  return next.map((s, index) => ({ ...s, index }) as Section);
}

// ----------------------------------------------------------------------------------------------- fill-in
function fillSection(raw: unknown, index: number, theme: ThemeType): unknown {
  if (!isObj(raw) || typeof raw.type !== 'string' || !(raw.type in SECTIONS)) return raw;
  const type = raw.type as SectionType;
  const def = SECTIONS[type] as unknown as SectionDef;
  return {
    ...raw,
    key: typeof raw.key === 'string' && raw.key ? raw.key : newSectionKey(type),
    index,
    settings: fillFields(def.settings, raw.settings, theme),
  };
}

/**
 * Loads a config for editing or rendering (spec §4 "When a config loads, missing parts are filled with
 * defaults: colors, cart, element, currency, typography, product options, checkout, style, category, popups,
 * cart goal, logo sizes, footer mobile field"). Runs the schema migrations first, then fills every missing
 * setting of every group, the header, the footer variant of the theme and each known section (deep: nested
 * groups and each block), gives sections without a key a new one and renumbers `index`. Present values are kept
 * (the validator judges them). `theme` defaults to `themeTypeOf(config)`. Never throws except
 * `UnknownSchemaVersionError` for a config from a newer schema.
 */
export function fillDefaults(config: unknown, theme?: ThemeType): ThemeConfig {
  const t = theme ?? themeTypeOf(config);
  const c = migrateConfig(config);
  const pages = isObj(c.pages) ? c.pages : {};
  const homepage = isObj(pages.homepage) ? pages.homepage : {};
  const sections = Array.isArray(homepage.sections) ? homepage.sections : [];
  const fixed = isObj(pages.fixed) ? pages.fixed : {};
  const header = isObj(fixed.header) ? fixed.header : {};
  const footer = isObj(fixed.footer) ? fixed.footer : {};
  const settingsIn = isObj(c.settings) ? c.settings : {};
  const settings: Obj = { ...settingsIn };
  for (const [id, grp] of Object.entries(SETTINGS_GROUPS)) settings[id] = fillFields(grp.fields as Fields, settingsIn[id], t);
  const footerOut: Obj =
    t === 'newchick'
      ? { ...footer, type: 'footer', settings: fillFields(FOOTER_NEWCHICK_FIELDS, footer.settings, t) }
      : { ...footer, type: 'footer', block_config: fillFields(FOOTER_HYDRO_FIELDS, footer.block_config, t) };
  if (t === 'hydro') delete footerOut.settings;
  return {
    ...c,
    schemaVersion: SCHEMA_VERSION,
    pages: {
      ...pages,
      homepage: { ...homepage, sections: sections.map((s, i) => fillSection(s, i, t)) },
      fixed: {
        ...fixed,
        header: { ...header, type: 'header', settings: fillFields(HEADER_FIELDS, header.settings, t) },
        footer: footerOut,
      },
    },
    settings,
  } as unknown as ThemeConfig;
}

/** A config holding only defaults and the given home-page sections (a new theme of that type). */
export function emptyConfig(theme: ThemeType, sectionTypes: readonly SectionType[] = []): ThemeConfig {
  const c = fillDefaults({}, theme);
  c.pages.homepage.sections = sectionTypes.map((type, index) => ({ ...newSection(type, theme), index }) as Section);
  return c;
}

// ----------------------------------------------------------------------------------------------- validator
const REQUIRED = 'Required.';
const HYDRO_FOOTER_MESSAGE = 'must be absent in a hydro theme (a footer with settings makes it newchick)';
const INVALID_NUMBER = 'Invalid number.';
const COLOR_RE =
  /^(|transparent|#[0-9a-fA-F]{3,4}|#[0-9a-fA-F]{6}|#[0-9a-fA-F]{8}|rgba?\(\s*[\d.]+%?\s*,\s*[\d.]+%?\s*,\s*[\d.]+%?\s*(,\s*[\d.]+\s*)?\))$/;
/** Image sources: empty, a local path, or http(s). Never javascript:/data: (they reach `src` attributes). */
const IMAGE_RE = /^(|\/(?!\/)[^\s]*|https?:\/\/[^\s]+)$/;

const numeric = (v: unknown) => (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v);
const str = () => z.string({ error: (iss) => (iss.input === undefined ? REQUIRED : 'must be text') });
const bool = () => z.boolean({ error: (iss) => (iss.input === undefined ? REQUIRED : 'must be true or false') });
const num = () => z.number({ error: (iss) => (iss.input === undefined ? REQUIRED : INVALID_NUMBER) });
const obj = (shape: z.ZodRawShape) => z.looseObject(shape, { error: (iss) => (iss.input === undefined ? REQUIRED : 'must be an object') });

function numberSchema(s: Extract<Setting, { kind: 'number' }>, theme: ThemeType): z.ZodType {
  const { min, max } = rangeOf(s, theme);
  let n = num();
  if (s.step !== undefined && Number.isInteger(s.step)) n = n.int('must be a whole number');
  if (min !== undefined) n = n.min(min, max !== undefined ? `must be between ${min} and ${max}` : `must be at least ${min}`);
  if (max !== undefined) n = n.max(max, min !== undefined ? `must be between ${min} and ${max}` : `must be at most ${max}`);
  return z.preprocess(numeric, n);
}

function settingSchema(s: Setting, theme: ThemeType): z.ZodType {
  switch (s.kind) {
    case 'text':
    case 'richtext':
    case 'collection':
    case 'product':
    case 'page':
    case 'menu':
      return str();
    case 'number':
      return numberSchema(s, theme);
    case 'checkbox':
      return bool();
    case 'select': {
      const values = s.options.map((o) => o.value);
      const msg = `must be one of: ${values.join(', ')}`;
      const lit = z.literal(values as [string | number, ...(string | number)[]], {
        error: (iss) => (iss.input === undefined ? REQUIRED : msg),
      });
      return values.every((v) => typeof v === 'number') ? z.preprocess(numeric, lit) : lit;
    }
    case 'color':
      return str().regex(COLOR_RE, 'must be a colour such as #0082E5');
    case 'image':
      return str().max(2048, 'must be at most 2048 characters').regex(IMAGE_RE, 'must be a path or an http(s) address');
    case 'link':
      return obj({
        name: z.enum(['home', 'category'], { error: (iss) => (iss.input === undefined ? REQUIRED : 'must be home or category') }),
        params: obj({ slug: str() }),
      });
    case 'font':
      return obj({
        font: z.enum([...FONT_FAMILIES, ''], {
          error: (iss) => (iss.input === undefined ? REQUIRED : 'must be one of the offered font families'),
        }),
        style: str(),
        url: str(),
        key: str(),
      });
    case 'countdown': {
      const part = () => z.preprocess(numeric, num().int('must be a whole number').min(0, 'must be at least 0'));
      return obj({ day: part(), hour: part(), min: part(), getTime: z.preprocess(numeric, num().min(0, 'must be at least 0')) });
    }
    case 'group':
      return fieldsSchema(s.fields, theme);
    case 'blocks':
      return blocksSchema(s, theme);
  }
}

function blocksSchema(s: BlocksSetting<Fields>, theme: ThemeType): z.ZodType {
  const arr = z.array(fieldsSchema(s.block, theme), { error: (iss) => (iss.input === undefined ? REQUIRED : 'must be a list') });
  return s.max === undefined ? arr : arr.max(s.max, `at most ${s.max} blocks`);
}

/** The zod schema of a record of settings for a theme (unknown keys are kept). */
export function fieldsSchema(fields: Fields, theme: ThemeType): z.ZodType {
  const shape: Record<string, z.ZodType> = {};
  for (const [k, s] of Object.entries(fields)) shape[k] = settingSchema(s, theme);
  return obj(shape);
}

function sectionSchema(theme: ThemeType): z.ZodType {
  const variants = SECTION_TYPES.map((type) =>
    z.looseObject({
      type: z.literal(type),
      key: str().min(1, REQUIRED),
      index: z.number().int().optional(),
      settings: fieldsSchema((SECTIONS[type] as unknown as SectionDef).settings, theme),
    }),
  );
  return z.discriminatedUnion('type', variants as unknown as [z.ZodObject, ...z.ZodObject[]], {
    error: (iss) => (iss.code === 'invalid_union' ? `type must be one of: ${SECTION_TYPES.join(', ')}` : undefined),
  });
}

const schemaCache = new Map<ThemeType, z.ZodType>();
/**
 * The zod validator of a complete theme config of the given type (the server runs it on save). Ranges follow
 * the theme (spec §5 "2 to 8 for newchick"); the footer must be the theme's variant (spec §1).
 */
export function themeConfigSchema(theme: ThemeType): z.ZodType<ThemeConfig> {
  const cached = schemaCache.get(theme);
  if (cached) return cached as z.ZodType<ThemeConfig>;
  const settingsShape: Record<string, z.ZodType> = {};
  for (const [id, grp] of Object.entries(SETTINGS_GROUPS)) settingsShape[id] = fieldsSchema(grp.fields as Fields, theme);
  const footer =
    theme === 'newchick'
      ? obj({ type: z.literal('footer'), settings: fieldsSchema(FOOTER_NEWCHICK_FIELDS, theme) })
      : obj({
          type: z.literal('footer'),
          settings: z.undefined({ error: HYDRO_FOOTER_MESSAGE }).optional(),
          block_config: fieldsSchema(FOOTER_HYDRO_FIELDS, theme),
        });
  const schema = obj({
    schemaVersion: z.literal(SCHEMA_VERSION, { error: `must be ${SCHEMA_VERSION}` }),
    pages: obj({
      homepage: obj({ sections: z.array(sectionSchema(theme)) }),
      fixed: obj({ header: obj({ type: z.literal('header'), settings: fieldsSchema(HEADER_FIELDS, theme) }), footer }),
    }),
    settings: obj(settingsShape),
  });
  schemaCache.set(theme, schema);
  return schema as unknown as z.ZodType<ThemeConfig>;
}

/** One validation problem: the dotted path into the config and the rule it breaks. */
export interface ConfigIssue {
  path: string;
  message: string;
}
export type ParseResult = { ok: true; config: ThemeConfig; theme: ThemeType } | { ok: false; issues: ConfigIssue[]; theme: ThemeType };

/**
 * Validates a config as the server saves it: migrate, fill missing parts with defaults (§4), then check every
 * setting against the declaration (§5 ranges, select options, block limits). `theme` defaults to
 * `themeTypeOf(config)`. Issues carry paths such as `settings.typography.font_size_product` and messages such
 * as `must be between 8 and 80`. Never throws.
 */
export function parseThemeConfig(config: unknown, theme?: ThemeType): ParseResult {
  const t = theme ?? themeTypeOf(config);
  if (!isObj(config)) return { ok: false, theme: t, issues: [{ path: 'config', message: 'must be an object' }] };
  if (t === 'hydro' && themeTypeOf(config) === 'newchick') {
    return { ok: false, theme: t, issues: [{ path: 'pages.fixed.footer.settings', message: HYDRO_FOOTER_MESSAGE }] };
  }
  let filled: ThemeConfig;
  try {
    filled = fillDefaults(config, t);
  } catch (err) {
    return { ok: false, theme: t, issues: [{ path: 'schemaVersion', message: (err as Error).message }] };
  }
  const r = themeConfigSchema(t).safeParse(filled);
  if (r.success) return { ok: true, config: r.data, theme: t };
  return {
    ok: false,
    theme: t,
    issues: r.error.issues.map((i) => ({ path: i.path.map(String).join('.') || 'config', message: i.message })),
  };
}

export { SCHEMA_VERSION };

/**
 * Applies `fn` to every merchant-HTML value of a config (rich text and HTML settings of every group, area and
 * section; spec issue 5: review body_html and checkout customHtml are sanitised). Returns a new config.
 */
export function mapConfigHtml(config: ThemeConfig, fn: (html: string) => string): ThemeConfig {
  const leaf = (s: Setting, v: unknown) => (isHtmlSetting(s) && typeof v === 'string' ? fn(v) : v);
  const c = structuredClone(config);
  for (const [id, grp] of Object.entries(SETTINGS_GROUPS)) {
    (c.settings as Obj)[id] = mapLeaves(grp.fields as Fields, (c.settings as Obj)[id], leaf);
  }
  c.pages.fixed.header.settings = mapLeaves(HEADER_FIELDS, c.pages.fixed.header.settings, leaf) as HeaderSettings;
  const footer = c.pages.fixed.footer as Obj;
  if (isObj(footer.settings)) footer.settings = mapLeaves(FOOTER_NEWCHICK_FIELDS, footer.settings, leaf);
  if (isObj(footer.block_config)) footer.block_config = mapLeaves(FOOTER_HYDRO_FIELDS, footer.block_config, leaf);
  c.pages.homepage.sections = c.pages.homepage.sections.map((sec) => {
    const def = (SECTIONS as Record<string, SectionDef>)[sec.type];
    return def ? ({ ...sec, settings: mapLeaves(def.settings, sec.settings, leaf) } as Section) : sec;
  });
  return c;
}
