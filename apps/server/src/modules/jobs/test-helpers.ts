import { isJobFinished, type Job } from '@backroom/contracts';
import type { App } from '../../lib/types.js';

/**
 * Polls `GET /api/jobs/{id}` with `headers` (a member's bearer token and X-Store-Id) every 50 ms until the job is
 * completed or failed, and answers it. Throws when it is not finished within `timeoutMs` (default 20 s) or the
 * route answers anything but 200.
 */
export async function waitForJob(app: App, headers: Record<string, string>, id: string, timeoutMs = 20_000): Promise<Job> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await app.inject({ method: 'GET', url: `/api/jobs/${id}`, headers });
    if (res.statusCode !== 200) throw new Error(`GET /api/jobs/${id}: ${res.statusCode} ${res.body}`);
    const job = res.json() as Job;
    if (isJobFinished(job)) return job;
    if (Date.now() > until) throw new Error(`job ${id} still ${job.state} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** An inject-like answer: status, parsed body. */
interface Answer {
  statusCode: number;
  // biome-ignore lint/suspicious/noExplicitAny: the same loose type as light-my-request's json(), so tests read fields
  json(): any;
  body: string;
}

/**
 * For routes that answer 202 with a Job (e.g. POST /api/products/import): waits for the job and answers what the
 * synchronous route would have — 200 with the job's result when completed, 400 `{messages: [error]}` when failed.
 * Any other answer (400, 403, 413…) is passed through unchanged.
 */
export async function settleJob(app: App, headers: Record<string, string>, res: Answer): Promise<Answer> {
  if (res.statusCode !== 202) return res;
  const job = await waitForJob(app, headers, (res.json() as Job).id, 240_000);
  const body = job.state === 'completed' ? job.result : { statusCode: 400, code: 'JOB_FAILED', messages: job.error ? [job.error] : [] };
  const text = JSON.stringify(body);
  return { statusCode: job.state === 'completed' ? 200 : 400, json: () => JSON.parse(text), body: text };
}
