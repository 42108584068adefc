import type { DesignDocument, Layer, Surface } from '@backroom/design';
import fontkit from '@pdf-lib/fontkit';
import {
  concatTransformationMatrix,
  PDFDocument,
  type PDFFont,
  type PDFImage,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  rgb,
} from 'pdf-lib';
import { encodePng, layoutText, printedText, type RenderContext, renderSurface } from './render.js';

/**
 * Print PDFs of book designs (issue 19 items 4–5) with pdf-lib: every page box is the trim plus the surface's bleed
 * (MediaBox = BleedBox = trim + 3 mm on every side, TrimBox = the trim), text is drawn as vector text in its font
 * (embedded, subset) and everything else as images rendered at the surface's DPI by the same canvas renderer as
 * the PNGs (render.ts), in layer order: runs of non-text layers become one transparent image each.
 */

/** Points per millimetre (PDF user space unit = 1/72 in). */
const PT_PER_MM = 72 / 25.4;

const hexRgb = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
};

/** A slice of a surface printed as one PDF page: its left edge in the surface (mm, trim coordinates) and width. */
interface PageSlice {
  x: number;
  width: number;
}

/** The drawing of one surface: image runs and text layers in order, drawn once, placed on one or more pages. */
type Piece =
  | { kind: 'image'; image: PDFImage }
  | { kind: 'fill'; color: string }
  | { kind: 'text'; layer: Layer & { type: 'text' | 'field' } };

async function piecesOf(pdf: PDFDocument, surface: Surface, doc: DesignDocument, rc: RenderContext, fonts: Map<string, PDFFont>) {
  const pieces: Piece[] = [];
  let run: Layer[] = [];
  let first = true;
  const flush = async () => {
    const background = first ? surface.background : null;
    first = false;
    if (background) pieces.push({ kind: 'fill', color: background });
    if (!run.length) return;
    const ids = new Set(run.map((l) => l.id));
    // The first run over an opaque background is opaque: JPEG (quality 95, as print PDFs carry photos) is far quicker
    // to encode and smaller than PNG; a later run keeps its transparency (PNG).
    const canvas = await renderSurface(surface, doc, rc, { filter: (l) => ids.has(l.id), background: !!background });
    pieces.push({
      kind: 'image',
      image: background ? await pdf.embedJpg(await canvas.encode('jpeg', 95)) : await pdf.embedPng(await encodePng(canvas)),
    });
    run = [];
  };
  for (const layer of surface.layers) {
    if (layer.hidden || layer.opacity === 0) continue;
    if (layer.type === 'text' || layer.type === 'field') {
      if (!printedText(layer, doc, rc)) continue;
      await flush();
      pieces.push({ kind: 'text', layer });
      const f = await rc.fonts.load(layer);
      if (!fonts.has(f.alias)) fonts.set(f.alias, await pdf.embedFont(f.bytes, { subset: true }));
    } else run.push(layer);
  }
  await flush();
  return pieces;
}

/** Draws the pieces of `surface` on `page`, whose left edge is at `slice.x` of the surface (trim coordinates, mm). */
async function drawPieces(
  page: PDFPage,
  pieces: Piece[],
  surface: Surface,
  doc: DesignDocument,
  rc: RenderContext,
  fonts: Map<string, PDFFont>,
  slice: PageSlice,
) {
  const b = surface.bleed;
  const pageH = (surface.height + 2 * b) * PT_PER_MM;
  for (const p of pieces) {
    if (p.kind === 'fill') {
      page.drawRectangle({ x: 0, y: 0, width: page.getWidth(), height: pageH, color: hexRgb(p.color) });
      continue;
    }
    if (p.kind === 'image') {
      // The image covers the whole surface with bleed; the page shows its slice (the media box clips the rest).
      page.drawImage(p.image, {
        x: -slice.x * PT_PER_MM,
        y: 0,
        width: (surface.width + 2 * b) * PT_PER_MM,
        height: pageH,
      });
      continue;
    }
    const layer = p.layer;
    const loaded = await rc.fonts.load(layer);
    const font = fonts.get(loaded.alias)!;
    const layout = layoutText(layer, printedText(layer, doc, rc) ?? '', loaded);
    // Layer frame: origin at the box centre, unit mm, y down (page y = page height − surface y).
    const cx = (layer.x + layer.width / 2 + b - slice.x) * PT_PER_MM;
    const cy = pageH - (layer.y + layer.height / 2 + b) * PT_PER_MM;
    const a = (layer.rotation * Math.PI) / 180;
    const [cos, sin] = [Math.cos(a), Math.sin(a)];
    // translate(cx, cy) · scale(k, −k) · rotate(a) in a y-down frame
    page.pushOperators(
      pushGraphicsState(),
      concatTransformationMatrix(PT_PER_MM * cos, -PT_PER_MM * sin, -PT_PER_MM * sin, -PT_PER_MM * cos, cx, cy),
    );
    for (const g of layout.glyphs) {
      const [gc, gs] = [Math.cos(g.rotation), Math.sin(g.rotation)];
      // translate(g.cx, g.cy) · rotate(g.rotation) · scale(1, −1): back to y up for the text operators
      page.pushOperators(pushGraphicsState(), concatTransformationMatrix(gc, gs, gs, -gc, g.cx, g.cy));
      page.drawText(g.text, {
        x: -g.width / 2,
        y: -layout.baselineOffset,
        size: layout.sizeMm,
        font,
        color: hexRgb(layer.color),
        opacity: layer.opacity,
      });
      page.pushOperators(popGraphicsState());
    }
    page.pushOperators(popGraphicsState());
  }
}

/** Adds one page of `slice` of `surface`: media/bleed box = slice + bleed, trim box inset by the bleed. */
function addPage(pdf: PDFDocument, surface: Surface, slice: PageSlice): PDFPage {
  const b = surface.bleed * PT_PER_MM;
  const w = (slice.width + 2 * surface.bleed) * PT_PER_MM;
  const h = (surface.height + 2 * surface.bleed) * PT_PER_MM;
  const page = pdf.addPage([w, h]);
  page.setBleedBox(0, 0, w, h);
  page.setTrimBox(b, b, w - 2 * b, h - 2 * b);
  return page;
}

/**
 * A PDF of `surfaces`: each surface is one page, or — `splitSpreads` — a spread is two pages (left and right half,
 * each with its own bleed taken from the other half across the gutter). Answers the file's bytes.
 */
export async function surfacesPdf(
  doc: DesignDocument,
  surfaces: Surface[],
  rc: RenderContext,
  o: { title: string; splitSpreads?: boolean; onPage?: (done: number, total: number) => Promise<void> | void },
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  pdf.setTitle(o.title);
  pdf.setCreator('Backroom print-on-demand');
  const fonts = new Map<string, PDFFont>();
  let done = 0;
  for (const s of surfaces) {
    const pieces = await piecesOf(pdf, s, doc, rc, fonts);
    const slices: PageSlice[] =
      o.splitSpreads && s.role === 'spread'
        ? [
            { x: 0, width: s.width / 2 },
            { x: s.width / 2, width: s.width / 2 },
          ]
        : [{ x: 0, width: s.width }];
    for (const slice of slices) await drawPieces(addPage(pdf, s, slice), pieces, s, doc, rc, fonts, slice);
    await o.onPage?.(++done, surfaces.length);
  }
  return pdf.save();
}
