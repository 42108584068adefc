import { randomBytes } from 'node:crypto';
import type { Scope } from '@backroom/contracts';
import pg from 'pg';
import { buildApp } from '../app.js';
import { type Config, testConfig } from '../config.js';
import { type Database, type Db, openDatabase } from '../db/client.js';
import { domains, storeMemberships, storePreferences, stores, users } from '../db/schema/index.js';
import { hashPassword } from '../lib/passwords.js';
import type { App } from '../lib/types.js';
import { databaseUrl, pgliteTemplate, postgresTemplate, whileBusy } from './template.js';

/**
 * A fresh database for one test file, a copy of the migrated template (test/template.ts; issue 28 item 1): in-memory
 * PGlite opened from the template's data-directory tarball, or — when TEST_DATABASE_URL is set — a new PostgreSQL
 * database made with `CREATE DATABASE … TEMPLATE backroom_template_<key>` and dropped by `close()`. Either way no
 * migration runs here. `onQuery` sees the SQL text of every statement.
 *
 * A test file that calls this (or createTestApp, or opens a database itself) is a database test and runs a second
 * time on PostgreSQL: scripts/pg-test-files.mjs finds such files by their imports, and test/pg-list.test.ts checks it.
 */
export async function freshDatabase(o: { onQuery?: (sql: string) => void } = {}): Promise<Database> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return openDatabase({ onQuery: o.onQuery, loadDataDir: await pgliteTemplate(), migrate: false });
  const template = await postgresTemplate(base);
  const name = `backroom_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await whileBusy(admin, `create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ url: databaseUrl(base, name), onQuery: o.onQuery, migrate: false });
  return {
    ...database,
    close: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestContext {
  app: App;
  db: Db;
  config: Config;
  database: Database;
  close(): Promise<void>;
}

/**
 * Builds the app on a fresh database (see freshDatabase) with a test config; call close() in afterAll. The admin
 * SPA is not served unless `adminDist` names a built (or fixture) folder.
 */
export async function createTestApp(over: Partial<Config> = {}, opts: { adminDist?: string } = {}): Promise<TestContext> {
  const database = await freshDatabase();
  const config = testConfig(over);
  const app = await buildApp({ config, database, logger: false, adminDist: opts.adminDist ?? '/nonexistent' });
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

let counter = 0;
/** Creates a user with a known password (default 'password-123'). */
export async function makeUser(db: Db, o: { email?: string; password?: string; firstName?: string; lastName?: string } = {}) {
  counter += 1;
  const email = (o.email ?? `user${counter}-${randomBytes(3).toString('hex')}@example.test`).toLowerCase();
  const password = o.password ?? 'password-123';
  const [u] = await db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(password),
      firstName: o.firstName ?? 'Test',
      lastName: o.lastName ?? `User${counter}`,
    })
    .returning();
  return { ...u!, password };
}

/** Creates a store with its system domain row and preferences, owned by `ownerId` when given. */
export async function makeStore(
  db: Db,
  config: Config,
  o: { ownerId?: string; name?: string; handle?: string; timezone?: string; businessType?: string; homeHtml?: string } = {},
) {
  counter += 1;
  const handle = o.handle ?? `shop${counter}${randomBytes(2).toString('hex')}`;
  const [s] = await db
    .insert(stores)
    .values({ handle, name: o.name ?? `Shop ${counter}` })
    .returning();
  await db.insert(domains).values({ storeId: s!.id, host: `${handle}.${config.storefrontSuffix}`, domainType: 'SystemDefault' });
  await db.insert(storePreferences).values({
    storeId: s!.id,
    standardTimezone: o.timezone ?? 'America/Los_Angeles',
    businessType: o.businessType ?? 'other',
    homeHtml: o.homeHtml ?? '',
  });
  if (o.ownerId) await db.insert(storeMemberships).values({ storeId: s!.id, userId: o.ownerId, isStoreOwner: true, scopes: [] });
  return s!;
}

/** Adds a staff membership with the given scopes. */
export async function addMember(db: Db, storeId: string, userId: string, scopes: Scope[], o: { admin?: boolean } = {}) {
  await db.insert(storeMemberships).values({ storeId, userId, scopes, isStoreAdmin: !!o.admin });
}

/** Signs in through the API and returns the tokens plus ready-made headers for `storeId`. */
export async function login(app: App, email: string, password: string, storeId?: string) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { accessToken: string; refreshToken: string; storeId: string | null };
  const sid = storeId ?? body.storeId ?? '';
  return { ...body, headers: { authorization: `Bearer ${body.accessToken}`, 'x-store-id': sid } };
}
