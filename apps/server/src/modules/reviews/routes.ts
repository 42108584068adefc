import {
  ErrorResponse,
  IdParams,
  MAX_REVIEW_IMPORT_BYTES,
  OkResponse,
  REVIEW_SUBMIT_LIMIT,
  Review,
  ReviewBulkBody,
  ReviewBulkResult,
  ReviewImportReport,
  ReviewListQuery,
  ReviewListResponse,
  ReviewUpdateBody,
  StorefrontReviewBody,
  StorefrontReviewCreated,
  StorefrontReviewsQuery,
  StorefrontReviewsResponse,
} from '@backroom/contracts';
import { z } from 'zod';
import { badRequest, HttpError, notFound } from '../../lib/errors.js';
import type { App } from '../../lib/types.js';
import { bulkModerate, deleteReview, importReviews, listReviews, storefrontReviews, submitReview, updateReview } from './service.js';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const tags = ['reviews'];
const Handle = z.object({ handle: z.string().min(1).max(255) });

/**
 * Product reviews (issue 13 item 8, route website.apps.product-review.list, scope `apps`): GET /api/reviews,
 * PATCH/DELETE /api/reviews/{id}, POST /api/reviews/bulk, POST /api/reviews/import; on a shop's host GET and POST
 * /api/storefront/products/{handle}/reviews (submissions rate-limited per IP, held for moderation).
 */
export default async function reviewsRoutes(app: App) {
  const guard = app.guard({ scope: 'apps' });
  const submitLimiter = app.limiter({ name: 'sf-review', what: 'reviews', ...REVIEW_SUBMIT_LIMIT });

  /** GET /api/reviews?status&rating&productId&search&page&limit → a page of reviews and the per-status counts. */
  app.get(
    '/api/reviews',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Product reviews of the shop',
        operationId: 'listReviews',
        querystring: ReviewListQuery,
        response: { 200: ReviewListResponse, ...errors },
      },
    },
    async (req) => listReviews(app.db, req.auth.storeId, req.query),
  );

  /** PATCH /api/reviews/{id} ({status?, reply?}) → Review; 404 when not of this store. */
  app.patch(
    '/api/reviews/:id',
    {
      config: { purges: 'catalog' },
      preHandler: guard,
      schema: {
        tags,
        summary: 'Publish, hide or reply to a review',
        operationId: 'updateReview',
        params: IdParams,
        body: ReviewUpdateBody,
        response: { 200: Review, ...errors },
      },
    },
    async (req) => updateReview(app.db, req.auth.storeId, req.params.id, req.body),
  );

  /** DELETE /api/reviews/{id} → {ok: true}; 404 when not of this store. */
  app.delete(
    '/api/reviews/:id',
    {
      config: { purges: 'catalog' },
      preHandler: guard,
      schema: { tags, summary: 'Delete a review', operationId: 'deleteReview', params: IdParams, response: { 200: OkResponse, ...errors } },
    },
    async (req) => {
      await deleteReview(app.db, req.auth.storeId, req.params.id);
      return { ok: true as const };
    },
  );

  /**
   * POST /api/reviews/bulk ({ids, action: publish|hide|delete}) → {action, count}: one transaction over reviews of this
   * store; 404 (nothing changed) when an id is not one of them; 400 for an empty, repeated or over-long id list.
   */
  app.post(
    '/api/reviews/bulk',
    {
      config: { purges: 'catalog' },
      preHandler: guard,
      schema: {
        tags,
        summary: 'Publish, hide or delete several reviews at once',
        operationId: 'bulkModerateReviews',
        body: ReviewBulkBody,
        response: { 200: ReviewBulkResult, ...errors },
      },
    },
    async (req) => bulkModerate(app.db, req.auth.storeId, req.body),
  );

  /**
   * POST /api/reviews/import, multipart field `file`: a review CSV (Judge.me's columns, at most 2 MiB) → the report
   * {imported, skipped [{line, reason}]}. 400 no file / unreadable CSV / missing column; 413 over 2 MiB.
   */
  app.post(
    '/api/reviews/import',
    {
      config: { purges: 'catalog' },
      preHandler: guard,
      schema: {
        tags,
        summary: 'Import reviews from a CSV',
        operationId: 'importReviews',
        consumes: ['multipart/form-data'],
        description: "A review CSV (Judge.me's export columns) sent as multipart/form-data in the field 'file'.",
        response: { 200: ReviewImportReport, 413: ErrorResponse, ...errors },
      },
    },
    async (req) => {
      if (!req.isMultipart()) throw badRequest("file: send the CSV as multipart/form-data in the field 'file'");
      const part = await req.file({ limits: { fileSize: MAX_REVIEW_IMPORT_BYTES, files: 1 } });
      if (part?.fieldname !== 'file') {
        part?.file.resume();
        throw badRequest("file: a CSV file is required (multipart field 'file')");
      }
      let buf: Buffer;
      try {
        buf = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        throw err;
      }
      if (part.file.truncated) throw tooLarge();
      return importReviews(app.db, req.auth.storeId, buf.toString('utf8'));
    },
  );

  /** GET /api/storefront/products/{handle}/reviews?page&limit on a shop's host → published reviews, count, average. */
  app.get(
    '/api/storefront/products/:handle/reviews',
    {
      schema: {
        tags: ['storefront'],
        summary: 'Published reviews of a storefront product',
        operationId: 'listStorefrontReviews',
        params: Handle,
        querystring: StorefrontReviewsQuery,
        response: { 200: StorefrontReviewsResponse, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (req) => {
      if (!req.storefront) throw notFound('Store');
      return storefrontReviews(app.db, req.storefront.id, req.params.handle, req.query);
    },
  );

  /**
   * POST /api/storefront/products/{handle}/reviews (StorefrontReviewBody) on a shop's host → 201 {status: 'pending'};
   * at most 5 an hour per IP (429 'Too many reviews, please try again in {n} seconds'); 404 unknown product.
   */
  app.post(
    '/api/storefront/products/:handle/reviews',
    {
      schema: {
        tags: ['storefront'],
        summary: 'Submit a review (held for moderation)',
        operationId: 'submitStorefrontReview',
        params: Handle,
        body: StorefrontReviewBody,
        response: { 201: StorefrontReviewCreated, 400: ErrorResponse, 404: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (req, reply) => {
      if (!req.storefront) throw notFound('Store');
      await submitLimiter.consume(req.ip);
      await submitReview(app.db, req.storefront.id, req.params.handle, req.body);
      return reply
        .status(201)
        .send({ status: 'pending' as const, message: 'Thank you! Your review will appear once the shop has approved it.' });
    },
  );
}

const tooLarge = () =>
  new HttpError(413, 'PAYLOAD_TOO_LARGE', [`file: the CSV must be at most ${MAX_REVIEW_IMPORT_BYTES / 1024 / 1024} MB`]);
