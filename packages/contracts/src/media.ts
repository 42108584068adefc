import { z } from 'zod';
import type { Scope } from './common.js';
import { UPLOADS_PAGE_SIZE } from './limits.js';

/**
 * The one image policy of Backroom (issue 15 "one media module", issue 9 item 5, issue 14 "no SVG from outside"):
 * what an image file may be, recognised by its CONTENT (magic bytes), never by a declared Content-Type or file
 * name. SVG is never accepted from outside: it can carry script.
 */
export const IMAGE_TYPES = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
} as const;
export type ImageMime = keyof typeof IMAGE_TYPES;
export type ImageExt = (typeof IMAGE_TYPES)[ImageMime];

/** Largest image `POST /api/uploads` accepts, bytes (issue 9 item 5: "at most 10 MB"). */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** Scopes that may upload and list images: the screens that pick images (theme editor, products, pages). */
export const UPLOAD_SCOPES = ['themes', 'products', 'pages'] as const satisfies readonly Scope[];

/** The message of a file that is not an accepted image (400, field `file`). */
export const NOT_AN_IMAGE_MESSAGE = 'file: must be a JPEG, PNG, WebP, GIF or AVIF image (SVG and other files are not accepted)';

/** One uploaded image as the API answers it: the largest web size as `src`, every size in `srcset`. */
export const UploadedImage = z
  .object({
    id: z.uuid(),
    /** Address of the largest web size, e.g. `/uploads/{storeId}/media/{id}_1920x1080.webp` (same origin). */
    src: z.string(),
    /** Width and height of `src`, px. */
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    /** `srcset` attribute value: every web size with its width descriptor, smallest first (`/uploads/… 480w, …`). */
    srcset: z.string(),
    /** Every web size: address and width (px), smallest first. */
    sizes: z.array(z.object({ src: z.string(), width: z.number().int().positive() })),
    /** Bytes of `src`. */
    bytes: z.number().int().nonnegative(),
    /**
     * Size of the original kept for print (issue 19: a design's effective DPI and its print files use it; the web
     * sizes stop at 1920 px), px. Never served. Absent or null: no original kept (uploads made before it was).
     */
    original: z.object({ width: z.number().int().positive(), height: z.number().int().positive() }).nullable().optional(),
    contentType: z.literal('image/webp'),
    createdAt: z.string(),
  })
  .meta({ id: 'UploadedImage' });
export type UploadedImage = z.infer<typeof UploadedImage>;

/** GET /api/uploads query: 1-based page and page size. */
export const UploadListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(UPLOADS_PAGE_SIZE),
});
export type UploadListQuery = z.infer<typeof UploadListQuery>;

/** GET /api/uploads answer: the shop's uploaded images, newest first. */
export const UploadListResponse = z.object({
  uploads: z.array(UploadedImage),
  total: z.number().int().nonnegative(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type UploadListResponse = z.infer<typeof UploadListResponse>;
