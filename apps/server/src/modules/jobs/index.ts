/**
 * Public API of the `jobs` module (issue 14 item 2): the job queue behind `app.jobs` (pg-boss on PostgreSQL, an
 * in-process runner on PGlite), its routes (`GET /api/jobs`, `GET /api/jobs/{id}`) and a test helper that waits
 * for a job. Job types are declared by the modules that own the work: `app.jobs.define({ type, scope, handler })`.
 */

export { default as jobsRoutes } from './routes.js';
export { createJobRunner } from './runner.js';
export { settleJob, waitForJob } from './test-helpers.js';
