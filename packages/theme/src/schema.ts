/**
 * The walkable form of the whole theme declaration, for the editor that generates its panels from it (spec
 * theme-editor §2 panels; DESIGN.md "The three registries"): groups with their preview page, fixed areas in
 * their two variants, section types with their settings, and a walker over nested settings.
 */
import { FOOTER_HYDRO_FIELDS, FOOTER_NEWCHICK_FIELDS, HEADER_FIELDS } from './areas.js';
import { FONT_FAMILIES, FONT_WEIGHTS } from './fonts.js';
import { MIGRATIONS, SCHEMA_VERSION } from './migrations.js';
import { ADDABLE_SECTIONS, SECTION_TYPES, SECTIONS } from './sections.js';
import { PREVIEW_PAGE_LABELS, PREVIEW_PAGES, SETTINGS_GROUPS } from './settings.js';
import { type BlocksSetting, type Fields, RICHTEXT_SIZES, type Setting, THEME_LABELS, THEME_TYPES, type ThemeType } from './vocabulary.js';

/** A fixed area variant: the config path its settings live at and their declaration. */
export interface AreaVariant {
  label: string;
  /** Dotted path of the settings object inside a config. */
  path: string;
  fields: Fields;
}

/** Fixed areas (spec §2 header and footer entries), each in its two variants. */
export const FIXED_AREAS = {
  header: {
    label: 'Header',
    newchick: { label: 'Header', path: 'pages.fixed.header.settings', fields: HEADER_FIELDS },
    hydro: { label: 'Header', path: 'pages.fixed.header.settings', fields: HEADER_FIELDS },
  },
  footer: {
    label: 'Footer',
    newchick: { label: 'Footer', path: 'pages.fixed.footer.settings', fields: FOOTER_NEWCHICK_FIELDS },
    hydro: { label: 'Footer', path: 'pages.fixed.footer.block_config', fields: FOOTER_HYDRO_FIELDS },
  },
} as const satisfies Record<string, { label: string } & Record<ThemeType, AreaVariant>>;

/** Everything the editor walks, in one object. */
export const THEME_SCHEMA = {
  schemaVersion: SCHEMA_VERSION,
  migrations: MIGRATIONS.map((m) => ({ to: m.to, description: m.description })),
  themes: THEME_TYPES,
  themeLabels: THEME_LABELS,
  pages: PREVIEW_PAGES,
  pageLabels: PREVIEW_PAGE_LABELS,
  groups: SETTINGS_GROUPS,
  areas: FIXED_AREAS,
  sectionTypes: SECTION_TYPES,
  sections: SECTIONS,
  addableSections: ADDABLE_SECTIONS,
  fonts: FONT_FAMILIES,
  fontWeights: FONT_WEIGHTS,
  richtextSizes: RICHTEXT_SIZES,
} as const;

/**
 * Visits every setting of `fields` depth-first, groups before their children and block lists before their
 * block fields. `path` is dotted; a block field's path uses `[]` for the block index (`blocks[].title`).
 */
export function walkFields(fields: Fields, visit: (path: string, setting: Setting) => void, prefix = ''): void {
  for (const [k, s] of Object.entries(fields)) {
    const path = prefix ? `${prefix}.${k}` : k;
    visit(path, s);
    if (s.kind === 'group') walkFields(s.fields, visit, path);
    if (s.kind === 'blocks') walkFields(s.block, visit, `${path}[]`);
  }
}

/**
 * Visits every declared setting of a theme config with its full config path: settings groups
 * (`settings.product.layout.sale_type`), fixed areas (`pages.fixed.header.settings.size_logo.desktop`) and
 * section settings (`sections.head-image.change_slides_every`, by section type).
 */
export function walkThemeSchema(visit: (path: string, setting: Setting) => void): void {
  for (const [id, grp] of Object.entries(SETTINGS_GROUPS)) walkFields(grp.fields as Fields, visit, `settings.${id}`);
  walkFields(HEADER_FIELDS, visit, 'pages.fixed.header.settings');
  walkFields(FOOTER_NEWCHICK_FIELDS, visit, 'pages.fixed.footer.settings');
  walkFields(FOOTER_HYDRO_FIELDS, visit, 'pages.fixed.footer.block_config');
  for (const type of SECTION_TYPES) walkFields(SECTIONS[type].settings as Fields, visit, `sections.${type}`);
}

/** One declared block list with its limit (spec §5 block limits). */
export interface BlockLimit {
  path: string;
  max: number | undefined;
  setting: BlocksSetting<Fields>;
}

/** Every block list of the declaration with its maximum, by config path (derived, spec §5). */
export function blockLimits(): BlockLimit[] {
  const out: BlockLimit[] = [];
  walkThemeSchema((path, s) => {
    if (s.kind === 'blocks') out.push({ path, max: s.max, setting: s });
  });
  return out;
}

/** The declaration at a config path as `walkThemeSchema` names it, or undefined. */
export function settingAt(path: string): Setting | undefined {
  let found: Setting | undefined;
  walkThemeSchema((p, s) => {
    if (p === path) found = s;
  });
  return found;
}
