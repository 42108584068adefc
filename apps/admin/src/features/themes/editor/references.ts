import {
  ALL_COLLECTIONS_SLUG,
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
 * The store references of a draft (issue 9 item 6 "broken collection/product/page references flagged inline
 * before Save"): every collection handle (collection settings and category links), product id and page handle,
 * with the config path that holds it, found by walking the theme declaration.
 */
export interface Reference {
  kind: 'collection' | 'product' | 'page';
  value: string;
  path: Path;
}

function walk(fields: Fields, value: unknown, prefix: Path, out: Reference[]): void {
  if (value === null || typeof value !== 'object') return;
  const v = value as Record<string, unknown>;
  for (const [k, s] of Object.entries(fields) as [string, Setting][]) {
    const here = [...prefix, k];
    const x = v[k];
    if (s.kind === 'group') walk(s.fields, x, here, out);
    else if (s.kind === 'blocks') {
      if (Array.isArray(x)) {
        x.forEach((b, i) => {
          walk(s.block, b, [...here, i], out);
        });
      }
    } else if ((s.kind === 'collection' || s.kind === 'product' || s.kind === 'page') && typeof x === 'string' && x) {
      out.push({ kind: s.kind, value: x, path: here });
    } else if (s.kind === 'link' && x && typeof x === 'object') {
      const l = x as { name?: string; params?: { slug?: string } };
      const slug = l.params?.slug;
      if (l.name === 'category' && slug && slug !== ALL_COLLECTIONS_SLUG) {
        out.push({ kind: 'collection', value: slug, path: [...here, 'params', 'slug'] });
      }
    }
  }
}

/** Every reference of `config` (sections, header, footer, settings groups). */
export function referencesOf(config: ThemeConfig, theme: ThemeType): Reference[] {
  const out: Reference[] = [];
  for (const [i, s] of config.pages.homepage.sections.entries()) {
    const def = (SECTIONS as Record<string, SectionDef>)[s.type];
    if (def) walk(def.settings, s.settings, ['pages', 'homepage', 'sections', i, 'settings'], out);
  }
  for (const area of ['header', 'footer'] as const) {
    const a = FIXED_AREAS[area][theme];
    const path = a.path.split('.');
    walk(
      a.fields,
      path.reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], config),
      path,
      out,
    );
  }
  for (const g of Object.values(SETTINGS_GROUPS)) {
    walk(g.fields as Fields, (config.settings as Record<string, unknown>)[g.id], ['settings', g.id], out);
  }
  return out;
}
