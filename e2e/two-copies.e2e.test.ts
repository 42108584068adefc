import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Config, loadConfig } from '../apps/server/src/config.js';
import { type Database, openDatabase } from '../apps/server/src/db/client.js';
import { outboxDir, readOutbox } from '../apps/server/src/lib/mail.js';
import { addMember, makeStore, makeUser } from '../apps/server/src/test/harness.js';

/**
 * Two copies of the server on one PostgreSQL and one Redis (issue 14 item 2, "Running several copies" in README):
 * two real processes (`apps/server/src/main.ts`, as `npm start` runs it) started at the same moment on a NEW
 * database, so their migrations meet (advisory lock), sharing `JWT_SECRET`, `REDIS_URL` and the data folder like two
 * copies behind a load balancer. Proves: a token pair issued by one copy works on the other (access and refresh); a
 * sign-out on one is refused by the other on the very next request, for a whole session (logout) and for one shop
 * ("Sign out of this shop"); the sign-in limit per e-mail is one limit across both; a mail queued by one copy's
 * request is delivered by the shared job queue and its link works on the other copy.
 *
 * Needs TEST_DATABASE_URL (a PostgreSQL where it may create a database) and REDIS_TEST_URL, as `.ci/run` sets them;
 * skipped with a printed reason when either is absent.
 */
const PG = process.env.TEST_DATABASE_URL;
const REDIS = process.env.REDIS_TEST_URL;
const skip = !PG ? 'TEST_DATABASE_URL is not set' : !REDIS ? 'REDIS_TEST_URL is not set' : '';
if (skip) console.log(`two-copies.e2e.test.ts skipped: ${skip}`);

