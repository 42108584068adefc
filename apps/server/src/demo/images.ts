import type { PatternKind, ShapeKind } from './catalog.js';

/**
 * Product pictures of the demo catalog, drawn as small SVGs (400 × 400 px viewBox): a tinted background, a soft
 * floor shadow, the product's silhouette in its colour and an optional pattern. `npm run seed` never draws them:
 * they are committed under demo/assets (written by demo/build-assets.ts) and served at /demo-assets/….
 */

/** Silhouettes, each a list of SVG elements (path data or ready markup) centred on (200, 210). */
const SHAPES: Record<ShapeKind, string[]> = {
  dress: [
    'M172 64 h56 l6 36 q-12 22 2 44 l78 186 q-114 22 -228 0 l78 -186 q14 -22 2 -44 z',
    '<path d="M172 64 l-6 -18 M228 64 l6 -18" stroke="DARK" stroke-width="6" fill="none" stroke-linecap="round"/>',
    '<path d="M166 144 q34 14 68 0" stroke="DARK" stroke-width="5" fill="none" opacity=".45"/>',
  ],
  tee: [
    'M142 78 l40 -16 q18 22 36 0 l40 16 l58 52 l-38 40 l-28 -22 v178 h-136 v-178 l-28 22 l-38 -40 z',
    '<path d="M182 62 q18 26 36 0" stroke="DARK" stroke-width="5" fill="none" opacity=".5"/>',
  ],
  sweater: [
    'M140 80 l42 -18 q18 20 36 0 l42 18 l40 150 l-38 12 l-2 -92 v176 h-120 v-176 l-2 92 l-38 -12 z',
    '<path d="M140 308 h120 M104 222 l36 10 M296 222 l-36 10" stroke="DARK" stroke-width="8" fill="none" opacity=".35"/>',
    '<path d="M180 62 q20 30 40 0" stroke="DARK" stroke-width="8" fill="none" opacity=".4"/>',
  ],
  jacket: [
    'M140 78 l34 -18 l26 40 l26 -40 l34 18 l40 160 l-38 12 l-2 -100 v178 h-120 v-178 l-2 100 l-38 -12 z',
    '<path d="M200 100 v228 M174 60 l-10 60 l36 -20 M226 60 l10 60 l-36 -20" stroke="DARK" stroke-width="5" fill="none" opacity=".55"/>',
    '<circle cx="212" cy="160" r="5" fill="DARK"/><circle cx="212" cy="210" r="5" fill="DARK"/><circle cx="212" cy="260" r="5" fill="DARK"/>',
  ],
  jeans: [
    'M136 70 h128 l22 272 h-66 l-20 -190 l-20 190 h-66 z',
    '<path d="M136 96 h128 M200 96 v56 M150 96 q20 30 44 28 M250 96 q-20 30 -44 28" stroke="DARK" stroke-width="5" fill="none" opacity=".5"/>',
  ],
  shoe: [
    'M76 250 q-2 -56 26 -72 l70 -14 q26 40 86 52 q70 12 70 56 v26 h-252 z',
    '<path d="M74 278 h256" stroke="DARK" stroke-width="14" stroke-linecap="round"/>',
    '<path d="M176 176 l16 26 M196 172 l16 28 M216 178 l14 26" stroke="LIGHT" stroke-width="5" stroke-linecap="round"/>',
  ],
  bag: [
    'M104 156 h192 l22 176 h-236 z',
    '<path d="M150 156 q0 -86 50 -86 q50 0 50 86" stroke="DARK" stroke-width="12" fill="none"/>',
    '<path d="M112 200 h176" stroke="DARK" stroke-width="4" opacity=".4"/><rect x="186" y="192" width="28" height="20" rx="4" fill="DARK"/>',
  ],
  hat: [
    'M70 250 q130 -40 260 0 q-130 44 -260 0 z',
    'M130 244 q6 -120 70 -126 q64 6 70 126 q-70 18 -140 0 z',
    '<path d="M134 222 q66 16 132 0" stroke="DARK" stroke-width="12" fill="none"/>',
  ],
  glasses: [
    '<circle cx="140" cy="210" r="56" fill="COLOR" stroke="DARK" stroke-width="12" fill-opacity=".55"/>',
    '<circle cx="260" cy="210" r="56" fill="COLOR" stroke="DARK" stroke-width="12" fill-opacity=".55"/>',
    '<path d="M190 200 q10 -14 20 0 M84 200 l-30 -20 M316 200 l30 -20" stroke="DARK" stroke-width="10" fill="none" stroke-linecap="round"/>',
  ],
  scarf: [
    'M120 80 q80 -20 160 0 l-20 60 q-60 40 -40 200 l-50 0 q-20 -130 30 -190 q-40 -14 -80 -10 z',
    '<path d="M182 340 v20 M196 340 v20 M210 340 v20 M224 340 v20" stroke="DARK" stroke-width="4"/>',
  ],
  belt: [
    'M60 190 h280 q16 0 16 16 v20 q0 16 -16 16 h-280 q-16 0 -16 -16 v-20 q0 -16 16 -16 z',
    '<rect x="120" y="176" width="64" height="80" rx="10" fill="none" stroke="#c9a227" stroke-width="10"/>',
    '<circle cx="240" cy="216" r="5" fill="DARK"/><circle cx="270" cy="216" r="5" fill="DARK"/><circle cx="300" cy="216" r="5" fill="DARK"/>',
  ],
  mug: [
    'M120 110 h150 v170 q0 40 -40 40 h-70 q-40 0 -40 -40 z',
    '<path d="M270 150 q60 0 60 50 q0 50 -60 50" stroke="COLOR" stroke-width="20" fill="none"/>',
    '<path d="M170 90 q-14 -20 0 -40 M210 90 q-14 -20 0 -40" stroke="DARK" stroke-width="5" fill="none" opacity=".35" stroke-linecap="round"/>',
  ],
  plate: [
    '<circle cx="200" cy="210" r="140" fill="COLOR" stroke="DARK" stroke-width="4"/>',
    '<circle cx="200" cy="210" r="96" fill="LIGHT" opacity=".35"/>',
    '<circle cx="200" cy="210" r="120" fill="none" stroke="DARK" stroke-width="3" opacity=".3"/>',
  ],
  lamp: [
    'M130 70 h140 l44 120 h-228 z',
    '<path d="M200 190 v120" stroke="DARK" stroke-width="10"/><ellipse cx="200" cy="320" rx="70" ry="16" fill="DARK"/>',
    '<ellipse cx="200" cy="200" rx="90" ry="10" fill="#ffe8a3" opacity=".7"/>',
  ],
  pillow: [
    'M90 100 q110 -26 220 0 q26 110 0 220 q-110 26 -220 0 q-26 -110 0 -220 z',
    '<path d="M110 120 q90 90 180 180 M290 120 q-90 90 -180 180" stroke="DARK" stroke-width="3" opacity=".2" fill="none"/>',
  ],
  vase: [
    'M170 60 h60 v30 q-10 20 26 60 q56 64 20 140 q-10 24 -40 30 h-72 q-30 -6 -40 -30 q-36 -76 20 -140 q36 -40 26 -60 z',
    '<path d="M150 200 h100" stroke="LIGHT" stroke-width="6" opacity=".5"/>',
  ],
  plant: [
    'M140 240 h120 l-14 100 h-92 z',
    '<path d="M200 240 q-10 -80 -60 -130 M200 240 q4 -90 30 -160 M200 240 q30 -60 90 -90" stroke="#3e6b3a" stroke-width="6" fill="none"/>',
    '<ellipse cx="138" cy="106" rx="34" ry="18" fill="#4f8a4a" transform="rotate(-40 138 106)"/><ellipse cx="232" cy="76" rx="36" ry="18" fill="#5c9a52" transform="rotate(-75 232 76)"/><ellipse cx="292" cy="148" rx="34" ry="18" fill="#4f8a4a" transform="rotate(-20 292 148)"/>',
  ],
  candle: [
    'M130 150 h140 v170 q0 20 -20 20 h-100 q-20 0 -20 -20 z',
    '<ellipse cx="200" cy="150" rx="70" ry="16" fill="LIGHT" opacity=".6"/><path d="M200 148 v-22" stroke="#333" stroke-width="4"/>',
    '<path d="M200 126 q-16 -20 0 -54 q16 34 0 54 z" fill="#f2a93b"/>',
    '<rect x="150" y="220" width="100" height="56" rx="6" fill="LIGHT" opacity=".7"/>',
  ],
  towel: [
    'M90 230 h220 v80 h-220 z',
    'M100 160 h200 v70 h-200 z',
    'M110 96 h180 v64 h-180 z',
    '<path d="M90 290 h220 M100 214 h200 M110 144 h180" stroke="LIGHT" stroke-width="6" opacity=".6"/>',
  ],
};

