import { UPLOAD_WIDTHS } from '@backroom/contracts/limits';

/**
 * An uploaded picture's largest web size, `/uploads/{storeId}/media/{id}_{W}x{H}.webp` (modules/media: sharp
 * resizes every upload to the UPLOAD_WIDTHS below its own width, named `{id}_{w}w.webp`).
 */
const LARGEST = /^(\/uploads\/[0-9a-f-]{36}\/media\/[0-9a-f-]{36})_(\d+)x(\d+)\.webp$/;

/**
 * The `srcset` (width descriptors) and intrinsic size (px) of an image address (issue 16 item 2): for an upload,
 * every web size the server made at upload; null for anything else (SVG theme and demo pictures scale by
 * themselves; an outside address has no known sizes).
 */
export function responsiveImage(src: string): { srcSet: string; width: number; height: number } | null {
  const m = LARGEST.exec(src);
  if (!m) return null;
  const [, base, w, h] = m as unknown as [string, string, string, string];
  const width = Number(w);
  const sizes = [...UPLOAD_WIDTHS.filter((x) => x < width).map((x) => `${base}_${x}w.webp ${x}w`), `${src} ${width}w`];
  return { srcSet: sizes.join(', '), width, height: Number(h) };
}

/** `sizes` of a product card picture: half the phone's width, a quarter of the page on larger screens. */
export const CARD_SIZES = '(max-width: 767px) 50vw, 25vw';
/** `sizes` of a picture across the page (slides, banners). */
export const FULL_SIZES = '100vw';
/** `sizes` of the product page's main picture: the phone's width, half the page on larger screens. */
export const PDP_SIZES = '(max-width: 767px) 100vw, 50vw';
