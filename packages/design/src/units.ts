/**
 * Physical units of the design document (issue 19 item 1): every length is stored in millimetres; the editors show
 * inches (print-on-demand areas are sold in inches, e.g. a 12 × 16 in front) and pixels exist only at a DPI.
 */

/** Millimetres in one inch (exact). */
export const MM_PER_INCH = 25.4;
/** Millimetres in one typographic point (1/72 in); text sizes and letter spacing are in points. */
export const MM_PER_POINT = MM_PER_INCH / 72;

/** Inches → millimetres. */
export const inToMm = (inches: number): number => inches * MM_PER_INCH;
/** Millimetres → inches. */
export const mmToIn = (mm: number): number => mm / MM_PER_INCH;
/** Points (1/72 in) → millimetres. */
export const ptToMm = (pt: number): number => pt * MM_PER_POINT;

/**
 * Millimetres → device pixels at `dpi` (dots per inch), unrounded. A 12 in (304.8 mm) area at 300 DPI is 3600 px.
 * Callers sizing a bitmap round with `Math.round` (see `surfacePixelSize`).
 */
export const mmToPx = (mm: number, dpi: number): number => (mm / MM_PER_INCH) * dpi;
/** Pixels at `dpi` → millimetres. */
export const pxToMm = (px: number, dpi: number): number => (px / dpi) * MM_PER_INCH;

/**
 * Inches shown to a merchant: at most `digits` decimals, trailing zeros dropped ("12", "8.5", "0.25").
 * @param mm length in millimetres
 */
export function formatInches(mm: number, digits = 2): string {
  return `${Number(mmToIn(mm).toFixed(digits))}`;
}

/**
 * Spine width of a bound book in mm (issue 19 item 5, book2 cover wrap): the page count times the paper's thickness
 * per page (per base product, mm) plus the cover board's allowance (mm, both covers together). Rounded to 0.01 mm.
 * Throws RangeError for a negative or non-integer page count or a negative thickness/allowance.
 */
export function spineWidthMm(pageCount: number, paperThicknessMm: number, coverAllowanceMm: number): number {
  if (!Number.isInteger(pageCount) || pageCount < 0) throw new RangeError('pageCount must be a whole number ≥ 0');
  if (!(paperThicknessMm >= 0) || !(coverAllowanceMm >= 0)) throw new RangeError('thickness and allowance must be ≥ 0');
  return Math.round((pageCount * paperThicknessMm + coverAllowanceMm) * 100) / 100;
}
