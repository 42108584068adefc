import { randomUUID } from 'node:crypto';
import {
  NOT_AN_IMAGE_MESSAGE,
  UPLOAD_WIDTHS,
  type UploadedImage,
  type UploadListQuery,
  type UploadListResponse,
} from '@backroom/contracts';
import { and, count, desc, eq, like } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { uploads } from '../../db/schema/index.js';
import { badRequest } from '../../lib/errors.js';
import { ImageDecodeError, type PrintOriginal, printOriginal, sniffImage, webSizes } from './policy.js';
import type { MediaStorage } from './storage.js';

/** Public address of a media key: `/uploads/{key}` (served by the one `/uploads/*` route, modules/media/routes.ts). */
export const mediaUrl = (key: string) => `/uploads/${key}`;

/**
 * Keys of an uploaded image: the largest size `{storeId}/media/{id}_{W}x{H}.webp` (the row's `path`), smaller
 * sizes `{storeId}/media/{id}_{w}w.webp`. The largest name carries the dimensions so a row alone rebuilds the
 * whole answer (no extra columns).
 */
const LARGEST = /^([0-9a-f-]{36})\/media\/([0-9a-f-]{36})_(\d+)x(\d+)\.webp$/;
const largestKey = (storeId: string, id: string, w: number, h: number) => `${storeId}/media/${id}_${w}x${h}.webp`;
const sizeKey = (storeId: string, id: string, w: number) => `${storeId}/media/${id}_${w}w.webp`;
/** The original kept for print: `.orig`, a type `/uploads/*` never serves (mediaTypeOfName knows none). */
const originalKey = (storeId: string, id: string) => `${storeId}/media/${id}.orig`;
/** Any web size's key → its upload's store and id. */
const WEB_SIZE = /^([0-9a-f-]{36})\/media\/([0-9a-f-]{36})_(?:\d+x\d+|\d+w)\.webp$/;

/**
 * The media key of the original kept for print behind a web size's key (`{storeId}/media/{id}_….webp` →
 * `{storeId}/media/{id}.orig`), only for a web size of `storeId`'s own uploads; null otherwise. The file may not
 * exist (uploads made before originals were kept): readers fall back to the web size.
 */
export function printOriginalKey(webKey: string, storeId: string): string | null {
  const m = WEB_SIZE.exec(webKey);
  return m && m[1] === storeId ? originalKey(storeId, m[2]!) : null;
}

/** The API answer of an uploads row; null for a row that is not an uploaded web image (product pictures, avatars). */
export function uploadedImageOf(row: typeof uploads.$inferSelect): UploadedImage | null {
  const m = LARGEST.exec(row.path);
  if (!m) return null;
  const [, storeId, id, w, h] = m as unknown as [string, string, string, string, string];
  const width = Number(w);
  const sizes = [
    ...UPLOAD_WIDTHS.filter((x) => x < width).map((x) => ({ src: mediaUrl(sizeKey(storeId, id, x)), width: x })),
    { src: mediaUrl(row.path), width },
  ];
  return {
    id,
    src: mediaUrl(row.path),
    width,
    height: Number(h),
    srcset: sizes.map((s) => `${s.src} ${s.width}w`).join(', '),
    sizes,
    bytes: row.bytes,
    original: row.originalWidth && row.originalHeight ? { width: row.originalWidth, height: row.originalHeight } : null,
    contentType: 'image/webp',
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Stores an uploaded image of a store (issue 9 item 5): checks it against the image policy by content (400
 * NOT_AN_IMAGE_MESSAGE for anything else, SVG included; 400 when the bytes carry an image signature but do not
 * decode), resizes it into the web widths (WebP), writes every size to `storage` and records the largest in
 * `uploads`; the original is kept beside them for print (`printOriginal`: ≤ 12,000 px, upright; never served; issue
 * 19 "print DPI"). Returns the API answer (src = the largest size, with srcset; `original` = the kept size).
 */
export async function saveUpload(db: Db, storage: MediaStorage, storeId: string, data: Buffer): Promise<UploadedImage> {
  if (!(await sniffImage(data))) throw badRequest(NOT_AN_IMAGE_MESSAGE);
  let sizes: Awaited<ReturnType<typeof webSizes>>;
  let original: PrintOriginal;
  try {
    [sizes, original] = await Promise.all([webSizes(data), printOriginal(data)]);
  } catch (err) {
    if (err instanceof ImageDecodeError) throw badRequest('file: the image could not be read (damaged, or too many pixels)');
    throw err;
  }
  const id = randomUUID();
  const largest = sizes[sizes.length - 1]!;
  const key = largestKey(storeId, id, largest.width, largest.height);
  await Promise.all([
    ...sizes.map((s) => storage.put(s === largest ? key : sizeKey(storeId, id, s.width), s.data, 'image/webp')),
    storage.put(originalKey(storeId, id), original.data, original.contentType),
  ]);
  const [row] = await db
    .insert(uploads)
    .values({
      storeId,
      path: key,
      contentType: 'image/webp',
      bytes: largest.data.length,
      originalWidth: original.width,
      originalHeight: original.height,
    })
    .returning();
  return uploadedImageOf(row!)!;
}

/** Widest a shopper's personalisation photo is kept, px (the product image is drawn at most 1000 px wide). */
const PHOTO_WIDTH = 1200;

/**
 * Stores a shopper's photo for a personalised product's image field (issue 11 item 4): checked against the image
 * policy by content (400 NOT_AN_IMAGE_MESSAGE for anything else, SVG included; 400 when it does not decode),
 * re-encoded as one WebP at most PHOTO_WIDTH px wide (EXIF dropped) under `{storeId}/personalize/{id}_{W}x{H}.webp`.
 * Not recorded in `uploads`: the merchant's image picker never lists shoppers' photos. Answers its address and size.
 */
export async function saveShopperPhoto(
  storage: MediaStorage,
  storeId: string,
  data: Buffer,
): Promise<{ src: string; width: number; height: number }> {
  if (!(await sniffImage(data))) throw badRequest(NOT_AN_IMAGE_MESSAGE);
  let size: Awaited<ReturnType<typeof webSizes>>[number];
  try {
    size = (await webSizes(data, [PHOTO_WIDTH])).at(-1)!;
  } catch (err) {
    if (err instanceof ImageDecodeError) throw badRequest('file: the image could not be read (damaged, or too many pixels)');
    throw err;
  }
  const key = `${storeId}/personalize/${randomUUID()}_${size.width}x${size.height}.webp`;
  await storage.put(key, size.data, 'image/webp');
  return { src: mediaUrl(key), width: size.width, height: size.height };
}

/** The store's uploaded images, newest first, paged (1-based `page`, `limit` per page) with the total. */
export async function listUploads(db: Db, storeId: string, q: UploadListQuery): Promise<UploadListResponse> {
  const where = and(eq(uploads.storeId, storeId), like(uploads.path, `${storeId}/media/%`));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(uploads)
      .where(where)
      .orderBy(desc(uploads.createdAt), desc(uploads.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(uploads).where(where),
  ]);
  return {
    uploads: rows.map(uploadedImageOf).filter((x): x is UploadedImage => x !== null),
    total: total?.n ?? 0,
    page: q.page,
    limit: q.limit,
  };
}

/**
 * Whether a media key may be served on this request's host (issue 14 "uploads served only on their own shop's
 * host"): on a shop's host only that shop's files (`{storeId}/…`); on the admin host every file (the admin shows
 * pictures of the user's shops and profile pictures).
 */
export function servableOnHost(key: string, shopId: string | null): boolean {
  return shopId === null || key.startsWith(`${shopId}/`);
}
