/**
 * API throughput benchmark (issue 14 item 1: "Speed of every authenticated request").
 *
 * In ONE run, for PostgreSQL and then for PGlite, it starts each server as its own process and loads it with
 * autocannon from this process (CONNECTIONS connections for DURATION seconds, after a WARMUP-second warm-up):
 *   - bare Fastify hello-world and the bare Fastify + database baseline doing three sequential queries per
 *     request (bench/api/baseline.ts; `pg` Pool of 10 on PostgreSQL, in-memory PGlite on PGlite);
 *   - the real server (`apps/server/src/main.ts`, NODE_ENV=production, LOG_LEVEL=info, the demo store seeded on
 *     first start) signed in as owner@demo.test: GET /api/health, GET /api/users/me, GET /api/products?limit=20
 *     and the Overview dashboard call GET /api/analytics/dashboard over the last 30 days, as the admin sends it.
 * It prints req/s, p50 and p99 latency (ms), the ratio to the baseline (authenticated reads) or to hello-world
 * (/api/health), non-2xx answers, and the machine's load average before and after each engine.
 *
 * Goals (issue 14): authenticated reads ≥ 50 % of the baseline's req/s with p99 < 50 ms on PostgreSQL; ≥ 1,500 req/s
 * on PGlite; /api/health ≥ 50 % of bare Fastify.
 *
 * Usage: npm run bench:api [-- --duration 10 --warmup 2 --connections 50 --only postgres|pglite --url postgres://…]
 * The PostgreSQL run creates and drops database `backroom_bench_api` on --url (default
 * postgres://postgres@127.0.0.1:5432/postgres); the PGlite run uses a temporary DATA_DIR, removed afterwards.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '50' },
    only: { type: 'string' },
    url: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const DURATION = Number(args.duration);
const WARMUP = Number(args.warmup);
const CONNECTIONS = Number(args.connections);
const DB_NAME = 'backroom_bench_api';
const ROOT = join(import.meta.dirname, '../..');
const log = (m: string) => process.stdout.write(`${m}\n`);
const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ');

/** A free TCP port on 127.0.0.1 (asked of the OS, then released for the child to take). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** Starts `node --import tsx <script> …args` and resolves once its stdout contains `ready`; rejects if it exits. */
function start(script: string, argv: string[], env: NodeJS.ProcessEnv, ready: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...argv], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      if (out.includes(ready)) {
        child.stdout!.off('data', onData);
        // Keep draining the pipes so a chatty server never blocks on a full pipe.
        child.stdout!.resume();
        resolve(child);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}\n${out.slice(-2000)}\n${err.slice(-2000)}`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  ref?: { name: string; rps: number };
}

/** Warms up, then measures one URL; throws when the target answers anything but 2xx during the measurement. */
async function measure(name: string, url: string, headers: Record<string, string> = {}): Promise<Row> {
  if (WARMUP > 0) await autocannon({ url, headers, connections: CONNECTIONS, duration: WARMUP });
  const r = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION });
  const row = { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts };
  log(`  ${name.padEnd(34)} ${row.rps.toFixed(0).padStart(7)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms`);
  if (row.non2xx || row.errors) log(`    !! ${row.non2xx} non-2xx answers, ${row.errors} errors/timeouts`);
  return row;
}

/** Creates the PostgreSQL database of the run (dropping a leftover one first); returns its URL. */
async function createPgDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: args.url });
  await admin.connect();
  await admin.query(`drop database if exists ${DB_NAME} with (force)`);
  await admin.query(`create database ${DB_NAME}`);
  await admin.end();
  const url = new URL(args.url);
  url.pathname = `/${DB_NAME}`;
  return url.toString();
}

async function dropPgDatabase(): Promise<void> {
  const admin = new pg.Client({ connectionString: args.url });
  await admin.connect();
  await admin.query(`drop database if exists ${DB_NAME} with (force)`);
  await admin.end();
}

/** Local date (YYYY-MM-DD) `days` days from today in `tz`. */
function localDate(tz: string, days = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(new Date(Date.now() + days * 86_400_000));
}

/** One engine's block: hello-world, baseline, then the server's four routes. */
async function runEngine(engine: 'postgres' | 'pglite'): Promise<Row[]> {
  log('');
  log(`${engine === 'postgres' ? 'PostgreSQL' : 'PGlite'} — load average before: ${load()}`);
  const rows: Row[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'backroom-bench-api-'));
  const dbUrl = engine === 'postgres' ? await createPgDatabase() : undefined;
  const children: ChildProcess[] = [];
  try {
    // References first.
    let port = await freePort();
    let child = await start('bench/api/baseline.ts', ['hello', String(port)], process.env, 'listening');
    const hello = await measure('bare Fastify hello-world', `http://127.0.0.1:${port}/hello`);
    rows.push(hello);
    await stop(child);

    port = await freePort();
    child = await start(
      'bench/api/baseline.ts',
      engine === 'postgres' ? ['pg', String(port), dbUrl!] : ['pglite', String(port)],
      process.env,
      'listening',
    );
    const baseline = await measure(
      `bare Fastify + ${engine === 'postgres' ? 'pg' : 'PGlite'}, 3 queries`,
      `http://127.0.0.1:${port}/three`,
    );
    rows.push(baseline);
    await stop(child);

    // The real server, as `npm start` runs it minus the Vite build.
    port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      REGISTER_PARTNER_KEY: randomBytes(12).toString('hex'),
      SEED_DEMO: 'true',
      DATABASE_URL: dbUrl ?? '',
    };
    const t0 = Date.now();
    child = await start('apps/server/src/main.ts', [], env, 'Backroom is running');
    children.push(child);
    log(`  (server started and seeded the demo store in ${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@demo.test', password: 'backroom-demo' }),
    });
    if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
    const { accessToken, storeId } = (await login.json()) as { accessToken: string; storeId: string };
    const headers = { authorization: `Bearer ${accessToken}`, 'x-store-id': storeId };
    const tzRes = await fetch(`${base}/api/analytics/timezone`, { headers });
    const { timezone } = (await tzRes.json()) as { timezone: string };
    const overview = new URLSearchParams({ fromTime: localDate(timezone, -29), toTime: localDate(timezone), stores: storeId, timezone });

    rows.push({ ...(await measure('GET /api/health', `${base}/api/health`)), ref: { name: 'hello-world', rps: hello.rps } });
    const ref = { name: 'baseline', rps: baseline.rps };
    rows.push({ ...(await measure('GET /api/users/me', `${base}/api/users/me`, headers)), ref });
    rows.push({ ...(await measure('GET /api/products?limit=20', `${base}/api/products?limit=20`, headers)), ref });
    rows.push({ ...(await measure('GET /api/analytics/dashboard (30 d)', `${base}/api/analytics/dashboard?${overview}`, headers)), ref });
  } finally {
    for (const c of children) await stop(c);
    if (dbUrl) await dropPgDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  }
  log(`  load average after: ${load()}`);
  return rows;
}

function table(title: string, rows: Row[]): string[] {
  const out = [`**${title}**`, '', '| Target | req/s | p50 ms | p99 ms | vs reference |', '| --- | ---: | ---: | ---: | --- |'];
  for (const r of rows) {
    const ratio = r.ref ? `${((100 * r.rps) / r.ref.rps).toFixed(0)} % of ${r.ref.name}` : '—';
    const bad = r.non2xx || r.errors ? ` (${r.non2xx} non-2xx, ${r.errors} errors)` : '';
    out.push(`| ${r.name}${bad} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${ratio} |`);
  }
  return out;
}

async function main() {
  log(
    `API benchmark: ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s per target; Node ${process.version}, ${cpus().length} CPUs`,
  );
  const engines = (args.only ? [args.only] : ['postgres', 'pglite']) as ('postgres' | 'pglite')[];
  const results: [string, Row[]][] = [];
  for (const e of engines) results.push([e === 'postgres' ? 'PostgreSQL' : 'PGlite', await runEngine(e)]);
  log('');
  for (const [title, rows] of results) {
    for (const l of table(title, rows)) log(l);
    log('');
  }
  log(`load average at the end: ${load()}`);
}

await main();
