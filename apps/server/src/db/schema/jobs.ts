import { sql } from 'drizzle-orm';
import { customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { stores, users } from './core.js';

/** bytea as a Node Buffer (PGlite answers a Uint8Array, pg a Buffer: both wrapped into a Buffer). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * Background jobs (issue 14 item 2, modules/jobs): what the admin reads (state, progress, result) whatever runs
 * them — pg-boss on PostgreSQL (which only delivers `{jobId}`), the in-process runner on PGlite. `store_id` null =
 * a system job (e-mail sending) that no store sees. `payload` is the job type's input (JSON).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    storeId: uuid('store_id').references(() => stores.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    state: text('state', { enum: ['queued', 'running', 'completed', 'failed'] })
      .notNull()
      .default('queued'),
    payload: jsonb('payload'),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total'),
    result: jsonb('result'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('jobs_store_type_created_idx').on(t.storeId, t.type, t.createdAt), index('jobs_state_idx').on(t.state)],
);

/**
 * A job's input file in 1 MB chunks (e.g. the CSV of an import), so the copy that runs the job need not be the one
 * that received the upload, and memory stays flat on both sides. Deleted with the job's end.
 */
export const jobFiles = pgTable(
  'job_files',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.seq] })],
);
