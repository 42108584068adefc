import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Job } from '@backroom/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobFiles, jobs } from '../../db/schema/index.js';
import { badRequest } from '../../lib/errors.js';
import { addMember, createTestApp, login, makeStore, makeUser, type TestContext } from '../../test/harness.js';
import { createJobRunner, waitForJob } from './index.js';

/**
 * The job queue (issue 14 item 2) through its public API and routes: pg-boss when the suite runs on PostgreSQL
 * (TEST_DATABASE_URL), the in-process runner on PGlite; the in-process runner's resume on start on either engine.
 */
let t: TestContext;
let storeId: string;
let owner: Awaited<ReturnType<typeof login>>;
let productsStaff: Awaited<ReturnType<typeof login>>;
let ordersStaff: Awaited<ReturnType<typeof login>>;
let foreigner: Awaited<ReturnType<typeof login>>;

/** A latch a handler waits on, opened by the test. */
function latch() {
  let open!: () => void;
  const opened = new Promise<void>((r) => {
    open = r;
  });
  return { open, opened };
}
const gate = latch();
const calls: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const o = await makeUser(t.db);
  const s = await makeStore(t.db, t.config, { ownerId: o.id });
  storeId = s.id;
  owner = await login(t.app, o.email, o.password, storeId);
  const p = await makeUser(t.db);
  await addMember(t.db, storeId, p.id, ['products']);
  productsStaff = await login(t.app, p.email, p.password, storeId);
  const q = await makeUser(t.db);
  await addMember(t.db, storeId, q.id, ['orders']);
  ordersStaff = await login(t.app, q.email, q.password, storeId);
  const f = await makeUser(t.db);
  const other = await makeStore(t.db, t.config, { ownerId: f.id });
  foreigner = await login(t.app, f.email, f.password, other.id);

  t.app.jobs.define<{ n: number }, { sum: number }>({
    type: 'test.count',
    scope: 'products',
    async handler(ctx) {
      let sum = 0;
      for (let i = 1; i <= ctx.payload.n; i++) {
        sum += i;
        await ctx.reportProgress(i, ctx.payload.n);
        if (i === 2) await gate.opened;
      }
      return { sum };
    },
  });
  t.app.jobs.define<{ key: string; failures: number }, { attempt: number }>({
    type: 'test.flaky',
    scope: 'products',
    retryLimit: 2,
    retryDelaySeconds: 1,
    async handler(ctx) {
      calls[ctx.payload.key] = (calls[ctx.payload.key] ?? 0) + 1;
      if (ctx.attempt <= ctx.payload.failures) throw new Error(`try ${ctx.attempt} failed`);
      return { attempt: ctx.attempt };
    },
  });
  t.app.jobs.define<{ key: string }, never>({
    type: 'test.bad-input',
    scope: 'products',
    retryLimit: 3,
    async handler(ctx) {
      calls[ctx.payload.key] = (calls[ctx.payload.key] ?? 0) + 1;
      throw badRequest('file: the CSV is empty');
    },
  });
  t.app.jobs.define<null, { text: string | null }>({
    type: 'test.file',
    scope: null,
    async handler(ctx) {
      const path = await ctx.inputFile();
      return { text: path ? await readFile(path, 'utf8') : null };
    },
  });
}, 60_000);
afterAll(async () => {
  gate.open();
  await t?.close();
});

const get = (id: string, headers = owner.headers) => t.app.inject({ method: 'GET', url: `/api/jobs/${id}`, headers });

