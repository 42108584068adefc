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

/** The bytes carry an image signature but cannot be decoded (truncated, forged or too many pixels). */
export class ImageDecodeError extends Error {
  constructor(cause: unknown) {
    super('image could not be decoded', { cause });
    this.name = 'ImageDecodeError';
  }
}
