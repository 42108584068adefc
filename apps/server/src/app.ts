import { existsSync } from 'node:fs';
import { join } from 'node:path';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { errorHandler, frameworkErrors, refuseBadText, refuseNulInUrl } from './lib/error-handler.js';
import { guardFirst, makeGuard, trackRoutes } from './lib/guard.js';
import { lazyRequestLogger, withRedaction } from './lib/log.js';
import { defineMailJob } from './lib/mail.js';
import { openapiOptions, slashAliases } from './lib/openapi.js';
import { memoryLimiters, redisLimiters, watchRedis } from './lib/rate-limit.js';
import { carriesCredentials, securityHeaders } from './lib/security-headers.js';
import { makeSerializerCompiler } from './lib/serializer.js';
import { createShopEvents } from './lib/shop-events.js';
import type { App } from './lib/types.js';
import { accountRoutes } from './modules/account/index.js';
import { analyticsRoutes } from './modules/analytics/index.js';
import { authRoutes } from './modules/auth/index.js';
import { bulkUpdatesRoutes } from './modules/bulk-updates/index.js';
import { cacheRoutes, memoryPageCache, redisPageCache } from './modules/cache/index.js';
import { catalogRoutes } from './modules/catalog/index.js';
import { checkoutsRoutes } from './modules/checkouts/index.js';
import { collectionsRoutes } from './modules/collections/index.js';
import { customStoresRoutes } from './modules/custom-stores/index.js';
import { customersRoutes } from './modules/customers/index.js';
import { dashboardRoutes } from './modules/dashboard/index.js';
import { designsRoutes } from './modules/designs/index.js';
import { discountsRoutes } from './modules/discounts/index.js';
import { domainsRoutes } from './modules/domains/index.js';
import { feedsRoutes } from './modules/feeds/index.js';
import { inventoryRoutes } from './modules/inventory/index.js';
import { createJobRunner, jobsRoutes } from './modules/jobs/index.js';
import { liveRoutes } from './modules/live/index.js';
import { mediaRoutes } from './modules/media/index.js';
import { menusRoutes } from './modules/menus/index.js';
import { notificationsRoutes } from './modules/notifications/index.js';
import { ordersRoutes } from './modules/orders/index.js';
import { pagesRoutes } from './modules/pages/index.js';
import { payoutRoutes } from './modules/payout/index.js';
import { personalizesRoutes } from './modules/personalizes/index.js';
import { pixelsRoutes } from './modules/pixels/index.js';
import { podCatalogRoutes } from './modules/pod-catalog/index.js';
import { productOptionsRoutes } from './modules/product-options/index.js';
import { reportsRoutes } from './modules/reports/index.js';
import { reviewsRoutes } from './modules/reviews/index.js';
import { searchRoutes } from './modules/search/index.js';
import { sizeChartsRoutes } from './modules/size-charts/index.js';
import { staffRoutes } from './modules/staff/index.js';
import { storefrontHost } from './modules/storefront/index.js';
import { onboardingRoutes, storesRoutes } from './modules/stores/index.js';
import { themesRoutes } from './modules/themes/index.js';
import { upsellRoutes } from './modules/upsell/index.js';
import { adminStatic } from './modules/web/index.js';
import { widgetsRoutes } from './modules/widgets/index.js';

export type { App } from './lib/types.js';

/**
 * Request logging (issue 14 item 1): Fastify's default writes two synchronous `info` lines per request (incoming,
 * completed), which cost more than a guarded read's own work. Here a request is logged once, when it completes, at
 * `debug` (LOG_LEVEL=debug shows it); a request that errored still logs at `error`.
 */