const ROOT = join(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

interface Copy {
  name: string;
  url: string;
  proc: ChildProcess;
  output: string[];
}

/** Starts one copy of the server (`node --import tsx apps/server/src/main.ts`) with `env` on its own port. */
async function startCopy(name: string, env: Record<string, string>): Promise<Copy> {
  const port = await freePort();
  const output: string[] = [];
  const proc = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'apps/server/src/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
  proc.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
  return { name, url: `http://127.0.0.1:${port}`, proc, output };
}

/** Waits until the copy answers `GET /api/health` (it migrated and listens); throws with its output when it died. */
async function ready(copy: Copy, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (copy.proc.exitCode !== null) throw new Error(`copy ${copy.name} exited ${copy.proc.exitCode}:\n${copy.output.join('')}`);
    try {
      if ((await fetch(`${copy.url}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > until) throw new Error(`copy ${copy.name} not ready after ${timeoutMs} ms:\n${copy.output.join('')}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Stops a copy with SIGTERM (graceful shutdown of main.ts) and waits for its exit. */
async function stopCopy(copy: Copy): Promise<void> {
  if (copy.proc.exitCode !== null) return;
  const exited = new Promise((r) => copy.proc.once('exit', r));
  copy.proc.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  if (copy.proc.exitCode === null) copy.proc.kill('SIGKILL');
}

/** A JSON request to a copy; answers the status and the parsed body. */
async function call(
  copy: Copy,
  method: string,
  path: string,
  o: { token?: string; storeId?: string; body?: unknown } = {},
  // biome-ignore lint/suspicious/noExplicitAny: answers of many routes, read field by field by the tests
): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = {};
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (o.storeId) headers['x-store-id'] = o.storeId;
  if (o.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${copy.url}${path}`, { method, headers, body: o.body === undefined ? undefined : JSON.stringify(o.body) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

describe.skipIf(!!skip)('two copies of the server on one PostgreSQL and one Redis', () => {
  const dbName = `backroom_two_${randomBytes(6).toString('hex')}`;
  const prefix = `backroom-two-${randomBytes(4).toString('hex')}:`;
  const dataDir = mkdtempSync(join(tmpdir(), 'backroom-two-copies-'));
  let a: Copy;
  let b: Copy;
  let database: Database;
  /** The copies' config, as each reads it from the shared environment. */
  let config: Config;
  let storeId: string;
  let owner: { email: string; password: string };
  let staff: { id: string; email: string; password: string };

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: PG });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(PG!);
    url.pathname = `/${dbName}`;
    const env = {
      DATABASE_URL: url.toString(),
      REDIS_URL: REDIS!,
      REDIS_KEY_PREFIX: prefix,
      JWT_SECRET: randomBytes(32).toString('hex'),
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      DATABASE_POOL_SIZE: '4',
      JOBS_CONCURRENCY: '1',
    };
    // Both at once on an empty database: their migrations run in turn under the advisory lock.
    [a, b] = await Promise.all([startCopy('A', env), startCopy('B', env)]);
    await Promise.all([ready(a), ready(b)]);
    config = loadConfig(env, { persistSecret: false });
    database = await openDatabase({ url: url.toString(), poolSize: 2 });
    const o = await makeUser(database.db);
    owner = o;
    const s = await makeStore(database.db, config, { ownerId: o.id, name: 'Two Copies Shop' });
    storeId = s.id;
    const m = await makeUser(database.db);
    await addMember(database.db, storeId, m.id, ['orders']);
    staff = m;
  });

  afterAll(async () => {
    await Promise.all([a && stopCopy(a), b && stopCopy(b)]);
    await database?.close();
    if (PG) {
      const admin = new pg.Client({ connectionString: PG });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
    // The Redis keys under `prefix` are rate-limit counters: they expire with their window.
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('both copies started together on one new database and migrated once', async () => {
    const c = new pg.Client({ connectionString: database.url });
    await c.connect();
    try {
      const journal = JSON.parse(readFileSync(join(ROOT, 'apps/server/src/db/migrations/meta/_journal.json'), 'utf8')) as {
        entries: unknown[];
      };
      const { rows } = await c.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
      // Every migration recorded exactly once: the copy that waited for the lock found them applied.
      expect(rows[0]!.n).toBe(journal.entries.length);
    } finally {
      await c.end();
    }
    expect((await call(a, 'GET', '/api/health')).status).toBe(200);
    expect((await call(b, 'GET', '/api/health')).status).toBe(200);
  });

  it('a token pair issued by one copy works on the other, and a sign-out on one is refused by the other at once', async () => {
    const signIn = await call(a, 'POST', '/api/auth/login', { body: { email: owner.email, password: owner.password } });
    expect(signIn.status).toBe(200);
    const { accessToken, refreshToken } = signIn.body as { accessToken: string; refreshToken: string };
    const me = await call(b, 'GET', '/api/users/me', { token: accessToken, storeId });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(owner.email);
    // The refresh token from A renews on B; the new pair works on A; the spent one is refused on A.
    const renewed = await call(b, 'POST', '/api/auth/refresh', { body: { refreshToken } });
    expect(renewed.status).toBe(200);
    expect((await call(a, 'GET', '/api/users/me', { token: renewed.body.accessToken, storeId })).status).toBe(200);
    // Sign out on B; the very next request on A with the same access token is refused.
    expect((await call(b, 'POST', '/api/auth/logout', { token: renewed.body.accessToken, body: {} })).status).toBe(200);
    const after = await call(a, 'GET', '/api/users/me', { token: renewed.body.accessToken, storeId });
    expect(after.status).toBe(401);
    expect(after.body.messages).toEqual(expect.any(Array));
    expect(after.body.messages.length).toBeGreaterThan(0);
  });

  it('"Sign out of this shop" on one copy is refused by the other on the next request', async () => {
    const own = await call(a, 'POST', '/api/auth/login', { body: { email: owner.email, password: owner.password } });
    const mem = await call(b, 'POST', '/api/auth/login', { body: { email: staff.email, password: staff.password } });
    expect(mem.status).toBe(200);
    const token = mem.body.accessToken as string;
    expect((await call(a, 'GET', '/api/orders/count', { token, storeId })).status).toBe(200);
    expect((await call(b, 'GET', '/api/orders/count', { token, storeId })).status).toBe(200);
    const revoke = await call(a, 'DELETE', `/api/users/logout-staff-account/${staff.id}`, { token: own.body.accessToken, storeId });
    expect(revoke.status).toBe(200);
    const refused = await call(b, 'GET', '/api/orders/count', { token, storeId });
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('STORE_SIGNED_OUT');
    expect((await call(a, 'GET', '/api/orders/count', { token, storeId })).status).toBe(401);
  });

  it('the sign-in limit per e-mail and address is one limit across both copies (Redis)', async () => {
    const email = `limited-${randomBytes(3).toString('hex')}@example.test`;
    const tries: number[] = [];
    // LOGIN_FAILURES_PER_ACCOUNT_AND_IP: 10 per 15 minutes. Five wrong passwords on each copy use it up.
    for (let i = 0; i < 10; i++)
      tries.push((await call(i % 2 ? b : a, 'POST', '/api/auth/login', { body: { email, password: 'wrong-pass' } })).status);
    expect(tries).toEqual(Array(10).fill(401));
    for (const copy of [a, b]) {
      const res = await call(copy, 'POST', '/api/auth/login', { body: { email, password: 'wrong-pass' } });
      expect(res.status).toBe(429);
      expect(res.body.messages[0]).toMatch(/^Too many failed sign-ins to this account from your network, please try again in \d+ seconds$/);
    }
  });

  it('a mail queued by a request on one copy is delivered by the shared job queue, and its link works on the other', async () => {
    const u = await makeUser(database.db);
    expect((await call(a, 'POST', '/api/auth/forgot', { body: { email: u.email } })).status).toBe(200);
    // Both copies write the outbox of the shared data folder: whichever ran the job, the mail is there.
    const mail = await vi.waitFor(
      async () => {
        const m = (await readOutbox(outboxDir(config))).find((x) => x.to === u.email);
        if (!m) throw new Error('no mail yet');
        return m;
      },
      { timeout: 30_000, interval: 200 },
    );
    const token = new URL(mail.links[0]!).searchParams.get('token')!;
    expect((await call(b, 'POST', '/api/auth/reset', { body: { token, password: 'chosen-on-b' } })).status).toBe(200);
    expect((await call(a, 'POST', '/api/auth/login', { body: { email: u.email, password: 'chosen-on-b' } })).status).toBe(200);
  });
});
