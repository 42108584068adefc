import {
  ErrorResponse,
  IdParams,
  OkResponse,
  StorefrontOfferEventsBody,
  StorefrontOffersQuery,
  StorefrontOffersResponse,
  UpsellOffer,
  UpsellOfferBody,
  UpsellOfferList,
  UpsellOfferStats,
} from '@backroom/contracts';
import { notFound } from '../../lib/errors.js';
import type { App } from '../../lib/types.js';
import {
  createOffer,
  deleteOffer,
  getOffer,
  listOffers,
  offerStats,
  productsOfVariants,
  recordOfferEvents,
  storefrontOffers,
  updateOffer,
} from './service.js';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const tags = ['upsell'];
/** Offer view/add batches allowed per IP: 60 a minute (a page sends one batch). */
export const OFFER_EVENTS_LIMIT_PER_IP = { points: 60, duration: 60 };

/**
 * Boost UpSell (issue 18 item 1, route website.upsell, scope `discounts` as the admin route registry gives it):
 * GET/POST /api/upsell/offers, GET/PUT/DELETE /api/upsell/offers/{id}, GET /api/upsell/offers/{id}/stats; and on a
 * shop's host GET /api/storefront/upsell/offers (what the storefront shows) and POST /api/storefront/upsell/events
 * (views and adds). The checkout and the post-purchase route live in modules/storefront and price through this
 * module's index.
 */
export default async function upsellRoutes(app: App) {
  const guard = app.guard({ scope: 'discounts' });
  const eventsLimiter = app.limiter({ name: 'sf-upsell-events', what: 'requests', ...OFFER_EVENTS_LIMIT_PER_IP });

  /** GET /api/upsell/offers → {offers}: every offer with status and counters (views, adds, orders, revenue, conversion). */
  app.get(
    '/api/upsell/offers',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'The Boost UpSell offers of the shop',
        operationId: 'listUpsellOffers',
        response: { 200: UpsellOfferList, ...errors },
      },
    },
    async (req) => ({ offers: await listOffers(app.db, req.auth.storeId) }),
  );

  /** POST /api/upsell/offers (UpsellOfferBody) → 201 UpsellOffer; 400 naming the field (also a foreign product or collection). */
  app.post(
    '/api/upsell/offers',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Create a Boost UpSell offer',
        operationId: 'createUpsellOffer',
        body: UpsellOfferBody,
        response: { 201: UpsellOffer, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await createOffer(app.db, req.auth.storeId, req.body)),
  );

  /** GET /api/upsell/offers/{id} → UpsellOffer; 404 unless this shop's. */
  app.get(
    '/api/upsell/offers/:id',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'One Boost UpSell offer',
        operationId: 'getUpsellOffer',
        params: IdParams,
        response: { 200: UpsellOffer, ...errors },
      },
    },
    async (req) => getOffer(app.db, req.auth.storeId, req.params.id),
  );

  /** PUT /api/upsell/offers/{id} (UpsellOfferBody) → UpsellOffer (counters kept); 404 unless this shop's. */
  app.put(
    '/api/upsell/offers/:id',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Replace a Boost UpSell offer',
        operationId: 'updateUpsellOffer',
        params: IdParams,
        body: UpsellOfferBody,
        response: { 200: UpsellOffer, ...errors },
      },
    },
    async (req) => updateOffer(app.db, req.auth.storeId, req.params.id, req.body),
  );

  /** DELETE /api/upsell/offers/{id} → {ok: true}; 404 unless this shop's. */
  app.delete(
    '/api/upsell/offers/:id',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Delete a Boost UpSell offer',
        operationId: 'deleteUpsellOffer',
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (req) => {
      await deleteOffer(app.db, req.auth.storeId, req.params.id);
      return { ok: true as const };
    },
  );

  /** GET /api/upsell/offers/{id}/stats → totals and per-UTC-day counters; 404 unless this shop's. */
  app.get(
    '/api/upsell/offers/:id/stats',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Views, adds, orders and revenue of a Boost UpSell offer',
        operationId: 'getUpsellOfferStats',
        params: IdParams,
        response: { 200: UpsellOfferStats, ...errors },
      },
    },
    async (req) => offerStats(app.db, req.auth.storeId, req.params.id),
  );

  /** GET /api/storefront/upsell/offers?productIds=a,b&variantIds=c&type= on a shop's host → {offers} the products trigger, server-priced. */
  app.get(
    '/api/storefront/upsell/offers',
    {
      schema: {
        tags: ['storefront'],
        summary: 'Boost UpSell offers for the products on a storefront page',
        operationId: 'getStorefrontUpsellOffers',
        querystring: StorefrontOffersQuery,
        response: { 200: StorefrontOffersResponse, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (req) => {
      if (!req.storefront) throw notFound('Store');
      const { productIds, variantIds, type } = req.query;
      return {
        offers: await storefrontOffers(
          app.db,
          req.storefront.id,
          [...productIds, ...(await productsOfVariants(app.db, req.storefront.id, variantIds))],
          type,
        ),
      };
    },
  );

  /** POST /api/storefront/upsell/events ({events: [{offerId, type: view | add}]}) → {ok}; per IP OFFER_EVENTS_LIMIT_PER_IP. */
  app.post(
    '/api/storefront/upsell/events',
    {
      schema: {
        tags: ['storefront'],
        summary: 'Count views and adds of Boost UpSell offers',
        operationId: 'recordStorefrontUpsellEvents',
        body: StorefrontOfferEventsBody,
        response: { 200: OkResponse, 400: ErrorResponse, 404: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (req) => {
      if (!req.storefront) throw notFound('Store');
      await eventsLimiter.consume(req.ip);
      await recordOfferEvents(app.db, req.storefront.id, req.body);
      return { ok: true as const };
    },
  );
}
