import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { PgBoss } from 'pg-boss';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../lib/errors.js';
import type { EnqueueOptions, JobContext, JobDefinition, Jobs } from '../../lib/jobs.js';
import {
  claimJob,
  completeJob,
  deleteJobFile,
  failJob,
  findJob,
  insertJob,
  readJobFile,
  setJobProgress,
  storeJobFile,
  toJob,
  unfinishedJobs,
} from './service.js';

/** Minimum time between two progress writes of one job (ms). */
const PROGRESS_EVERY_MS = 250;
const DEFAULT_RETRY_DELAY_S = 5;
const DEFAULT_TIMEOUT_S = 3600;
/** How long `stop()` waits for running handlers (ms) before leaving them to the next start (they are retried). */
const STOP_WAIT_MS = 10_000;

export interface RunnerOptions {
  db: Db;
  /** PostgreSQL URL → pg-boss; undefined → the in-process runner (PGlite). */
  databaseUrl?: string;
  /** Handlers running at once in this process, per job type on pg-boss, in all on the in-process runner. */
  concurrency: number;
  log: FastifyBaseLogger;
}

/** What one try came to: `retry` = it failed and another try is due. */
interface TryOutcome {
  retry: boolean;
  error?: string;
  /** Tries started so far (the jobs row's `attempts`). */
  attempts: number;
}

