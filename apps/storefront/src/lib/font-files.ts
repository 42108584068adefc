import type { FontValue } from '@backroom/theme';
import { bundledFace, faceKey } from './fonts';

/**
 * The built address of every bundled Latin WOFF2 face (`/assets/{pkg}-latin-{weight}-{normal|italic}-{hash}.woff2`),
 * the same files the lazy Fontsource CSS of lib/fonts.ts points at. Imported by the server renderer only.
 */
const FILES = import.meta.glob<string>(
  '../../../../node_modules/@fontsource/*/files/*-latin-{300,400,500,600,700,800,900}-{normal,italic}.woff2',
  {
    query: '?url',
    import: 'default',
    eager: true,
  },
);

/**
 * The `<head>` part of a page's fonts (issue 16 item 2): for each distinct face the theme's typography uses, a
 * preload of its WOFF2 and its `@font-face` (`font-display: swap`), so text paints at once in a fallback and the
 * theme's faces arrive without waiting for the script. Families the theme does not use are never named. The
 * `<style>` lists its faces (`data-sf-faces`, `faceKey` names) so the browser does not declare them again.
 */
export function fontHead(values: readonly FontValue[]): string {
  const seen = new Set<string>();
  let links = '';
  let faces = '';
  const keys: string[] = [];
  for (const v of values) {
    const f = bundledFace(v);
    const style = f.italic ? 'italic' : 'normal';
    const url = FILES[`../../../../node_modules/@fontsource/${f.pkg}/files/${f.pkg}-latin-${f.weight}-${style}.woff2`];
    if (!url || seen.has(url)) continue;
    seen.add(url);
    keys.push(faceKey(f.pkg, f.weight, f.italic));
    links += `<link rel="preload" as="font" type="font/woff2" href="${url}" crossorigin>`;
    faces += `@font-face{font-family:'${f.css}';font-style:${style};font-display:swap;font-weight:${f.weight};src:url(${url}) format('woff2')}`;
  }
  // data-sf-faces: the browser's lib/fonts.ts does not load these faces' Fontsource stylesheets again.
  return faces ? `${links}<style data-sf-faces="${keys.join(' ')}">${faces}</style>` : '';
}