class RequestLogAtDebug extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ req, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.debug({ req, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Pino options or false; tests pass false. Redaction of secrets is always added (lib/log.ts). */
  logger?: boolean | Record<string, unknown>;
  /** Serve the built admin/storefront from these folders (defaults to apps/x/dist when present). */
  adminDist?: string;
}

/**
 * Builds the whole HTTP app (API, admin SPA, storefront) without listening: `main.ts` listens, tests use
 * `app.inject`. Every error answers `{statusCode, code, messages}` (spec admin-dashboard §8).
 */
export async function buildApp(opts: BuildAppOptions): Promise<App> {
  const { config, database } = opts;
  // Trailing-slash collection routes answer at their slashless path too, the path the OpenAPI document lists (issue
  // 29 item 6; lib/openapi.ts slashAliases).
  const aliases = slashAliases();
  const app = Fastify({
    rewriteUrl: (req) => aliases.rewrite(req.method ?? 'GET', req.url ?? '/'),
    logger: withRedaction(opts.logger),
    logController: new RequestLogAtDebug(),
    // Each request's pino child is made only when the request writes a line at an enabled level (lib/log.ts).
    childLoggerFactory: lazyRequestLogger,
    // X-Forwarded-For is believed only from the configured proxies (TRUST_PROXY); otherwise any client could
    // pick the IP that the per-IP limits and the security history see (issue 14 item 5).
    trustProxy: config.trustProxy.length ? config.trustProxy : false,
    frameworkErrors,
    bodyLimit: 5 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Answers are written by fast-json-stringify from each route's zod schema; outside production zod checks them too.
  app.setSerializerCompiler(makeSerializerCompiler({ checked: !config.production }));
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('dbKind', database.kind);
  // On the embedded database (one process) the guard remembers its rows until a write to them is announced.
  const guard = await makeGuard(config, database.db, database.kind === 'pglite' ? database : undefined);
  app.decorate('guard', guard);
  app.addHook('onClose', () => guard.stop());
  // Rate limits: in Redis when REDIS_URL is set (shared by every copy; per-process memory while Redis is down),
  // else in this process's memory (lib/rate-limit.ts). Commands fail fast while disconnected (no offline queue).
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, {
        keyPrefix: config.redisKeyPrefix,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        connectTimeout: 2000,
      })
    : null;
  if (redis) {
    watchRedis(redis, app.log);
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
  }
  app.decorate('limiter', redis ? redisLimiters(redis) : memoryLimiters());
  // Background jobs: pg-boss on PostgreSQL, in-process on PGlite (modules/jobs). Started once every module has
  // defined its job types (onReady), stopped before the database closes.
  const jobs = createJobRunner({ db: database.db, databaseUrl: database.url, concurrency: config.jobsConcurrency, log: app.log });
  app.decorate('jobs', jobs);
  defineMailJob(jobs, config, app.log);
  app.decorate('shopEvents', createShopEvents(app.log));
  // The storefront page cache (issue 18 item 5): shared through Redis when configured, else this process's memory.
  app.decorate('pageCache', redis ? redisPageCache(redis, app.log) : memoryPageCache());
  app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', () => jobs.stop());
  trackRoutes(app);
  aliases.track(app);
  guardFirst(app);
  app.decorateRequest('auth', null as never);

  app.setErrorHandler(errorHandler);
  // Malformed input never reaches PostgreSQL: a NUL in the URL, or a NUL or lone surrogate in any string of a body or
  // query, answers 400 (issue 14 item 5, issue 29 item 3). Both run at preValidation, after the guards (onRequest,
  // see guardFirst), so authorisation still comes first.
  app.addHook('preValidation', refuseNulInUrl);
  app.addHook('preValidation', refuseBadText);
  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send({ statusCode: 404, code: 'NOT_FOUND', messages: [`Route ${req.method} ${req.url.split('?')[0]} not found`] });
  });

  const headers = securityHeaders({
    // The admin is served from this origin; Mantine injects inline styles and the theme editor frames the
    // storefront origin (http://{shop}.{STOREFRONT_SUFFIX}). The storefront module sets its own policy.
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'http:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", `http://*.${config.storefrontSuffix}:*`, `https://*.${config.storefrontSuffix}`, 'http:', 'https:'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  // The JSON API's answers are never rendered as documents, so they get the OWASP REST set instead of the page set:
  // a CSP that allows nothing (and no framing), nosniff, HSTS, no referrer, and the same resource policy — 6 headers
  // instead of 12 on every call (issue 14 item 1: `/api/health` ≥ 50 % of bare Fastify). The API docs UI (HTML) under
  // /api/docs keeps the page set.
  const apiHeaders: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'strict-transport-security': headers['strict-transport-security']!,
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': headers['cross-origin-resource-policy']!,
    'x-frame-options': 'DENY',
  };
  // Computed once above; the storefront's own onRequest hook (registered later) replaces CSP and frame options.
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(req.url.startsWith('/api/') && !req.url.startsWith('/api/docs') ? apiHeaders : headers);
    // Authenticated answers are never stored by a browser or a proxy (issue 29 item 8).
    if (carriesCredentials(req.headers)) reply.header('cache-control', 'no-store');
    done();
  });
  // HTML and JSON (and other text) answers over 1 KiB are compressed on the fly for clients that accept it: br
  // before gzip, none for `identity` or no Accept-Encoding; `vary: accept-encoding` is added. Built files are sent
  // precompressed instead (modules/web, storefront plugin), and keep their encoding (issue 16 item 2).
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(multipart, { limits: { fileSize: 64 * 1024 * 1024, files: 1 } });
  await app.register(swagger, openapiOptions(config, aliases));
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  app.get('/api/health', { schema: { hide: true } }, async () => ({ ok: true, db: database.kind }));

  await app.register(authRoutes);
  await app.register(storesRoutes);
  await app.register(dashboardRoutes);
  await app.register(analyticsRoutes);
  await app.register(catalogRoutes);
  await app.register(collectionsRoutes);
  await app.register(bulkUpdatesRoutes);
  await app.register(inventoryRoutes);
  await app.register(feedsRoutes);
  await app.register(accountRoutes);
  await app.register(staffRoutes);
  await app.register(themesRoutes);
  await app.register(mediaRoutes);
  await app.register(pagesRoutes);
  await app.register(jobsRoutes);
  await app.register(liveRoutes, { listen: database.listen });
  await app.register(pixelsRoutes);
  await app.register(widgetsRoutes);
  await app.register(customStoresRoutes);
  await app.register(ordersRoutes);
  await app.register(customersRoutes);
  await app.register(discountsRoutes);
  await app.register(checkoutsRoutes);
  await app.register(menusRoutes);
  await app.register(domainsRoutes);
  await app.register(personalizesRoutes);
  await app.register(onboardingRoutes);
  await app.register(payoutRoutes);
  await app.register(productOptionsRoutes);
  await app.register(sizeChartsRoutes);
  await app.register(reviewsRoutes);
  await app.register(podCatalogRoutes);
  await app.register(designsRoutes);
  await app.register(notificationsRoutes);
  await app.register(cacheRoutes);
  await app.register(searchRoutes);
  await app.register(reportsRoutes);
  await app.register(upsellRoutes);

  await app.register(storefrontHost);
  const adminDist = opts.adminDist ?? join(import.meta.dirname, '../../admin/dist');
  await app.register(adminStatic, { root: existsSync(adminDist) ? adminDist : null });
  return app as App;
}
