import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** How long the app waits for the Redis subscription when it starts before going on without it (ms). */
const SUBSCRIBE_WAIT_MS = 2000;

/**
 * The live view's notices between server copies through Redis pub/sub (issue 17 item 5, "Redis pub/sub when
 * REDIS_URL is set"): `publish(storeId)` says that something of that store changed (a storefront event, an order);
 * every copy's `subscribe` callback hears it, this one included. The payload is the store id only. Two dedicated
 * connections (a subscribing connection can do nothing else); ioredis reconnects and subscribes again by itself.
 * A publish while Redis is away is dropped (the streams still refresh every 30 s). `close` ends both connections.
 */
export interface LiveBus {
  publish(storeId: string): void;
  subscribe(onNotice: (storeId: string) => void): Promise<void>;
  close(): void;
}

/** A LiveBus on the Redis at `url`, channel `channel` (the app's REDIS_KEY_PREFIX + `live`). */
export function redisLiveBus(url: string, channel: string, log: FastifyBaseLogger): LiveBus {
  const options = { connectTimeout: 2000, maxRetriesPerRequest: 1 };
  const pub = new Redis(url, { ...options, enableOfflineQueue: false });
  const sub = new Redis(url, options);
  let down = false;
  const onError = (err: Error) => {
    if (down) return;
    down = true;
    log.warn({ err }, 'live view: Redis unreachable, notices between server copies paused');
  };
  for (const c of [pub, sub]) {
    c.on('error', onError);
    c.on('ready', () => {
      down = false;
    });
  }
  return {
    publish(storeId) {
      pub.publish(channel, storeId).catch((err: unknown) => log.debug({ err }, 'live view: notice not published'));
    },
    async subscribe(onNotice) {
      sub.on('message', (ch: string, storeId: string) => {
        if (ch === channel) onNotice(storeId);
      });
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        sub.subscribe(channel).catch((err: unknown) => log.warn({ err }, 'live view: Redis subscription failed')),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, SUBSCRIBE_WAIT_MS);
        }),
      ]);
      clearTimeout(timer);
    },
    close() {
      pub.disconnect();
      sub.disconnect();
    },
  };
}
