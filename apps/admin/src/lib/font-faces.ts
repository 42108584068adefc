import { useEffect, useState } from 'react';

/** CSS family under which a shop font is registered in the page (never clashes with the admin's own fonts). */
export const fontFamilyOf = (fontId: string) => `bk-font-${fontId}`;

/**
 * Registers the shop's fonts in the document (FontFace API) under {@link fontFamilyOf} and answers how many have
 * loaded, so a drawing re-renders once its font is there. A font that fails to load is skipped silently (spec §8
 * "failed font fetches are ignored"). No-op where FontFace is missing (tests).
 */
export function useFontFaces(fonts: readonly { id: string; fontUrl: string }[]): number {
  const [loaded, setLoaded] = useState(0);
  const key = fonts.map((f) => `${f.id}|${f.fontUrl}`).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the fonts' ids and addresses.
  useEffect(() => {
    if (typeof FontFace === 'undefined' || typeof document === 'undefined' || !document.fonts) return;
    let live = true;
    for (const f of fonts) {
      const family = fontFamilyOf(f.id);
      if ([...document.fonts].some((x) => x.family === family || x.family === `"${family}"`)) continue;
      const face = new FontFace(family, `url(${JSON.stringify(f.fontUrl)})`);
      document.fonts.add(face);
      face.load().then(
        () => live && setLoaded((n) => n + 1),
        () => undefined,
      );
    }
    return () => {
      live = false;
    };
  }, [key]);
  return loaded;
}
