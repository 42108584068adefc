/**
 * The public shape of background jobs (issue 14 item 2), a leaf so `lib/types.ts` can type `app.jobs` and
 * `lib/mail.ts` can queue mails without importing a module. The implementation is `modules/jobs` (pg-boss on
 * PostgreSQL, an in-process runner on PGlite); ARCHITECTURE.md "Background jobs" says how to add a job type.
 */
import type { Job, Scope } from '@backroom/contracts';
import type { FastifyBaseLogger } from 'fastify';

/** What a job's handler receives. */
export interface JobContext<P> {
  /** The job's id (what `enqueue` answered and `GET /api/jobs/{id}` reads). */
  jobId: string;
  /** The store the job works for; null for a system job (e-mail). */
  storeId: string | null;
  /** The payload given to `enqueue` (JSON: it went through the database). */
  payload: P;
  /** Which try this is, from 1. */
  attempt: number;
  /**
   * Reports progress: `done` of `total` units (rows, mails…; `total` null or omitted while unknown). Writes are
   * throttled (at most one per 250 ms, the final `done === total` always written); awaiting it is optional.
   */
  reportProgress(done: number, total?: number | null): Promise<void>;
  /**
   * The file given to `enqueue(…, { file })`, copied out of the database into a temporary file (deleted when the
   * handler returns); null when the job has none. Works on whichever copy of the server runs the job.
   */
  inputFile(): Promise<string | null>;
  log: FastifyBaseLogger;
}

/**
 * A job type. `handler` answers the job's result (JSON, shown by `GET /api/jobs/{id}` as `result`). A thrown
 * `HttpError` with a 4xx status fails the job at once (bad input does not get better); any other error is retried
 * `retryLimit` times, waiting `retryDelaySeconds` doubled at each retry, then fails the job with its message.
 */
export interface JobDefinition<P = unknown, R = unknown> {
  /** Lower-case words joined by dots, unique in the app, e.g. `catalog.import`. */
  type: string;
  /** Scope a member needs to read these jobs (spec admin-dashboard §6); null = any member. */
  scope: Scope | null;
  handler(ctx: JobContext<P>): Promise<R>;
  /** Retries after the first try (default 0). */
  retryLimit?: number;
  /** Delay before the first retry, seconds (default 5); doubled for each further retry. */
  retryDelaySeconds?: number;
  /** How long one try may run before it counts as lost and is retried, seconds (default 3600). */
  timeoutSeconds?: number;
  /**
   * True when the payload carries a secret (a mail with a password link): it is set to null in the `jobs` row once
   * the job is completed or has finally failed, so the link does not outlive its delivery in the database.
   */
  dropPayload?: boolean;
}

/** Options of one `enqueue`. */
export interface EnqueueOptions {
  /** The user who asked for it (kept on the job row). */
  createdBy?: string;
  /** A file on this machine to hand to the job (stored in the database, read back with `ctx.inputFile()`). */
  file?: string;
}

/** The app's job queue: `app.jobs`. */
export interface Jobs {
  /** 'pg-boss' on PostgreSQL, 'in-process' on PGlite (one process owns an embedded database). */
  readonly backend: 'pg-boss' | 'in-process';
  /** Declares a job type; call it while the app is being built (a module's routes function). */
  define<P, R>(def: JobDefinition<P, R>): void;
  /** Queues a job of a defined type for `storeId` (null = system job) and answers its id. Throws for an unknown type. */
  enqueue<P>(storeId: string | null, type: string, payload: P, opts?: EnqueueOptions): Promise<string>;
  /** The definition of a type, if defined (routes use its scope). */
  definition(type: string): JobDefinition | undefined;
  /** Every defined type. */
  types(): string[];
  /** The store's job `id` as the API answers it (contract `Job`), or null when unknown or another store's. */
  get(storeId: string, id: string): Promise<Job | null>;
}
