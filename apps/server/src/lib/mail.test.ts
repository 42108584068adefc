import type { AddressInfo } from 'node:net';
import { and, desc, eq, gte } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobs } from '../db/schema/index.js';
import { createTestApp, login, makeStore, makeUser, type TestContext } from '../test/harness.js';
import { MAIL_JOB } from './mail.js';

/**
 * E-mail through the job queue (issue 14 item 2: "e-mail sending with retries"), against a stub SMTP server
 * (`smtp-server`, the SMTP server library of nodemailer's authors) on a free port: the server refuses the first
 * tries for a recipient with `451` and accepts later ones, or holds its answer, as the test says. Runs on PGlite
 * (in-process runner) and, with TEST_DATABASE_URL, on PostgreSQL (pg-boss): a refused send is retried with the
 * configured backoff, the request that triggers the mail neither waits for SMTP nor fails on it, and a mail that
 * never gets through fails its job with the SMTP error after `MAIL_RETRY_LIMIT` retries.
 */
interface Received {
  to: string[];
  raw: string;
  at: number;
}
const received: Received[] = [];
/** How many more tries of each recipient the stub refuses (451); absent = accept. */
const refuse = new Map<string, number>();
/** Recipients the stub holds for `holdMs` before accepting (an SMTP server that is slow to answer). */
const hold = new Set<string>();
const holdMs = 5000;
const tries = new Map<string, number>();

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onRcptTo(address, _session, cb) {
    const to = address.address.toLowerCase();
    tries.set(to, (tries.get(to) ?? 0) + 1);
    const left = refuse.get(to) ?? 0;
    if (left > 0) {
      refuse.set(to, left - 1);
      const err = Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 });
      cb(err);
      return;
    }
    if (hold.has(to)) setTimeout(() => cb(), holdMs);
    else cb();
  },
  onData(stream, session, cb) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      received.push({
        to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
        raw: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      });
      cb();
    });
  },
});

let t: TestContext;

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}`, mailRetryLimit: 2, mailRetryDelaySeconds: 1 });
  await t.app.ready();
});

afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** The mail the stub accepted for `to`, waited for (retries back off 1 s, 2 s; pg-boss polls every 2 s). */
const mailTo = (to: string) =>
  vi.waitFor(
    () => {
      const m = received.find((r) => r.to.includes(to));
      if (!m) throw new Error(`no mail to ${to} yet`);
      return m;
    },
    { timeout: 30_000, interval: 50 },
  );

/**
 * Waits until the mail job queued at or after `since` (one mail per test, queued after the answer) is finished and
 * answers its row.
 */
const finishedMailJob = (since: Date) =>
  vi.waitFor(
    async () => {
      const [row] = await t.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.type, MAIL_JOB), gte(jobs.createdAt, since)))
        .orderBy(desc(jobs.createdAt))
        .limit(1);
      if (!row) throw new Error('no job yet');
      if (row.state !== 'completed' && row.state !== 'failed') throw new Error(`job still ${row.state}`);
      return row;
    },
    { timeout: 30_000, interval: 100 },
  );

describe('mail through the job queue', () => {
  it('a password reset mail refused twice by SMTP is retried with backoff and delivered; the request did not wait', async () => {
    const u = await makeUser(t.db);
    refuse.set(u.email, 2);
    const since = new Date();
    const started = Date.now();
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/forgot', payload: { email: u.email }, remoteAddress: '203.0.113.21' });
    const answered = Date.now();
    expect(res.statusCode).toBe(200);
    expect(res.json().ok).toBe(true);
    const mail = await mailTo(u.email);
    expect(mail.raw).toMatch(/^Subject: Reset your Backroom password$/m);
    expect(mail.raw).toContain(`${t.config.adminOrigin}/auth/reset?token=`);
    // Three tries: two refused (451), the third accepted; backoff 1 s then 2 s, so ≥ 3 s after the request.
    expect(tries.get(u.email)).toBe(3);
    expect(mail.at - started).toBeGreaterThanOrEqual(3000);
    expect(answered - started).toBeLessThan(mail.at - started);
    const job = await finishedMailJob(since);
    expect(job).toMatchObject({ state: 'completed', attempts: 3, storeId: null, error: null });
    expect(job.result).toEqual({ sentAt: expect.any(String) });
    // The payload held the reset link: gone from the database once the mail is delivered.
    expect(job.payload).toBeNull();
  });

  it('a staff invitation answers at once while the SMTP server is slow, and the mail arrives afterwards', async () => {
    const o = await makeUser(t.db);
    const store = await makeStore(t.db, t.config, { ownerId: o.id, name: 'Slow Mail Shop' });
    const owner = await login(t.app, o.email, o.password, store.id);
    const email = `slow-smtp-${Date.now()}@example.test`;
    hold.add(email);
    const started = Date.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/add-store-staff',
      headers: owner.headers,
      payload: { email, firstName: 'Sam', lastName: 'Slow', scopes: ['orders'] },
    });
    const answeredIn = Date.now() - started;
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ created: true, invited: true });
    expect(res.json().messages).toEqual([`${email} was invited: they will receive an e-mail to choose a password.`]);
    // The SMTP server holds the recipient for 5 s: the answer did not wait for it.
    expect(answeredIn).toBeLessThan(holdMs);
    expect(received.some((r) => r.to.includes(email))).toBe(false);
    const mail = await mailTo(email);
    expect(mail.raw).toMatch(/^Subject: You are invited to Slow Mail Shop on Backroom$/m);
    expect(mail.at - started).toBeGreaterThanOrEqual(holdMs);
  });

  it('a mail SMTP keeps refusing fails its job with the SMTP error after the retries, and the request still succeeded', async () => {
    const u = await makeUser(t.db);
    refuse.set(u.email, 99);
    const since = new Date();
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/forgot', payload: { email: u.email }, remoteAddress: '203.0.113.22' });
    expect(res.statusCode).toBe(200);
    const job = await finishedMailJob(since);
    // MAIL_RETRY_LIMIT 2 here: the first try and two retries, each refused.
    expect(job).toMatchObject({ state: 'failed', attempts: 3, payload: null });
    expect(job.error).toContain('451');
    expect(tries.get(u.email)).toBe(3);
    expect(received.some((r) => r.to.includes(u.email))).toBe(false);
  });
});
