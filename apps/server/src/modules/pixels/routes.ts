import { ErrorResponse, IdParams, OkResponse, Pixel, PixelBody, PixelListResponse, StorefrontPixel } from '@backroom/contracts';
import { z } from 'zod';
import { notFound } from '../../lib/errors.js';
import type { CheckoutClient } from '../../lib/shop-events.js';
import type { App } from '../../lib/types.js';
import { type CapiResult, capiPixels, loadPurchaseOrder, purchaseEvent, sendCapiEvents } from './capi.js';
import { createPixel, deletePixel, listPixels, storefrontPixels, updatePixel } from './service.js';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const tags = ['pixels'];
/** The job that sends one order's Purchase to one Meta pixel's Conversions API. */
export const META_CAPI_JOB = 'pixels.meta-capi';

/** Payload of a `pixels.meta-capi` job: which order, which pixel (row id), and the checkout's browser. */
interface CapiPayload {
  orderId: string;
  pixel: string;
  client?: CheckoutClient;
}

/**
 * Ad pixels (issue 17 item 6, route website.pixel.sharePixel, scope `report`): GET/POST /api/pixels,
 * PUT/DELETE /api/pixels/{id}; and GET /api/storefront/pixels on a shop's host (what its storefront loads).
 */
export default async function pixelsRoutes(app: App) {
  const guard = app.guard({ scope: 'report' });

  // Server-side Purchase (issue 17 item 6): each new storefront order is sent to every Meta pixel with a Conversions
  // API token firing on the shop, one job per pixel, retried with backoff (config.metaCapi). The payload carries
  // the shopper's IP and User-Agent, so it is dropped when the job ends; the token is read (and opened) at send time.
  app.jobs.define<CapiPayload, CapiResult & { sent: boolean }>({
    type: META_CAPI_JOB,
    scope: 'report',
    retryLimit: app.config.metaCapi.retryLimit,
    retryDelaySeconds: app.config.metaCapi.retryDelaySeconds,
    timeoutSeconds: 60,
    dropPayload: true,
    async handler(ctx) {
      const { orderId, pixel: pixelRowId, client } = ctx.payload;
      if (!ctx.storeId) return { sent: false, eventsReceived: 0, fbtraceId: null };
      const [pixel] = await capiPixels(app.db, app.config.jwtSecret, ctx.storeId, pixelRowId);
      const order = await loadPurchaseOrder(app.db, ctx.storeId, orderId);
      // The pixel was removed (or its token) or the order deleted since: nothing to send.
      if (!pixel || !order) return { sent: false, eventsReceived: 0, fbtraceId: null };
      const r = await sendCapiEvents(app.config.metaCapi.url, pixel, [purchaseEvent(order, client)]);
      return { sent: true, ...r };
    },
  });

  app.shopEvents.on(async (event) => {
    if (event.type !== 'order.created') return;
    for (const p of await capiPixels(app.db, app.config.jwtSecret, event.storeId)) {
      await app.jobs.enqueue<CapiPayload>(event.storeId, META_CAPI_JOB, { orderId: event.orderId, pixel: p.id, client: event.client });
    }
  });

  /** GET /api/pixels → {pixels, shareableShops}: own pixels, those shared with this shop, shops of the same owner. */
  app.get(
    '/api/pixels',
    {
      preHandler: guard,
      schema: { tags, summary: 'The ad pixels of the shop', operationId: 'listPixels', response: { 200: PixelListResponse, ...errors } },
    },
    async (req) => listPixels(app.db, req.auth.storeId),
  );

  /** POST /api/pixels (PixelBody) → 201 Pixel; 400 naming the field, 409 when the same pixel is already there. */
  app.post(
    '/api/pixels',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Add an ad pixel',
        operationId: 'createPixel',
        body: PixelBody,
        response: { 201: Pixel, ...errors, 409: ErrorResponse },
      },
    },
    async (req, reply) => reply.status(201).send(await createPixel(app.db, app.config, req.auth.storeId, req.body)),
  );

  /** PUT /api/pixels/{id} (PixelBody) → Pixel; 404 unless this shop owns it; 409 on a duplicate. */
  app.put(
    '/api/pixels/:id',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Replace an ad pixel',
        operationId: 'updatePixel',
        params: IdParams,
        body: PixelBody,
        response: { 200: Pixel, ...errors, 409: ErrorResponse },
      },
    },
    async (req) => updatePixel(app.db, app.config, req.auth.storeId, req.params.id, req.body),
  );

  /** DELETE /api/pixels/{id} → {ok: true}; 404 unless this shop owns it. */
  app.delete(
    '/api/pixels/:id',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Delete an ad pixel',
        operationId: 'deletePixel',
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (req) => {
      await deletePixel(app.db, req.auth.storeId, req.params.id);
      return { ok: true as const };
    },
  );

  /** GET /api/storefront/pixels on a shop's host → {pixels}: the tags its storefront loads (never a token). */
  app.get(
    '/api/storefront/pixels',
    {
      schema: {
        tags: ['storefront'],
        summary: 'The ad pixels a storefront loads',
        operationId: 'getStorefrontPixels',
        response: { 200: z.object({ pixels: z.array(StorefrontPixel) }), 404: ErrorResponse },
      },
    },
    async (req) => {
      if (!req.storefront) throw notFound('Store');
      return { pixels: await storefrontPixels(app.db, req.storefront.id) };
    },
  );
}
