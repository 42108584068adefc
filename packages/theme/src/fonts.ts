/**
 * The fixed set of font families the editor offers (spec theme-editor §7 "only a fixed set of families kept",
 * §9 default font families). The storefront self-hosts them from npm font packages (no CDN).
 */
export const FONT_FAMILIES = [
  'Alata',
  'Mulish',
  'Poppins',
  'Open Sans',
  'Abril Fatface',
  'Quicksand',
  'Aclonica',
  'Quintessential',
  'Radley',
  'Rancho',
  'Rokkitt',
  'Share',
  'Sevillana',
  'Assistant',
  'Roboto',
  'Be Vietnam Pro',
] as const;

/** Weight names, 100 Thin to 950 Extra Black (spec §9); each also has an italic variant. */
export const FONT_WEIGHTS = [
  { weight: 100, name: 'Thin' },
  { weight: 200, name: 'Extra Light' },
  { weight: 300, name: 'Light' },
  { weight: 400, name: 'Regular' },
  { weight: 500, name: 'Medium' },
  { weight: 600, name: 'Semi Bold' },
  { weight: 700, name: 'Bold' },
  { weight: 800, name: 'Extra Bold' },
  { weight: 900, name: 'Black' },
  { weight: 950, name: 'Extra Black' },
] as const;

/** A style name as stored in a font value: "400 Regular", "700 Bold Italic" (spec §9). */
export function fontStyleName(weight: number, italic = false): string {
  const w = FONT_WEIGHTS.find((x) => x.weight === weight);
  if (!w) throw new Error(`unknown font weight ${weight}`);
  return `${w.weight} ${w.name}${italic ? ' Italic' : ''}`;
}

/** Parses a style name ("700 Bold Italic") into CSS weight and style; unknown text yields 400 normal. */
export function parseFontStyle(style: string): { weight: number; italic: boolean } {
  const m = /^(\d{3})\b/.exec(style.trim());
  const weight = m ? Number(m[1]) : 400;
  return { weight: FONT_WEIGHTS.some((w) => w.weight === weight) ? weight : 400, italic: /italic/i.test(style) };
}

/** The font key stored with a font value: family and style, e.g. "Poppins:700italic" (spec §3 Typography key). */
export function fontKey(family: string, style: string): string {
  const { weight, italic } = parseFontStyle(style);
  return `${family}:${weight}${italic ? 'italic' : ''}`;
}

/** Every style name the font drawer offers: each weight upright, then italic ("100 Thin" … "950 Extra Black Italic"). */
export const FONT_STYLES: readonly string[] = FONT_WEIGHTS.flatMap((w) => [fontStyleName(w.weight), fontStyleName(w.weight, true)]);

/**
 * The stylesheet a font value names: the self-hosted Fontsource CSS of the family's Latin subset at that weight,
 * e.g. `@fontsource/open-sans/latin-700-italic.css` (issue 5: no font CDN). "Share" is served by Share Tech.
 */
export function fontUrl(family: string, style: string): string {
  const { weight, italic } = parseFontStyle(style);
  const pkg = family === 'Share' ? 'share-tech' : family.toLowerCase().replace(/\s+/g, '-');
  return `@fontsource/${pkg}/latin-${Math.min(900, weight)}${italic ? '-italic' : ''}.css`;
}

/** Choosing a font family (spec §4): the family is set and style, url and key are reset until a style is chosen. */
export function chooseFontFamily(family: string): { font: string; style: string; url: string; key: string } {
  return { font: family, style: '', url: '', key: '' };
}

/** Choosing a style of the current family (spec §4 "choosing a style then sets them"): style, url and key set. */
export function chooseFontStyle<V extends { font: string }>(value: V, style: string): V & { style: string; url: string; key: string } {
  return { ...value, style, url: fontUrl(value.font, style), key: fontKey(value.font, style) };
}
