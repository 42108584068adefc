import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
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

/** The Drizzle migrations openDatabase applies (test/template.ts keys its migrated template databases by their hash). */
export const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

// int8 (count(*), sum(bigint)) and numeric arrive as strings from `pg` and PGlite: parse them here, once.
const INT8 = 20;
const NUMERIC = 1700;
pg.types.setTypeParser(INT8, (v) => Number(v));
pg.types.setTypeParser(NUMERIC, (v) => Number(v));

/** An open database with the means to close it. `kind` says which engine is behind it. */
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL URL (pg-boss opens its own connections with it); undefined on PGlite. */
  url?: string;
  /**
   * Subscribes to PostgreSQL notifications of `channel` (LISTEN/NOTIFY; PGlite delivers them in-process). On
   * PostgreSQL one dedicated connection (outside the pool) listens and is reopened after a loss (1 s later). Resolves
   * when listening; the returned function stops. `onNotify` gets each notification's payload.
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * PGlite only: its whole data directory as an uncompressed tarball, which `openDatabase({ loadDataDir })` opens as
   * a copy (the tests' migrated template, test/template.ts; issue 28 item 1). Undefined on PostgreSQL.
   */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

/** How long a request waits for a PostgreSQL connection before it is answered 503 (ms). */
const CONNECT_TIMEOUT_MS = 2000;
/** Client-side bound of one statement (ms): a server that stopped answering fails the request instead of hanging it. */
const STATEMENT_TIMEOUT_MS = 30_000;

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
  /**
   * PGlite only: start from this data-directory tarball (`Database.dumpDataDir`) instead of an empty cluster — no
   * initdb, which is most of an empty PGlite's start-up (issue 28 item 1: the tests' migrated template).
   */
  loadDataDir?: Blob;
  /**
   * Apply pending migrations (default true). The tests pass false for a copy of a template that is already migrated
   * with these very migration files (test/template.ts keys the template by their hash).
   */
  migrate?: boolean;
}

/**
 * Every connection's `pg_trgm.word_similarity_threshold` (the `<%` operator's, PostgreSQL's default 0.6): the global
 * search's typo matcher (issue 31 item 9: "coppre" is 0.571 similar to "copper", a swapped letter) — the search
 * module asks more of long queries itself (modules/search/service.ts `similarityFor`).
 */
export const WORD_SIMILARITY_FLOOR = 0.5;

