/**
 * A local stub of the Telegram Bot API for tests (issue 18 item 4): answers `POST /bot{token}/{method}` like
 * Telegram (`{ok, result}` / `{ok: false, error_code, description}`), records every call, holds `getUpdates` until
 * an update is pushed (or 200 ms), and lets a test script the next answers of a method (a 502, a 403 …).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One recorded call: the method and its JSON parameters. */
export interface StubCall {
  method: string;
  params: Record<string, unknown>;
}

/** A scripted answer: HTTP status and the body Telegram would send. */
interface Scripted {
  status: number;
  body: unknown;
}

/** The running stub. */
export interface BotStub {
  /** Base URL to use as TELEGRAM_API_URL. */
  url: string;
  calls: StubCall[];
  /** The next call of `method` answers this instead of success (queued: several calls script several answers). */
  failNext(method: string, status: number, description: string): void;
  /** Queues an update for `getUpdates`. */
  pushUpdate(update: object): void;
  /** Waits until `pred` holds for some call (polls every 20 ms; rejects after `timeoutMs`). */
  waitFor(pred: (c: StubCall) => boolean, timeoutMs?: number): Promise<StubCall>;
  close(): Promise<void>;
}

/** Starts the stub on 127.0.0.1 (a free port); the bot's username is `username`. */
export async function startBotStub(username = 'backroom_test_bot'): Promise<BotStub> {
  const calls: StubCall[] = [];
  const scripted = new Map<string, Scripted[]>();
  const updates: object[] = [];
  let nextMessageId = 1;
  let updateId = 1;
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => {
      raw += c.toString();
    });
    req.on('end', () => {
      const method = (req.url ?? '').split('/').pop() ?? '';
      const params = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      calls.push({ method, params });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const next = scripted.get(method)?.shift();
      if (next) return send(next.status, next.body);
      if (method === 'getMe') return send(200, { ok: true, result: { id: 42, is_bot: true, first_name: 'Backroom', username } });
      if (method === 'sendMessage')
        return send(200, {
          ok: true,
          result: { message_id: nextMessageId++, date: 0, chat: { id: params.chat_id, type: 'private' }, text: params.text },
        });
      if (method === 'getUpdates') {
        const started = Date.now();
        const tick = () => {
          if (updates.length || Date.now() - started > 200) return send(200, { ok: true, result: updates.splice(0) });
          setTimeout(tick, 10);
        };
        return tick();
      }
      return send(200, { ok: true, result: true });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    failNext(method, status, description) {
      const list = scripted.get(method) ?? [];
      list.push({ status, body: { ok: false, error_code: status, description } });
      scripted.set(method, list);
    },
    pushUpdate(update) {
      updates.push({ update_id: updateId++, ...update });
    },
    async waitFor(pred, timeoutMs = 15_000) {
      const end = Date.now() + timeoutMs;
      for (;;) {
        const hit = calls.find(pred);
        if (hit) return hit;
        if (Date.now() > end) throw new Error(`no matching Bot API call; calls: ${JSON.stringify(calls.map((c) => c.method))}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
