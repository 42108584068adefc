/**
 * CPU cost of one request, in process (issue 14 item 1): builds the app on an existing database (`--url`, the demo
 * store already seeded, e.g. by `npm start` with DATABASE_URL), signs in as the demo owner, then sends N requests per
 * target through `app.inject` one after another (`--rounds` times, targets interleaved) and prints the process's CPU
 * time per request (µs, user + system; the minimum and median over the rounds) —
 * a figure that, unlike req/s, hardly moves with the machine's load. `--profile <dir>` writes a V8 CPU profile of
 * the measured part of each target, `--heap <dir>` a sampling heap profile (what allocates, 1 KiB sampling interval)
 * that Chrome DevTools opens.
 *
 * An empty database gets the demo store first (as `npm start` does); without `--url` it runs on PGlite in DATA_DIR.
 *
 * `--against <checkout>` compares with another checkout's app in the same process (see below).
 *
 * Usage: node --import tsx bench/api/cpu.ts --url postgres://…/db [--n 2000] [--profile /tmp/prof] [--only products] [--rounds 5]
 */
import { createWriteStream, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { ensureDemoStore } from '../../apps/server/src/demo/seed.js';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    n: { type: 'string', default: '2000' },
    profile: { type: 'string' },
    heap: { type: 'string' },
    rounds: { type: 'string', default: '1' },
    only: { type: 'string' },
    against: { type: 'string' },
  },
});
const N = Number(args.n);
const ROUNDS = Number(args.rounds);
process.env.NODE_ENV = 'production';
process.env.REGISTER_PARTNER_KEY ??= 'bench-cpu-key';
if (args.url) process.env.DATABASE_URL = args.url;
process.env.LOG_LEVEL = 'info';
const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize });
// The server's logger as `npm start` has it (pino at LOG_LEVEL=info: a child logger per request, request lines at
// debug), writing to /dev/null.
const app = await buildApp({ config, database, logger: { level: config.logLevel, stream: createWriteStream('/dev/null') } });
await app.ready();
await ensureDemoStore(database.db, config, { log: (m) => console.log(m) });
const login = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  payload: { email: 'owner@demo.test', password: 'backroom-demo' },
});
const { accessToken, storeId } = login.json() as { accessToken: string; storeId: string };
const headers = { authorization: `Bearer ${accessToken}`, 'x-store-id': storeId };
const tz = ((await app.inject({ url: '/api/analytics/timezone', headers })).json() as { timezone: string }).timezone;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toLocaleDateString('en-CA', { timeZone: tz });
const overview = new URLSearchParams({ fromTime: day(-29), toTime: day(0), stores: storeId, timezone: tz });
const targets: [string, string][] = [
  ['health', '/api/health'],
  ['users/me', '/api/users/me'],
  ['products', '/api/products?limit=20'],
  ['dashboard', `/api/analytics/dashboard?${overview}`],
];

/**
 * `--against <checkout>`: the same targets on a second app built from another checkout of the repository (e.g. the
 * main branch) on the same database, in this process, the two apps' blocks of N requests alternating round after
 * round — so both see the same machine load, which on a shared machine moves far more than the change being measured.
 * Prints each app's CPU µs per request (min and median over rounds) and the change.
 */
