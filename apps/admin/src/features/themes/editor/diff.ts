import { FIXED_AREAS, type Fields, SECTIONS, SETTINGS_GROUPS, type ThemeConfig, type ThemeType } from '@backroom/theme';
import { fieldLabels, sectionLabel } from './labels';
import type { Path } from './paths';

/**
 * Per-section differences between two configs (issue 9 item 6: the 409 conflict "shown section by section (what
 * they changed, what you changed)" and a version's restore preview "with the same per-section diff").
 */

/** One part of a config (a section, the header, the footer, a settings group, the section order). */
export interface PartDiff {
  /** `section:{key}` | `area:header` | `area:footer` | `group:{id}` | `order`. */
  id: string;
  label: string;
  /** added / removed only for sections. */
  kind: 'changed' | 'added' | 'removed';
  /** Words for the changed settings, e.g. ["Heading", "Deals · Deal 2 · Title"]; empty for added/removed/order. */
  fields: string[];
}

/** Leaf paths where `a` and `b` differ (arrays of different length are one change at the array). */
export function changedPaths(a: unknown, b: unknown, prefix: (string | number)[] = [], out: Path[] = []): Path[] {
  if (Object.is(a, b)) return out;
  const objA = a !== null && typeof a === 'object';
  const objB = b !== null && typeof b === 'object';
  if (!objA || !objB || Array.isArray(a) !== Array.isArray(b)) {
    out.push(prefix);
    return out;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) {
      out.push(prefix);
      return out;
    }
    for (const [i, v] of a.entries()) changedPaths(v, b[i], [...prefix, i], out);
    return out;
  }
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  for (const k of new Set([...Object.keys(ra), ...Object.keys(rb)])) changedPaths(ra[k], rb[k], [...prefix, k], out);
  return out;
}

const words = (fields: Fields | undefined, paths: Path[]): string[] => {
  const out = new Set<string>();
  for (const p of paths) {
    const l = fields ? fieldLabels(fields, p) : [];
    out.add(l.length ? l.join(' · ') : p.join('.') || 'All settings');
  }
  return [...out];
};

/** Every part that differs from `a` to `b`, in the editor's order: header, sections, footer, settings groups. */
export function diffConfigs(a: ThemeConfig, b: ThemeConfig, theme: ThemeType): PartDiff[] {
  const out: PartDiff[] = [];
  const areaDiff = (area: 'header' | 'footer') => {
    const path = FIXED_AREAS[area][theme].path.split('.');
    const read = (c: ThemeConfig) => path.reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], c);
    const paths = changedPaths(read(a), read(b));
    if (paths.length) {
      out.push({
        id: `area:${area}`,
        label: FIXED_AREAS[area].label,
        kind: 'changed',
        fields: words(FIXED_AREAS[area][theme].fields, paths),
      });
    }
  };
  areaDiff('header');
  const before = new Map(a.pages.homepage.sections.map((s) => [s.key, s]));
  const after = new Map(b.pages.homepage.sections.map((s) => [s.key, s]));
  for (const s of b.pages.homepage.sections) {
    const old = before.get(s.key);
    if (!old) {
      out.push({ id: `section:${s.key}`, label: sectionLabel(s.type), kind: 'added', fields: [] });
      continue;
    }
    const paths = changedPaths(old.settings, s.settings);
    if (paths.length) {
      const def = (SECTION_FIELDS as Record<string, Fields>)[s.type];
      out.push({ id: `section:${s.key}`, label: sectionLabel(s.type), kind: 'changed', fields: words(def, paths) });
    }
  }
  for (const s of a.pages.homepage.sections) {
    if (!after.has(s.key)) out.push({ id: `section:${s.key}`, label: sectionLabel(s.type), kind: 'removed', fields: [] });
  }
  const kept = (l: ThemeConfig['pages']['homepage']['sections'], other: Map<string, unknown>) =>
    l.filter((s) => other.has(s.key)).map((s) => s.key);
  if (kept(a.pages.homepage.sections, after).join() !== kept(b.pages.homepage.sections, before).join()) {
    out.push({ id: 'order', label: 'Section order', kind: 'changed', fields: [] });
  }
  areaDiff('footer');
  for (const g of Object.values(SETTINGS_GROUPS)) {
    const paths = changedPaths((a.settings as Record<string, unknown>)[g.id], (b.settings as Record<string, unknown>)[g.id]);
    if (paths.length) out.push({ id: `group:${g.id}`, label: g.label, kind: 'changed', fields: words(g.fields as Fields, paths) });
  }
  return out;
}

/** One row of the 409 conflict view: a part and what each side changed since the common base. */
export interface ConflictRow {
  id: string;
  label: string;
  theirs: PartDiff | null;
  mine: PartDiff | null;
}

/** Three-way: what "they" (the saved version) and "I" (the draft) changed since `base`, part by part. */
export function conflictRows(base: ThemeConfig, theirs: ThemeConfig, mine: ThemeConfig, theme: ThemeType): ConflictRow[] {
  const t = diffConfigs(base, theirs, theme);
  const m = diffConfigs(base, mine, theme);
  const rows = new Map<string, ConflictRow>();
  for (const d of t) rows.set(d.id, { id: d.id, label: d.label, theirs: d, mine: null });
  for (const d of m) {
    const row = rows.get(d.id);
    if (row) row.mine = d;
    else rows.set(d.id, { id: d.id, label: d.label, theirs: null, mine: d });
  }
  return [...rows.values()];
}

const SECTION_FIELDS: Record<string, Fields> = Object.fromEntries(Object.entries(SECTIONS).map(([k, v]) => [k, v.settings as Fields]));
