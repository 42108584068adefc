// Builds the admin and the storefront only when their sources changed (issue 28 item 5: `npm start` in seconds).
// Each app's inputs — its src (test files aside), index.html, vite config, package.json and public folder, the
// workspace packages it imports (their src, public folder and package.json, followed through the packages' own
// imports), the lockfile, tsconfig.json, scripts/precompress.mjs and the environment variables that reach the
// bundle (SOURCEMAP, VITE_*) — are hashed (SHA-256 over the sorted relative paths and file contents). The hash is
// written to `<app>/dist/.build-hash` after a successful build; the next run rebuilds an app only when its hash
// differs, the stamp is missing, or one of its outputs is gone. `vite build` empties dist first, so a failed or
// interrupted build leaves no stamp and is redone.
// `npm start` and `npm run test:e2e` run it, so E2E and the server reuse one build; `npm run build` runs it with
// --force (always builds, then stamps). With --with-demo (`npm start`), when an app has to be built, the database
// half of the first start (`demo/cli.ts --if-empty`: migrate, seed the demo store if the database is empty) runs in
// a second process at the same time, so on two cores the seed and the build overlap instead of adding up.
// Usage: node scripts/build-cached.mjs [--force] [--with-demo] [admin|storefront …]
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The repository root (this file lives in scripts/). */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The apps this script builds: the workspace folder, the files a complete build leaves (relative to the app), and
 * extra input folders outside the app (the storefront's Vite `publicDir` is packages/theme/public).
 */
export const APPS = {
  admin: { dir: 'apps/admin', outputs: ['dist/index.html'] },
  storefront: { dir: 'apps/storefront', outputs: ['dist/index.html', 'dist-ssr/entry-server.js'], extra: ['packages/theme/public'] },
};

/** Where the hash of the inputs of the last successful build is kept, relative to the app folder. */
export const STAMP = 'dist/.build-hash';

/** Files of the repository that shape every app's build. */
const SHARED_INPUTS = ['package-lock.json', 'tsconfig.json', 'scripts/precompress.mjs'];
/** Test files are never bundled: editing one does not rebuild the app. */
const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;
/** A workspace package named in an import or export specifier. */
const WORKSPACE_IMPORT = /['"]@backroom\/([a-z0-9-]+)/g;

/** Every file under `dir` (absolute paths), depth first; [] when `dir` does not exist. */
function walk(dir) {
  if (!existsSync(dir)) return [];
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(path));
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

/** The files of one source folder that count as build inputs (test files left out). */
function sourceFiles(dir) {
  return walk(dir).filter((f) => !TEST_FILE.test(f));
}

/**
 * The input files of `app` (relative to `root`, '/'-separated, sorted): see the header. Workspace packages are
 * found by scanning the sources for `@backroom/<name>` and followed through the packages' own sources.
 */
export function appInputs(root, app) {
  const def = APPS[app];
  if (!def) throw new Error(`unknown app '${app}' (one of ${Object.keys(APPS).join(', ')})`);
  const files = new Set();
  const appDir = join(root, def.dir);
  for (const name of ['index.html', 'vite.config.ts', 'package.json']) {
    if (existsSync(join(appDir, name))) files.add(join(appDir, name));
  }
  for (const name of readdirSync(appDir)) if (/^\.env/.test(name)) files.add(join(appDir, name));
  for (const f of walk(join(appDir, 'public'))) files.add(f);
  for (const dir of def.extra ?? []) for (const f of walk(join(root, dir))) files.add(f);
  const pending = sourceFiles(join(appDir, 'src'));
  for (const f of pending) files.add(f);
  const packages = new Set();
  while (pending.length) {
    const text = readFileSync(pending.pop(), 'utf8');
    for (const m of text.matchAll(WORKSPACE_IMPORT)) {
      const name = m[1];
      const pkgDir = join(root, 'packages', name);
      if (packages.has(name) || !existsSync(pkgDir)) continue;
      packages.add(name);
      files.add(join(pkgDir, 'package.json'));
      for (const f of walk(join(pkgDir, 'public'))) files.add(f);
      for (const f of sourceFiles(join(pkgDir, 'src'))) {
        files.add(f);
        pending.push(f);
      }
    }
  }
  for (const name of SHARED_INPUTS) if (existsSync(join(root, name))) files.add(join(root, name));
  return [...files].map((f) => relative(root, f).split(sep).join('/')).sort();
}

/** The environment that reaches a bundle: SOURCEMAP (vite configs) and Vite's VITE_* variables, sorted. */
function buildEnv(env) {
  return Object.keys(env)
    .filter((k) => k === 'SOURCEMAP' || k.startsWith('VITE_'))
    .sort()
    .map((k) => `${k}=${env[k]}`)
    .join('\n');
}

/** SHA-256 (hex) of `app`'s inputs under `root` and of the build environment `env` (default process.env). */
export function inputHash(root, app, env = process.env) {
  const h = createHash('sha256');
  h.update(`env\0${buildEnv(env)}\0`);
  for (const rel of appInputs(root, app)) {
    h.update(`${rel}\0`);
    h.update(readFileSync(join(root, rel)));
    h.update('\0');
  }
  return h.digest('hex');
}

/**
 * Why `app` must be (re)built given the current input `hash`: 'no build' (an output is missing), 'no stamp',
 * 'sources changed'; or null when its build is current.
 */
export function staleReason(root, app, hash) {
  const def = APPS[app];
  const appDir = join(root, def.dir);
  if (def.outputs.some((o) => !existsSync(join(appDir, o)))) return 'no build';
  const stamp = join(appDir, STAMP);
  if (!existsSync(stamp)) return 'no stamp';
  return readFileSync(stamp, 'utf8').trim() === hash ? null : 'sources changed';
}

/** Whether process `pid` is alive (signal 0 probes without signalling). */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/** Blocks this thread for `ms` (the script is synchronous: spawnSync builds). */
function sleepSync(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Runs `fn` holding the build lock of `app` (a directory under node_modules/.cache/build-cached holding the owner's
 * pid): two `npm start` / `npm run test:e2e` / `npm run build` at once would otherwise empty the same dist under each
 * other ("ENOENT … .br" from precompress). A lock whose owner is gone (or left without a pid for 30 s) is taken over.
 */
function withBuildLock(root, app, log, fn) {
  const dir = join(root, 'node_modules/.cache/build-cached', `${app}.lock`);
  mkdirSync(dirname(dir), { recursive: true });
  let told = false;
  for (;;) {
    try {
      mkdirSync(dir);
      writeFileSync(join(dir, 'pid'), String(process.pid));
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      let pid = 0;
      try {
        pid = Number(readFileSync(join(dir, 'pid'), 'utf8'));
      } catch {
        // being written, or its owner died between mkdir and write
      }
      let age = 0;
      try {
        age = Date.now() - statSync(dir).mtimeMs;
      } catch {
        continue; // released meanwhile
      }
      if ((pid && !alive(pid)) || (!pid && age > 30_000)) {
        rmSync(dir, { recursive: true, force: true });
        continue;
      }
      if (!told) log(`${app}: waiting for another build (pid ${pid || '?'})`);
      told = true;
      sleepSync(500);
    }
  }
  try {
    return fn();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs the app's own `npm run build` (vite build + precompress) in its folder; throws when it fails. */
function npmBuild(root, app) {
  const r = spawnSync('npm', ['run', 'build', '--silent'], { cwd: join(root, APPS[app].dir), stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`the ${app} build failed (exit ${r.status ?? r.signal})`);
}

/**
 * Builds each app of `apps` whose build is stale (or every one with `force`), then stamps it with its input hash.
 * `build(root, app)` does the building (default: the app's `npm run build`; tests pass their own);
 * `beforeFirstBuild()` is called once before the first build, if any. Returns, per app, whether it was built and
 * why, and the milliseconds spent.
 */
export function buildCached(root = ROOT, opts = {}) {
  const { apps = Object.keys(APPS), force = false, env = process.env, build = npmBuild, log = console.log } = opts;
  const results = [];
  let started = false;
  for (const app of apps) {
    const t0 = performance.now();
    const hash = inputHash(root, app, env);
    // Checked again under the lock: a build that another process just finished is reused, not redone.
    const check = () => (force ? 'forced' : staleReason(root, app, hash));
    if (!check()) {
      log(`${app}: build is current (${hash.slice(0, 12)}), reused`);
      results.push({ app, built: false, reason: null, ms: performance.now() - t0 });
      continue;
    }
    results.push(
      withBuildLock(root, app, log, () => {
        const reason = check();
        if (!reason) {
          log(`${app}: built meanwhile by another process (${hash.slice(0, 12)}), reused`);
          return { app, built: false, reason: null, ms: performance.now() - t0 };
        }
        log(`${app}: building (${reason})`);
        if (!started) opts.beforeFirstBuild?.();
        started = true;
        rmSync(join(root, APPS[app].dir, STAMP), { force: true });
        build(root, app);
        const missing = APPS[app].outputs.filter((o) => !existsSync(join(root, APPS[app].dir, o)));
        if (missing.length) throw new Error(`the ${app} build left no ${missing.join(', ')}`);
        writeFileSync(join(root, APPS[app].dir, STAMP), `${hash}\n`);
        const ms = performance.now() - t0;
        log(`${app}: built in ${(ms / 1000).toFixed(1)} s`);
        return { app, built: true, reason, ms };
      }),
    );
  }
  return results;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const apps = args.filter((a) => !a.startsWith('--'));
  /** The demo half of a first start, when --with-demo and a build is needed: resolves to its exit code. */
  let demo = Promise.resolve(0);
  const beforeFirstBuild = () => {
    if (!args.includes('--with-demo')) return;
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/demo/cli.ts', '--if-empty'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    demo = new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
  };
  try {
    buildCached(ROOT, { force, beforeFirstBuild, ...(apps.length ? { apps } : {}) });
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  }
  const code = await demo;
  if (code !== 0) console.error(`preparing the database failed (exit ${code})`);
  if (code !== 0 || process.exitCode) process.exit(1);
}
