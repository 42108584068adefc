// Runs the database test files a second time on real PostgreSQL when TEST_DATABASE_URL is set (CI sets it). Only the
// files that open a database run (issue 28 item 1): scripts/pg-test-files.mjs finds them by their imports, and
// apps/server/src/test/pg-list.test.ts fails when a database test would be left out. Each file's database is a
// `CREATE DATABASE … TEMPLATE` copy of a migrated template (apps/server/src/test/template.ts). Extra arguments are
// passed to Vitest.
import { spawnSync } from 'node:child_process';
import { pgTestFiles } from './pg-test-files.mjs';

if (!process.env.TEST_DATABASE_URL) {
  console.log('TEST_DATABASE_URL is not set: the API suite ran on PGlite only.');
  process.exit(0);
}
const files = pgTestFiles();
console.log(`${files.length} database test files on PostgreSQL (${process.env.TEST_DATABASE_URL.replace(/\/\/[^@]*@/, '//***@')})`);
const r = spawnSync('npx', ['vitest', 'run', '--project', 'node', ...process.argv.slice(2), ...files], {
  stdio: 'inherit',
  env: process.env,
});
process.exit(r.status ?? 1);
