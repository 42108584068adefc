import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Vitest reporter of issue 28 item 2 ("timing visible") and item 3 (flaky tests named): at the end of a run it writes
 * `.test-timings/<stage>.json` — each test file's time (ms: environment + set-up + import + tests and hooks), its
 * test counts, and every test that passed only on a retry (`flaky`, with its retry count) — and prints the flaky ones
 * by name. `scripts/test-all.mjs` (the README's `npm test`) reads these files for its stage table and the 15
 * slowest files. The stage name is `TEST_STAGE` (default `vitest`); used by both Vitest configs.
 */
export default class TimingReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const root = process.cwd();
    const stage = process.env.TEST_STAGE ?? 'vitest';
    const files = testModules.map((m) => {
      const d = m.diagnostic();
      let passed = 0;
      let failed = 0;
      let skipped = 0;
      for (const t of m.children.allTests()) {
        const state = t.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failed += 1;
        else skipped += 1;
      }
      return {
        file: relative(root, m.moduleId),
        project: m.project.name,
        ms: Math.round(d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration),
        passed,
        failed,
        skipped,
        // A file that failed outside any test (an import or a beforeAll) counts as one failure.
        error: m.state() === 'failed' && failed === 0,
      };
    });
    const flaky = testModules.flatMap((m) =>
      [...m.children.allTests()]
        .filter((t) => t.diagnostic()?.flaky)
        .map((t) => ({ file: relative(root, m.moduleId), name: t.fullName, retries: t.diagnostic()!.retryCount })),
    );
    const dir = join(root, '.test-timings');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${stage}.json`), `${JSON.stringify({ stage, files, flaky }, null, 1)}\n`);
    for (const f of flaky) console.log(`FLAKY (passed after ${f.retries} retr${f.retries === 1 ? 'y' : 'ies'}): ${f.file} › ${f.name}`);
  }
}
