/**
 * Demo seed timing (issue 28 item 5): the time of `seedDemo` alone (default 6,000 orders, seed 42), on a fresh
 * migrated database — embedded PGlite in a temporary data directory (as `npm start` uses it), or a fresh database
 * `backroom_bench_seed` on PostgreSQL (`--pg [--url postgres://…]`). Prints each run's seconds, the median and the
 * machine load, and on PGlite this process's CPU time (the database runs in it, so that figure is the seed's work
 * whatever else loads the machine); `--runs N` (default 3), `--orders N`, `--memory` (in-memory PGlite, as the
 * tests use). On PostgreSQL `--functions` adds the trigger functions' own time (track_functions) so a slow roll-up
 * shows up by name, and `--explain` logs the plan of every statement over 300 ms, nested trigger statements
 * included, to the server's log (auto_explain; superuser).
 *
 * Usage: node --import tsx bench/start/seed.ts [--pg] [--runs 3] [--orders 6000] [--functions] [--explain] [--memory]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { testConfig } from '../../apps/server/src/config.js';
import { type Db, openDatabase, schema } from '../../apps/server/src/db/client.js';
import { seedDemo } from '../../apps/server/src/demo/seed.js';

const { values: args } = parseArgs({
  options: {
    pg: { type: 'boolean', default: false },
    url: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    runs: { type: 'string', default: '3' },
    orders: { type: 'string', default: '6000' },
    functions: { type: 'boolean', default: false },
    memory: { type: 'boolean', default: false },
    explain: { type: 'boolean', default: false },
  },
});
const DB_NAME = 'backroom_bench_seed';

/** Runs `sql` on the PostgreSQL server of --url (database postgres). */
async function admin(sqlText: string): Promise<void> {
  const c = new pg.Client({ connectionString: args.url });
  await c.connect();
  try {
    await c.query(sqlText);
  } finally {
    await c.end();
  }
}

/** One seed on a fresh database: returns the seed's own milliseconds (migration excluded) and this process's CPU ms. */
async function once(): Promise<{ ms: number; cpuMs: number }> {
  const config = testConfig();
  let url: string | undefined;
  let dataDir: string | undefined;
  if (args.pg) {
    await admin(`drop database if exists ${DB_NAME} with (force)`);
    await admin(`create database ${DB_NAME}`);
    if (args.functions) await admin(`alter database ${DB_NAME} set track_functions = 'all'`);
    const u = new URL(args.url);
    u.pathname = `/${DB_NAME}`;
    url = u.toString();
  } else if (!args.memory) dataDir = mkdtempSync(join(tmpdir(), 'backroom-seed-bench-'));
  const database = await openDatabase({ url, dataDir });
  // On PostgreSQL the seed runs on a pool of its own without the server's 30 s client-side statement bound, so a
  // slow statement is measured instead of failing the run.
  const pool = url ? new pg.Pool({ connectionString: url, max: 2 }) : null;
  if (pool && args.explain)
    pool.on('connect', (c) => {
      void c.query(
        "load 'auto_explain'; set auto_explain.log_min_duration = 300; set auto_explain.log_analyze = on; set auto_explain.log_nested_statements = on; set auto_explain.log_triggers = on; set auto_explain.log_timing = on",
      );
    });
  const db = pool ? (drizzle(pool, { schema }) as unknown as Db) : database.db;
  try {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    await seedDemo(db, config, { orders: Number(args.orders), log: (m) => console.log(`  ${m}`) });
    const ms = performance.now() - t0;
    const c1 = process.cpuUsage(c0);
    const cpuMs = (c1.user + c1.system) / 1000;
    if (args.pg && args.functions) {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      const { rows } = await c.query(
        `select funcname, calls, round(self_time)::int as self_ms, round(total_time)::int as total_ms
         from pg_stat_user_functions order by self_time desc limit 12`,
      );
      await c.end();
      console.table(rows);
    }
    return { ms, cpuMs };
  } finally {
    await pool?.end();
    await database.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    if (args.pg) await admin(`drop database if exists ${DB_NAME} with (force)`);
  }
}

const times: number[] = [];
for (let i = 0; i < Number(args.runs); i++) {
  const { ms, cpuMs } = await once();
  times.push(ms);
  // On PGlite the database runs in this process, so its CPU time is the seed's work whatever the machine's load.
  console.log(
    `run ${i + 1}: ${(ms / 1000).toFixed(1)} s, this process's CPU ${(cpuMs / 1000).toFixed(1)} s (load ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')})`,
  );
}
const sorted = [...times].sort((a, b) => a - b);
console.log(
  `seed on ${args.pg ? 'PostgreSQL' : 'PGlite'} (${args.orders} orders): median ${(sorted[Math.floor(sorted.length / 2)]! / 1000).toFixed(1)} s over ${times.length} runs [${times.map((t) => (t / 1000).toFixed(1)).join(', ')}]`,
);
