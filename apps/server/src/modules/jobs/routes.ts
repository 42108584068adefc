import { ErrorResponse, Job, JobListQuery, JobListResponse, JobParams } from '@backroom/contracts';
import { forbidden, notFound } from '../../lib/errors.js';
import { hasScope, type Membership } from '../../lib/guard.js';
import type { App } from '../../lib/types.js';
import { findJob, listJobs, toJob } from './service.js';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/**
 * Background job routes (issue 14 item 2). A member reads the jobs of the `X-Store-Id` store whose type's scope
 * they hold (e.g. `catalog.import` needs `products`); system jobs (e-mail) belong to no store and are never shown.
 * The admin polls `GET /api/jobs/{id}` while a job runs (components/JobProgress).
 */
export default async function jobsRoutes(app: App) {
  /** True when the member may read jobs of `type`: its definition's scope; a type this app no longer defines: owners/admins. */
  const mayRead = (m: Membership, type: string) => {
    const def = app.jobs.definition(type);
    return def ? hasScope(m.scopes, def.scope) : m.isStoreOwner || m.isStoreAdmin;
  };

  /**
   * GET /api/jobs/{id} → the Job (state, progress done/total, result when completed, error when failed). Any
   * member; 403 when the job's type needs a scope the member lacks; 404 for an unknown id or another store's job.
   */
  app.get(
    '/api/jobs/:id',
    {
      preHandler: app.guard({ scope: null }),
      schema: {
        summary: 'A background job with its progress and result',
        operationId: 'getJob',
        tags: ['jobs'],
        params: JobParams,
        response: { 200: Job, ...errors },
      },
    },
    async (req) => {
      const row = await findJob(app.db, req.auth.storeId, req.params.id);
      if (!row) throw notFound('Job');
      if (!mayRead(req.auth.membership, row.type)) throw forbidden();
      return toJob(row);
    },
  );

  /**
   * GET /api/jobs?type&limit → {items}: the store's newest jobs (limit 1–50, default 20) of `type`, or of every type
   * the member may read. Any member; 403 when `type` needs a scope the member lacks.
   */
  app.get(
    '/api/jobs',
    {
      preHandler: app.guard({ scope: null }),
      schema: {
        summary: "The store's background jobs, newest first",
        operationId: 'listJobs',
        tags: ['jobs'],
        querystring: JobListQuery,
        response: { 200: JobListResponse, ...errors },
      },
    },
    async (req) => {
      const m = req.auth.membership;
      const { type, limit } = req.query;
      if (type && !mayRead(m, type)) throw forbidden();
      const types = type ? [type] : app.jobs.types().filter((t) => mayRead(m, t));
      return { items: (await listJobs(app.db, req.auth.storeId, types, limit)).map(toJob) };
    },
  );
}
