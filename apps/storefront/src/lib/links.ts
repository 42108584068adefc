import { ALL_COLLECTIONS_SLUG, type LinkValue } from '@backroom/theme';

/**
 * The storefront path of a theme link value (theme-editor §3 "Link value"): `home` → `/`; a category with the
 * special slug → the collections page; another category → `/collections/{slug}`.
 */
export function linkHref(v: LinkValue | undefined | null): string {
  if (v?.name !== 'category') return '/';
  const slug = v.params?.slug ?? '';
  if (!slug || slug === ALL_COLLECTIONS_SLUG) return '/collections';
  return `/collections/${encodeURIComponent(slug)}`;
}

/** The collection handle a link points to, or null (home, or all collections). */
export function linkCollection(v: LinkValue | undefined | null): string | null {
  if (v?.name !== 'category') return null;
  const slug = v.params?.slug ?? '';
  return slug && slug !== ALL_COLLECTIONS_SLUG ? slug : null;
}