describe('the job queue', () => {
  it('runs on pg-boss with PostgreSQL and in process with PGlite', () => {
    expect(t.app.jobs.backend).toBe(process.env.TEST_DATABASE_URL ? 'pg-boss' : 'in-process');
  });

  it('reports progress while the handler runs, then the result', async () => {
    const id = await t.app.jobs.enqueue(storeId, 'test.count', { n: 4 });
    let seen: Job | null = null;
    for (let i = 0; i < 400 && !seen; i++) {
      const job = get(id).then((r) => r.json() as Job);
      const j = await job;
      if (j.state === 'running' && j.progress.done === 2) seen = j;
      else await new Promise((r) => setTimeout(r, 50));
    }
    expect(seen).toMatchObject({ id, type: 'test.count', state: 'running', progress: { done: 2, total: 4 }, attempts: 1, result: null });
    gate.open();
    const done = await waitForJob(t.app, owner.headers, id);
    expect(done).toMatchObject({ state: 'completed', progress: { done: 4, total: 4 }, result: { sum: 10 }, error: null, attempts: 1 });
    expect(done.finishedAt).not.toBeNull();
  });

  it('retries a failing try with backoff and records the tries', async () => {
    const id = await t.app.jobs.enqueue(storeId, 'test.flaky', { key: 'a', failures: 1 });
    const job = await waitForJob(t.app, owner.headers, id);
    expect(job).toMatchObject({ state: 'completed', result: { attempt: 2 }, attempts: 2, error: null });
    expect(calls.a).toBe(2);
  });

  it('fails the job after the last retry, with the reason', async () => {
    const id = await t.app.jobs.enqueue(storeId, 'test.flaky', { key: 'b', failures: 9 });
    const job = await waitForJob(t.app, owner.headers, id, 30_000);
    expect(job).toMatchObject({ state: 'failed', result: null, attempts: 3, error: 'try 3 failed' });
    expect(calls.b).toBe(3);
  }, 40_000);

  it('fails at once on bad input (an HttpError 4xx), without retrying', async () => {
    const id = await t.app.jobs.enqueue(storeId, 'test.bad-input', { key: 'c' });
    const job = await waitForJob(t.app, owner.headers, id);
    expect(job).toMatchObject({ state: 'failed', attempts: 1, error: 'file: the CSV is empty' });
    await new Promise((r) => setTimeout(r, 1500));
    expect(calls.c).toBe(1);
  });

  it('hands a file to the job through the database and deletes it afterwards', async () => {
    const path = join(t.config.dataDir, 'input.txt');
    const text = 'x'.repeat(2_500_000);
    await writeFile(path, text);
    const id = await t.app.jobs.enqueue(storeId, 'test.file', null, { file: path });
    const job = await waitForJob(t.app, owner.headers, id);
    expect(job.error).toBeNull();
    expect((job.result as { text: string }).text).toBe(text);
    expect(await t.db.select().from(jobFiles).where(eq(jobFiles.jobId, id))).toHaveLength(0);
    const none = await waitForJob(t.app, owner.headers, await t.app.jobs.enqueue(storeId, 'test.file', null));
    expect(none.result).toEqual({ text: null });
  });

  it('refuses an unknown job type', async () => {
    await expect(t.app.jobs.enqueue(storeId, 'test.nope', {})).rejects.toThrow('unknown job type test.nope');
  });
});

describe('GET /api/jobs/{id} and GET /api/jobs', () => {
  let id: string;
  beforeAll(async () => {
    id = await t.app.jobs.enqueue(storeId, 'test.count', { n: 1 });
    await waitForJob(t.app, owner.headers, id);
  });

  it('shows a job to a member holding its scope, 403 without it, 404 to another store', async () => {
    expect((await get(id, productsStaff.headers)).statusCode).toBe(200);
    const denied = await get(id, ordersStaff.headers);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().messages).toEqual(['You do not have access to this page']);
    const foreign = await get(id, foreigner.headers);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().messages).toEqual(['Job not found']);
    expect((await get('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const bad = await get('nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages).toEqual(['params.id: id must be a job id']);
  });

  it('lists the newest jobs of a type, only the types the member may read', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/jobs?type=test.count&limit=1', headers: owner.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((j: Job) => j.id)).toEqual([id]);
    const all = await t.app.inject({ method: 'GET', url: '/api/jobs?limit=50', headers: ordersStaff.headers });
    expect(all.json().items.every((j: Job) => j.type === 'test.file')).toBe(true);
    expect(all.json().items.length).toBeGreaterThan(0);
    const denied = await t.app.inject({ method: 'GET', url: '/api/jobs?type=test.count', headers: ordersStaff.headers });
    expect(denied.statusCode).toBe(403);
    const foreign = await t.app.inject({ method: 'GET', url: '/api/jobs', headers: foreigner.headers });
    expect(foreign.json().items).toEqual([]);
    const bad = await t.app.inject({ method: 'GET', url: '/api/jobs?type=Bad%20Type&limit=51', headers: owner.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages).toEqual([
      'querystring.type: type must be a job type such as catalog.import',
      'querystring.limit: limit must be between 1 and 50',
    ]);
  });
});

describe('the in-process runner (PGlite)', () => {
  it('resumes on start the jobs left queued or running by the previous process', async () => {
    const [queued] = await t.db
      .insert(jobs)
      .values({ storeId, type: 'resume.me', payload: { v: 1 } })
      .returning();
    const [interrupted] = await t.db
      .insert(jobs)
      .values({ storeId, type: 'resume.me', payload: { v: 2 }, state: 'running', attempts: 1 })
      .returning();
    const runner = createJobRunner({ db: t.db, concurrency: 1, log: t.app.log });
    const seen: number[] = [];
    runner.define<{ v: number }, number>({
      type: 'resume.me',
      scope: null,
      async handler(ctx) {
        seen.push(ctx.payload.v);
        return ctx.payload.v * 10;
      },
    });
    await runner.start();
    for (let i = 0; i < 200 && seen.length < 2; i++) await new Promise((r) => setTimeout(r, 25));
    await runner.stop();
    expect(seen).toEqual([1, 2]);
    const rows = await t.db.select().from(jobs).where(eq(jobs.type, 'resume.me'));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(queued!.id)).toMatchObject({ state: 'completed', result: 10, attempts: 1 });
    expect(byId.get(interrupted!.id)).toMatchObject({ state: 'completed', result: 20, attempts: 2 });
  });
});
