import type { Readable } from 'node:stream';
import {
  type DesignDocument,
  type FieldLayer,
  type Layer,
  layerText,
  mmToPx,
  ptToMm,
  type ShopperValues,
  type Surface,
  surfacePixelSize,
  type TextLayer,
} from '@backroom/design';
import { type Canvas, createCanvas, type Image, loadImage, type SKRSContext2D } from '@napi-rs/canvas';
import sharp from 'sharp';
import { type MediaStorage, printOriginalKey } from '../media/index.js';
import type { FontSource, LoadedFont } from './fonts.js';

/**
 * The server renderer of @backroom/design documents (issue 19: print PNGs, mockups, book PDFs), drawn with
 * @napi-rs/canvas from the SAME document the editors edit. Geometry follows the package's conventions (README):
 * lengths in mm from the trim box's top-left, rotation clockwise about the box centre, layers back to front.
 *
 * Text layout (shared with the PDF writer, pdf.ts): lines wrap at the box width (explicit newlines kept), each line
 * is `lineHeight × fontSize` tall from the box's top, its glyphs vertically centred in it (the middle of the em box
 * on the line's middle), aligned left/center/right in the box; `letterSpacing` (pt) follows every character.
 * Curved text (`curveRadius` ≠ 0) is one line on a circle of that radius whose middle sits at the box centre, each
 * glyph's 'middle' baseline (the middle of the em square, as the canvas and Konva's TextPath define it) on the circle.
 * Both rules are checked against the editor's Konva canvas in e2e/designs-pixels.e2e.test.ts.
 */

/** One run of text to draw: its centre (mm, relative to the layer box's centre, y down), rotation (rad), width (mm). */
export interface Glyph {
  text: string;
  cx: number;
  cy: number;
  rotation: number;
  width: number;
}

/** A laid-out text layer: glyph runs, the font, its size (mm) and the baseline offset below a run's middle (mm). */
export interface TextLayout {
  glyphs: Glyph[];
  font: LoadedFont;
  sizeMm: number;
  baselineOffset: number;
}

const measureCanvas = createCanvas(8, 8);

/** The canvas font string of a loaded font at `sizePx`. */
const fontString = (font: LoadedFont, sizePx: number) => `${sizePx}px "${font.alias}"`;

/**
 * Lays a text or field layer out (see the file's comment). `text` is what prints (placeholders already filled).
 * Measurements are taken at 100 px per mm-size unit and scaled, so the layout does not depend on the DPI.
 */
export function layoutText(layer: TextLayer | FieldLayer, text: string, font: LoadedFont): TextLayout {
  const ctx = measureCanvas.getContext('2d');
  const sizeMm = ptToMm(layer.fontSize);
  const REF = 100; // px per mm of font size while measuring
  ctx.font = fontString(font, REF);
  const k = sizeMm / REF; // mm per measured px
  const spacing = ptToMm(layer.letterSpacing);
  const widthOf = (s: string) => ctx.measureText(s).width * k + spacing * [...s].length;
  const m = ctx.measureText('Hg');
  const ascent = (m.fontBoundingBoxAscent ?? REF * 0.8) * k;
  const descent = (m.fontBoundingBoxDescent ?? REF * 0.2) * k;
  // Glyphs are centred on the em box's middle: the baseline lies (ascent − descent) / 2 below the middle.
  const baselineOffset = (ascent - descent) / 2;
  const w = layer.width;
  const h = layer.height;
  const glyphs: Glyph[] = [];
  const perChar = spacing !== 0;
  const pushRun = (s: string, left: number, cy: number) => {
    if (!perChar) {
      const width = widthOf(s);
      glyphs.push({ text: s, cx: left + width / 2, cy, rotation: 0, width });
      return;
    }
    let x = left;
    for (const ch of s) {
      const cw = ctx.measureText(ch).width * k;
      glyphs.push({ text: ch, cx: x + cw / 2, cy, rotation: 0, width: cw });
      x += cw + spacing;
    }
  };

  if (layer.curveRadius !== 0) {
    const line = text.replace(/\s*\n\s*/g, ' ');
    const r = Math.abs(layer.curveRadius);
    const up = layer.curveRadius > 0;
    const total = widthOf(line);
    let s = -total / 2;
    for (const ch of line) {
      const cw = ctx.measureText(ch).width * k;
      const theta = (s + cw / 2) / r;
      s += cw + spacing;
      glyphs.push(
        up
          ? { text: ch, cx: r * Math.sin(theta), cy: r - r * Math.cos(theta), rotation: theta, width: cw }
          : { text: ch, cx: r * Math.sin(theta), cy: -(r - r * Math.cos(theta)), rotation: -theta, width: cw },
      );
    }
    // Konva's TextPath (the editors) draws with the canvas 'middle' baseline: the middle of the em square, i.e. the
    // font's typo ascent/descent normalised to the em (TextMetrics.emHeightAscent/Descent), not of its line box.
    const middle =
      m.emHeightAscent !== undefined && m.emHeightDescent !== undefined ? ((m.emHeightAscent - m.emHeightDescent) / 2) * k : baselineOffset;
    return { glyphs, font, sizeMm, baselineOffset: middle };
  }

  const lines: string[] = [];
  for (const para of text.split('\n')) {
    const words = para.split(/ +/);
    let cur = '';
    for (const word of words) {
      const next = cur ? `${cur} ${word}` : word;
      if (cur && widthOf(next) > w + 1e-6) {
        lines.push(cur);
        cur = word;
      } else cur = next;
    }
    lines.push(cur);
  }
  const lh = layer.lineHeight * sizeMm;
  lines.forEach((line, i) => {
    const lw = widthOf(line);
    const left = layer.align === 'left' ? -w / 2 : layer.align === 'right' ? w / 2 - lw : -lw / 2;
    pushRun(line, left, -h / 2 + (i + 0.5) * lh);
  });
  return { glyphs, font, sizeMm, baselineOffset };
}

