import type { BaseProductDef } from './base-products.js';

/**
 * Mockup pictures of the base catalogue (issue 13 item 10: every base item shows a real picture, and the draft
 * product made from it gets that picture). They are flat-lay vector drawings kept in code, like the catalogue
 * itself: one silhouette per kind of product (tee, hoodie, mug, poster…) filled with the item's first colour, on a
 * light studio background, with its first print area marked. No CDN and no binary files in the repository; the
 * admin loads them as SVG (`GET /base-catalog/{id}.svg`), and the draft product gets a WebP rendered from the same
 * drawing into the shop's own uploads (so the storefront, the feed and the CSV export see an ordinary image).
 */

/** The drawing's size, px (square, like Shopify's product mockups). */
export const MOCKUP_SIZE = 800;

type Kind =
  | 'tee'
  | 'tank'
  | 'longsleeve'
  | 'hoodie'
  | 'sweatshirt'
  | 'bodysuit'
  | 'cap'
  | 'beanie'
  | 'tote'
  | 'backpack'
  | 'mug'
  | 'tumbler'
  | 'bottle'
  | 'poster'
  | 'frame'
  | 'canvas'
  | 'pillow'
  | 'blanket'
  | 'apron'
  | 'phone'
  | 'sleeve'
  | 'socks'
  | 'stickers'
  | 'notebook';

/** The silhouette of a base product, from its id (the catalogue's ids name the product: 'mug-11oz', 'dad-hat'…). */
function kindOf(id: string): Kind {
  const rules: [RegExp, Kind][] = [
    [/zip-hoodie|hoodie/, 'hoodie'],
    [/sweatshirt/, 'sweatshirt'],
    [/long-sleeve/, 'longsleeve'],
    [/tank/, 'tank'],
    [/bodysuit/, 'bodysuit'],
    [/tee/, 'tee'],
    [/hat|cap/, 'cap'],
    [/beanie/, 'beanie'],
    [/tote/, 'tote'],
    [/backpack/, 'backpack'],
    [/tumbler/, 'tumbler'],
    [/bottle/, 'bottle'],
    [/mug/, 'mug'],
    [/framed/, 'frame'],
    [/poster/, 'poster'],
    [/canvas-print/, 'canvas'],
    [/pillow/, 'pillow'],
    [/blanket/, 'blanket'],
    [/apron/, 'apron'],
    [/phone/, 'phone'],
    [/laptop/, 'sleeve'],
    [/socks/, 'socks'],
    [/sticker/, 'stickers'],
    [/notebook/, 'notebook'],
  ];
  return rules.find(([re]) => re.test(id))?.[1] ?? 'poster';
}

/**
 * Where a print area lies on the whole 800 × 800 mockup, percent (left, top, width, height): the area's `at`
 * percentages are of the silhouette's printable box, so they are mapped through that box (issue 19: the editors and
 * the mockup renders place the artwork here).
 */
export function areaOnMockup(id: string, at: readonly [number, number, number, number]) {
  const [bx, by, bw, bh] = SHAPES[kindOf(id)].box;
  const pct = (v: number) => Math.round((v / MOCKUP_SIZE) * 10000) / 100;
  const [l, t, w, h] = at;
  return { left: pct(bx + (bw * l) / 100), top: pct(by + (bh * t) / 100), width: pct((bw * w) / 100), height: pct((bh * h) / 100) };
}

