/**
 * `npm start` bench (issue 28 item 5 and its Tests: "the restart time printed by a small bench"). Runs the real
 * `npm start` (build check, server, migrations, demo seed) with its own DATA_DIR and PORT and measures the time from
 * the spawn until the server prints its URL ("Backroom is running" and the Admin line), then stops it (SIGTERM to
 * the process group) and waits for it to exit. Three cases, each `--runs` times:
 *   - first start, build cache warm: an empty DATA_DIR, both app builds current (scripts/build-cached.mjs reuses them);
 *   - first start, build cache cold: the same after deleting both builds' stamps (dist/.build-hash), so both apps are
 *     rebuilt (skipped with --no-cold: it rewrites apps/admin/dist and apps/storefront/dist under anything using them);
 *   - restart on existing data: the DATA_DIR of a warm first start.
 * Each run is printed with the machine's load (os.loadavg, 1/5/15 min) when it started, since a loaded two-core
 * machine moves every figure; then the medians; RESULTS.md beside this file gets the table (--no-write to skip).
 * PostgreSQL is not measured here (bench/start/seed.ts times the seed alone on both engines).
 *
 * Usage: npm run bench:start -- [--runs 3] [--no-cold] [--no-write] [--port 3990]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { APPS, ROOT, STAMP } from '../../scripts/build-cached.mjs';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'no-cold': { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
    port: { type: 'string', default: '3990' },
  },
});
const RUNS = Math.max(1, Number(args.runs));
/** A start that has not printed its URL by then failed (a cold build and a seed on a loaded machine fit well inside). */
const START_TIMEOUT_MS = 600_000;

interface Run {
  ms: number;
  load: number[];
  /** The seed's own seconds, from the server's "Demo data ready in … s" line (first starts). */
  seedS: number | null;
  /** Whether the build check rebuilt an app ("building (…)" in the output). */
  built: boolean;
}

/**
 * Spawns `npm start` with DATA_DIR=`dataDir`; resolves when the URL block is printed, with the milliseconds since
 * the spawn; stops the server and waits for it to exit. Rejects when it exits or times out before printing.
 */
function startOnce(dataDir: string): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: args.port, LOG_LEVEL: 'info' };
  delete env.DATABASE_URL;
  const load = loadavg();
  const t0 = performance.now();
  const child = spawn('npm', ['start', '--silent'], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  return new Promise<Run>((resolve, reject) => {
    let ready: Run | null = null;
    const timer = setTimeout(() => stop(), START_TIMEOUT_MS);
    const stop = () => {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // already gone
      }
    };
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (!ready && /Backroom is running[\s\S]*Admin: +http/.test(out)) {
        ready = { ms: performance.now() - t0, load, seedS: null, built: false };
        stop();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    // 'close': every process holding the pipes (npm, the build check, the server) has exited, so the port is free.
    child.on('close', () => {
      clearTimeout(timer);
      // Read once it has exited: the server's log lines (pino) may be written after its console URL block.
      const seed = /Demo data ready in ([\d.]+) s/.exec(out);
      if (ready) resolve({ ...ready, seedS: seed ? Number(seed[1]) : null, built: /: building \(/.test(out) });
      else reject(new Error(`npm start ended before printing its URL:\n${out.slice(-3000)}`));
    });
  });
}

/** Deletes both apps' build stamps, so the next `npm start` rebuilds them (the cold build cache). */
function dropStamps() {
  for (const def of Object.values(APPS)) rmSync(join(ROOT, def.dir, STAMP), { force: true });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const sec = (ms: number) => (ms / 1000).toFixed(1);
const loadText = (l: number[]) => l.map((x) => x.toFixed(2)).join(' / ');

const cases: { name: string; runs: Run[] }[] = [];
const dirs: string[] = [];
const fresh = () => {
  const d = mkdtempSync(join(tmpdir(), 'backroom-start-bench-'));
  dirs.push(d);
  return d;
};

try {
  // Warm the build cache first (not timed), so the warm cases do not pay for a stale build.
  console.log('Making sure both builds are current (not timed)…');
  const warm = spawn('node', ['scripts/build-cached.mjs'], { cwd: ROOT, stdio: 'inherit' });
  await new Promise((res) => warm.on('exit', res));

  const measure = async (name: string, prepare: () => string) => {
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      const dir = prepare();
      const r = await startOnce(dir);
      runs.push(r);
      console.log(
        `${name} #${i + 1}: ${sec(r.ms)} s${r.seedS !== null ? ` (seed ${r.seedS.toFixed(1)} s)` : ''}${r.built ? ' (rebuilt)' : ''}, load ${loadText(r.load)}`,
      );
    }
    cases.push({ name, runs });
  };

  let existing = '';
  await measure('First start, build cache warm', () => (existing = fresh()));
  if (!args['no-cold'])
    await measure('First start, build cache cold', () => {
      dropStamps();
      return fresh();
    });
  await measure('Restart on existing data', () => existing);
} finally {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}

const lines = [
  '| Case | Median (s) | Runs (s) | Load at each run (1 / 5 / 15 min) |',
  '| --- | ---: | --- | --- |',
  ...cases.map(
    (c) =>
      `| ${c.name} | ${sec(median(c.runs.map((r) => r.ms)))} | ${c.runs.map((r) => `${sec(r.ms)}${r.built ? ' (rebuilt)' : ''}`).join(', ')} | ${c.runs.map((r) => loadText(r.load)).join('; ')} |`,
  ),
];
const seeds = cases.flatMap((c) => c.runs.map((r) => r.seedS).filter((s): s is number => s !== null));
console.log(`\n${lines.join('\n')}`);
if (seeds.length) console.log(`\nDemo seed inside the first starts: median ${median(seeds).toFixed(1)} s`);

if (!args['no-write']) {
  const md = [
    '# `npm start` bench (bench/start/run.ts)',
    '',
    `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ` +
      `${RUNS} run(s) per case. Time from spawning \`npm start\` (build check, server, migrations, demo seed on PGlite) ` +
      'until it prints its URL. Issue 28 goals: restart on existing data under 10 s, first start under 60 s (install excluded).',
    '',
    ...lines,
    '',
    seeds.length ? `Demo seed inside the first starts (the server's own figure): median ${median(seeds).toFixed(1)} s.` : '',
    '',
    'The machine load is the 1/5/15-minute load average when each run started; on two cores a load above 2 means the',
    'start shared the CPU with other work and the figures are longer than on an idle machine. "(rebuilt)": the build',
    'check found changed sources (a working tree edited meanwhile) and rebuilt an app inside that run.',
    '',
  ];
  writeFileSync(join(dirname(fileURLToPath(import.meta.url)), 'RESULTS.md'), md.join('\n'));
  console.log('\nWrote bench/start/RESULTS.md');
}
