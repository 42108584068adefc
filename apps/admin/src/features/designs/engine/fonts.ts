import type { PersonalizeFontsResponse } from '@backroom/contracts';
import type { DesignDocument, Layer } from '@backroom/design';
import { FONT_FAMILIES } from '@backroom/theme';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { api } from '../../../lib/api';
import { fontFamilyOf, useFontFaces } from '../../../lib/font-faces';
import { personalizeKeys } from '../../../lib/query-keys';
import { type DesignStore, docOf } from './store';

/**
 * Fonts of the design editors (issue 19 item 2 "fonts from the theme's families and the shop's custom fonts"): the
 * theme's 16 families, self-hosted from their `@fontsource/*` packages like the storefront (Latin 400 and 700,
 * upright and italic, each a lazy CSS chunk loaded when a design uses the family), and the shop's fonts uploaded on
 * the personalisation fonts screen (`GET /api/personalizes/font`, registered with the FontFace API).
 */
const CSS = import.meta.glob('../../../../../../node_modules/@fontsource/*/latin-{400,700}{,-italic}.css');

/** One choice of the font picker: a theme family (`fontId` null) or a shop font. */
export interface FontChoice {
  /** Select value: `theme:{family}` or `shop:{id}`. */
  value: string;
  label: string;
  group: 'Theme fonts' | 'Your fonts';
  fontFamily: string;
  fontId: string | null;
}

/** The Fontsource package of a theme family ("Share" is published as its sibling "Share Tech", see the storefront). */
function packageOf(family: string): { pkg: string; css: string } {
  if (family === 'Share') return { pkg: 'share-tech', css: 'Share Tech' };
  return { pkg: family.toLowerCase().replace(/\s+/g, '-'), css: family };
}

/** The CSS family a theme family draws with in the page (see packageOf). */
export const themeCssFamily = (family: string): string => packageOf(family).css;

const requested = new Set<string>();
/** Loads a theme family's Latin faces (once) and resolves when the browser has them. */
async function loadThemeFamily(family: string): Promise<void> {
  const { pkg, css } = packageOf(family);
  if (requested.has(pkg)) return;
  requested.add(pkg);
  const files = Object.entries(CSS).filter(([path]) => path.includes(`/@fontsource/${pkg}/`));
  await Promise.all(files.map(([, load]) => load().catch(() => undefined)));
  await Promise.all(
    [document.fonts?.load(`400 16px "${css}"`), document.fonts?.load(`700 16px "${css}"`)].map((p) => p?.catch(() => undefined)),
  );
}

/** `GET /api/personalizes/font` → the shop's fonts (the personalisation fonts screen's list). */
function shopFontsOptions() {
  return queryOptions({
    queryKey: personalizeKeys.part('fonts'),
    queryFn: ({ signal }) => api.get<PersonalizeFontsResponse>('/personalizes/font', { signal, silent: true }),
    staleTime: 60_000,
  });
}

/** The theme families a document uses, joined by `|` (a string, so a store selector keeps it stable). */
const usedFamilies = (doc: DesignDocument): string => {
  const out = new Set<string>();
  for (const s of doc.surfaces)
    for (const l of s.layers as Layer[]) if ((l.type === 'text' || l.type === 'field') && !l.fontId) out.add(l.fontFamily);
  return [...out].sort().join('|');
};

/**
 * The font choices and a counter bumped each time a font finished loading (the canvas measures text again). Loads
 * every theme family the document uses and registers every shop font.
 */
export function useDesignFonts(store: DesignStore): { choices: FontChoice[]; loaded: number } {
  const shop = useQuery(shopFontsOptions());
  const shopFonts = shop.data?.fonts ?? [];
  const shopLoaded = useFontFaces(shopFonts);
  const [themeLoaded, setThemeLoaded] = useState(0);
  const families = useStore(store, (s) => usedFamilies(docOf(s)));
  useEffect(() => {
    let live = true;
    for (const f of families.split('|').filter(Boolean)) void loadThemeFamily(f).then(() => live && setThemeLoaded((n) => n + 1));
    return () => {
      live = false;
    };
  }, [families]);
  const choices = useMemo<FontChoice[]>(
    () => [
      ...FONT_FAMILIES.map((f) => ({ value: `theme:${f}`, label: f, group: 'Theme fonts' as const, fontFamily: f, fontId: null })),
      ...shopFonts.map((f) => ({
        value: `shop:${f.id}`,
        label: f.name || f.family,
        group: 'Your fonts' as const,
        fontFamily: f.family,
        fontId: f.id,
      })),
    ],
    [shopFonts],
  );
  return { choices, loaded: shopLoaded + themeLoaded };
}

/** The CSS family a text layer uses in the page: a shop font's registered family, else the theme family's. */
export const cssFamilyOf = (l: { fontFamily: string; fontId: string | null }): string =>
  l.fontId ? fontFamilyOf(l.fontId) : themeCssFamily(l.fontFamily);
