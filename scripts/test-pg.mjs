// Runs the API suite a second time on real PostgreSQL when TEST_DATABASE_URL is set (CI sets it).
import { spawnSync } from 'node:child_process';

if (!process.env.TEST_DATABASE_URL) {
  console.log('TEST_DATABASE_URL is not set: the API suite ran on PGlite only.');
  process.exit(0);
}
console.log(`API suite on PostgreSQL (${process.env.TEST_DATABASE_URL.replace(/\/\/[^@]*@/, '//***@')})`);
const r = spawnSync('npx', ['vitest', 'run', '--project', 'node'], { stdio: 'inherit', env: process.env });
process.exit(r.status ?? 1);
