/**
 * Leaf module of the server's shared types: the `App` every module receives and the Fastify decorations
 * `buildApp` sets (issue 15: the `App` type lived in app.ts, so every routes.ts imported app.ts, which imports every
 * routes.ts — an import cycle through a type). Imports only types, never a module.
 */
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import type { Database, Db } from '../db/client.js';
import type { GuardOptions } from './guard.js';
import type { Jobs } from './jobs.js';
import type { PageCache } from './page-cache.js';
import type { LimiterFactory } from './rate-limit.js';
import type { ShopEvents } from './shop-events.js';

/** The Fastify instance with the zod type provider, as every module receives it. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    dbKind: Database['kind'];
    /** preHandler factory: `{ preHandler: app.guard({ scope: 'orders' }) }` (see lib/guard.ts). */
    guard: (opts: GuardOptions) => (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Rate limiters of the app's one backend: `app.limiter({ name, what, points, duration })` (see lib/rate-limit.ts). */
    limiter: LimiterFactory;
    /** The job queue: `app.jobs.define(...)` while building, `app.jobs.enqueue(storeId, type, payload)` (see lib/jobs.ts). */
    jobs: Jobs;
    /** Shop events raised after a commit (new order, refund, payout status, storefront change …; lib/shop-events.ts). */
    shopEvents: ShopEvents;
    /** The storefront page cache: rendered HTML by shop, URL and theme version (modules/cache, issue 18 item 5). */
    pageCache: PageCache;
  }
}
