import { type DesignDocument, defaultDocument, type Layer, ptToMm, type TextLayer } from '@backroom/design';
import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { LocalMediaStorage } from '../media/index.js';
import { designBaseOf } from '../pod-catalog/index.js';
import { fontSource } from './fonts.js';
import { encodePng, imageSource, layoutText, type RenderContext, renderSurface } from './render.js';
import { MOCKUP_PX, mockupPng, mockupSurfaces, personalizeFieldsOf } from './service.js';

/**
 * The server renderer's rules (issue 19 items 1–3, ARCHITECTURE "Text as the renderer draws it"): text layout
 * (wrap, align, curve), PNG encoding of semi-transparent pixels, and mockups placing the area where the catalogue does.
 */

const storage = new LocalMediaStorage('/nonexistent');
// Theme fonts only: the database is read for a shop font (`fontId`), which these layers do not have.
const fonts = fontSource(null as unknown as Db, storage, 'test');
const rc: RenderContext = { fonts, images: imageSource(storage), values: {}, fallback: 'sample' };

const textLayer = (o: Partial<TextLayer>): TextLayer => ({
  id: 't',
  name: '',
  type: 'text',
  text: 'Hello',
  x: 0,
  y: 0,
  width: 100,
  height: 30,
  rotation: 0,
  opacity: 1,
  locked: false,
  hidden: false,
  fontFamily: 'Poppins',
  fontId: null,
  fontWeight: 400,
  italic: false,
  fontSize: 24,
  color: '#000000',
  align: 'center',
  letterSpacing: 0,
  lineHeight: 1.2,
  curveRadius: 0,
  ...o,
});

describe('text layout', () => {
  it('centres one line in the box; left and right align to the box edges', async () => {
    const font = await fonts.load(textLayer({}));
    const [c] = layoutText(textLayer({}), 'Hello', font).glyphs;
    expect(c!.cx).toBeCloseTo(0, 6);
    // the line's middle sits half a line height below the box top
    expect(c!.cy).toBeCloseTo(-15 + (1.2 * ptToMm(24)) / 2, 6);
    const [l] = layoutText(textLayer({ align: 'left' }), 'Hello', font).glyphs;
    expect(l!.cx - l!.width / 2).toBeCloseTo(-50, 6);
    const [r] = layoutText(textLayer({ align: 'right' }), 'Hello', font).glyphs;
    expect(r!.cx + r!.width / 2).toBeCloseTo(50, 6);
  });

  it('wraps at the box width, keeps newlines, and spaces letters per character', async () => {
    const layer = textLayer({ width: 40 });
    const font = await fonts.load(layer);
    const lines = layoutText(layer, 'one two three four five six\nseven', font).glyphs;
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.at(-1)!.text).toBe('seven');
    for (const g of lines) expect(g.width).toBeLessThanOrEqual(40 + 1e-6);
    const lh = 1.2 * ptToMm(24);
    for (const [i, g] of lines.entries()) expect(g.cy).toBeCloseTo(-15 + (i + 0.5) * lh, 6);
    const spaced = layoutText(textLayer({ letterSpacing: 10 }), 'AB', font).glyphs;
    expect(spaced.map((g) => g.text)).toEqual(['A', 'B']);
    expect(spaced[1]!.cx - spaced[1]!.width / 2 - (spaced[0]!.cx + spaced[0]!.width / 2)).toBeCloseTo(ptToMm(10), 6);
  });

  it('curves one line on the circle: the middle at the box centre, the ends lower (∩) or higher (∪), symmetric', async () => {
    const up = textLayer({ curveRadius: 80 });
    const font = await fonts.load(up);
    const arc = layoutText(up, 'Est. 2026', font).glyphs;
    expect(arc).toHaveLength(9);
    const first = arc[0]!;
    const last = arc.at(-1)!;
    expect(first.cy).toBeGreaterThan(0.5);
    expect(first.rotation).toBeLessThan(0);
    expect(last.rotation).toBeGreaterThan(0);
    for (const g of arc) expect(Math.hypot(g.cx, g.cy - 80)).toBeCloseTo(80, 6);
    const down = layoutText(textLayer({ curveRadius: -80 }), 'Est. 2026', font).glyphs;
    expect(down[0]!.cy).toBeCloseTo(-first.cy, 6);
    expect(down[0]!.rotation).toBeCloseTo(-first.rotation, 6);
  });
});

