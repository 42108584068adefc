import { BulkUpdateBody, BulkUpdateListQuery, BulkUpdateListResponse, ErrorResponse, Job } from '@backroom/contracts';
import type { App } from '../../lib/types.js';
import { BULK_UPDATE_JOB, type BulkUpdatePayload, describeUpdate, listBulkUpdates, resolveFilter, runBulkUpdate } from './service.js';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/**
 * Bulk updates (issue 13 item 5, route website.bulkupdates, scope `products`):
 * - POST /api/bulk-updates (BulkUpdateBody) → 202 Job (`catalog.bulk-update`; progress in products, result a
 *   BulkUpdateReport). The filter is resolved first: 400 `body.filter: no product matches` answers at once.
 * - GET /api/bulk-updates?limit → the store's bulk updates, newest first, with description, progress and report.
 */
export default async function bulkUpdatesRoutes(app: App) {
  const guard = app.guard({ scope: 'products' });

  /** The job: resumes after its last committed chunk (service.ts), so a retry never applies a change twice. */
  app.jobs.define<BulkUpdatePayload, unknown>({
    type: BULK_UPDATE_JOB,
    scope: 'products',
    retryLimit: 2,
    async handler(ctx) {
      if (!ctx.storeId) throw new Error('a bulk update belongs to a store');
      const report = await runBulkUpdate(app.db, ctx.storeId, ctx.jobId, ctx.payload, (done, total) => ctx.reportProgress(done, total));
      ctx.log.info({ updated: report.updated, errors: report.errors.length }, 'bulk update');
      return report;
    },
  });

  /** POST /api/bulk-updates → 202 Job; the filter resolved to product ids first (400 when nothing matches). */
  app.post(
    '/api/bulk-updates',
    {
      config: { purges: 'catalog' },
      preHandler: guard,
      schema: {
        summary: 'Start a bulk update (a background job)',
        operationId: 'startBulkUpdate',
        tags: ['catalog'],
        body: BulkUpdateBody,
        response: { 202: Job, ...errors },
      },
    },
    async (req, reply) => {
      const { storeId, userId, user, email } = req.auth;
      const actor = { userId, userName: `${user.firstName} ${user.lastName}`.trim() || email };
      const body = req.body;
      const description = describeUpdate(body);
      const payload: BulkUpdatePayload =
        body.action === 'edit'
          ? { ...body, actor, description }
          : { ...body, productIds: await resolveFilter(app.db, storeId, body.filter), actor, description };
      const id = await app.jobs.enqueue(storeId, BULK_UPDATE_JOB, payload, { createdBy: userId });
      return reply.status(202).send((await app.jobs.get(storeId, id))!);
    },
  );

  /** GET /api/bulk-updates?limit → {items: BulkUpdate[]}, newest first. */
  app.get(
    '/api/bulk-updates',
    {
      preHandler: guard,
      schema: {
        summary: "The store's bulk updates, newest first",
        operationId: 'listBulkUpdates',
        tags: ['catalog'],
        querystring: BulkUpdateListQuery,
        response: { 200: BulkUpdateListResponse, ...errors },
      },
    },
    async (req) => ({ items: await listBulkUpdates(app.db, req.auth.storeId, req.query.limit) }),
  );
}
