import { type FontValue, parseFontStyle } from '@backroom/theme';

/**
 * Self-hosted fonts (theme-editor §9's 16 families, issue 5 item 3: no CDN). Each family's Latin subset is
 * bundled from its `@fontsource/*` package as lazy CSS chunks; `loadFont` imports only the files a config uses.
 * "Share" is not on npm as a Fontsource package; its sibling "Share Tech" (same designer) stands in for it.
 */
const CSS = import.meta.glob('../../../../node_modules/@fontsource/*/latin-{300,400,500,600,700,800,900}{,-italic}.css');

/** The Fontsource package folder and CSS family name of a theme font family. */
export function fontSource(family: string): { pkg: string; css: string } {
  if (family === 'Share') return { pkg: 'share-tech', css: 'Share Tech' };
  return { pkg: family.toLowerCase().replace(/\s+/g, '-'), css: family };
}

const loaded = new Set<string>();

/** The name of one bundled face ("alata-400-normal"), as the server's `<style data-sf-faces>` lists them. */
export function faceKey(pkg: string, weight: number, italic: boolean): string {
  return `${pkg}-${weight}-${italic ? 'italic' : 'normal'}`;
}

let declared: Set<string> | null = null;
/**
 * The faces the server already declared in the page's `<head>` (lib/font-files.ts `fontHead`, issue 16 item 2):
 * their Fontsource stylesheet is not loaded again (it would only restyle and re-lay out the page after hydration).
 * Empty in a preview frame and a client-rendered page, which load every face's stylesheet as before.
 */
function declaredFaces(): Set<string> {
  declared ??= new Set(document.querySelector<HTMLElement>('style[data-sf-faces]')?.dataset.sfFaces?.split(' ') ?? []);
  return declared;
}

/** The bundled weights of a family (those whose latin CSS exists), ascending. */
function weightsOf(pkg: string, italic: boolean): number[] {
  const out: number[] = [];
  for (const k of Object.keys(CSS)) {
    const m = new RegExp(`/@fontsource/${pkg}/latin-(\\d{3})${italic ? '-italic' : ''}\\.css$`).exec(k);
    if (m) out.push(Number(m[1]));
  }
  return out.sort((a, b) => a - b);
}

/**
 * Loads the CSS of one font value (family + style such as "700 Bold Italic") on demand, choosing the nearest
 * bundled weight (950 → 900). Resolves when the stylesheet is in; unknown families resolve at once.
 * Returns the CSS `font-family`, weight and style to use.
 */
export function loadFont(v: FontValue): { family: string; weight: number; style: 'normal' | 'italic' } {
  const memoKey = `${v.font}|${v.style}`;
  const hit = resolved.get(memoKey);
  if (hit) return hit;
  const out = resolveFont(v);
  resolved.set(memoKey, out);
  return out;
}
const resolved = new Map<string, { family: string; weight: number; style: 'normal' | 'italic' }>();

/**
 * The bundled face a font value resolves to: Fontsource package, CSS family, the nearest bundled weight and
 * whether italic (falls back to upright when the family has no italic).
 */
export function bundledFace(v: FontValue): { pkg: string; css: string; weight: number; italic: boolean; requestedWeight: number } {
  const { pkg, css } = fontSource(v.font || 'Open Sans');
  const parsed = parseFontStyle(v.style || '400 Regular');
  let italic = parsed.italic;
  let weights = weightsOf(pkg, italic);
  if (!weights.length && italic) {
    italic = false;
    weights = weightsOf(pkg, false);
  }
  const weight = weights.length ? weights.reduce((a, b) => (Math.abs(b - parsed.weight) < Math.abs(a - parsed.weight) ? b : a)) : 400;
  return { pkg, css, weight, italic, requestedWeight: parsed.weight };
}

function resolveFont(v: FontValue): { family: string; weight: number; style: 'normal' | 'italic' } {
  const { pkg, css, weight, italic, requestedWeight } = bundledFace(v);
  const key = `../../../../node_modules/@fontsource/${pkg}/latin-${weight}${italic ? '-italic' : ''}.css`;
  if (typeof document !== 'undefined' && !loaded.has(key) && CSS[key] && !declaredFaces().has(faceKey(pkg, weight, italic))) {
    loaded.add(key);
    void CSS[key]!();
  }
  return {
    family: `'${css}', system-ui, sans-serif`,
    weight: Math.min(900, requestedWeight),
    style: italic ? 'italic' : 'normal',
  };
}
