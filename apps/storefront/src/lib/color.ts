/**
 * Colour contrast helpers (WCAG 2.1 relative luminance). The storefront keeps the merchant's colours but never
 * lets text fall below a readable contrast: a colour that is too light on white (or a button colour too close to
 * its label) is darkened step by step, in its own hue, until it reaches the ratio. Colours that already pass are
 * used exactly as chosen.
 */
type RGB = [number, number, number];

/** Parses #rgb, #rrggbb (alpha digits ignored) and rgb()/rgba(); null for anything else (e.g. transparent). */
export function parseColor(c: string): RGB | null {
  const s = (c ?? '').trim();
  let m = /^#([0-9a-f]{3,4})$/i.exec(s);
  if (m) return [0, 1, 2].map((i) => Number.parseInt(m![1]![i]! + m![1]![i]!, 16)) as RGB;
  m = /^#([0-9a-f]{6})([0-9a-f]{2})?$/i.exec(s);
  if (m) return [0, 2, 4].map((i) => Number.parseInt(m![1]!.slice(i, i + 2), 16)) as RGB;
  m = /^rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)/i.exec(s);
  if (m) return [Number(m[1]), Number(m[2]), Number(m[3])];
  return null;
}

const hex = ([r, g, b]: RGB) =>
  `#${[r, g, b]
    .map((x) =>
      Math.round(Math.max(0, Math.min(255, x)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** Relative luminance 0–1. */
export function luminance([r, g, b]: RGB): number {
  const f = (v: number) => {
    const x = v / 255;
    return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
}

/** Contrast ratio 1–21 of two colours. */
export function contrast(a: RGB, b: RGB): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}

/**
 * `color`, darkened (or lightened when `against` is dark) until its contrast with `against` is at least `ratio`.
 * Unparseable colours are returned unchanged.
 */
export function readable(color: string, against = '#ffffff', ratio = 4.5): string {
  const c = parseColor(color);
  const b = parseColor(against);
  if (!c || !b || contrast(c, b) >= ratio) return color;
  const towards = luminance(b) > 0.5 ? 0 : 255;
  for (let t = 0.05; t <= 1; t += 0.05) {
    const next = c.map((v) => v + (towards - v) * t) as RGB;
    if (contrast(next, b) >= ratio) return hex(next);
  }
  return towards === 0 ? '#000000' : '#ffffff';
}

/**
 * The scrim that keeps text of colour `text` readable (WCAG AA, `ratio`) over ANY picture (issue 31 item 10): black
 * under light text, white under dark text, at the smallest opacity (from `min`, the theme's own overlay, 0–1, up
 * in steps of 0.05) at which the text passes even on the worst picture (all white under a black scrim, all black
 * under a white one). Unparseable colours are treated as white text.
 */
export function scrimFor(text: string, min = 0, ratio = 4.5): { color: string; opacity: number } {
  const t = parseColor(text) ?? ([255, 255, 255] as RGB);
  const dark = luminance(t) > 0.18;
  const worst = dark ? 255 : 0;
  const over = dark ? 0 : 255;
  for (let a = Math.max(0, Math.min(1, min)); a < 1; a = Math.round((a + 0.05) * 100) / 100) {
    const v = worst + (over - worst) * a;
    if (contrast(t, [v, v, v]) >= ratio) return { color: dark ? '#000000' : '#ffffff', opacity: a };
  }
  return { color: dark ? '#000000' : '#ffffff', opacity: 1 };
}