/** Where pictures come from: `/uploads/{key}` addresses of the shop's media storage (others are not fetched). */
export interface ImageSource {
  load(src: string): Promise<Image | null>;
}

/**
 * An ImageSource reading `/uploads/…` files of `storage` (decoded once per render; AVIF/GIF through sharp). A web size
 * of the store's own uploads is read from the original kept for print when there is one (issue 19: print DPI is the
 * original's, not the 1920 px web copy's); otherwise, and for other stores' files, the file named.
 */
export function imageSource(storage: MediaStorage, storeId: string | null = null): ImageSource {
  const cache = new Map<string, Promise<Image | null>>();
  return {
    load(src) {
      let p = cache.get(src);
      if (!p) {
        p = (async () => {
          if (!src.startsWith('/uploads/')) return null;
          const key = decodeURIComponent(src.slice('/uploads/'.length));
          const original = storeId ? printOriginalKey(key, storeId) : null;
          const obj = (original && (await storage.get(original))) || (await storage.get(key));
          if (!obj) return null;
          const chunks: Buffer[] = [];
          for await (const c of obj.body as Readable) chunks.push(Buffer.from(c as Buffer));
          const data = Buffer.concat(chunks);
          // Skia decodes WebP, PNG and JPEG itself (the fastest path); AVIF and GIF go through sharp first.
          return loadImage(data).catch(async () =>
            loadImage(await sharp(data, { limitInputPixels: 100_000_000 }).png({ compressionLevel: 0 }).toBuffer()),
          );
        })();
        cache.set(src, p);
      }
      return p;
    },
  };
}

/**
 * A canvas as a PNG file, encoded by sharp (libspng) at zlib level 1: several times quicker than Skia's encoder on a
 * 3600 × 4800 print file (bench/designs), larger files accepted — print files are written once and read by the
 * printer. Answers the file's bytes.
 */
export async function encodePng(canvas: Canvas): Promise<Buffer> {
  // canvas.data() is Skia's premultiplied RGBA; sharp un-premultiplies it on the way out.
  return sharp(canvas.data(), { raw: { width: canvas.width, height: canvas.height, channels: 4, premultiplied: true } })
    .png({ compressionLevel: 1, adaptiveFiltering: false })
    .toBuffer();
}

/** What a render needs besides the document: fonts, pictures, the shopper's values and what to do with missing ones. */
export interface RenderContext {
  fonts: FontSource;
  images: ImageSource;
  values: ShopperValues;
  /** 'sample': previews and mockups show samples; 'empty': an order's print file leaves unfilled fields blank. */
  fallback: 'sample' | 'empty';
}

type Ctx = SKRSContext2D;

const roundRect = (ctx: Ctx, x: number, y: number, w: number, h: number, r: number) => {
  ctx.beginPath();
  if (r > 0) ctx.roundRect(x, y, w, h, Math.min(r, w / 2, h / 2));
  else ctx.rect(x, y, w, h);
};

/** Draws `img` covering the box (centre crop), clipped to a rounded rectangle. */
function drawCover(ctx: Ctx, img: Image, w: number, h: number, radius: number) {
  const scale = Math.max(w / img.width, h / img.height);
  const sw = w / scale;
  const sh = h / scale;
  ctx.save();
  roundRect(ctx, -w / 2, -h / 2, w, h, radius);
  ctx.clip();
  ctx.drawImage(img, (img.width - sw) / 2, (img.height - sh) / 2, sw, sh, -w / 2, -h / 2, w, h);
  ctx.restore();
}

/** Text of a text/field layer with the context's values, or null for other layers. */
export function printedText(
  layer: Layer,
  doc: Pick<DesignDocument, 'fields'>,
  rc: Pick<RenderContext, 'values' | 'fallback'>,
): string | null {
  if (layer.type !== 'text' && layer.type !== 'field') return null;
  return layerText(layer, rc.values, doc, rc.fallback);
}

/**
 * Draws one layer on a context whose unit is 1 mm with the origin at the trim box's top-left (the caller scales).
 * Hidden layers draw nothing. `only`: 'raster' skips text (the PDF writer draws text as vectors), 'all' draws all.
 */
