import {
  ErrorResponse,
  IdParams,
  OkResponse,
  PERSONALIZE_PHOTO_MAX_BYTES,
  Personalize,
  PersonalizeBody,
  PersonalizeCountResponse,
  PersonalizeFont,
  PersonalizeFontsResponse,
  PersonalizeListQuery,
  PersonalizeListResponse,
  PersonalizePhoto,
  StorefrontPersonalize,
} from '@backroom/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest, HttpError, notFound } from '../../lib/errors.js';
import type { App } from '../../lib/types.js';
import { FONT_MAX_BYTES, mediaStorageFor, readFileField, saveShopperPhoto } from '../media/index.js';
import {
  addFont,
  countPersonalizes,
  deleteFont,
  deletePersonalize,
  getPersonalize,
  listFonts,
  listPersonalizes,
  personalizeOfProduct,
  savePersonalize,
  storefrontPersonalize,
} from './service.js';

/** Shopper photo uploads (issue 11 item 4): at most 10 a visitor (IP) and shop per 10 minutes. */
export const PHOTO_LIMIT_PER_IP = { points: 10, duration: 600 };

/**
 * Reads a font upload: multipart with the file in `file` (at most 5 MB) and an optional text field `name` (before or
 * after the file). 400 naming `file` when it is not multipart, has no file or the file is empty; 413 over 5 MB.
 */
