import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from './limits.js';
import { limitParam } from './paging.js';

/**
 * Life of a background job (issue 14 item 2 "jobs"): `queued` (waiting for a worker, also between retries),
 * `running`, then `completed` (its `result` is set) or `failed` (its `error` says why, after the last try).
 */
export const JOB_STATES = ['queued', 'running', 'completed', 'failed'] as const;
export const JobState = z.enum(JOB_STATES);
export type JobState = z.infer<typeof JobState>;

/** A job type name: lower-case words joined by dots, e.g. `catalog.import`. */
export const JobType = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9_-]*(?:\.[a-z][a-z0-9_-]*)*$/, 'type must be a job type such as catalog.import')
  .max(64, 'type must be at most 64 characters');

/**
 * One background job of the store as the admin sees it (GET /api/jobs/{id}). `progress.done` of `progress.total`
 * units (rows, mails…; `total` null while unknown); `result` is what the job type answers when completed (e.g. an
 * ImportReport for `catalog.import`); `error` the reason of the last failed try; `attempts` tries started so far.
 * Times are ISO 8601 (UTC).
 */
export const Job = z
  .object({
    id: z.uuid(),
    type: z.string(),
    state: JobState,
    progress: z.object({ done: z.number().int(), total: z.number().int().nullable() }),
    result: z.unknown().describe('what the job type answers (e.g. an ImportReport); null until completed'),
    error: z.string().nullable(),
    attempts: z.number().int(),
    createdAt: z.string(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'Job' });
export type Job = z.infer<typeof Job>;

/** GET /api/jobs/{id} path. */
export const JobParams = z.object({ id: z.uuid('id must be a job id') });

/** GET /api/jobs query: `type` (one job type), `limit` 1–50 (default 20); newest first. */
export const JobListQuery = z.object({
  type: JobType.optional(),
  limit: limitParam(DEFAULT_PAGE_SIZE, 50),
});
export type JobListQuery = z.infer<typeof JobListQuery>;

/** GET /api/jobs answer: the store's jobs of the types the member may see, newest first. */
export const JobListResponse = z.object({ items: z.array(Job) }).meta({ id: 'JobList' });
export type JobListResponse = z.infer<typeof JobListResponse>;

/** True when the job will not change any more. */
export const isJobFinished = (job: Pick<Job, 'state'>) => job.state === 'completed' || job.state === 'failed';
