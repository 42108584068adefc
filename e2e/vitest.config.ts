import { defineConfig } from 'vitest/config';

/**
 * End-to-end tests: each file starts the real server in-process on a free port (PGlite in memory, or a fresh
 * PostgreSQL database when TEST_DATABASE_URL is set) with the demo store, and drives Debian's Chromium.
 * Files run one at a time: the machine has two cores.
 */
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
