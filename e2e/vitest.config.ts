import { defineConfig } from 'vitest/config';

/**
 * End-to-end tests: each file starts the real server in-process on a free port (PGlite in memory, or a fresh
 * PostgreSQL database when TEST_DATABASE_URL is set) with the demo store, and drives its own Debian Chromium.
 * Files run in parallel workers (issue 28 item 1): every file has its own server, database, data folder and browser,
 * so they share nothing. `E2E_WORKERS` overrides the count (default 2: on the 2-core CI machine two files keep both
 * cores busy — one waits on Chromium while the other's server works; more only queue for the CPU).
 * No retry: a test that needs one is a flaky test to fix (issue 28 item 3).
 */
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    environment: 'node',
    fileParallelism: true,
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
    reporters: ['default', './scripts/timing-reporter.ts'],
    // The migrated template database, built once before the workers start (not once per worker on a cold cache).
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
