import { ErrorResponse, UPLOAD_MAX_BYTES, UPLOAD_SCOPES, UploadedImage, UploadListQuery, UploadListResponse } from '@backroom/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.js';
import { mediaTypeOfName } from './policy.js';
import { listUploads, saveUpload, servableOnHost } from './service.js';
import { isMediaKey, type MediaStorage, mediaStorageFor } from './storage.js';
import { readFileField } from './upload.js';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const MediaParams = z.object({ '*': z.string().max(400) });

/**
 * Sends a stored media file with the headers every media answer carries (issue 9 item 5, issue 14): the image
 * type by extension (only the policy's types; anything else 404), `Cache-Control: public, max-age=31536000,
 * immutable` (names never change content: random ids or content hashes), `X-Content-Type-Options: nosniff` and
 * `Content-Security-Policy: default-src 'none'` (a file opened directly runs nothing). 404 when there is none.
 */
export async function sendMedia(reply: FastifyReply, storage: MediaStorage, key: string): Promise<FastifyReply> {
  const type = mediaTypeOfName(key);
  if (!type || !isMediaKey(key)) throw notFound('File');
  const file = await storage.get(key);
  if (!file) throw notFound('File');
  reply
    .header('content-type', type)
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'");
  if (file.size) reply.header('content-length', file.size);
  return reply.send(file.body);
}

/**
 * Media routes (issue 15 "one media module"; issue 9 item 5; issue 14 uploads hardening):
 * - POST /api/uploads: an image for the shop (theme editor, products, pages), resized into web sizes;
 * - GET /api/uploads: the shop's uploaded images for the editor's image picker;
 * - GET /uploads/*: THE one route serving media files (uploads, imported product pictures, profile pictures),
 *   from DATA_DIR/uploads or the S3 bucket, only on the owning shop's host or the admin host.
 */
const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = mediaStorageFor(app.config);

  /**
   * POST /api/uploads, multipart field `file`: a JPEG, PNG, WebP, GIF or AVIF image (recognised by its bytes,
   * never SVG), at most 10 MB. Scope: themes, products or pages (UPLOAD_SCOPES). Answers the UploadedImage:
   * `src` (the largest web size, at most 1920 px wide, WebP), `width`/`height` (px), `srcset` and `sizes`.
   * 400 `file: …` for a body that is not multipart or is malformed, no file, another field, an empty file, a
   * file that is not an accepted image or does not decode; 413 over 10 MB. Authorisation runs before the body
   * is read.
   */
  app.post(
    '/api/uploads',
    {
      preHandler: app.guard({ scope: [...UPLOAD_SCOPES] }),
      schema: {
        tags: ['media'],
        summary: 'Upload an image',
        operationId: 'uploadImage',
        description:
          "Uploads an image (multipart/form-data, field 'file'; JPEG, PNG, WebP, GIF or AVIF by content, at most 10 MB) and answers its web sizes.",
        consumes: ['multipart/form-data'],
        response: { 200: UploadedImage, 413: ErrorResponse, ...errors },
      },
    },
    async (req) => {
      const data = await readFileField(req, { maxBytes: UPLOAD_MAX_BYTES, what: 'image' });
      const image = await saveUpload(app.db, storage, req.auth.storeId, data);
      req.log.info({ storeId: req.auth.storeId, upload: image.id, bytes: data.length }, 'image uploaded');
      return image;
    },
  );

  /** GET /api/uploads?page&limit → {uploads, total, page, limit}: the shop's uploaded images, newest first. Scope as POST. */
  app.get(
    '/api/uploads',
    {
      preHandler: app.guard({ scope: [...UPLOAD_SCOPES] }),
      schema: {
        tags: ['media'],
        summary: "List the shop's uploaded images",
        operationId: 'listUploads',
        querystring: UploadListQuery,
        response: { 200: UploadListResponse, ...errors },
      },
    },
    async (req) => listUploads(app.db, req.auth.storeId, req.query),
  );

  /**
   * GET /uploads/{key}: a media file (public: `<img>` sends no token; names are random ids or content hashes).
   * On a shop's host only that shop's files; on the admin host all. 404 for another shop's file, an unknown
   * file, a key outside the media layout (`..`, hidden files) or a type the policy does not serve (SVG).
   */
  app.get(
    '/uploads/*',
    {
      // Not an API route: left out of the OpenAPI document (lib/openapi.ts documents /api only).
      schema: { params: MediaParams, response: { 404: ErrorResponse } },
    },
    async (req, reply) => {
      const key = req.params['*'];
      if (!servableOnHost(key, req.storefront?.id ?? null)) throw notFound('File');
      return sendMedia(reply, storage, key);
    },
  );
};
export default mediaRoutes;
