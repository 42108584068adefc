import { parseThemeConfig, type ThemeConfig, type ThemeType } from '@backroom/theme';
import { checkReferences } from '../api';
import { editLabel, partOf } from './labels';
import type { Path } from './paths';
import { referencesOf } from './references';
import type { EditorIssue } from './store';

/**
 * The checks before Save (issue 9 item 6 "schema limits and broken collection/product/page references flagged
 * inline before Save"): the same validator the server runs (packages/theme `parseThemeConfig`, spec §5 ranges and
 * limits), and the store's collections, products and pages the draft points to.
 */

const toPath = (dotted: string): Path => dotted.split('.').map((k) => (/^\d+$/.test(k) ? Number(k) : k));

/** Schema problems of the draft, each on its part with words for where. */
export function schemaIssues(config: ThemeConfig, theme: ThemeType): EditorIssue[] {
  const r = parseThemeConfig(config, theme);
  if (r.ok) return [];
  return r.issues.map((i) => {
    const path = toPath(i.path);
    return { target: partOf(config, path, theme).id, where: editLabel(config, path, theme), message: i.message };
  });
}

const MISSING = {
  collection: (v: string) => `The collection “${v}” no longer exists.`,
  product: () => 'The chosen product no longer exists.',
  page: (v: string) => `The page “${v}” does not exist or is not published.`,
};

/** References of the draft that do not exist in the store (one request). Network failures find nothing. */
export async function referenceIssues(config: ThemeConfig, theme: ThemeType): Promise<EditorIssue[]> {
  const refs = referencesOf(config, theme);
  if (!refs.length) return [];
  const pick = (k: 'collection' | 'product' | 'page') => [...new Set(refs.filter((r) => r.kind === k).map((r) => r.value))].slice(0, 500);
  let missing: { collections: string[]; products: string[]; pages: string[] };
  try {
    missing = (await checkReferences({ collections: pick('collection'), products: pick('product'), pages: pick('page') })).missing;
  } catch {
    return [];
  }
  const gone = { collection: new Set(missing.collections), product: new Set(missing.products), page: new Set(missing.pages) };
  return refs
    .filter((r) => gone[r.kind].has(r.value))
    .map((r) => ({ target: partOf(config, r.path, theme).id, where: editLabel(config, r.path, theme), message: MISSING[r.kind](r.value) }));
}
