import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appInputs, buildCached, inputHash, STAMP } from './build-cached.mjs';

// The build cache of `npm start` and `npm run test:e2e` (issue 28 item 5), on a small copy of the repository's
// layout: an app that imports one workspace package, which imports another; a build that only writes dist.

let root: string;
let builds: string[];

function write(rel: string, text: string) {
  mkdirSync(dirname(join(root, rel)), { recursive: true });
  writeFileSync(join(root, rel), text);
}

/** Stands in for `npm run build`: writes the app's outputs (as `vite build` does, emptying dist first). */
function fakeBuild(r: string, app: string) {
  builds.push(app);
  const dir = join(r, 'apps', app);
  rmSync(join(dir, 'dist'), { recursive: true, force: true });
  mkdirSync(join(dir, 'dist'), { recursive: true });
  writeFileSync(join(dir, 'dist/index.html'), '<html></html>');
}

const run = (opts: { env?: Record<string, string>; force?: boolean } = {}) =>
  buildCached(root, { apps: ['admin'], build: fakeBuild, log: () => {}, env: {}, ...opts });

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'build-cached-'));
  builds = [];
  write('package-lock.json', '{"lockfileVersion":3}');
  write('tsconfig.json', '{}');
  write('apps/admin/package.json', '{"name":"@backroom/admin"}');
  write('apps/admin/index.html', '<div id="root"></div>');
  write('apps/admin/vite.config.ts', 'export default {};');
  write('apps/admin/src/main.tsx', "import { money } from '@backroom/contracts';\nmoney();");
  write('apps/admin/src/main.test.tsx', 'test code');
  write('packages/contracts/package.json', '{"name":"@backroom/contracts"}');
  write('packages/contracts/src/index.ts', "export * from '@backroom/theme';\nexport const money = () => 1;");
  write('packages/theme/package.json', '{"name":"@backroom/theme"}');
  write('packages/theme/src/index.ts', 'export const theme = 1;');
  write('packages/unused/package.json', '{"name":"@backroom/unused"}');
  write('packages/unused/src/index.ts', 'export const unused = 1;');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('build-cached', () => {
  it('hashes the app, the workspace packages it imports (transitively), the lockfile; not tests or other packages', () => {
    expect(appInputs(root, 'admin')).toEqual([
      'apps/admin/index.html',
      'apps/admin/package.json',
      'apps/admin/src/main.tsx',
      'apps/admin/vite.config.ts',
      'package-lock.json',
      'packages/contracts/package.json',
      'packages/contracts/src/index.ts',
      'packages/theme/package.json',
      'packages/theme/src/index.ts',
      'tsconfig.json',
    ]);
  });

  it('builds when there is no build, then reuses it while the sources are unchanged', () => {
    expect(run()).toMatchObject([{ app: 'admin', built: true, reason: 'no build' }]);
    expect(readFileSync(join(root, 'apps/admin', STAMP), 'utf8').trim()).toBe(inputHash(root, 'admin', {}));
    expect(run()).toMatchObject([{ app: 'admin', built: false, reason: null }]);
    // A test file and a package the app does not import are not inputs.
    write('apps/admin/src/main.test.tsx', 'other test code');
    write('packages/unused/src/index.ts', 'export const unused = 2;');
    expect(run()).toMatchObject([{ built: false }]);
    expect(builds).toEqual(['admin']);
  });

  it.each([
    ['the app source', 'apps/admin/src/main.tsx', 'changed();'],
    ['a new source file', 'apps/admin/src/extra.ts', 'export {};'],
    ['a package it imports indirectly', 'packages/theme/src/index.ts', 'export const theme = 2;'],
    ['the lockfile', 'package-lock.json', '{"lockfileVersion":3,"packages":{}}'],
    ['the vite config', 'apps/admin/vite.config.ts', 'export default { base: "/x/" };'],
    ['index.html', 'apps/admin/index.html', '<main></main>'],
  ])('rebuilds when %s changes', (_what, file, text) => {
    run();
    write(file, text);
    expect(run()).toMatchObject([{ built: true, reason: 'sources changed' }]);
    expect(run()).toMatchObject([{ built: false }]);
    expect(builds).toEqual(['admin', 'admin']);
  });

  it('rebuilds when the build environment that reaches the bundle changes (SOURCEMAP, VITE_*)', () => {
    run();
    expect(run({ env: { SOURCEMAP: 'true' } })).toMatchObject([{ built: true, reason: 'sources changed' }]);
    expect(run({ env: { SOURCEMAP: 'true', HOME: '/elsewhere' } })).toMatchObject([{ built: false }]);
  });

  it('rebuilds when dist or its stamp is missing, and always with force', () => {
    run();
    rmSync(join(root, 'apps/admin/dist'), { recursive: true });
    expect(run()).toMatchObject([{ built: true, reason: 'no build' }]);
    rmSync(join(root, 'apps/admin', STAMP));
    expect(run()).toMatchObject([{ built: true, reason: 'no stamp' }]);
    expect(run({ force: true })).toMatchObject([{ built: true, reason: 'forced' }]);
    expect(builds).toHaveLength(4);
  });

  it('calls beforeFirstBuild once when something is built (npm start seeds beside the build), never on reuse', () => {
    let calls = 0;
    const opts = { apps: ['admin', 'storefront'], build: fakeBuild, log: () => {}, env: {}, beforeFirstBuild: () => calls++ };
    write('apps/storefront/package.json', '{"name":"@backroom/storefront"}');
    mkdirSync(join(root, 'apps/storefront/dist-ssr'), { recursive: true });
    writeFileSync(join(root, 'apps/storefront/dist-ssr/entry-server.js'), '');
    expect(buildCached(root, opts).map((r) => r.built)).toEqual([true, true]);
    expect(calls).toBe(1);
    expect(buildCached(root, opts).map((r) => r.built)).toEqual([false, false]);
    expect(calls).toBe(1);
  });

  it('takes over a build lock whose owner is gone, and releases its own', () => {
    const lock = join(root, 'node_modules/.cache/build-cached/admin.lock');
    const gone = spawnSync(process.execPath, ['-e', '']).pid!;
    mkdirSync(lock, { recursive: true });
    writeFileSync(join(lock, 'pid'), String(gone));
    expect(run()).toMatchObject([{ built: true }]);
    expect(existsSync(lock)).toBe(false);
  });

  it('leaves no stamp when the build fails, so the next run builds again', () => {
    run();
    write('apps/admin/src/main.tsx', 'broken(');
    expect(() =>
      buildCached(root, {
        apps: ['admin'],
        env: {},
        log: () => {},
        build: () => {
          throw new Error('the admin build failed (exit 1)');
        },
      }),
    ).toThrow('the admin build failed');
    expect(run()).toMatchObject([{ built: true, reason: 'no stamp' }]);
  });
});
