import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase, rows, sql } from './client.js';

const base = process.env.TEST_DATABASE_URL;

/** Two copies of the server starting at once on one PostgreSQL database (issue 14 item 2). */
describe.skipIf(!base)('migrations on PostgreSQL', () => {
  it('two copies opening a new database at once both come up, and each migration is applied once', async () => {
    const name = `backroom_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(base!);
    url.pathname = `/${name}`;
    try {
      const [a, b] = await Promise.all([
        openDatabase({ url: url.toString(), poolSize: 2 }),
        openDatabase({ url: url.toString(), poolSize: 2 }),
      ]);
      const applied = await rows<{ hash: string; n: number }>(
        a.db,
        sql`select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash`,
      );
      expect(applied.length).toBeGreaterThan(5);
      expect(applied.every((r) => r.n === 1)).toBe(true);
      const [users] = await rows<{ n: number }>(b.db, sql`select count(*)::int as n from users`);
      expect(users!.n).toBe(0);
      await Promise.all([a.close(), b.close()]);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
