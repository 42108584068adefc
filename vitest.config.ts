import { defineConfig } from 'vitest/config';

/**
 * Unit and API tests beside the code. API files each get a fresh in-memory PGlite (or a fresh PostgreSQL
 * database when TEST_DATABASE_URL is set). Admin component tests run in jsdom.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          include: [
            'apps/server/src/**/*.test.ts',
            'packages/*/src/**/*.test.ts',
            'apps/storefront/src/**/*.test.ts',
            'fixtures/*/*.test.ts',
          ],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'admin',
          include: ['apps/admin/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          testTimeout: 20_000,
        },
      },
    ],
  },
});
