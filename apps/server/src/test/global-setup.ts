import { pgliteTemplateFile, postgresTemplate } from './template.js';

/**
 * Vitest global set-up of the `node` project (vitest.config.ts): builds the migrated template database once, before
 * the workers start, so two workers never build it side by side (issue 28 item 1; test/template.ts). On PGlite it is
 * usually already cached from an earlier run; on PostgreSQL (TEST_DATABASE_URL) it is kept on the server.
 */
export default async function setup(): Promise<void> {
  const base = process.env.TEST_DATABASE_URL;
  if (base) await postgresTemplate(base);
  else await pgliteTemplateFile();
}
