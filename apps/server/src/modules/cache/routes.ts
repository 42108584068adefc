import { CachePurge, CachePurgeBody, CachePurgeList, ErrorResponse } from '@backroom/contracts';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { App } from '../../lib/types.js';
import { listPurges, purge, purgeFor, type RoutePurges, shopHosts, staleAfterOrder, toPaths } from './service.js';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const tags = ['cache'];

/**
 * Clear Cache Urls (issue 18 item 5, route website.clearCacheUrls, scope `products` as the registry gives it):
 * POST /api/cache/purge ({urls} of this shop, ≤ CACHE_PURGE_MAX_URLS, or {all: true}) and GET /api/cache/purges.
 * Registered unencapsulated (fastify-plugin) for its `onSend` hook: every successful admin write of a route that
 * declares `config: { purges }` (catalog, menus, pages, theme, theme-config; service.ts `RoutePurges`) purges the
 * storefront pages it affects (`purgeFor`) before the answer leaves;
 * a storefront order purges the pages whose stock it moved (`staleAfterOrder`; not listed among the purges).
 */
async function cacheRoutes(app: App) {
  const guard = app.guard({ scope: 'products' });

  // onSend, not onResponse: the purge is done before the merchant gets the answer, so a storefront reload right
  // after a save never meets the old page (read-your-writes). A failed purge is logged; the save still answers.
  // Every answer passes here; one with nothing to purge goes on synchronously, with no promise (issue 14 item 1).
  app.addHook('onSend', (req, reply, payload, done) => {
    const kind = req.routeOptions.config?.purges;
    const storeId = req.auth?.storeId;
    if (!kind || reply.statusCode >= 300 || !storeId) return done(null, payload);
    purgeAfterSave(req, storeId, kind).then(() => done(null, payload));
  });

  /** Purges what a successful save of `kind` made stale; never rejects (a failure is logged). */
  const purgeAfterSave = async (req: FastifyRequest, storeId: string, kind: RoutePurges) => {
    const hit = await purgeFor(app.db, storeId, kind, req.params as { themeId?: string }).catch((err: unknown) => {
      req.log.error({ err }, 'automatic cache purge: reading what changed failed');
      return { source: 'theme' as const, target: 'all' as const };
    });
    if (!hit) return;
    await purge(app.db, app.config, app.pageCache, storeId, hit.target, hit.source, null).catch((err: unknown) =>
      req.log.error({ err }, 'automatic cache purge failed'),
    );
  };

  app.shopEvents.on(async (event) => {
    if (event.type !== 'order.created') return;
    const target = await staleAfterOrder(app.db, event.storeId, event.orderId);
    if (target.length) await app.pageCache.purge(event.storeId, target);
  });

  /** POST /api/cache/purge (CachePurgeBody) → CachePurge; 400 for a URL of another shop or over the limit. */
  app.post(
    '/api/cache/purge',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: "Purge the storefront's cached pages (chosen URLs or all)",
        operationId: 'purgeCache',
        body: CachePurgeBody,
        response: { 200: CachePurge, ...errors },
      },
    },
    async (req) => {
      const { storeId, userId } = req.auth;
      const target = req.body.all ? 'all' : toPaths(req.body.urls ?? [], (await shopHosts(app.db, app.config, storeId)).hosts);
      return purge(app.db, app.config, app.pageCache, storeId, target, 'manual', userId);
    },
  );

  /** GET /api/cache/purges → {purges (newest first), origin (the shop's storefront origin)}. */
  app.get(
    '/api/cache/purges',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'The last storefront cache purges',
        operationId: 'listCachePurges',
        response: { 200: CachePurgeList, ...errors },
      },
    },
    async (req) => ({
      purges: await listPurges(app.db, req.auth.storeId),
      origin: (await shopHosts(app.db, app.config, req.auth.storeId)).origin,
    }),
  );
}

export default fp(cacheRoutes, { name: 'cache' });
