import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the stub received: its path and parsed JSON body. */
export interface CapiCall {
  path: string;
  body: { data: Record<string, unknown>[]; access_token: string };
}

/** A local stand-in for Meta's Graph API `/{pixel}/events` edge (tests only: nothing leaves the machine). */
export interface CapiStub {
  /** Base URL to put in `config.metaCapi.url`, e.g. http://127.0.0.1:41234/v25.0. */
  url: string;
  calls: CapiCall[];
  /** Queues the statuses of the next answers (then 200 `{events_received: n}` again). */
  answer(...statuses: number[]): void;
  /** Resolves with the first call (past or future) matching `pred`. */
  waitFor(pred: (c: CapiCall) => boolean, timeoutMs?: number): Promise<CapiCall>;
  close(): Promise<void>;
}

const read = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/**
 * Starts the stub on a free loopback port. It records every POST and answers, in order, the statuses given to
 * `answer` (a 5xx/4xx with Graph's `{error: {message}}` body), else 200 `{events_received, fbtrace_id}`.
 */
export async function startCapiStub(): Promise<CapiStub> {
  const calls: CapiCall[] = [];
  const queued: number[] = [];
  const waiters: { pred: (c: CapiCall) => boolean; resolve: (c: CapiCall) => void }[] = [];
  const server = createServer(async (req, res) => {
    const call: CapiCall = { path: req.url ?? '', body: JSON.parse((await read(req)) || '{}') as CapiCall['body'] };
    calls.push(call);
    for (const w of waiters.filter((x) => x.pred(call))) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(call);
    }
    const status = queued.shift() ?? 200;
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify(
        status === 200
          ? { events_received: call.body.data?.length ?? 0, messages: [], fbtrace_id: `trace-${calls.length}` }
          : { error: { message: `stub answered ${status}`, type: 'OAuthException', code: status === 400 ? 100 : 2 } },
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v25.0`,
    calls,
    answer: (...statuses) => {
      queued.push(...statuses);
    },
    waitFor: (pred, timeoutMs = 20_000) => {
      const found = calls.find(pred);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no matching Conversions API call')), timeoutMs);
        waiters.push({
          pred,
          resolve: (c) => {
            clearTimeout(timer);
            resolve(c);
          },
        });
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
