import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';

export { schema };
/** The Drizzle database, the same type on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

// int8 (count(*), sum(bigint)) and numeric arrive as strings from `pg` and PGlite: parse them here, once.
const INT8 = 20;
const NUMERIC = 1700;
pg.types.setTypeParser(INT8, (v) => Number(v));
pg.types.setTypeParser(NUMERIC, (v) => Number(v));

/** An open database with the means to close it. `kind` says which engine is behind it. */
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** Pool size when the caller names none (config.ts DATABASE_POOL_SIZE has the same default). */
const DEFAULT_POOL_SIZE = 20;

export interface OpenOptions {
  /** `postgres://…`; absent → PGlite. */
  url?: string;
  dataDir?: string;
  /** PostgreSQL pool size (connections); default 20. PGlite is one connection whatever this says. */
  poolSize?: number;
  /** Called with the SQL text of every statement Drizzle sends (tests count round trips with it). */
  onQuery?: (sql: string) => void;
}

/**
 * Opens the database: PostgreSQL when `url` is given, else embedded PGlite persisted in `dataDir`
 * (`memory://` when dataDir is undefined, as the tests use). Applies every pending migration.
 */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const logger = opts.onQuery ? { logQuery: (query: string) => opts.onQuery!(query) } : undefined;
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? DEFAULT_POOL_SIZE });
    // An idle client that the server drops (restart, failover) must not crash the process: the pool replaces it.
    pool.on('error', (err) => console.error('PostgreSQL idle client error:', err.message));
    const db = drizzlePg(pool, { schema, logger }) as unknown as Db;
    await migratePg(db as never, { migrationsFolder });
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  let dir: string | undefined;
  if (opts.dataDir) {
    dir = join(opts.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
  }
  const client = new PGlite(dir ?? 'memory://', { parsers: { [INT8]: Number, [NUMERIC]: Number } });
  const db = drizzlePglite(client, { schema, logger }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close() };
}

/** Runs raw SQL and returns its rows, on either engine. */
export async function rows<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

export { sql };