function hex(c: string): [number, number, number] {
  const n = Number.parseInt(c.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
function mix(a: string, b: string, t: number): string {
  const [r1, g1, b1] = hex(a);
  const [r2, g2, b2] = hex(b);
  const m = (x: number, y: number) =>
    Math.round(x + (y - x) * t)
      .toString(16)
      .padStart(2, '0');
  return `#${m(r1, r2)}${m(g1, g2)}${m(b1, b2)}`;
}

function patternDef(kind: PatternKind, ink: string): string {
  switch (kind) {
    case 'stripes':
      return `<pattern id="p" width="18" height="18" patternUnits="userSpaceOnUse" patternTransform="rotate(90)"><rect width="7" height="18" fill="${ink}"/></pattern>`;
    case 'dots':
      return `<pattern id="p" width="22" height="22" patternUnits="userSpaceOnUse"><circle cx="11" cy="11" r="4" fill="${ink}"/></pattern>`;
    case 'checks':
      return `<pattern id="p" width="28" height="28" patternUnits="userSpaceOnUse"><rect width="14" height="28" fill="${ink}"/><rect width="28" height="14" fill="${ink}"/></pattern>`;
    default:
      return '';
  }
}

/**
 * Draws one demo product picture as an SVG document. `view` 1 is the full product on a light background, 2 a
 * closer detail on a deeper tint. Pure function of its inputs (the committed files are its output).
 */
export function renderProductSvg(o: { kind: ShapeKind; color: string; pattern: PatternKind; title: string; view: 1 | 2 }): string {
  const dark = mix(o.color, '#000000', 0.45);
  const light = mix(o.color, '#ffffff', 0.6);
  const bg = o.view === 1 ? mix(o.color, '#ffffff', 0.86) : mix(o.color, '#ffffff', 0.7);
  const bg2 = mix(bg, '#ffffff', 0.5);
  const ink = mix(o.color, o.color === '#f1efe9' || o.color === '#efe4cd' ? '#000000' : '#ffffff', 0.55);
  const fill = (s: string) => s.replaceAll('DARK', dark).replaceAll('LIGHT', light).replaceAll('COLOR', o.color);
  const parts = SHAPES[o.kind].map((s) => {
    if (s.startsWith('<')) return fill(s);
    const base = `<path d="${s}" fill="${o.color}" stroke="${dark}" stroke-width="4" stroke-linejoin="round"/>`;
    return o.pattern === 'plain' ? base : `${base}<path d="${s}" fill="url(#p)" opacity=".35"/>`;
  });
  const transform = o.view === 1 ? '' : ' transform="translate(-120 -110) scale(1.6)"';
  const escTitle = o.title.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="800" height="800" role="img" aria-label="${escTitle}">`,
    `<title>${escTitle}</title>`,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${bg2}"/><stop offset="1" stop-color="${bg}"/></linearGradient>${patternDef(o.pattern, ink)}</defs>`,
    '<rect width="400" height="400" fill="url(#bg)"/>',
    `<g${transform}>`,
    `<ellipse cx="200" cy="356" rx="130" ry="14" fill="${dark}" opacity=".12"/>`,
    ...parts,
    '</g>',
    '</svg>',
    '',
  ].join('\n');
}