async function readFontUpload(req: FastifyRequest): Promise<{ data: Buffer; name?: string }> {
  if (!req.isMultipart()) throw badRequest("file: send the font as multipart/form-data in the field 'file'");
  let data: Buffer | null = null;
  let name: string | undefined;
  try {
    for await (const part of req.parts({ limits: { fileSize: FONT_MAX_BYTES, files: 1, fields: 5 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw badRequest(`file: the font must be sent in the field 'file' (got '${part.fieldname}')`);
        }
        data = await part.toBuffer();
        if (part.file.truncated) throw new HttpError(413, 'PAYLOAD_TOO_LARGE', ['file: must be at most 5 MB']);
      } else if (part.fieldname === 'name') name = String(part.value);
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(413, 'PAYLOAD_TOO_LARGE', ['file: must be at most 5 MB']);
    throw badRequest('file: the multipart/form-data body could not be read');
  }
  if (!data) throw badRequest("file: a font file is required (multipart field 'file')");
  if (!data.length) throw badRequest('file: is empty');
  return { data, name };
}

/**
 * Personalised products (spec admin-dashboard §7 Personalisation, paths as the spec gives them under /api; issue 11
 * item 4), scope `products`:
 * - GET    /api/personalizes/              ?page&limit&search → {personalizes, total, page, limit}
 * - GET    /api/personalizes/count         ?search            → {count}
 * - POST   /api/personalizes               {productId, name, fields} → Personalize
 * - GET    /api/personalizes/{id}                              → Personalize
 * - GET    /api/personalizes/product/{id}                      → the product's Personalize
 * - PUT    /api/personalizes/{id}          {productId, name, fields} → Personalize
 * - DELETE /api/personalizes/{id}                              → {ok}
 * - GET    /api/personalizes/font                              → {fonts}
 * - POST   /api/personalizes/font          multipart file + name → PersonalizeFont
 * - DELETE /api/personalizes/font/{id}                         → {ok}
 * and, public on a shop's host, GET /api/storefront/personalizes/{productId} (fields and font files, or null) and
 * POST /api/storefront/personalizes/photos (a shopper's photo for an image field).
 */
export default async function personalizesRoutes(app: App) {
  const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
  const guard = { preHandler: app.guard({ scope: 'products' }) };
  const tags = ['personalizes'];
  const storage = mediaStorageFor(app.config);
  const photoLimiter = app.limiter({ name: 'sf-personalize-photo', what: 'photo uploads', ...PHOTO_LIMIT_PER_IP });

  app.get(
    '/api/personalizes/',
    {
      ...guard,
      schema: {
        summary: "The shop's personalized products",
        operationId: 'listPersonalizes',
        tags,
        querystring: PersonalizeListQuery,
        response: { 200: PersonalizeListResponse, ...errors },
      },
    },
    async (req) => listPersonalizes(app.db, req.auth.storeId, req.query),
  );

  app.get(
    '/api/personalizes/count',
    {
      ...guard,
      schema: {
        summary: 'How many personalized products the shop has',
        operationId: 'countPersonalizes',
        tags,
        querystring: PersonalizeListQuery.pick({ search: true }),
        response: { 200: PersonalizeCountResponse, ...errors },
      },
    },
    async (req) => ({ count: await countPersonalizes(app.db, req.auth.storeId, req.query.search) }),
  );

  app.post(
    '/api/personalizes',
    {
      config: { purges: 'catalog' },
      ...guard,
      schema: {
        summary: 'Personalize a product',
        operationId: 'createPersonalize',
        tags,
        body: PersonalizeBody,
        response: { 200: Personalize, ...errors },
      },
    },
    async (req) => savePersonalize(app.db, req.auth.storeId, req.body),
  );

  app.get(
    '/api/personalizes/font',
    {
      ...guard,
      schema: {
        summary: "The shop's fonts",
        operationId: 'listPersonalizeFonts',
        tags,
        response: { 200: PersonalizeFontsResponse, ...errors },
      },
    },
    async (req) => ({ fonts: await listFonts(app.db, req.auth.storeId) }),
  );

  app.post(
    '/api/personalizes/font',
    {
      config: { purges: 'catalog' },
      ...guard,
      schema: {
        summary: 'Upload a font',
        operationId: 'uploadPersonalizeFont',
        description: "Multipart: the font in 'file' (TTF, OTF, WOFF or WOFF2, checked by content, at most 5 MB) and an optional 'name'.",
        consumes: ['multipart/form-data'],
        tags,
        response: { 200: PersonalizeFont, 413: ErrorResponse, ...errors },
      },
    },
    async (req) => {
      const { data, name } = await readFontUpload(req);
      return addFont(app.db, storage, req.auth.storeId, data, name);
    },
  );

  app.delete(
    '/api/personalizes/font/:id',
    {
      config: { purges: 'catalog' },
      ...guard,
      schema: {
        summary: 'Delete a font',
        operationId: 'deletePersonalizeFont',
        tags,
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (req) => {
      await deleteFont(app.db, req.auth.storeId, req.params.id);
      return { ok: true as const, messages: ['Font deleted'] };
    },
  );

  app.get(
    '/api/personalizes/product/:id',
    {
      ...guard,
      schema: {
        summary: "A product's personalization",
        operationId: 'getProductPersonalize',
        tags,
        params: IdParams,
        response: { 200: Personalize, ...errors },
      },
    },
    async (req) => personalizeOfProduct(app.db, req.auth.storeId, req.params.id),
  );

  app.get(
    '/api/personalizes/:id',
    {
      ...guard,
      schema: {
        summary: 'One personalization',
        operationId: 'getPersonalize',
        tags,
        params: IdParams,
        response: { 200: Personalize, ...errors },
      },
    },
    async (req) => getPersonalize(app.db, req.auth.storeId, req.params.id),
  );

  app.put(
    '/api/personalizes/:id',
    {
      config: { purges: 'catalog' },
      ...guard,
      schema: {
        summary: 'Update a personalization',
        operationId: 'updatePersonalize',
        tags,
        params: IdParams,
        body: PersonalizeBody,
        response: { 200: Personalize, ...errors },
      },
    },
    async (req) => savePersonalize(app.db, req.auth.storeId, req.body, req.params.id),
  );

  app.delete(
    '/api/personalizes/:id',
    {
      config: { purges: 'catalog' },
      ...guard,
      schema: {
        summary: 'Delete a personalization',
        operationId: 'deletePersonalize',
        tags,
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (req) => {
      await deletePersonalize(app.db, req.auth.storeId, req.params.id);
      return { ok: true as const, messages: ['Personalization deleted'] };
    },
  );

  /** Public, on a shop's host: a published product's personalisation for its product page (null when none). */
  app.get(
    '/api/storefront/personalizes/:productId',
    {
      schema: {
        summary: "A product's personalization fields for the storefront",
        operationId: 'getStorefrontPersonalize',
        tags: ['storefront'],
        params: z.object({ productId: z.uuid('productId must be a product id') }),
        response: { 200: StorefrontPersonalize, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (req) => {
      if (!req.storefront) throw notFound('Store');
      return storefrontPersonalize(app.db, req.storefront.id, req.params.productId);
    },
  );

  /**
   * Public, on a shop's host: a shopper's photo for a personalised product's image field (issue 11 item 4), multipart
   * `file`: a JPEG, PNG, WebP, GIF or AVIF image recognised by its bytes (never SVG), at most
   * PERSONALIZE_PHOTO_MAX_BYTES (5 MB), PHOTO_LIMIT_PER_IP per visitor and shop (429 past it, counted before the body
   * is read). Answers `{src, width, height}`: the WebP kept in the shop's storage, the value the cart line carries.
   * 400 `file: …` (not multipart, no file, not an image), 404 off a shop's host, 413 over the size.
   */
  app.post(
    '/api/storefront/personalizes/photos',
    {
      schema: {
        summary: "Upload a shopper's personalization photo",
        operationId: 'uploadPersonalizePhoto',
        description:
          "Multipart: the photo in 'file' (JPEG, PNG, WebP, GIF or AVIF by content, at most 5 MB), at most 10 per visitor every 10 minutes.",
        consumes: ['multipart/form-data'],
        tags: ['storefront'],
        response: { 200: PersonalizePhoto, 400: ErrorResponse, 404: ErrorResponse, 413: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (req) => {
      if (!req.storefront) throw notFound('Store');
      await photoLimiter.consume(`${req.storefront.id}:${req.ip}`);
      const data = await readFileField(req, { maxBytes: PERSONALIZE_PHOTO_MAX_BYTES, what: 'photo' });
      return saveShopperPhoto(storage, req.storefront.id, data);
    },
  );
}
