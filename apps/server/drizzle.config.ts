import { defineConfig } from 'drizzle-kit';

/** `npm run db:generate` writes a new SQL migration from the schema files after a schema change. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/*.ts',
  out: './src/db/migrations',
});