if (args.against) {
  const dir = resolve(args.against);
  const other = (await import(join(dir, 'apps/server/src/app.ts'))) as typeof import('../../apps/server/src/app.js');
  const otherDb = (await import(join(dir, 'apps/server/src/db/client.ts'))) as typeof import('../../apps/server/src/db/client.js');
  const database2 = await otherDb.openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize });
  const app2 = await other.buildApp({
    config,
    database: database2,
    logger: { level: config.logLevel, stream: createWriteStream('/dev/null') },
  });
  await app2.ready();
  const apps = [
    ['this', app],
    ['against', app2],
  ] as const;
  const cpuOf = async (a: typeof app, url: string) => {
    const c0 = process.cpuUsage();
    for (let i = 0; i < N; i++) {
      const r = await a.inject({ url, headers });
      if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode} ${r.body.slice(0, 200)}`);
    }
    const c = process.cpuUsage(c0);
    return (c.user + c.system) / N;
  };
  console.log(`CPU µs per request, ${N} requests × ${ROUNDS} round(s) per app, blocks alternating: this checkout vs ${dir}`);
  for (const [name, url] of targets) {
    if (args.only && !name.includes(args.only)) continue;
    for (const [, a] of apps) for (let i = 0; i < 300; i++) await a.inject({ url, headers });
    const cpu: Record<string, number[]> = { this: [], against: [] };
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 ? [...apps].reverse() : apps;
      for (const [label, a] of order) cpu[label]!.push(await cpuOf(a, url));
    }
    const stat = (xs: number[]) => {
      const s = [...xs].sort((a, b) => a - b);
      return { min: s[0]!, median: s[Math.floor((s.length - 1) / 2)]! };
    };
    const t = stat(cpu.this!);
    const o = stat(cpu.against!);
    console.log(
      `${name.padEnd(10)} this min ${t.min | 0} median ${t.median | 0} | against min ${o.min | 0} median ${o.median | 0} µs/request | change of the medians ${(((t.median - o.median) / o.median) * 100).toFixed(0)} %`,
    );
  }
  await app2.close();
  await database2.close();
  await app.close();
  await database.close();
  process.exit(0);
}

const session = new Session();
session.connect();
await session.post('Profiler.enable');
// 100 µs between samples (V8's default is 1 ms): a request costs a few hundred µs.
await session.post('Profiler.setSamplingInterval', { interval: 100 });
/** CPU µs per request (user, system) of each round of each target. */
const figures = new Map<string, { user: number; system: number; wall: number }[]>();
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, url] of targets) {
    if (args.only && !name.includes(args.only)) continue;
    if (round === 0) for (let i = 0; i < 200; i++) await app.inject({ url, headers });
    const record = args.profile && round === ROUNDS - 1;
    const heap = args.heap && round === ROUNDS - 1;
    if (record) await session.post('Profiler.start');
    if (heap) {
      await session.post('HeapProfiler.startSampling', {
        samplingInterval: 1024,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      });
    }
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < N; i++) {
      const r = await app.inject({ url, headers });
      if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode} ${r.body.slice(0, 200)}`);
    }
    const c = process.cpuUsage(c0);
    const wall = performance.now() - t0;
    if (heap) {
      const { profile } = await session.post('HeapProfiler.stopSampling');
      writeFileSync(join(args.heap!, `${name.replace('/', '-')}.heapprofile`), JSON.stringify(profile));
    }
    if (record) {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(join(args.profile!, `${name.replace('/', '-')}.cpuprofile`), JSON.stringify(profile));
    }
    const f = { user: c.user / N, system: c.system / N, wall: (wall * 1000) / N };
    figures.set(name, [...(figures.get(name) ?? []), f]);
    if (ROUNDS > 1) console.log(`  round ${round + 1} ${name.padEnd(10)} CPU ${((f.user + f.system) | 0).toString().padStart(5)} µs`);
  }
}
const µs = (x: number) => (x | 0).toString().padStart(5);
console.log(`CPU µs per request (user + system), ${N} requests × ${ROUNDS} round(s); min and median over rounds`);
for (const [name, list] of figures) {
  const cpu = list.map((f) => f.user + f.system).sort((a, b) => a - b);
  const best = list.reduce((a, b) => (a.user + a.system <= b.user + b.system ? a : b));
  const median = cpu[Math.floor((cpu.length - 1) / 2)]!;
  console.log(
    `${name.padEnd(10)} CPU min ${µs(cpu[0]!)} (user ${µs(best.user)}, system ${µs(best.system)}), median ${µs(median)} µs/request, wall ${µs(best.wall)} µs`,
  );
}
await app.close();
await database.close();
