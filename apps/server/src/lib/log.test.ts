import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { LazyRequestLogger, lazyRequestLogger } from './log.js';

/** A Fastify app whose pino logger writes its lines into `lines` (parsed), with lazy request loggers. */
async function appWithLines(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      cb();
    },
  });
  const app = Fastify({ logger: { level, stream }, childLoggerFactory: lazyRequestLogger });
  const own = (l: Record<string, unknown>) => !['incoming request', 'request completed'].includes(String(l.msg));
  return {
    app,
    lines: {
      get mine() {
        return lines.filter(own);
      },
    },
  };
}

describe('lazy request logger', () => {
  it('writes a line at an enabled level with the request id bound', async () => {
    const { app, lines } = await appWithLines('info');
    app.get('/x', async (req) => {
      expect(req.log).toBeInstanceOf(LazyRequestLogger);
      req.log.debug('hidden');
      req.log.info({ n: 1 }, 'shown');
      req.log.child({ part: 'a' }).warn('from a child');
      return { ok: true };
    });
    expect((await app.inject({ url: '/x' })).statusCode).toBe(200);
    expect(lines.mine.map((l) => l.msg)).toEqual(['shown', 'from a child']);
    expect(lines.mine[0]).toMatchObject({ level: 30, n: 1, reqId: 'req-1' });
    expect(lines.mine[1]).toMatchObject({ level: 40, reqId: 'req-1', part: 'a' });
    await app.close();
  });

  it('makes the pino child only when a line is written at an enabled level', async () => {
    const { app } = await appWithLines('info');
    await app.ready();
    let made = 0;
    const parent = new Proxy(app.log, {
      get: (target, key, receiver) =>
        key === 'child'
          ? (...args: Parameters<typeof target.child>) => {
              made++;
              return target.child(...args);
            }
          : Reflect.get(target, key, receiver),
    });
    const log = lazyRequestLogger(parent, { reqId: 'r' }, {});
    log.debug('hidden');
    log.trace('hidden');
    expect(made).toBe(0);
    log.info('shown');
    log.error('shown too');
    expect(made).toBe(1);
    await app.close();
  });

  it('reports the level and follows a level set on the request', async () => {
    const { app, lines } = await appWithLines('warn');
    app.get('/x', async (req) => {
      expect(req.log.level).toBe('warn');
      expect((req.log as unknown as LazyRequestLogger).isLevelEnabled('info')).toBe(false);
      req.log.info('before');
      req.log.level = 'debug';
      expect(req.log.level).toBe('debug');
      req.log.debug('after');
      return { ok: true };
    });
    await app.inject({ url: '/x' });
    expect(lines.mine.map((l) => l.msg)).toEqual(['after']);
    await app.close();
  });
});

describe('lazy request logger with logging off', () => {
  it('hands out the null logger itself, so requests of an app without a logger log nothing and never throw', async () => {
    const app = Fastify({ logger: false, childLoggerFactory: lazyRequestLogger });
    app.get('/x', async (req) => {
      req.log.debug('nothing');
      req.log.error('nothing either');
      return { lazy: req.log instanceof LazyRequestLogger };
    });
    const r = await app.inject({ url: '/x' });
    expect(r.json()).toEqual({ lazy: false });
    await app.close();
  });
});