/** The app's job queue with its lifecycle: `start()` once every type is defined (onReady), `stop()` on close. */
export interface JobRunner extends Jobs {
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Builds the job queue (issue 14 item 2). The `jobs` table is the truth the admin reads (state, progress, result)
 * on both engines; what differs is who delivers `{jobId}` to a handler:
 * - PostgreSQL: pg-boss (one queue per job type, retries with exponential backoff, expiry of lost tries, LISTEN/
 *   NOTIFY wake-up), shared by every copy of the server on the database: any copy may run any job.
 * - PGlite: an in-process runner (a queue in memory, `concurrency` at once, the same retry rule with timers). An
 *   embedded database belongs to one process, so there is no other copy to share with; jobs still queued or
 *   interrupted when the process stopped are resumed by the next start.
 */
export function createJobRunner(opts: RunnerOptions): JobRunner {
  const defs = new Map<string, JobDefinition>();
  const { db, log } = opts;

  /** Runs one try of job `id` and records its outcome in the jobs table. */
  async function runOnce(id: string, def: JobDefinition): Promise<TryOutcome> {
    const row = await claimJob(db, id);
    if (!row) return { retry: false, attempts: 0 };
    // Progress writes: at most one per PROGRESS_EVERY_MS; a skipped value is written when the interval ends
    // (trailing write), so a handler that pauses still shows where it is.
    let tmp: string | null = null;
    let lastWrite = 0;
    let pending: [number, number | null] | null = null;
    let trailing: NodeJS.Timeout | null = null;
    let writing: Promise<void> = Promise.resolve();
    const write = (done: number, total: number | null) => {
      lastWrite = Date.now();
      writing = writing.then(() => setJobProgress(db, id, done, total)).catch((err) => log.warn({ err, jobId: id }, 'progress not saved'));
      return writing;
    };
    const flushProgress = async () => {
      if (trailing) clearTimeout(trailing);
      trailing = null;
      if (pending) await write(...pending);
      pending = null;
      await writing;
    };
    const ctx: JobContext<unknown> = {
      jobId: id,
      storeId: row.storeId,
      payload: row.payload,
      attempt: row.attempts,
      log: log.child({ jobId: id, jobType: def.type }),
      async reportProgress(done, total = null) {
        const wait = lastWrite + PROGRESS_EVERY_MS - Date.now();
        if (wait <= 0 || done === total) {
          pending = null;
          if (trailing) clearTimeout(trailing);
          trailing = null;
          return write(done, total);
        }
        pending = [done, total];
        trailing ??= setTimeout(() => {
          trailing = null;
          if (pending) void write(...pending);
          pending = null;
        }, wait);
      },
      async inputFile() {
        tmp ??= await mkdtemp(join(tmpdir(), 'backroom-job-'));
        const path = join(tmp, 'input');
        return (await readJobFile(db, id, path)) ? path : null;
      },
    };
    try {
      const timeoutS = def.timeoutSeconds ?? DEFAULT_TIMEOUT_S;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`the job took longer than ${timeoutS} seconds`)), timeoutS * 1000);
      });
      const result = await Promise.race([def.handler(ctx), timeout]).finally(() => clearTimeout(timer));
      await flushProgress();
      await completeJob(db, id, result, def.dropPayload);
      await deleteJobFile(db, id);
      return { retry: false, attempts: row.attempts };
    } catch (err) {
      await flushProgress();
      const permanent = err instanceof HttpError && err.statusCode < 500;
      const message = err instanceof HttpError ? err.messages.join('; ') : err instanceof Error ? err.message : String(err);
      const final = permanent || row.attempts > (def.retryLimit ?? 0);
      ctx.log.warn({ err, attempt: row.attempts, final }, 'job try failed');
      await failJob(db, id, message, final, def.dropPayload);
      if (final) await deleteJobFile(db, id);
      return { retry: !final, error: message, attempts: row.attempts };
    } finally {
      if (tmp) await rm(tmp, { recursive: true, force: true });
    }
  }

  const common = {
    define<P, R>(def: JobDefinition<P, R>) {
      if (defs.has(def.type)) throw new Error(`job type ${def.type} is defined twice`);
      defs.set(def.type, def as unknown as JobDefinition);
    },
    definition: (type: string) => defs.get(type),
    types: () => [...defs.keys()],
    get: async (storeId: string, id: string) => {
      const row = await findJob(db, storeId, id);
      return row ? toJob(row) : null;
    },
    async create(storeId: string | null, type: string, payload: unknown, o: EnqueueOptions = {}): Promise<string> {
      if (!defs.has(type)) throw new Error(`unknown job type ${type}`);
      const id = await insertJob(db, { storeId, type, payload, createdBy: o.createdBy });
      if (o.file) await storeJobFile(db, id, o.file);
      return id;
    },
  };

  if (opts.databaseUrl) {
    const boss = new PgBoss({
      connectionString: opts.databaseUrl,
      max: Math.max(2, opts.concurrency + 1),
      application_name: 'backroom-jobs',
      useListenNotify: true,
    });
    boss.on('error', (err) => log.error({ err }, 'pg-boss error'));
    let started = false;
    /** Queue setups under way (a type defined after start is set up at once); enqueue waits for them. */
    let setups: Promise<unknown> = Promise.resolve();
    const setUp = async (def: JobDefinition) => {
      const queue = {
        retryLimit: def.retryLimit ?? 0,
        retryDelay: def.retryDelaySeconds ?? DEFAULT_RETRY_DELAY_S,
        retryBackoff: true,
        expireInSeconds: def.timeoutSeconds ?? DEFAULT_TIMEOUT_S,
        notify: true,
      };
      if (await boss.getQueue(def.type)) await boss.updateQueue(def.type, queue);
      else await boss.createQueue(def.type, queue);
      await boss.work<{ jobId: string }>(
        def.type,
        // NOTIFY wakes a worker for a new job; a retry's delay ends unannounced, hence the 2 s polling in both modes.
        { batchSize: 1, localConcurrency: opts.concurrency, pollingIntervalSeconds: 2, notifyPollingIntervalSeconds: 2 },
        async ([job]) => {
          const outcome = await runOnce(job!.data.jobId, def);
          // pg-boss retries a thrown try with its backoff; a final failure is recorded in `jobs` and acked here.
          if (outcome.retry) throw new Error(outcome.error);
        },
      );
    };
    return {
      backend: 'pg-boss',
      define(def) {
        common.define(def);
        if (started) setups = setups.then(() => setUp(def as unknown as JobDefinition));
      },
      definition: common.definition,
      types: common.types,
      get: common.get,
      async enqueue(storeId, type, payload, o) {
        await setups;
        const id = await common.create(storeId, type, payload, o);
        try {
          await boss.send(type, { jobId: id }, { id });
        } catch (err) {
          await failJob(db, id, 'the job could not be queued', true);
          throw err;
        }
        return id;
      },
      async start() {
        await boss.start();
        started = true;
        for (const def of defs.values()) await setUp(def);
      },
      async stop() {
        if (started) await boss.stop({ graceful: true, timeout: STOP_WAIT_MS });
      },
    };
  }

  // In-process runner (PGlite).
  const waiting: string[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let active = false;
  const pump = () => {
    while (active && running.size < opts.concurrency && waiting.length) {
      const id = waiting.shift()!;
      const p = execute(id).finally(() => {
        running.delete(p);
        pump();
      });
      running.add(p);
    }
  };
  const typeOf = new Map<string, string>();
  async function execute(id: string): Promise<void> {
    const def = defs.get(typeOf.get(id) ?? '');
    if (!def) return;
    const outcome = await runOnce(id, def).catch((err: unknown) => {
      // The database itself failed (the try could not even be recorded): try again later.
      log.error({ err, jobId: id }, 'job could not be run');
      return { retry: true, attempts: 1 } satisfies TryOutcome;
    });
    if (!outcome.retry || !active) {
      typeOf.delete(id);
      return;
    }
    const delayMs = (def.retryDelaySeconds ?? DEFAULT_RETRY_DELAY_S) * 1000 * 2 ** Math.max(0, outcome.attempts - 1);
    const t = setTimeout(() => {
      timers.delete(t);
      waiting.push(id);
      pump();
    }, delayMs);
    timers.add(t);
  }
  const push = (id: string, type: string) => {
    typeOf.set(id, type);
    waiting.push(id);
    pump();
  };
  return {
    backend: 'in-process',
    define: common.define,
    definition: common.definition,
    types: common.types,
    get: common.get,
    async enqueue(storeId, type, payload, o) {
      const id = await common.create(storeId, type, payload, o);
      push(id, type);
      return id;
    },
    async start() {
      active = true;
      for (const j of await unfinishedJobs(db)) if (defs.has(j.type)) push(j.id, j.type);
    },
    async stop() {
      active = false;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      waiting.length = 0;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...running]),
        new Promise((r) => {
          timer = setTimeout(r, STOP_WAIT_MS);
        }),
      ]);
      clearTimeout(timer);
    },
  };
}
