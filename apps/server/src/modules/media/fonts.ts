import { randomUUID } from 'node:crypto';
import * as fontkit from 'fontkit';
import { badRequest } from '../../lib/errors.js';
import { mediaUrl } from './service.js';
import type { MediaStorage } from './storage.js';

/** Font formats the media module keeps, by the signature of their first four bytes (issue 11 item 4). */
export const FONT_TYPES = { ttf: 'font/ttf', otf: 'font/otf', woff: 'font/woff', woff2: 'font/woff2' } as const;
export type FontExt = keyof typeof FONT_TYPES;
/** The largest font file accepted, bytes (5 MB): declared once in the contracts' limits, the admin checks it too. */
export { FONT_MAX_BYTES } from '@backroom/contracts';
/** What a refused font file is told. */
export const NOT_A_FONT_MESSAGE = 'file: is not a font (TTF, OTF, WOFF or WOFF2)';

function signature(data: Buffer): FontExt | null {
  const tag = data.subarray(0, 4).toString('latin1');
  if (tag === 'wOFF') return 'woff';
  if (tag === 'wOF2') return 'woff2';
  if (tag === 'OTTO') return 'otf';
  if (tag === 'true' || data.readUInt32BE(0) === 0x00010000) return 'ttf';
  return null;
}

/**
 * Reads a font file by its content (issue 11 item 4; DESIGN.md "fonts parsed"): the signature must be a TTF, OTF,
 * WOFF or WOFF2 one AND fontkit must parse it into one font with a family name and glyphs; the name and extension
 * the browser sent are ignored. Returns the format and the family name read from the file's name table. 400
 * NOT_A_FONT_MESSAGE for anything else (a collection, an image renamed .ttf, a damaged file).
 */
export function sniffFont(data: Buffer): { ext: FontExt; family: string } {
  const ext = data.length >= 12 ? signature(data) : null;
  if (!ext) throw badRequest(NOT_A_FONT_MESSAGE);
  let family = '';
  try {
    const font = fontkit.create(data);
    if (!('familyName' in font) || !font.numGlyphs) throw new Error('not one font');
    family = String(font.familyName ?? '').trim();
  } catch {
    throw badRequest(NOT_A_FONT_MESSAGE);
  }
  if (!family) throw badRequest('file: the font has no family name');
  return { ext, family: family.slice(0, 100) };
}

/**
 * Checks a font (sniffFont) and stores it in the shop's media storage as `{storeId}/fonts/{uuid}.{ext}` (DATA_DIR or
 * S3; served by the one `/uploads/*` route with its font type). Answers the key, public URL, format and family.
 */
export async function saveFont(storage: MediaStorage, storeId: string, data: Buffer) {
  const { ext, family } = sniffFont(data);
  const key = `${storeId}/fonts/${randomUUID()}.${ext}`;
  await storage.put(key, data, FONT_TYPES[ext]);
  return { key, url: mediaUrl(key), format: ext, family, bytes: data.length };
}
