import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import type { Job } from '@backroom/contracts';
import { and, asc, desc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { jobFiles, jobs } from '../../db/schema/index.js';

type JobRow = typeof jobs.$inferSelect;

/** Bytes per `job_files` row. */
const CHUNK = 1024 * 1024;

/** A job row as the API answers it (contract `Job`). */
export function toJob(r: JobRow): Job {
  return {
    id: r.id,
    type: r.type,
    state: r.state,
    progress: { done: r.progressDone, total: r.progressTotal },
    result: r.result ?? null,
    error: r.error,
    attempts: r.attempts,
    createdAt: r.createdAt.toISOString(),
    startedAt: r.startedAt?.toISOString() ?? null,
    finishedAt: r.finishedAt?.toISOString() ?? null,
  };
}

/** Inserts a queued job and answers its id. */
export async function insertJob(
  db: Db,
  v: { storeId: string | null; type: string; payload: unknown; createdBy?: string },
): Promise<string> {
  const [row] = await db
    .insert(jobs)
    .values({ storeId: v.storeId, type: v.type, payload: v.payload ?? null, createdBy: v.createdBy ?? null })
    .returning({ id: jobs.id });
  return row!.id;
}

/** Stores the file at `path` as the job's input, 1 MB per row, reading it as a stream (memory stays flat). */
export async function storeJobFile(db: Db, jobId: string, path: string): Promise<void> {
  let seq = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: CHUNK })) {
    await db.insert(jobFiles).values({ jobId, seq, data: chunk as Buffer });
    seq += 1;
  }
}

/** Writes the job's input file to `dest`, one chunk at a time; false when the job has none. */
export async function readJobFile(db: Db, jobId: string, dest: string): Promise<boolean> {
  const out = createWriteStream(dest);
  let seq = -1;
  try {
    for (;;) {
      const [row] = await db
        .select({ seq: jobFiles.seq, data: jobFiles.data })
        .from(jobFiles)
        .where(and(eq(jobFiles.jobId, jobId), gt(jobFiles.seq, seq)))
        .orderBy(asc(jobFiles.seq))
        .limit(1);
      if (!row) break;
      seq = row.seq;
      if (!out.write(row.data)) await once(out, 'drain');
    }
  } finally {
    out.end();
    await once(out, 'close');
  }
  return seq >= 0;
}

/** Deletes the job's input file rows. */
export async function deleteJobFile(db: Db, jobId: string): Promise<void> {
  await db.delete(jobFiles).where(eq(jobFiles.jobId, jobId));
}

/**
 * Claims a job for one try: `queued` (or `running`, when a try was lost — a crashed process, an expired pg-boss
 * job) → `running`, attempts + 1. A conditional update, so a finished job is never run again; null when the job is
 * unknown or finished.
 */
export async function claimJob(db: Db, id: string): Promise<JobRow | null> {
  const [row] = await db
    .update(jobs)
    .set({ state: 'running', attempts: sql`${jobs.attempts} + 1`, startedAt: sql`now()`, error: null })
    .where(and(eq(jobs.id, id), inArray(jobs.state, ['queued', 'running'])))
    .returning();
  return row ?? null;
}

/** Records progress (`done` of `total`; total null = unknown). */
export async function setJobProgress(db: Db, id: string, done: number, total: number | null): Promise<void> {
  await db.update(jobs).set({ progressDone: done, progressTotal: total }).where(eq(jobs.id, id));
}

/** Marks the job completed with its result; `dropPayload` also sets its payload to null (JobDefinition.dropPayload). */
export async function completeJob(db: Db, id: string, result: unknown, dropPayload = false): Promise<void> {
  await db
    .update(jobs)
    .set({ state: 'completed', result: result ?? null, finishedAt: sql`now()`, ...(dropPayload ? { payload: null } : {}) })
    .where(eq(jobs.id, id));
}

/**
 * Records a failed try: `final` → state failed, else back to queued for the next try. `dropPayload` sets the payload
 * to null when the failure is final (JobDefinition.dropPayload).
 */
export async function failJob(db: Db, id: string, error: string, final: boolean, dropPayload = false): Promise<void> {
  await db
    .update(jobs)
    .set(final ? { state: 'failed', error, finishedAt: sql`now()`, ...(dropPayload ? { payload: null } : {}) } : { state: 'queued', error })
    .where(eq(jobs.id, id));
}

/** The store's job `id`, or null (unknown, or another store's: the route answers 404 either way). */
export async function findJob(db: Db, storeId: string, id: string): Promise<JobRow | null> {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.storeId, storeId)));
  return row ?? null;
}

/** The store's newest `limit` jobs of the given types (an empty type list → none). */
export async function listJobs(db: Db, storeId: string, types: string[], limit: number): Promise<JobRow[]> {
  if (!types.length) return [];
  return db
    .select()
    .from(jobs)
    .where(and(eq(jobs.storeId, storeId), inArray(jobs.type, types), isNotNull(jobs.storeId)))
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(limit);
}

/** Jobs not finished (queued, or running when the process stopped), oldest first: what the in-process runner resumes. */
export async function unfinishedJobs(db: Db): Promise<Pick<JobRow, 'id' | 'type'>[]> {
  return db
    .select({ id: jobs.id, type: jobs.type })
    .from(jobs)
    .where(inArray(jobs.state, ['queued', 'running']))
    .orderBy(asc(jobs.createdAt));
}
