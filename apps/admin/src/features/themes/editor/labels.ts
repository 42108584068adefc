import {
  FIXED_AREAS,
  type Fields,
  SECTIONS,
  SETTINGS_GROUPS,
  type SectionDef,
  type Setting,
  type ThemeConfig,
  type ThemeType,
} from '@backroom/theme';
import type { Path } from './paths';

/**
 * Words for config paths, read from the theme declaration (packages/theme): the history list, the 409 conflict
 * view and the restore preview say "Featured Collection · Heading", never `pages.homepage.sections.3.settings.heading`.
 */

const SECTIONS_PATH = ['pages', 'homepage', 'sections'] as const;

/** The label of a section type ("Featured Collection"); the type itself when unknown. */
export function sectionLabel(type: string): string {
  return (SECTIONS as Record<string, SectionDef>)[type]?.label ?? type;
}

/** The labels of the declared settings along `rel` inside `fields` (block indexes become "Deal 2"). */
export function fieldLabels(fields: Fields, rel: Path): string[] {
  const out: string[] = [];
  let cur: Fields | undefined = fields;
  let blockSetting: Extract<Setting, { kind: 'blocks' }> | undefined;
  for (const k of rel) {
    if (typeof k === 'number') {
      if (blockSetting) {
        out.push(`${blockSetting.itemLabel} ${k + 1}`);
        cur = blockSetting.block;
        blockSetting = undefined;
      }
      continue;
    }
    const s: Setting | undefined = cur?.[k];
    if (!s) break;
    out.push(s.label);
    if (s.kind === 'group') cur = s.fields;
    else if (s.kind === 'blocks') blockSetting = s;
    else cur = undefined;
  }
  return out;
}

/** Which part of a config a path is in: a section (by key), the header, the footer or a settings group. */
export interface PathPart {
  /** `section:{key}` | `area:header` | `area:footer` | `group:{id}` | `sections` (the list itself) | `other`. */
  id: string;
  label: string;
  /** The path relative to the part's settings object. */
  rel: Path;
  fields: Fields | undefined;
}

/** The part of `config` a path belongs to, with the declaration of its settings. */
export function partOf(config: ThemeConfig, path: Path, theme: ThemeType): PathPart {
  if (path[0] === 'pages' && path[1] === 'homepage' && path[2] === 'sections') {
    if (typeof path[3] !== 'number') return { id: 'sections', label: 'Sections', rel: [], fields: undefined };
    const sec = config.pages.homepage.sections[path[3]];
    const def = sec && (SECTIONS as Record<string, SectionDef>)[sec.type];
    return {
      id: `section:${sec?.key ?? path[3]}`,
      label: sec ? sectionLabel(sec.type) : 'Section',
      rel: path[4] === 'settings' ? path.slice(5) : path.slice(4),
      fields: def?.settings,
    };
  }
  if (path[0] === 'pages' && path[1] === 'fixed' && (path[2] === 'header' || path[2] === 'footer')) {
    const area = FIXED_AREAS[path[2]][theme];
    return { id: `area:${path[2]}`, label: FIXED_AREAS[path[2]].label, rel: path.slice(4), fields: area.fields };
  }
  if (path[0] === 'settings' && typeof path[1] === 'string' && path[1] in SETTINGS_GROUPS) {
    const g = SETTINGS_GROUPS[path[1] as keyof typeof SETTINGS_GROUPS];
    return { id: `group:${g.id}`, label: g.label, rel: path.slice(2), fields: g.fields as Fields };
  }
  return { id: 'other', label: 'Theme', rel: path, fields: undefined };
}

/** "Featured Collection · Heading" for an edit at `path`. */
export function editLabel(config: ThemeConfig, path: Path, theme: ThemeType): string {
  const part = partOf(config, path, theme);
  const fields = part.fields ? fieldLabels(part.fields, part.rel) : [];
  return [part.label, ...fields].join(' · ');
}

export { SECTIONS_PATH };
