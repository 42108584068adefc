// Which unit test files are database tests — the files `npm run test:pg` (scripts/test-pg.mjs) runs a second time on
// PostgreSQL (issue 28 item 1: the 33 files that never open a database no longer run twice).
//
// The rule is a static scan of the imports, so there is no list or tag to keep up to date: a test file is a database
// test when it imports, directly or through the relative imports of the files it imports (a shared test helper),
// the test harness (apps/server/src/test/harness.ts: createTestApp, freshDatabase), or when it imports `openDatabase`
// from db/client, PGlite or `pg` itself. Type-only imports do not count. apps/server/src/test/pg-list.test.ts checks
// the scan against a second, name-based detector, so a database test the scan would miss fails CI.
//
// `node scripts/pg-test-files.mjs` prints the list, one path a line (relative to the repository root).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Folders holding the `node` project's test files (vitest.config.ts `include`: apps/server/src, packages/<name>/src,
 * apps/storefront/src, fixtures/<name>), relative to `root`.
 */
export function unitTestRoots(root = ROOT) {
  const under = (dir, sub) =>
    existsSync(join(root, dir))
      ? readdirSync(join(root, dir), { withFileTypes: true })
          .filter((e) => e.isDirectory())
          .map((e) => join(dir, e.name, sub))
      : [];
  return ['apps/server/src', ...under('packages', 'src'), 'apps/storefront/src', ...under('fixtures', '')].filter((d) =>
    existsSync(join(root, d)),
  );
}

/** Every `*.test.ts` under the unit test roots (node_modules left out), relative to `root`, sorted. */
export function unitTestFiles(root = ROOT) {
  const files = [];
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
      const path = join(dir, e.name);
      if (e.isDirectory()) walk(path);
      else if (e.name.endsWith('.test.ts')) files.push(relative(root, path));
    }
  };
  for (const d of unitTestRoots(root)) walk(join(root, d));
  return [...new Set(files)].sort();
}

/**
 * `source` with its comments blanked out, and with `strings` also the insides of its strings, template literals and
 * regular-expression literals (their delimiters kept) — same length, newlines kept, so an offset in the result is an
 * offset in `source`. Literals are skipped whole, so a `//` in a URL or a quote in a regex is not taken for a comment
 * or a string; a `/` after an operator, an opening bracket, a comma, a semicolon or a keyword such as `return` starts
 * a regex, else it is a division. With `strings`, code that only spells an import or a call inside a string (a
 * fixture) does not count.
 */
export function maskSource(source, { strings = true } = {}) {
  const out = [];
  const blank = (from, to) => {
    for (let k = from; k < to; k += 1) out.push(source[k] === '\n' ? '\n' : ' ');
  };
  const regexMayFollow = () => {
    let k = out.length - 1;
    while (k >= 0 && /\s/.test(out[k])) k -= 1;
    if (k < 0 || /[(,=:[!&|?{};+\-*%<>~^]/.test(out[k])) return true;
    return /\b(return|typeof|case|do|else|in|of|await|yield)$/.test(out.slice(Math.max(0, k - 9), k + 1).join(''));
  };
  let i = 0;
  const n = source.length;
  while (i < n) {
    const c = source[i];
    const d = source[i + 1];
    if (c === '/' && d === '/') {
      const end = source.indexOf('\n', i);
      const stop = end < 0 ? n : end;
      blank(i, stop);
      i = stop;
    } else if (c === '/' && d === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end < 0 ? n : end + 2;
      blank(i, stop);
      i = stop;
    } else if (c === "'" || c === '"' || c === '`' || (c === '/' && regexMayFollow())) {
      let j = i + 1;
      let inClass = false;
      while (j < n) {
        const e = source[j];
        if (e === '\\') j += 2;
        else if (e === c && !inClass) break;
        else if (e === '\n' && c !== '`') break;
        else {
          if (c === '/' && e === '[') inClass = true;
          if (c === '/' && e === ']') inClass = false;
          j += 1;
        }
      }
      const close = Math.min(j, n - 1);
      out.push(c);
      if (strings) blank(i + 1, close);
      else out.push(...source.slice(i + 1, close));
      if (close > i) out.push(source[close]);
      i = close + 1;
    } else {
      out.push(c);
      i += 1;
    }
  }
  return out.join('');
}

/**
 * The value imports of a module's source: `{ specifier, names }` for each `import … from`, `export … from`, bare
 * `import '…'` and `import('…')` with a literal specifier, in source order. `names` are the imported bindings (`*` for
 * a namespace, re-export or dynamic import, `default` for a default one); `import type` and bindings marked `type`
 * are left out, and an import left with no binding at all is dropped. Comments and the insides of strings are not
 * read (maskSource), so an import spelt in a string or a comment does not count.
 */
export function valueImports(source) {
  const code = maskSource(source);
  const found = [];
  const specifierAt = (m, group) => source.slice(m.indices[group][0], m.indices[group][1]);
  const re = /(?:^|[;\n}])\s*(import|export)\s+(type\s+)?([\w\s{},*$]*?)\s*from\s*['"]([^'"\n]*)['"]/dg;
  for (const m of code.matchAll(re)) {
    if (m[2]) continue;
    const clause = m[3];
    const names = [];
    const braces = clause.match(/\{([\s\S]*)\}/);
    if (braces) {
      for (const part of braces[1].split(',')) {
        const p = part.trim();
        if (p && !p.startsWith('type ')) names.push(p.split(/\s+as\s+/)[0].trim());
      }
    }
    const outside = clause
      .replace(/\{[\s\S]*\}/, '')
      .replace(/,/g, ' ')
      .trim();
    if (/\*/.test(outside)) names.push('*');
    else if (outside && m[1] === 'import') names.push('default');
    if (names.length) found.push({ at: m.index, specifier: specifierAt(m, 4), names });
  }
  for (const m of code.matchAll(/(?:^|[;\n])\s*import\s*['"]([^'"\n]*)['"]/dg))
    found.push({ at: m.index, specifier: specifierAt(m, 1), names: ['*'] });
  for (const m of code.matchAll(/\bimport\(\s*['"]([^'"\n]*)['"]\s*\)/dg))
    found.push({ at: m.index, specifier: specifierAt(m, 1), names: ['*'] });
  return found.sort((x, y) => x.at - y.at).map(({ specifier, names }) => ({ specifier, names }));
}

/** The file a relative specifier of `from` names (`./x.js` → `./x.ts`), or null when there is none. */
function resolveRelative(from, specifier) {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), `${base}.ts`, join(base, 'index.ts')];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

