import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { maskSource, pgTestFiles, unitTestFiles, valueImports } from '../../../../scripts/pg-test-files.mjs';

/**
 * The PostgreSQL run takes only the database test files (issue 28 item 1): scripts/pg-test-files.mjs picks them by
 * their imports. This check holds that scan against a second detector that reads names instead of imports — a test
 * file that calls createTestApp, freshDatabase, openDatabase or buildApp, or makes a PGlite or a `pg` client, opens
 * a database — and fails when such a file would not run on PostgreSQL. The fixtures prove the import rules and that
 * a database test left out of the list fails the check.
 */

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../../..');

/** True when the source (comments left out) calls a database entry point by name. */
function mentionsDatabase(source: string): boolean {
  return /\b(createTestApp|freshDatabase|openDatabase|buildApp)\s*\(|\bnew\s+PGlite\b|\bPGlite\.create\b|\bnew\s+pg\.(Client|Pool)\b/.test(
    maskSource(source),
  );
}

/**
 * The unit test files under `root` that open a database — by the import scan or by name — but are not in `list`
 * (the files test-pg.mjs passes to Vitest): what the PostgreSQL run would wrongly skip.
 */
function missingFromPgRun(root: string, list: string[] = pgTestFiles(root)): string[] {
  const listed = new Set(list);
  const scanned = new Set(pgTestFiles(root));
  return unitTestFiles(root).filter((f) => !listed.has(f) && (scanned.has(f) || mentionsDatabase(readFileSync(join(root, f), 'utf8'))));
}

describe('the PostgreSQL run of this repository', () => {
  it('has every unit test file that opens a database', () => {
    expect(missingFromPgRun(ROOT), 'import the harness (test/harness.ts) or openDatabase directly in these files').toEqual([]);
  });

  it('leaves out the files that open none', () => {
    const list = pgTestFiles(ROOT);
    expect(list).toContain('apps/server/src/modules/staff/permission-matrix.test.ts');
    expect(list).toContain('apps/server/src/db/client.test.ts');
    // Pure functions, and a type-only import of db/client (render.test.ts).
    expect(list).not.toContain('apps/server/src/lib/csv-export.test.ts');
    expect(list).not.toContain('apps/server/src/modules/designs/render.test.ts');
    expect(list.filter((f) => !f.startsWith('apps/server/'))).toEqual([]);
    expect(unitTestFiles(ROOT).length - list.length).toBeGreaterThan(25);
  });
});

describe('the import scan', () => {
  it('reads value imports, not type-only ones or comments', () => {
    const src = [
      "import type { Db } from '../db/client.js';",
      "import { type Database, type Db as D2 } from '../db/client.js';",
      'import {',
      '  createTestApp,',
      '  makeUser as mk,',
      "} from '../test/harness.js';",
      "import pg, { Pool } from 'pg';",
      "import * as all from './x.js';",
      "import './side-effect.js';",
      "// import { openDatabase } from '../db/client.js';",
      "const url = 'http://example.test//x';",
      "const later = await import('./lazy.js');",
    ].join('\n');
    expect(valueImports(src)).toEqual([
      { specifier: '../test/harness.js', names: ['createTestApp', 'makeUser'] },
      { specifier: 'pg', names: ['Pool', 'default'] },
      { specifier: './x.js', names: ['*'] },
      { specifier: './side-effect.js', names: ['*'] },
      { specifier: './lazy.js', names: ['*'] },
    ]);
  });

  describe('on a fixture tree', () => {
    const root = mkdtempSync(join(tmpdir(), 'backroom-pg-list-'));
    afterAll(() => rmSync(root, { recursive: true, force: true }));
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    };
    const m = 'apps/server/src/modules/a';
    write('apps/server/src/test/harness.ts', 'export async function createTestApp() {}\n');
    write('apps/server/src/db/client.ts', 'export async function openDatabase() {}\nexport const sql = 1;\n');
    write(`${m}/support.ts`, "export { createTestApp } from '../../test/harness.js';\n");
    write(`${m}/support-deep.ts`, "export * from './support.js';\n");
    write(`${m}/service.ts`, "import { sql } from '../../db/client.js';\nexport const f = () => sql;\n");
    write(`${m}/direct.test.ts`, "import { createTestApp } from '../../test/harness.js';\nawait createTestApp();\n");
    write(`${m}/multiline.test.ts`, "import {\n  createTestApp,\n} from '../../test/harness.js';\n");
    write(`${m}/helper.test.ts`, "import { createTestApp } from './support-deep.js';\nawait createTestApp();\n");
    write(`${m}/dynamic.test.ts`, "const { createTestApp } = await import('../../test/harness.js');\n");
    write(`${m}/opens.test.ts`, "import { openDatabase } from '../../db/client.js';\nawait openDatabase({});\n");
    write(`${m}/pglite.test.ts`, "import { PGlite } from '@electric-sql/pglite';\nnew PGlite();\n");
    write(`${m}/type-only.test.ts`, "import type { Db } from '../../db/client.js';\nlet db: Db;\n");
    write(`${m}/sql-only.test.ts`, "import { f } from './service.js';\nf();\n");
    write(`${m}/comment.test.ts`, "// import { createTestApp } from '../../test/harness.js';\n");
    write('packages/p/src/pure.test.ts', "import { x } from './x.js';\n");

    it('takes direct, multi-line, dynamic and helper imports of the harness, openDatabase and PGlite', () => {
      expect(pgTestFiles(root).map((f) => f.replace(`${m}/`, ''))).toEqual([
        'direct.test.ts',
        'dynamic.test.ts',
        'helper.test.ts',
        'multiline.test.ts',
        'opens.test.ts',
        'pglite.test.ts',
      ]);
      expect(unitTestFiles(root)).toContain('packages/p/src/pure.test.ts');
      expect(missingFromPgRun(root)).toEqual([]);
    });

    it('fails the check for a database test file outside the PostgreSQL list', () => {
      // Left out of the list given to Vitest.
      const list = pgTestFiles(root).filter((f) => !f.endsWith('/direct.test.ts'));
      expect(missingFromPgRun(root, list)).toEqual([`${m}/direct.test.ts`]);
      // Reaches the harness in a way the import scan cannot follow: the name-based detector still catches it.
      write(`${m}/hidden.test.ts`, "const path = '../../test/harness.js';\nconst h = await import(path);\nawait h.createTestApp();\n");
      try {
        expect(pgTestFiles(root)).not.toContain(`${m}/hidden.test.ts`);
        expect(missingFromPgRun(root)).toEqual([`${m}/hidden.test.ts`]);
      } finally {
        rmSync(join(root, m, 'hidden.test.ts'));
      }
    });
  });
});
