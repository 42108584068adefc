import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { migrationsFolder, openDatabase } from '../db/client.js';

/**
 * Migrated template databases for the tests (issue 28 item 1): each test file starts from a copy of a database on
 * which every migration has already run, instead of migrating its own. The template is keyed by `templateKey()`, a
 * hash of the migration files and the PGlite version, so a new or edited migration builds a new one by itself.
 *
 * - PGlite: the template is a data-directory tarball at `node_modules/.cache/backroom-test-db/pglite-<key>.tar`,
 *   written once (atomically: a temporary file renamed) and kept between runs; a copy opens in ~2 s where an empty
 *   PGlite (initdb) plus the migrations took ~14 s on the loaded 2-core machine.
 * - PostgreSQL: the template is the database `backroom_template_<key>` on the TEST_DATABASE_URL server, built once
 *   under an advisory lock (so two workers never build it together) and kept; each file's database is
 *   `CREATE DATABASE … TEMPLATE` it (a file copy, no migrations).
 *
 * The Vitest global set-up (test/global-setup.ts) builds the template before the workers start; a file run on its own
 * builds it on first use. Old templates (another key) are not dropped: another run on the shared server may still use
 * them; `drop database backroom_template_…` by hand when cleaning up.
 */

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
/** Where the PGlite template tarballs are kept (one per key; older keys are removed when a new one is written). */
const CACHE_DIR = join(ROOT, 'node_modules/.cache/backroom-test-db');

let key: string | undefined;
/**
 * 16 hex digits of the SHA-256 of the PGlite version and every migration file (name and content, journal included):
 * what a migrated template depends on.
 */
export function templateKey(): string {
  if (key) return key;
  const h = createHash('sha256');
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  h.update(JSON.parse(readFileSync(join(dirname(pgliteEntry), '../package.json'), 'utf8')).version as string);
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else h.update(`\0${path.slice(migrationsFolder.length)}\0`).update(readFileSync(path));
    }
  };
  walk(migrationsFolder);
  key = h.digest('hex').slice(0, 16);
  return key;
}

let pgliteFile: Promise<string> | undefined;
/**
 * The path of the migrated PGlite template tarball, built when missing (an empty PGlite, every migration,
 * `dumpDataDir`) and written atomically, so a reader never sees half a file. Once per process.
 */
export function pgliteTemplateFile(): Promise<string> {
  pgliteFile ??= (async () => {
    const file = join(CACHE_DIR, `pglite-${templateKey()}.tar`);
    if (existsSync(file)) return file;
    const database = await openDatabase({});
    const blob = await database.dumpDataDir!();
    await database.close();
    mkdirSync(CACHE_DIR, { recursive: true });
    const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(temporary, Buffer.from(await blob.arrayBuffer()));
    renameSync(temporary, file);
    for (const name of readdirSync(CACHE_DIR)) {
      if (name.startsWith('pglite-') && name.endsWith('.tar') && join(CACHE_DIR, name) !== file)
        rmSync(join(CACHE_DIR, name), { force: true });
    }
    return file;
  })();
  return pgliteFile;
}

/** The migrated PGlite template as a tarball for `openDatabase({ loadDataDir, migrate: false })` (see pgliteTemplateFile). */
export async function pgliteTemplate(): Promise<Blob> {
  return new Blob([readFileSync(await pgliteTemplateFile())]);
}

/** Key of the advisory lock that serialises building the PostgreSQL template (any bigint unique to this purpose). */
const TEMPLATE_LOCK = 7_470_218_140_228;
/** How often a CREATE DATABASE or a rename is retried while the server still counts a closed session (55006). */
const BUSY_RETRIES = 50;
/** Wait between two such tries (ms). */
const BUSY_WAIT_MS = 100;

/** `url` with its database name replaced by `name`. */
export function databaseUrl(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Runs `statement` on `client`, retrying while PostgreSQL answers 55006 ("database … is being accessed by other
 * users"): a session that has just closed its connection may still be ending on the server for a moment.
 */
export async function whileBusy(client: pg.Client, statement: string): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await client.query(statement);
      return;
    } catch (e) {
      if ((e as { code?: string }).code !== '55006' || attempt >= BUSY_RETRIES) throw e;
      await new Promise((r) => setTimeout(r, BUSY_WAIT_MS));
    }
  }
}

const postgresTemplates = new Map<string, Promise<string>>();
/**
 * The name of the migrated template database on the server of `base` (a PostgreSQL URL whose database the admin
 * statements run in), built when missing: under an advisory lock, into `<name>_build` (an unfinished build left by a
 * killed run is dropped first), migrated, closed, then renamed — so a database of the final name is always complete.
 * Nobody stays connected to it afterwards, which `CREATE DATABASE … TEMPLATE` requires. Once per process and URL.
 */
export function postgresTemplate(base: string): Promise<string> {
  let known = postgresTemplates.get(base);
  if (!known) {
    known = (async () => {
      const name = `backroom_template_${templateKey()}`;
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      try {
        await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
        const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
        if (!rowCount) {
          const build = `${name}_build`;
          await admin.query(`drop database if exists ${build} with (force)`);
          await admin.query(`create database ${build}`);
          const database = await openDatabase({ url: databaseUrl(base, build), poolSize: 1 });
          await database.close();
          await whileBusy(admin, `alter database ${build} rename to ${name}`);
        }
      } finally {
        await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => {});
        await admin.end();
      }
      return name;
    })();
    known.catch(() => postgresTemplates.delete(base));
    postgresTemplates.set(base, known);
  }
  return known;
}