/** Outline paths of each kind on the 800 × 800 canvas, and the box the print area is placed in ([x, y, w, h]). */
const SHAPES: Record<Kind, { d: string; box: [number, number, number, number]; extra?: string }> = {
  tee: {
    d: 'M300 130 L220 150 L90 260 L160 350 L215 310 L215 680 L585 680 L585 310 L640 350 L710 260 L580 150 L500 130 Q400 200 300 130 Z',
    box: [215, 160, 370, 520],
  },
  tank: {
    d: 'M290 120 L260 130 Q270 250 215 320 L215 680 L585 680 L585 320 Q530 250 540 130 L510 120 Q400 230 290 120 Z',
    box: [215, 200, 370, 480],
  },
  longsleeve: {
    d: 'M300 130 L220 150 L150 260 L100 620 L170 635 L215 360 L215 680 L585 680 L585 360 L630 635 L700 620 L650 260 L580 150 L500 130 Q400 200 300 130 Z',
    box: [215, 160, 370, 520],
  },
  hoodie: {
    d: 'M310 150 Q310 60 400 60 Q490 60 490 150 L580 170 L650 270 L700 620 L630 635 L585 380 L585 690 L215 690 L215 380 L170 635 L100 620 L150 270 L220 170 Z',
    box: [215, 200, 370, 490],
    extra:
      '<path d="M330 170 Q400 250 470 170" fill="none" stroke="#0002" stroke-width="6"/><path d="M280 560 L520 560 L500 650 L300 650 Z" fill="#0000000d"/>',
  },
  sweatshirt: {
    d: 'M310 140 L220 165 L150 270 L100 620 L170 635 L215 380 L215 680 L585 680 L585 380 L630 635 L700 620 L650 270 L580 165 L490 140 Q400 190 310 140 Z',
    box: [215, 170, 370, 510],
  },
  bodysuit: {
    d: 'M320 150 L250 170 L180 260 L240 320 L270 300 L270 600 Q300 680 360 690 L440 690 Q500 680 530 600 L530 300 L560 320 L620 260 L550 170 L480 150 Q400 210 320 150 Z',
    box: [270, 180, 260, 510],
  },
  cap: {
    d: 'M180 470 Q180 230 400 220 Q620 230 620 470 Z M170 470 L700 470 Q720 520 640 540 L170 520 Z',
    box: [180, 220, 440, 250],
  },
  beanie: {
    d: 'M220 560 Q200 250 400 230 Q600 250 580 560 Z M200 540 L600 540 L600 650 L200 650 Z',
    box: [200, 230, 400, 420],
    extra: '<circle cx="400" cy="215" r="45"/>',
  },
  tote: {
    d: 'M200 300 L600 300 L620 700 L180 700 Z',
    box: [180, 300, 440, 400],
    extra: '<path d="M300 300 Q300 140 400 140 Q500 140 500 300" fill="none" stroke="#8a7a60" stroke-width="22"/>',
  },
  backpack: {
    d: 'M260 220 Q260 120 400 120 Q540 120 540 220 L560 680 Q560 710 530 710 L270 710 Q240 710 240 680 Z',
    box: [240, 120, 320, 590],
    extra: '<rect x="300" y="470" width="200" height="170" rx="24" fill="#0000000f"/>',
  },
  mug: {
    d: 'M230 220 L520 220 L520 640 Q520 670 490 670 L260 670 Q230 670 230 640 Z',
    box: [230, 220, 290, 450],
    extra: '<path d="M520 300 Q640 300 640 430 Q640 560 520 560" fill="none" stroke="currentColor" stroke-width="44"/>',
  },
  tumbler: {
    d: 'M270 170 L530 170 L500 690 Q500 710 480 710 L320 710 Q300 710 300 690 Z',
    box: [270, 170, 260, 540],
    extra: '<rect x="255" y="130" width="290" height="50" rx="12" fill="#9aa1a9"/>',
  },
  bottle: {
    d: 'M330 250 Q330 200 360 180 L360 130 L440 130 L440 180 Q470 200 470 250 L470 690 Q470 710 450 710 L350 710 Q330 710 330 690 Z',
    box: [330, 130, 140, 580],
    extra: '<rect x="350" y="90" width="100" height="50" rx="8" fill="#9aa1a9"/>',
  },
  poster: { d: 'M200 110 L600 110 L600 690 L200 690 Z', box: [200, 110, 400, 580] },
  frame: {
    d: 'M230 150 L570 150 L570 650 L230 650 Z',
    box: [230, 150, 340, 500],
    extra: '<rect x="190" y="110" width="420" height="580" fill="none" stroke="#2b2b2b" stroke-width="40"/>',
  },
  canvas: {
    d: 'M170 190 L630 190 L630 610 L170 610 Z',
    box: [170, 190, 460, 420],
    extra: '<path d="M630 190 L650 210 L650 630 L190 630 L170 610 L630 610 Z" fill="#0000001a"/>',
  },
  pillow: { d: 'M180 200 Q400 160 620 200 Q660 400 620 600 Q400 640 180 600 Q140 400 180 200 Z', box: [180, 190, 440, 420] },
  blanket: {
    d: 'M150 200 L650 200 L650 600 L150 600 Z',
    box: [150, 200, 500, 400],
    extra: '<path d="M150 600 Q400 660 650 600 L650 640 Q400 700 150 640 Z" fill="#0000001a"/>',
  },
  apron: {
    d: 'M320 120 L480 120 L480 260 Q560 280 600 330 L600 700 L200 700 L200 330 Q240 280 320 260 Z',
    box: [200, 120, 400, 580],
    extra: '<path d="M320 120 Q400 40 480 120" fill="none" stroke="#8a7a60" stroke-width="10"/>',
  },
  phone: {
    d: 'M290 110 L510 110 Q550 110 550 150 L550 650 Q550 690 510 690 L290 690 Q250 690 250 650 L250 150 Q250 110 290 110 Z',
    box: [250, 110, 300, 580],
    extra: '<rect x="280" y="140" width="90" height="130" rx="24" fill="#0000002a"/>',
  },
  sleeve: {
    d: 'M130 220 L670 220 Q690 220 690 240 L690 580 Q690 600 670 600 L130 600 Q110 600 110 580 L110 240 Q110 220 130 220 Z',
    box: [110, 220, 580, 380],
  },
  socks: {
    d: 'M250 120 L370 120 L370 520 Q370 560 410 580 L470 610 Q520 640 500 690 Q480 720 420 700 L260 620 Q230 600 240 560 L250 500 Z M430 120 L550 120 L550 450 Q550 490 590 510 L640 540 Q680 570 660 610 Q640 640 590 620 L450 550 Q420 530 425 490 L430 450 Z',
    box: [250, 120, 300, 420],
  },
  stickers: {
    d: 'M200 200 m-110 0 a110 110 0 1 0 220 0 a110 110 0 1 0 -220 0 Z M430 130 L670 130 L670 370 L430 370 Z M250 430 L550 430 Q590 430 590 470 L590 650 Q590 690 550 690 L250 690 Q210 690 210 650 L210 470 Q210 430 250 430 Z',
    box: [210, 430, 380, 260],
  },
  notebook: {
    d: 'M240 130 L600 130 L600 690 L240 690 Z',
    box: [240, 130, 360, 560],
    extra: `<g fill="#9aa1a9">${Array.from({ length: 12 }, (_, i) => `<circle cx="240" cy="${170 + i * 45}" r="12"/>`).join('')}</g>`,
  },
};

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Is the colour light (white, cream…)? Then the outline is drawn darker so the shape reads on the background. */
function isLight(hex: string): boolean {
  const n = Number.parseInt(hex.replace('#', '').padEnd(6, '0').slice(0, 6), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.299 * r + 0.587 * g + 0.114 * b > 200;
}

/**
 * The mockup of a base product as an SVG document (800 × 800 px): its silhouette in its first colour on a light
 * background, a soft shadow, and its first print area drawn as a dashed box (placed by the area's `at` percentages
 * inside the silhouette's printable box). `fill` = the colour to show (default its first colour); `markArea: false`
 * leaves the dashed box out (the design editors draw the artwork there instead). Deterministic:
 * the same item and colour always give the same bytes.
 */
export function mockupSvg(d: BaseProductDef, fill = d.colors[0]?.hex ?? '#FFFFFF', o: { markArea?: boolean } = {}): string {
  const shape = SHAPES[kindOf(d.id)];
  const stroke = isLight(fill) ? '#b8bec6' : '#00000033';
  const area = o.markArea === false ? undefined : d.printAreas[0];
  const [bx, by, bw, bh] = shape.box;
  const rect = area
    ? (() => {
        const [l, t, w, h] = area.at;
        return `<rect x="${bx + (bw * l) / 100}" y="${by + (bh * t) / 100}" width="${(bw * w) / 100}" height="${(bh * h) / 100}" fill="none" stroke="${isLight(fill) ? '#7a8491' : '#ffffff99'}" stroke-width="3" stroke-dasharray="12 8" rx="4"/>`;
      })()
    : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${MOCKUP_SIZE}" height="${MOCKUP_SIZE}" viewBox="0 0 ${MOCKUP_SIZE} ${MOCKUP_SIZE}" role="img" aria-label="${esc(d.title)}">` +
    `<rect width="800" height="800" fill="#f3f4f6"/>` +
    `<ellipse cx="400" cy="735" rx="270" ry="22" fill="#0000001a"/>` +
    `<g fill="${fill}" stroke="${stroke}" stroke-width="4" stroke-linejoin="round" color="${fill}">` +
    `<path d="${shape.d}" fill-rule="evenodd"/>${shape.extra ?? ''}</g>` +
    rect +
    '</svg>'
  );
}
