import { ErrorResponse, LiveSummary } from '@backroom/contracts';
import fp from 'fastify-plugin';
import { decodeJwt } from 'jose';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { App } from '../../lib/types.js';
import { type LiveBus, redisLiveBus } from './bus.js';
import { LiveHub } from './hub.js';
import { LIVE_CHANNEL, liveSummary } from './service.js';

const errors = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const tags = ['live'];

/** A stream with no news sends a comment this often, so proxies keep it open (ms). */
const HEARTBEAT_MS = 15_000;
/** A stream gets a fresh summary at least this often even without news: "right now" figures age (ms). */
const REFRESH_MS = 30_000;
/** The client waits this long before reconnecting after a lost stream (ms; the SSE `retry` field). */
const RETRY_MS = 2000;

/** Options of the live routes: how to LISTEN to the database's notices (db/client.ts `Database.listen`). */
interface LiveOptions {
  listen: Database['listen'];
}

/**
 * Live view (issue 17 item 5, route website.live-view, scope `live_view`): GET /api/live/summary and the
 * Server-Sent Events stream GET /api/live/stream. How a copy of the server hears that a store changed:
 * - without REDIS_URL: storefront events and orders of a store raise a PostgreSQL NOTIFY (migration `live_notify`,
 *   statement triggers, sent at commit, so every write path is covered), which every server copy LISTENs to;
 * - with REDIS_URL: Redis pub/sub (bus.ts), for deployments where LISTEN is not available (a transaction pooler) —
 *   the copy that recorded storefront events (a 2xx POST /api/storefront/events, hook below) or an order
 *   (`app.shopEvents` order.created / order.paid / order.refunded, raised after the commit) publishes the store id
 *   and every copy hears it. Writes made outside the app (SQL scripts) are then seen at the streams' 30 s refresh.
 * Either way a stream on any copy hears a shopper's click on any other; the hub (hub.ts) then reads one summary per
 * store. Registered with fastify-plugin so its onResponse hook sees the storefront's routes.
 */
async function liveRoutes(app: App, opts: LiveOptions) {
  const guard = app.guard({ scope: 'live_view' });
  const hub = new LiveHub(
    (storeId) => liveSummary(app.db, storeId),
    (err) => app.log.error({ err }, 'live summary failed'),
  );
  let unlisten: (() => Promise<void>) | null = null;
  const bus: LiveBus | null = app.config.redisUrl ? redisLiveBus(app.config.redisUrl, `${app.config.redisKeyPrefix}live`, app.log) : null;
  if (bus) {
    app.addHook('onResponse', async (req, reply) => {
      if (req.method === 'POST' && reply.statusCode < 300 && req.routeOptions.url === '/api/storefront/events' && req.storefront) {
        bus.publish(req.storefront.id);
      }
    });
    app.shopEvents.on((e) => {
      if (e.type === 'order.created' || e.type === 'order.paid' || e.type === 'order.refunded') bus.publish(e.storeId);
    });
  }
  /** Open streams, ended when the app closes (an open response would hold the server's close forever). */
  const open = new Set<() => void>();
  app.addHook('onReady', async () => {
    if (bus) await bus.subscribe((storeId) => hub.touch(storeId));
    else unlisten = await opts.listen(LIVE_CHANNEL, (storeId) => hub.touch(storeId));
  });
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
    hub.close();
    bus?.close();
    await unlisten?.();
  });

  /** GET /api/live/summary → LiveSummary of the session's store (X-Store-Id). */
  app.get(
    '/api/live/summary',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Live view figures of the shop right now and today',
        operationId: 'getLiveSummary',
        response: { 200: LiveSummary, ...errors },
      },
    },
    async (req) => liveSummary(app.db, req.auth.storeId),
  );

  /**
   * GET /api/live/stream → `text/event-stream`: at once a `summary` event (id = increasing number, data = LiveSummary
   * JSON), then a fresh one within about 200 ms of a storefront event or order of THIS store (never another's), at
   * least every 30 s, and a comment every 15 s. Authorised by the bearer token and X-Store-Id headers like every
   * route (the admin reads it with fetch, not EventSource, which cannot send headers). The stream ends when the
   * access token expires, so a revoked session stops receiving within one token lifetime; the client reconnects
   * with a renewed token and its `Last-Event-ID`, and since every event is the whole state, the fresh summary sent
   * on connect is all it missed.
   */
  app.get(
    '/api/live/stream',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Live view figures as Server-Sent Events',
        description: 'Events `summary` with a LiveSummary JSON as data; honours Last-Event-ID by sending the current state at once.',
        operationId: 'streamLiveSummary',
        // The id of the last event a client saw, as the Last-Event-ID header (EventSource, fetch readers) or as a query
        // parameter (Mercure's convention, for clients that reconnect by URL). Every event being the whole state, it
        // only tells how old the client's figures are: the current summary is sent at once either way.
        querystring: z.object({
          lastEventId: z
            .string()
            .regex(/^\d{1,20}$/, 'must be the id of an earlier event')
            .optional(),
        }),
        response: { 200: z.string().meta({ description: 'text/event-stream of `summary` events' }), ...errors },
      },
    },
    async (req, reply) => {
      const storeId = req.auth.storeId;
      const token = (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
      let expMs = Date.now() + 15 * 60_000;
      try {
        const { exp } = decodeJwt(token);
        if (typeof exp === 'number') expMs = Math.min(expMs, exp * 1000);
      } catch {
        // the guard verified the token; an unreadable exp keeps the 15-minute bound
      }
      const first = await liveSummary(app.db, storeId);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-store, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      const send = (summary: LiveSummary, id: string) => {
        res.write(`id: ${id}\nevent: summary\ndata: ${JSON.stringify(summary)}\n\n`);
      };
      res.write(`retry: ${RETRY_MS}\n\n`);
      send(first, hub.nextId());
      const unsubscribe = hub.subscribe(storeId, send);
      const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
      const refresh = setInterval(() => hub.touch(storeId), REFRESH_MS);
      const expiry = setTimeout(() => res.end(), Math.max(0, expMs - Date.now()));
      const stop = () => {
        open.delete(end);
        unsubscribe();
        clearInterval(heartbeat);
        clearInterval(refresh);
        clearTimeout(expiry);
      };
      const end = () => {
        stop();
        res.end();
      };
      open.add(end);
      res.on('close', stop);
    },
  );
}

export default fp(liveRoutes, { name: 'live' });
