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
import type { LimiterFactory } from './rate-limit.js';

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
  }
}