describe('images', () => {
  it('encodePng keeps semi-transparent colours (the canvas is premultiplied, the PNG is not)', async () => {
    const c = createCanvas(4, 4);
    const g = c.getContext('2d');
    g.fillStyle = 'rgba(255, 0, 0, 0.5)';
    g.fillRect(0, 0, 4, 4);
    const px = await sharp(await encodePng(c))
      .raw()
      .toBuffer();
    expect([...px.subarray(0, 4)]).toEqual([255, 0, 0, 128]);
  });

  it('a text layer renders ink only inside its box at the surface DPI; hidden layers print nothing', async () => {
    const doc: DesignDocument = defaultDocument('print_hub', {
      areas: [{ key: 'front', name: 'Front', widthMm: 50.8, heightMm: 50.8, dpi: 100 }],
    });
    const layer = textLayer({ text: 'MAYA', x: 5, y: 20, width: 40, height: 10, fontSize: 20, fontWeight: 700 });
    doc.surfaces[0]!.layers = [layer, { ...layer, id: 'hidden', y: 0, hidden: true } as Layer];
    const canvas = await renderSurface(doc.surfaces[0]!, doc, rc);
    expect([canvas.width, canvas.height]).toEqual([200, 200]);
    const { data } = await sharp(await encodePng(canvas))
      .raw()
      .toBuffer({ resolveWithObject: true });
    let inside = 0;
    let outside = 0;
    for (let y = 0; y < 200; y++)
      for (let x = 0; x < 200; x++) {
        if (data[(y * 200 + x) * 4 + 3]! < 64) continue;
        // box: x 5–45 mm, y 20–30 mm at 100 DPI (3.937 px/mm), with a pixel of antialiasing
        if (x >= 18 && x <= 178 && y >= 77 && y <= 119) inside++;
        else outside++;
      }
    expect(inside).toBeGreaterThan(300);
    expect(outside).toBe(0);
  });

  it('a mockup puts the area on the colour drawing where the catalogue places it', async () => {
    const base = designBaseOf('unisex-softstyle-tee')!;
    const doc = defaultDocument('print_hub', { baseProductId: base.id, areas: base.areas });
    doc.surfaces[0]!.background = '#00ff00';
    const png = await mockupPng(base, '#111111', doc, rc, doc.surfaces[0]);
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([MOCKUP_PX, MOCKUP_PX]);
    const at = (xPct: number, yPct: number) => {
      const i = (Math.round((yPct / 100) * MOCKUP_PX) * MOCKUP_PX + Math.round((xPct / 100) * MOCKUP_PX)) * info.channels;
      return [data[i], data[i + 1], data[i + 2]];
    };
    const m = base.areas[0]!.mockup;
    expect(at(m.left + m.width / 2, m.top + m.height / 2)).toEqual([0, 255, 0]);
    // just outside the area: the black tee
    expect(at(m.left - 1, m.top + m.height / 2)).toEqual([17, 17, 17]);
  });
});

describe('mockups per print area', () => {
  it('every area with content gets its own mockup, in the base product order, each placing only its area', async () => {
    const base = designBaseOf('unisex-softstyle-tee')!;
    const doc = defaultDocument('print_hub', { baseProductId: base.id, areas: base.areas });
    const byKey = (k: string) => doc.surfaces.find((s) => s.areaKey === k)!;
    // designed out of order: the left sleeve, then the back, then the front; the right sleeve and label stay empty
    byKey('sleeve-left').background = '#ff0000';
    byKey('back').background = '#0000ff';
    const { id, name, x, y, rotation, opacity, locked, hidden } = textLayer({});
    const rect: Layer = {
      ...{ id, name, x, y, rotation, opacity, locked, hidden, width: 304.8, height: 406.4 },
      ...{ type: 'shape', shape: 'rect', fill: '#00ff00', stroke: null, strokeWidth: 0, cornerRadius: 0 },
    };
    byKey('front').layers = [rect];
    expect(mockupSurfaces(base, doc).map((s) => s.areaKey)).toEqual(['front', 'back', 'sleeve-left']);
    // a hidden layer is no content
    byKey('sleeve-right').layers = [{ ...textLayer({ hidden: true }) }];
    expect(mockupSurfaces(base, doc)).toHaveLength(3);

    const colourAt = async (png: Buffer, area: { left: number; top: number; width: number; height: number }) => {
      const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      const x = Math.round(((area.left + area.width / 2) / 100) * MOCKUP_PX);
      const y = Math.round(((area.top + area.height / 2) / 100) * MOCKUP_PX);
      const i = (y * MOCKUP_PX + x) * info.channels;
      return [data[i], data[i + 1], data[i + 2]];
    };
    const place = (k: string) => base.areas.find((a) => a.key === k)!.mockup;
    const [front, back, sleeve] = await Promise.all(mockupSurfaces(base, doc).map((s) => mockupPng(base, '#111111', doc, rc, s)));
    expect(await colourAt(front!, place('front'))).toEqual([0, 255, 0]);
    expect(await colourAt(back!, place('back'))).toEqual([0, 0, 255]);
    expect(await colourAt(sleeve!, place('sleeve-left'))).toEqual([255, 0, 0]);
    // the sleeve's mockup shows the sleeve only: the tee's black where the front would be
    expect(await colourAt(sleeve!, place('front'))).toEqual([17, 17, 17]);
    // nothing designed: the plain drawing
    expect(await colourAt(await mockupPng(base, '#111111', doc, rc), place('front'))).toEqual([17, 17, 17]);
  });
});

describe('shopper fields on the product picture', () => {
  it('a text field is anchored where it prints: the box edge or centre by alignment, the middle of its first line', () => {
    const base = designBaseOf('unisex-softstyle-tee')!;
    const doc = defaultDocument('print_hub', { baseProductId: base.id, areas: base.areas });
    const field = (key: string, align: 'left' | 'center' | 'right'): Layer => ({
      ...textLayer({ x: 2.4, y: 200, width: 300, height: 60, fontSize: 110, align }),
      id: key,
      type: 'field',
      key,
      label: key,
      maxLength: 10,
      required: true,
      sample: 'ALEX',
    });
    doc.surfaces[0]!.layers = [field('l', 'left'), field('c', 'center'), field('r', 'right')];
    const m = base.areas[0]!.mockup;
    const pct = (mm: number, of: number, off: number, span: number) => Math.round((off + (mm / of) * span) * 100) / 100;
    // one line of 110 pt × 1.2 = 46.6 mm: its middle 23.3 mm below the box top (not the 60 mm box's middle)
    const y = pct(200 + (1.2 * ptToMm(110)) / 2, 406.4, m.top, m.height);
    expect(personalizeFieldsOf(doc, base).map((f) => (f.type === 'text' ? [f.id, f.x, f.y, f.align] : null))).toEqual([
      ['l', pct(2.4, 304.8, m.left, m.width), y, 'left'],
      ['c', pct(152.4, 304.8, m.left, m.width), y, 'center'],
      ['r', pct(302.4, 304.8, m.left, m.width), y, 'right'],
    ]);
  });
});