/**
 * Opens the database: PostgreSQL when `url` is given, else embedded PGlite persisted in `dataDir`
 * (`memory://` when dataDir is undefined, as the tests use; `loadDataDir` starts it from a tarball). Applies every
 * pending migration unless `migrate: false` (PostgreSQL under an advisory lock, see migrateLocked).
 */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const logger = opts.onQuery ? { logQuery: (query: string) => opts.onQuery!(query) } : undefined;
  if (opts.url) {
    // While PostgreSQL is down no request may hang (issue 14 item 2): a connection attempt gives up after
    // CONNECT_TIMEOUT_MS (the error handler answers 503), and a statement after STATEMENT_TIMEOUT_MS. TCP keepalive
    // finds a dead server under an idle connection; the pool opens new connections by itself once it is back.
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? DEFAULT_POOL_SIZE,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      query_timeout: STATEMENT_TIMEOUT_MS,
      keepAlive: true,
      options: `-c pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_FLOOR}`,
    });
    // An idle client that the server drops (restart, failover) must not crash the process: the pool replaces it.
    pool.on('error', (err) => console.error('PostgreSQL idle client error:', err.message));
    // A server shutting down (57P01) also reaches connections that are checked out between two statements; with no
    // listener that 'error' event would end the process. The pool discards such a client when it is released.
    pool.on('connect', (client) => {
      client.on('error', (err) => console.error('PostgreSQL connection error:', err.message));
    });
    const db = drizzlePg(pool, { schema, logger }) as unknown as Db;
    if (opts.migrate !== false) await migrateLocked(pool);
    const url = opts.url;
    return { db, kind: 'postgres', url, listen: (channel, onNotify) => listenPg(url, channel, onNotify), close: () => pool.end() };
  }
  let dir: string | undefined;
  if (opts.dataDir) {
    dir = join(opts.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
  }
  // pg_trgm and btree_gin: the global search's trigram indexes (migration 0013, issue 20), fuzzystrmatch its typo
  // matcher (migration 0032, issue 31 item 9); PGlite ships them in its
  // contrib bundle and loads an extension only when it is passed here.
  const client = new PGlite(dir ?? 'memory://', {
    parsers: { [INT8]: Number, [NUMERIC]: Number },
    extensions: { pg_trgm, btree_gin, fuzzystrmatch },
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
  });
  const db = drizzlePglite(client, { schema, logger }) as unknown as Db;
  if (opts.migrate !== false) await migratePglite(db as never, { migrationsFolder });
  else await client.waitReady;
  await client.exec(`set pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_FLOOR}`);
  return {
    db,
    kind: 'pglite',
    listen: (channel, onNotify) => client.listen(channel, onNotify),
    dumpDataDir: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}

/** How long a lost LISTEN connection waits before it is reopened (ms). */
const RELISTEN_DELAY_MS = 1000;
/** How long stopping a LISTEN waits for its connection to end (ms). */
const LISTEN_END_WAIT_MS = 2000;

/**
 * LISTEN on its own connection (a pooled one would be handed to other queries). A lost connection (server restart)
 * is reopened after RELISTEN_DELAY_MS until `stop` is called; notifications sent meanwhile are lost, which listeners
 * of state (the live view re-reads its figures) tolerate.
 */
async function listenPg(url: string, channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | undefined;
  const open = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
    const lost = () => {
      if (client !== c) return;
      client = null;
      c.end().catch(() => {});
      if (!stopped) timer = setTimeout(() => open().catch(() => {}), RELISTEN_DELAY_MS);
    };
    client = c;
    c.on('error', lost);
    c.on('end', lost);
    c.on('notification', (n) => {
      if (n.channel === channel) onNotify(n.payload ?? '');
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (e) {
      lost();
      throw e;
    }
  };
  await open().catch((e) => {
    stopped = true;
    clearTimeout(timer);
    throw e;
  });
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const c = client;
    client = null;
    // A connection caught mid-reconnect may never answer the goodbye: the app's close waits LISTEN_END_WAIT_MS at most.
    await Promise.race([c?.end().catch(() => {}), new Promise((r) => setTimeout(r, LISTEN_END_WAIT_MS).unref())]);
  };
}

/** Key of the PostgreSQL advisory lock that serialises migrations (any bigint unique to this purpose). */
const MIGRATION_LOCK = 7_470_218_140_114;

/**
 * Applies pending migrations under a session-level advisory lock held on one connection of the pool, so copies of
 * the server starting together on one database migrate one after the other: the first applies them, the others
 * wait, then find nothing left to do (issue 14 item 2 "two copies start together").
 */
async function migrateLocked(pool: pg.Pool): Promise<void> {
  const client = await connectAtStart(pool);
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migratePg(drizzlePg(client, { schema }) as never, { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

/** Connection attempts at start before giving up, and the wait after the first failure (doubled each time, ms). */
const START_CONNECT_ATTEMPTS = 5;
const START_CONNECT_RETRY_MS = 500;

/**
 * The first connection of a starting server: a request's connection gives up after CONNECT_TIMEOUT_MS (answered 503,
 * issue 14 item 2), but a server starting while PostgreSQL is busy (a loaded machine, a database being copied) or
 * still restarting should wait for it rather than exit: up to START_CONNECT_ATTEMPTS attempts, 0.5 s, 1 s, 2 s and
 * 4 s apart (seen: a copy exiting on one 2-s connection timeout at load 8 in the two-copies E2E). Throws the last
 * connection error.
 */
async function connectAtStart(pool: pg.Pool): Promise<pg.PoolClient> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await pool.connect();
    } catch (err) {
      if (attempt >= START_CONNECT_ATTEMPTS) throw err;
      console.error(`PostgreSQL not reachable at start (attempt ${attempt} of ${START_CONNECT_ATTEMPTS}): ${(err as Error).message}`);
      await new Promise((r) => setTimeout(r, START_CONNECT_RETRY_MS * 2 ** (attempt - 1)));
    }
  }
}

/** Statement names by name, then SQL text: the hash is computed once per distinct text, not per request (issue 14 item 1). */
const statementNames = new Map<string, Map<string, string>>();
/** How many distinct texts one name keeps (far more than a hot read's filter combinations). */
const STATEMENT_NAMES_MAX = 1000;

/** `{name}_{first 16 hex digits of the SHA-1 of the SQL text}`, remembered per text. */
function statementName(name: string, text: string): string {
  let byText = statementNames.get(name);
  if (!byText) {
    byText = new Map();
    statementNames.set(name, byText);
  }
  let id = byText.get(text);
  if (id === undefined) {
    id = `${name}_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    if (byText.size >= STATEMENT_NAMES_MAX) byText.clear();
    byText.set(text, id);
  }
  return id;
}

/** Runs raw SQL and returns its rows, on either engine. */
export async function rows<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/**
 * Like `rows`, but on PostgreSQL as a NAMED prepared statement (`{name}_{hash of the SQL text}`, so each distinct
 * text — each filter combination of a list — has its own): every pooled connection parses it once, and after its
 * first runs PostgreSQL keeps a generic plan instead of planning each request (issue 14 item 1: a hot list's
 * planning cost as much as its execution). Goes through Drizzle's session, so `onQuery` still sees it. On PGlite it
 * runs like `rows`. Use it for the few hot reads whose text is built from a small set of shapes, never for text that
 * embeds values (each distinct text would stay prepared on every connection).
 */
export async function preparedRows<T = Record<string, unknown>>(db: Db, name: string, query: SQL): Promise<T[]> {
  const q = (db as unknown as DrizzleInternals).dialect.sqlToQuery(query);
  return preparedText<T>(db, name, q.sql, q.params);
}

/** The parts of Drizzle's database object that `preparedRows` and `preparedText` use. */
interface DrizzleInternals {
  dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      q: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      arrayMode: boolean,
    ): { execute(): Promise<unknown> };
  };
}

/**
 * `preparedRows` for SQL text the caller already holds (placeholders `$1…`, `params` in order): skips building the
 * text with Drizzle on every request, for the hottest reads whose few text shapes are built once and remembered
 * (the Overview call, issue 14 item 1: Drizzle's query building was ~10 % of its CPU). The same rule holds: the
 * text never embeds values.
 */
export async function preparedText<T = Record<string, unknown>>(db: Db, name: string, text: string, params: unknown[]): Promise<T[]> {
  const id = statementName(name, text);
  const res = (await (db as unknown as DrizzleInternals).session.prepareQuery({ sql: text, params }, undefined, id, false).execute()) as {
    rows: T[];
  };
  return res.rows;
}

export { sql };
