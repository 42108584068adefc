/**
 * The one rate-limit helper of the server (issue 15 "one rate-limit helper"), on `rate-limiter-flexible`. A route
 * builds its limiters once from `app.limiter(...)` and calls `consume(key)` per request; past the limit it throws
 * 429 `Too many {what}, please try again in {n} seconds`.
 *
 * Storage: in memory, per process (`memoryLimiters`), or — when `REDIS_URL` is set — in Redis, shared by every copy
 * of the server (`redisLimiters`, issue 14 item 2). Every limiter is made through the `LimiterFactory` that
 * `buildApp` decorates onto the app, so routes do not know which.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
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

/** What `Limiter.spend` answers: the points counted for the key in its current window, this one included. */
export interface Spent {
  /** Points counted in the window, the one just spent included (≥ 1). */
  count: number;
  /** True when `count` is past the limit's `points`. */
  over: boolean;
  /** Seconds until the window ends (≥ 1), for a 429's "try again in n seconds". */
  retryAfter: number;
}

/**
 * One limiter: `consume(key)` spends one point of `key` or throws 429. `spend` and `refund` make a reservation that
 * only counts when it turns out to cost (issue 29: a sign-in that succeeds, a checkout that places no order): spend a
 * point first — atomically, in Redis or memory, so racing requests see each other's points — decide on its count,
 * and `refund` it afterwards when the thing counted did not happen.
 */
export interface Limiter {
  /** Spends a point for `key` (an IP, a user id, a normalised e-mail). Throws HttpError 429 past the limit. */
  consume(key: string): Promise<void>;
  /** Spends a point for `key` and never throws for the limit: the caller decides on `over` (and refunds). */
  spend(key: string): Promise<Spent>;
  /** Gives one point spent by `spend` or `consume` back to `key` (no-op if the window has ended meanwhile). */
  refund(key: string): Promise<void>;
}

/** Builds limiters on one storage backend. */
export type LimiterFactory = (opts: LimiterOptions) => Limiter;

/** Wraps a rate-limiter-flexible limiter: its RateLimiterRes rejection becomes our 429 with the seconds to wait. */
export function wrapLimiter(limiter: RateLimiterAbstract, what: string): Limiter {
  const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
  return {
    async spend(key) {
      const res = await limiter.penalty(key, 1);
      return { count: res.consumedPoints, over: res.consumedPoints > limiter.points, retryAfter: seconds(res.msBeforeNext) };
    },
    async refund(key) {
      // A window that ended between spend and refund is not re-opened with -1 (that would grant a point).
      const now = await limiter.get(key);
      if (now && now.consumedPoints > 0 && now.msBeforeNext > 0) await limiter.reward(key, 1);
    },
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

/**
 * The Redis factory (REDIS_URL): counts live in Redis under `rl:{name}:{key}`, so a limit holds across every copy of
 * the server. While Redis is unreachable each limiter falls back at once (`rejectIfRedisNotReady`) to its insurance
 * limiter in this process's memory — the same points and duration, per process — so a request never fails for it;
 * `watchRedis` logs the switch both ways.
 */
export function redisLimiters(redis: Redis): LimiterFactory {
  return ({ name, what, points, duration }) =>
    wrapLimiter(
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `rl:${name}`,
        points,
        duration,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory({ keyPrefix: `${name}-insurance`, points, duration }),
      }),
      what,
    );
}

/**
 * Logs when the Redis connection is lost (limits fall back to per-process memory) and when it is back, once per
 * change rather than once per failed reconnection attempt.
 */
export function watchRedis(redis: Redis, log: FastifyBaseLogger): void {
  let down = false;
  redis.on('error', (err: Error) => {
    if (down) return;
    down = true;
    log.warn({ err: err.message }, 'Redis is unreachable: rate limits fall back to per-process memory until it is back');
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info('Redis is reachable again: rate limits are shared again');
  });
}
