/**
 * Sizes derived from a document: pixel sizes at a DPI, effective DPI of images, page counts and the book2 cover
 * wrap's spine. Pure functions shared by the editors (guides, warnings) and the server renderer (bitmap sizes).
 */
import { DESIGN_LIMITS, type DesignDocument, type ImageLayer, type Surface } from './schema.js';
import { mmToIn, mmToPx, spineWidthMm } from './units.js';

/**
 * The bitmap size of a surface at its DPI, px (rounded): the trim box, plus the bleed on every side when
 * `withBleed`. A 12 × 16 in area at 300 DPI is 3600 × 4800.
 */
export function surfacePixelSize(
  surface: Pick<Surface, 'width' | 'height' | 'bleed' | 'dpi'>,
  withBleed = true,
): { width: number; height: number } {
  const extra = withBleed ? surface.bleed * 2 : 0;
  return { width: Math.round(mmToPx(surface.width + extra, surface.dpi)), height: Math.round(mmToPx(surface.height + extra, surface.dpi)) };
}

/**
 * Effective resolution of an image layer at its printed size, DPI (rounded down): the source pixels it shows (its
 * crop, or the whole image) over the box's size in inches; the smaller of the two directions.
 */
export function effectiveDpi(layer: Pick<ImageLayer, 'width' | 'height' | 'pixelWidth' | 'pixelHeight' | 'crop'>): number {
  const w = layer.crop?.width ?? layer.pixelWidth;
  const h = layer.crop?.height ?? layer.pixelHeight;
  // 1e-6 absorbs float noise of mm ↔ in (304.8 mm is 12.000000000000002 in: 1680 px would floor to 139).
  return Math.floor(Math.min(w / mmToIn(layer.width), h / mmToIn(layer.height)) + 1e-6);
}

/**
 * The pixel size an image layer records for an upload (its `pixelWidth` / `pixelHeight`, the base of effective DPI):
 * the original kept for print when the upload answer has one (issue 19: web sizes stop at 1920 px, print files read
 * the original), else the served size. `img` is the uploads API's `UploadedImage` (structurally).
 */
export function uploadPixelSize(img: { width: number; height: number; original?: { width: number; height: number } | null }): {
  pixelWidth: number;
  pixelHeight: number;
} {
  return img.original
    ? { pixelWidth: img.original.width, pixelHeight: img.original.height }
    : { pixelWidth: img.width, pixelHeight: img.height };
}

/**
 * How an effective DPI rates (issue 19 item 2): `low` below 150 (flagged), `fair` from 150 to under 300,
 * `good` at 300 (recommended) or more.
 */
export function dpiRating(dpi: number): 'low' | 'fair' | 'good' {
  if (dpi < DESIGN_LIMITS.minImageDpi) return 'low';
  return dpi < DESIGN_LIMITS.recommendedImageDpi ? 'fair' : 'good';
}

/** Printed pages of a book (the cover excluded): book = its `page` surfaces, book2 = 2 × its spreads; print_hub 0. */
export function pageCountOf(doc: Pick<DesignDocument, 'kind' | 'surfaces'>): number {
  if (doc.kind === 'book') return doc.surfaces.filter((s) => s.role === 'page').length;
  if (doc.kind === 'book2') return doc.surfaces.filter((s) => s.role === 'spread').length * 2;
  return 0;
}

/** The spine width a book2 document needs now, mm (from its page count and `book` settings), or null without them. */
export function spineWidthOf(doc: DesignDocument): number | null {
  if (doc.kind !== 'book2' || !doc.book) return null;
  return spineWidthMm(pageCountOf(doc), doc.book.paperThickness, doc.book.coverAllowance);
}

/**
 * Keeps a book2 cover wrap right after spreads were added or removed: spine = spineWidthOf(doc), wrap width =
 * 2 × page width + spine, and the layers on the front cover (right of the old centre) move with the front cover's
 * new position, so the front design stays put on its cover. Returns a new document (input untouched); other kinds
 * and documents without a cover wrap come back unchanged.
 */
export function syncCoverWrap(doc: DesignDocument): DesignDocument {
  const spine = spineWidthOf(doc);
  if (spine === null || !doc.book) return doc;
  const pageWidth = doc.book.pageWidth;
  return {
    ...doc,
    surfaces: doc.surfaces.map((s) => {
      if (s.role !== 'cover_wrap') return s;
      const old = coverWrapPanels(s);
      const width = pageWidth * 2 + spine;
      const delta = width - s.width;
      return {
        ...s,
        width,
        spineWidth: spine,
        layers: s.layers.map((l) => {
          const centre = l.x + l.width / 2;
          if (centre >= old.front.x) return { ...l, x: l.x + delta };
          if (centre > old.spine.x) return { ...l, x: l.x + delta / 2 };
          return l;
        }),
      };
    }),
  };
}

/**
 * The three panels of a cover wrap, mm from the trim's left edge: back cover, spine, front cover (issue 19 item 5).
 */
export function coverWrapPanels(
  surface: Pick<Surface, 'width' | 'spineWidth'>,
): Record<'back' | 'spine' | 'front', { x: number; width: number }> {
  const spine = surface.spineWidth ?? 0;
  const side = (surface.width - spine) / 2;
  return { back: { x: 0, width: side }, spine: { x: side, width: spine }, front: { x: side + spine, width: side } };
}