/**
 * Why one import (of valueImports) opens a database, or null: the harness (`test/harness`, or `./harness` beside
 * it); `openDatabase` (or `*`) from db/client; PGlite; `pg`. Returns the specifier, as the reason.
 */
export function databaseImport(imp) {
  const { specifier, names } = imp;
  if (/(^|\/)test\/harness(\.js)?$/.test(specifier) || /^\.\/harness(\.js)?$/.test(specifier)) return specifier;
  if (/(^|\/)db\/client(\.js)?$/.test(specifier) || /^\.\/client(\.js)?$/.test(specifier)) {
    return names.some((n) => n === 'openDatabase' || n === '*') ? `${specifier} (openDatabase)` : null;
  }
  if (specifier === 'pg' || specifier.startsWith('@electric-sql/pglite')) return specifier;
  return null;
}

/**
 * For each of `files` (absolute paths), why it is a database test, or null when it is not: its own first import that
 * opens a database (databaseImport), else the first shared module it imports (relative imports, followed to any
 * depth; package imports are not followed) from which the harness is reached. Only the harness counts further down:
 * production modules import db/client and `pg` without being tests. Each module is read once.
 */
export function databaseReasons(files) {
  const imports = new Map();
  const edges = (path) => {
    if (!imports.has(path)) {
      const list = valueImports(readFileSync(path, 'utf8'));
      imports.set(path, list);
      for (const imp of list) {
        imp.file = imp.specifier.startsWith('.') ? resolveRelative(path, imp.specifier) : null;
        if (imp.file?.includes('node_modules')) imp.file = null;
      }
    }
    return imports.get(path);
  };
  // Every module reachable from the test files.
  const queue = [...files];
  for (let i = 0; i < queue.length; i += 1) {
    for (const imp of edges(queue[i])) if (imp.file && !imports.has(imp.file)) queue.push(imp.file);
  }
  // The modules from which the harness is reached: those importing it, then their importers, to a fixed point.
  const reaches = new Set([...imports].filter(([, list]) => list.some((imp) => /harness/.test(databaseImport(imp) ?? ''))).map(([p]) => p));
  for (let grew = true; grew; ) {
    grew = false;
    for (const [path, list] of imports) {
      if (!reaches.has(path) && list.some((imp) => imp.file && reaches.has(imp.file))) {
        reaches.add(path);
        grew = true;
      }
    }
  }
  return files.map((path) => {
    const list = edges(path);
    for (const imp of list) {
      const why = databaseImport(imp);
      if (why) return why;
    }
    const via = list.find((imp) => imp.file && reaches.has(imp.file));
    return via ? `${via.specifier} → test/harness` : null;
  });
}

/** The unit test files that open a database (see the header), relative to `root`, sorted: the PostgreSQL run. */
export function pgTestFiles(root = ROOT) {
  const files = unitTestFiles(root);
  const reasons = databaseReasons(files.map((f) => join(root, f)));
  return files.filter((_f, i) => reasons[i]);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const f of pgTestFiles()) console.log(f);
}
