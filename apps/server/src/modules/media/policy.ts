import { IMAGE_TYPES, type ImageExt, type ImageMime, UPLOAD_WIDTHS } from '@backroom/contracts';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';

/**
 * The one image policy (issue 15 "one media module"; issue 14 "no SVG from outside"): profile pictures, catalog
 * import pictures and uploads all go through `sniffImage`. An image is recognised by its bytes with `file-type`
 * (the declared Content-Type and file name are ignored); only JPEG, PNG, WebP, GIF and AVIF pass. SVG, HTML,
 * XML and everything else are refused.
 */
export async function sniffImage(data: Uint8Array): Promise<{ mime: ImageMime; ext: ImageExt } | null> {
  if (data.length === 0) return null;
  const kind = await fileTypeFromBuffer(data);
  if (!kind || !Object.hasOwn(IMAGE_TYPES, kind.mime)) return null;
  const mime = kind.mime as ImageMime;
  return { mime, ext: IMAGE_TYPES[mime] };
}

/**
 * Content types of the non-image files the media module keeps, by extension: fonts (modules/media/fonts.ts) and the
 * print PDFs of book designs (modules/designs, issue 19; written by the server only, never uploaded).
 */
const FONT_MIME: Record<string, string> = {
  ttf: 'font/ttf',
  otf: 'font/otf',
  woff: 'font/woff',
  woff2: 'font/woff2',
  pdf: 'application/pdf',
};

/** Content type of a stored media file by its extension (images, fonts, print PDFs); undefined for anything the policy does not serve. */
export function mediaTypeOfName(name: string): ImageMime | string | undefined {
  const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  for (const [mime, e] of Object.entries(IMAGE_TYPES)) if (e === ext) return mime as ImageMime;
  return FONT_MIME[ext];
}

/** One web size produced from an upload. */
export interface WebSize {
  width: number;
  height: number;
  data: Buffer;
}

/** Largest number of pixels an upload may decode to (sharp's guard against decompression bombs): 50 megapixels. */
export const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Resizes an image into the web widths of UPLOAD_WIDTHS (px), WebP, never enlarging: widths below the
 * original's, plus the original's own width (capped at the largest) as the largest size. EXIF orientation is
 * applied and metadata dropped; animated GIF/WebP stay animated. Smallest first. Throws `ImageDecodeError` when
 * sharp cannot decode the bytes (a truncated or forged file with an image signature).
 */
export async function webSizes(data: Buffer, widths: readonly number[] = UPLOAD_WIDTHS): Promise<WebSize[]> {
  let meta: Metadata;
  try {
    meta = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch (err) {
    throw new ImageDecodeError(err);
  }
  const rotated = (meta.orientation ?? 1) >= 5;
  const originalWidth = (rotated ? meta.height : meta.width) ?? 0;
  if (!originalWidth) throw new ImageDecodeError(new Error('no width'));
  const largest = Math.max(...widths);
  const targets = [...new Set([...widths.filter((w) => w < originalWidth), Math.min(originalWidth, largest)])].sort((a, b) => a - b);
  const animated = (meta.pages ?? 1) > 1;
  const out: WebSize[] = [];
  for (const width of targets) {
    try {
      const { data: buf, info } = await sharp(data, { animated, limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      out.push({ width: info.width, height: animated ? (info.pageHeight ?? info.height) : info.height, data: buf });
    } catch (err) {
      throw new ImageDecodeError(err);
    }
  }
  return out;
}

/** Longest side of an original kept for print, px (issue 19: 40 in at 300 DPI; larger ones are scaled down to it). */
export const ORIGINAL_MAX_SIDE = 12_000;

/** The original of an upload as kept for print: its bytes, their content type and its size (px, upright). */
export interface PrintOriginal {
  data: Buffer;
  contentType: string;
  width: number;
  height: number;
}

/**
 * The original of an upload kept for print use (issue 19: the web sizes stop at 1920 px, which capped a design's
 * print DPI): the uploaded bytes themselves when they are upright (no EXIF rotation) and at most ORIGINAL_MAX_SIDE
 * px on each side; otherwise re-encoded upright and scaled to fit that side (JPEG stays JPEG at quality 95, other
 * formats become PNG). Animated images keep their bytes (a print uses the first frame). The pixel limit of the web
 * sizes (MAX_INPUT_PIXELS) applies. Throws `ImageDecodeError` for bytes that do not decode.
 */
export async function printOriginal(data: Buffer): Promise<PrintOriginal> {
  let meta: Metadata;
  try {
    meta = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch (err) {
    throw new ImageDecodeError(err);
  }
  const orientation = meta.orientation ?? 1;
  const rotated = orientation >= 5;
  const width = (rotated ? meta.height : meta.width) ?? 0;
  const height = (rotated ? meta.width : (meta.pageHeight ?? meta.height)) ?? 0;
  if (!width || !height) throw new ImageDecodeError(new Error('no size'));
  const mime = `image/${meta.format === 'heif' ? 'avif' : meta.format}`;
  const animated = (meta.pages ?? 1) > 1;
  if (animated || (orientation === 1 && Math.max(width, height) <= ORIGINAL_MAX_SIDE)) return { data, contentType: mime, width, height };
  const jpeg = meta.format === 'jpeg';
  try {
    const { data: out, info } = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: ORIGINAL_MAX_SIDE, height: ORIGINAL_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .toFormat(jpeg ? 'jpeg' : 'png', jpeg ? { quality: 95 } : { compressionLevel: 6 })
      .toBuffer({ resolveWithObject: true });
    return { data: out, contentType: jpeg ? 'image/jpeg' : 'image/png', width: info.width, height: info.height };
  } catch (err) {
    throw new ImageDecodeError(err);
  }
}

/** The bytes carry an image signature but cannot be decoded (truncated, forged or too many pixels). */
export class ImageDecodeError extends Error {
  constructor(cause: unknown) {
    super('image could not be decoded', { cause });
    this.name = 'ImageDecodeError';
  }
}
