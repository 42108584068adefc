/**
 * The one rate-limit helper of the server (issue 15 "one rate-limit helper"), on `rate-limiter-flexible`. A route
 * builds its limiters once from `app.limiter(...)` and calls `consume(key)` per request; past the limit it throws
 * 429 `Too many {what}, please try again in {n} seconds`.
 *
 * Storage: in memory, per process (`memoryLimiters`). Every limiter is made through a `LimiterFactory` that
 * `buildApp` decorates onto the app, so a Redis-backed factory (`RateLimiterRedis`, same API) can be chosen there
 * when `REDIS_URL` is set, without touching a route.
 */
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { tooMany } from './errors.js';

/** A limit: at most `points` requests per `duration` seconds for one key. */
export interface RateLimitRule {
  points: number;
  /** Window length in seconds. */
  duration: number;
}

/** A named limit as a route asks for it. */
export interface LimiterOptions extends RateLimitRule {
  /** Key prefix naming the limit, unique per app (e.g. 'login-ip'). */
  name: string;
  /** What is being counted, for the 429 message, plural (e.g. 'sign-in attempts'). */
  what: string;
}

/** One limiter: `consume(key)` spends one point of `key` or throws 429. */
export interface Limiter {
  /** Spends a point for `key` (an IP, a user id, a normalised e-mail). Throws HttpError 429 past the limit. */
  consume(key: string): Promise<void>;
}

/** Builds limiters on one storage backend. */
export type LimiterFactory = (opts: LimiterOptions) => Limiter;

/** Wraps a rate-limiter-flexible limiter: its RateLimiterRes rejection becomes our 429 with the seconds to wait. */
export function wrapLimiter(limiter: RateLimiterAbstract, what: string): Limiter {
  return {
    async consume(key) {
      try {
        await limiter.consume(key);
      } catch (e) {
        if (e instanceof RateLimiterRes) throw tooMany(`Too many ${what}, please try again in ${Math.ceil(e.msBeforeNext / 1000)} seconds`);
        throw e;
      }
    },
  };
}

/**
 * The in-memory factory (one process; counts are lost on restart). Scale-out: with several processes, build the
 * limiters with `RateLimiterRedis({ storeClient, keyPrefix, points, duration })` in a factory of the same shape.
 */
export function memoryLimiters(): LimiterFactory {
  return ({ name, what, points, duration }) => wrapLimiter(new RateLimiterMemory({ keyPrefix: name, points, duration }), what);
}
