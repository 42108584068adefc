/**
 * Pieces the data-set benchmarks share (bench/analytics, bench/search): the database they fill and the percentile
 * they print.
 */
import pg from 'pg';
import { type Database, openDatabase } from '../../apps/server/src/db/client.js';

/** p-th percentile (0–100) of `xs` (ms), nearest-rank. */
export function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

/** Where a benchmark's data set lives: in-memory PGlite, or database `dbName` on the PostgreSQL server at `url`. */
export interface BenchDbOptions {
  pglite: boolean;
  /** Server URL of any database on the PostgreSQL server (the bench creates `dbName` beside it). */
  url: string;
  dbName: string;
  /** Keep the data set of an earlier run (no drop and create). */
  reuse?: boolean;
  /** Leave the database in place at the end. */
  keep?: boolean;
}

/**
 * Opens the bench's database (migrated): a fresh in-memory PGlite, or `dbName` on PostgreSQL, dropped and created
 * unless `reuse`. `drop` removes it at the end unless `keep` (a no-op on PGlite).
 */
export async function openBenchDb(o: BenchDbOptions): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (o.pglite) return { database: await openDatabase({}), drop: async () => {} };
  const admin = new pg.Client({ connectionString: o.url });
  await admin.connect();
  if (!o.reuse) {
    await admin.query(`drop database if exists ${o.dbName} with (force)`);
    await admin.query(`create database ${o.dbName}`);
  }
  await admin.end();
  const url = new URL(o.url);
  url.pathname = `/${o.dbName}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    database,
    drop: async () => {
      if (o.keep) return;
      const c = new pg.Client({ connectionString: o.url });
      await c.connect();
      await c.query(`drop database if exists ${o.dbName} with (force)`);
      await c.end();
    },
  };
}