export async function drawLayer(ctx: Ctx, layer: Layer, doc: DesignDocument, rc: RenderContext, pxPerMm: number): Promise<void> {
  if (layer.hidden || layer.opacity === 0) return;
  const { width: w, height: h } = layer;
  ctx.save();
  ctx.translate(layer.x + w / 2, layer.y + h / 2);
  if (layer.rotation) ctx.rotate((layer.rotation * Math.PI) / 180);
  ctx.globalAlpha = layer.opacity;
  switch (layer.type) {
    case 'image': {
      const img = await rc.images.load(layer.src);
      if (img) {
        const c = layer.crop ?? { x: 0, y: 0, width: layer.pixelWidth, height: layer.pixelHeight };
        // The stored file may be smaller than the original the crop was made on (web sizes): scale the crop.
        const sx = img.width / layer.pixelWidth;
        const sy = img.height / layer.pixelHeight;
        ctx.drawImage(img, c.x * sx, c.y * sy, c.width * sx, c.height * sy, -w / 2, -h / 2, w, h);
      }
      break;
    }
    case 'shape': {
      ctx.beginPath();
      if (layer.shape === 'rect') roundRect(ctx, -w / 2, -h / 2, w, h, layer.cornerRadius);
      else if (layer.shape === 'ellipse') ctx.ellipse(0, 0, w / 2, h / 2, 0, 0, Math.PI * 2);
      else if (layer.shape === 'triangle') {
        ctx.moveTo(0, -h / 2);
        ctx.lineTo(w / 2, h / 2);
        ctx.lineTo(-w / 2, h / 2);
        ctx.closePath();
      } else {
        ctx.moveTo(-w / 2, 0);
        ctx.lineTo(w / 2, 0);
      }
      if (layer.fill && layer.shape !== 'line') {
        ctx.fillStyle = layer.fill;
        ctx.fill();
      }
      const stroke = layer.shape === 'line' ? (layer.stroke ?? layer.fill) : layer.stroke;
      const sw = layer.shape === 'line' ? layer.strokeWidth || h : layer.strokeWidth;
      if (stroke && sw > 0) {
        ctx.strokeStyle = stroke;
        ctx.lineWidth = sw;
        ctx.stroke();
      }
      break;
    }
    case 'photo': {
      const src = rc.values[layer.key] ?? (rc.fallback === 'sample' ? layer.sampleSrc : null);
      const img = src ? await rc.images.load(src) : null;
      if (img) drawCover(ctx, img, w, h, layer.cornerRadius);
      else if (rc.fallback === 'sample') {
        roundRect(ctx, -w / 2, -h / 2, w, h, layer.cornerRadius);
        ctx.fillStyle = '#d9dce1';
        ctx.fill();
      }
      break;
    }
    case 'text':
    case 'field': {
      const text = printedText(layer, doc, rc) ?? '';
      if (!text) break;
      const layout = layoutText(layer, text, await rc.fonts.load(layer));
      // Fonts are drawn at device pixel size (a 1 mm unit at a tiny font size would hint badly).
      ctx.scale(1 / pxPerMm, 1 / pxPerMm);
      ctx.font = fontString(layout.font, layout.sizeMm * pxPerMm);
      ctx.fillStyle = layer.color;
      ctx.textBaseline = 'alphabetic';
      ctx.textAlign = 'left';
      for (const g of layout.glyphs) {
        ctx.save();
        ctx.translate(g.cx * pxPerMm, g.cy * pxPerMm);
        if (g.rotation) ctx.rotate(g.rotation);
        ctx.fillText(g.text, (-g.width / 2) * pxPerMm, layout.baselineOffset * pxPerMm);
        ctx.restore();
      }
      break;
    }
  }
  ctx.restore();
}

/**
 * Renders a surface to a canvas at `dpi` (default the surface's own): trim plus bleed when `withBleed` (default
 * true), background first, then every visible layer, or only those `filter` accepts. Size = surfacePixelSize.
 */
export async function renderSurface(
  surface: Surface,
  doc: DesignDocument,
  rc: RenderContext,
  o: { dpi?: number; withBleed?: boolean; filter?: (l: Layer) => boolean; background?: boolean } = {},
): Promise<Canvas> {
  const dpi = o.dpi ?? surface.dpi;
  const withBleed = o.withBleed ?? true;
  const { width, height } = surfacePixelSize({ ...surface, dpi }, withBleed);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const k = mmToPx(1, dpi);
  const bleed = withBleed ? surface.bleed : 0;
  ctx.scale(k, k);
  ctx.translate(bleed, bleed);
  if (surface.background && o.background !== false) {
    ctx.fillStyle = surface.background;
    ctx.fillRect(-bleed, -bleed, surface.width + bleed * 2, surface.height + bleed * 2);
  }
  for (const layer of surface.layers) {
    if (o.filter && !o.filter(layer)) continue;
    await drawLayer(ctx, layer, doc, rc, k);
  }
  return canvas;
}
