import {
  CheckoutToken,
  ErrorResponse,
  PostPurchaseBody,
  StorefrontBootstrap,
  StorefrontCartQuote,
  StorefrontCartQuoteBody,
  StorefrontCheckoutBody,
  StorefrontCheckoutDraft,
  StorefrontCheckoutDraftBody,
  StorefrontCollectionResponse,
  StorefrontCollectionsQuery,
  StorefrontCollectionsResponse,
  StorefrontEventsBody,
  StorefrontEventsResponse,
  StorefrontOrder,
  StorefrontPage,
  StorefrontProduct,
  StorefrontProductsQuery,
  StorefrontProductsResponse,
  StorefrontRecoveredCheckout,
} from '@backroom/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { notFound, tooMany } from '../../lib/errors.js';
import type { App } from '../../lib/types.js';
import { sendOrderConfirmation } from '../orders/index.js';
import { checkoutClient } from '../pixels/index.js';
import { customJsOf, getPublishedPage, loadBootstrap } from './bootstrap.js';
import { getOrder, placeTestOrder, quoteCart, recoverCheckout, saveCheckoutDraft, takePostPurchaseOffer } from './checkout.js';
import type { StorefrontStore } from './host.js';
import { getCollection, getProduct, listCollections, listProducts, recordEvents } from './service.js';

/** Event batches allowed per IP: 120 a minute (one batch every 2 s per open tab is 30). */
export const EVENTS_LIMIT_PER_IP = { points: 120, duration: 60 };
/** Test checkouts allowed per IP, placed or failed: 20 a minute. */
export const CHECKOUT_LIMIT_PER_IP = { points: 20, duration: 60 };
/**
 * Failed checkouts allowed per IP (409 out of stock or discount used up, 400, 404 …): 10 per 10 minutes (issue 29
 * item 2: failures are bounded per address, so they cannot be spent against the shop's limit instead).
 */
export const CHECKOUT_FAILURES_PER_IP = { points: 10, duration: 10 * 60 };
/**
 * Test orders PLACED per shop, whatever the IPs: 30 a minute (issue 14 item 5: rotating IPs placed 25 fake paid
 * orders in a minute; a test-mode shop has no reason to take more). Only orders created count (issue 29 item 2: a
 * flood of failing checkouts from a few addresses refused every real shopper).
 */
export const CHECKOUT_LIMIT_PER_SHOP = { points: 30, duration: 60 };
/**
 * Cart quotes and checkout drafts allowed per IP: 120 a minute (the cart re-prices on every change, the checkout
 * saves the draft as the shopper types, debounced).
 */
export const CART_LIMIT_PER_IP = { points: 120, duration: 60 };

const errors = { 400: ErrorResponse, 404: ErrorResponse, 429: ErrorResponse };
const tags = ['storefront'];
const Handle = z.object({ handle: z.string().min(1).max(255) });
/** GET /api/storefront/shop query: the theme to preview instead of the published one (ignored unless it is this shop's). */
const StorefrontShopQuery = z.object({ preview_theme_id: z.string().max(100).optional() });

/** The request's shop (set by the host routing hook); 404 when the request did not come in on a shop's host. */
function shopOf(req: FastifyRequest): StorefrontStore {
  if (!req.storefront) throw notFound('Store');
  return req.storefront;
}

/**
 * The public storefront API (issue 5 item 5): `/api/storefront/…` on a shop's host only, no session, the shop
 * from `Host`. It exposes only what a shopper may see: published products, collections, published pages, menus,
 * the published theme's config, and accepts events and test-mode checkouts for that shop only.
 */
export default async function storefrontRoutes(app: App) {
  const eventsLimiter = app.limiter({ name: 'sf-events', what: 'requests', ...EVENTS_LIMIT_PER_IP });
  const checkoutLimiter = app.limiter({ name: 'sf-checkout', what: 'requests', ...CHECKOUT_LIMIT_PER_IP });
  const checkoutFailures = app.limiter({ name: 'sf-checkout-fail', what: 'failed checkouts', ...CHECKOUT_FAILURES_PER_IP });
  const shopOrders = app.limiter({ name: 'sf-checkout-shop-orders', what: 'orders', ...CHECKOUT_LIMIT_PER_SHOP });
  const cartLimiter = app.limiter({ name: 'sf-cart', what: 'requests', ...CART_LIMIT_PER_IP });

  /**
   * The shop, its published theme (config filled with defaults), menus and the admin origin of the preview bridge.
   * `?preview_theme_id=` shows another theme of THIS shop instead (issue 9 item 1); a foreign id is ignored.
   */
  app.get(
    '/api/storefront/shop',
    {
      schema: {
        summary: 'The shop of this storefront host with its published theme',
        operationId: 'getStorefrontShop',
        tags,
        querystring: StorefrontShopQuery,
        response: { 200: StorefrontBootstrap, ...errors },
      },
    },
    async (req) => loadBootstrap(app.db, app.config, shopOf(req), { previewThemeId: req.query.preview_theme_id }),
  );

  /** Published products as cards: of a collection (handle), by title search, sorted, paged (1-based). */
  app.get(
    '/api/storefront/products',
    {
      schema: {
        summary: 'Published products of the shop',
        operationId: 'listStorefrontProducts',
        tags,
        querystring: StorefrontProductsQuery,
        response: { 200: StorefrontProductsResponse, ...errors },
      },
    },
    async (req) => listProducts(app.db, shopOf(req).id, req.query),
  );

  /** One published product by handle, with variants, images and collections. */
  app.get(
    '/api/storefront/products/:handle',
    {
      schema: {
        summary: 'One published product by handle',
        operationId: 'getStorefrontProduct',
        tags,
        params: Handle,
        response: { 200: StorefrontProduct, ...errors },
      },
    },
    async (req) => getProduct(app.db, shopOf(req).id, req.params.handle),
  );

  /** Collections with their published-product counts, by title, paged. */
  app.get(
    '/api/storefront/collections',
    {
      schema: {
        summary: 'Collections of the shop',
        operationId: 'listStorefrontCollections',
        tags,
        querystring: StorefrontCollectionsQuery,
        response: { 200: StorefrontCollectionsResponse, ...errors },
      },
    },
    async (req) => listCollections(app.db, shopOf(req).id, req.query),
  );

  /** One collection by handle. */
  app.get(
    '/api/storefront/collections/:handle',
    {
      schema: {
        summary: 'One collection by handle with its products',
        operationId: 'getStorefrontCollection',
        tags,
        params: Handle,
        response: { 200: StorefrontCollectionResponse, ...errors },
      },
    },
    async (req) => getCollection(app.db, shopOf(req).id, req.params.handle),
  );

  /** One published page by handle (shipping and return policy pages of the product page, footer links). */
  app.get(
    '/api/storefront/pages/:handle',
    {
      schema: {
        summary: 'One page by handle',
        operationId: 'getStorefrontPage',
        tags,
        params: Handle,
        response: { 200: StorefrontPage, ...errors },
      },
    },
    async (req) => {
      const page = await getPublishedPage(app.db, shopOf(req).id, req.params.handle);
      if (!page) throw notFound('Page');
      return page;
    },
  );

  /** Shopper events, batched; only for this Host's shop; rate-limited per IP. */
  app.post(
    '/api/storefront/events',
    {
      bodyLimit: 64 * 1024,
      schema: {
        summary: 'Record visitor events (views, cart, checkout)',
        operationId: 'recordStorefrontEvents',
        tags,
        body: StorefrontEventsBody,
        response: { 200: StorefrontEventsResponse, ...errors },
      },
    },
    async (req) => {
      const shop = shopOf(req);
      await eventsLimiter.consume(req.ip);
      return { accepted: await recordEvents(app.db, shop.id, req.body) };
    },
  );

  /**
   * Test-mode checkout: a paid order, its stock taken and a `purchased` event in one transaction; answers the
   * order. 409 OUT_OF_STOCK when a "deny" variant has fewer units left than asked, 409 when a discount code was
   * used up by a racing checkout; 429 past CHECKOUT_LIMIT_PER_IP (every attempt) or CHECKOUT_FAILURES_PER_IP (failed
   * attempts) for the caller's IP, or CHECKOUT_LIMIT_PER_SHOP (orders placed) for the shop. The failure and the
   * order are each counted before the attempt (a reservation, atomic in memory or Redis, so racing checkouts see
   * each other) and given back when they do not happen: a placed order gives back the failure, a failed attempt the
   * order (issue 29 item 2).
   */
  app.post(
    '/api/storefront/checkout',
    {
      schema: {
        summary: 'Place a test-mode order',
        operationId: 'placeStorefrontOrder',
        tags,
        body: StorefrontCheckoutBody,
        response: { 200: StorefrontOrder, ...errors, 409: ErrorResponse },
      },
    },
    async (req) => {
      const shop = shopOf(req);
      await checkoutLimiter.consume(req.ip);
      const failed = await checkoutFailures.spend(req.ip);
      if (failed.over) {
        await checkoutFailures.refund(req.ip);
        throw tooMany(`Too many failed checkouts from your network, please try again in ${failed.retryAfter} seconds`);
      }
      const placed = await shopOrders.spend(shop.id);
      if (placed.over) {
        await Promise.all([checkoutFailures.refund(req.ip), shopOrders.refund(shop.id)]);
        throw tooMany(`This shop is taking too many orders right now, please try again in ${placed.retryAfter} seconds`);
      }
      let order: Awaited<ReturnType<typeof placeTestOrder>>;
      try {
        order = await placeTestOrder(app.db, app.config, shop, req.body);
      } catch (err) {
        await shopOrders.refund(shop.id);
        throw err;
      }
      await checkoutFailures.refund(req.ip);
      // The order confirmation (issue 12 item 7) is queued after the commit without holding the answer back.
      void sendOrderConfirmation(app.db, app.jobs, req.log, shop.id, order.id);
      app.shopEvents.emit({ type: 'order.created', storeId: shop.id, orderId: order.id, client: checkoutClient(req) });
      return order;
    },
  );

  /**
   * The cart priced by the server with the typed discount code and the automatic discounts (issue 12 item 6); a code
   * that does not apply is explained in `discountCodeError`. Rate-limited per IP (CART_LIMIT_PER_IP).
   */
  app.post(
    '/api/storefront/cart/quote',
    {
      schema: {
        summary: 'Price a cart with its discounts',
        operationId: 'quoteStorefrontCart',
        tags,
        body: StorefrontCartQuoteBody,
        response: { 200: StorefrontCartQuote, ...errors },
      },
    },
    async (req) => {
      const shop = shopOf(req);
      await cartLimiter.consume(req.ip);
      return quoteCart(app.db, shop, req.body);
    },
  );

  /**
   * Records the checkout the shopper is filling in once an e-mail is entered, or updates it with its token (issue 12
   * item 5: a checkout with an e-mail and no order after the delay is abandoned). Answers the token.
   */
  app.post(
    '/api/storefront/checkouts',
    {
      schema: {
        summary: 'Record the checkout being filled in',
        operationId: 'saveStorefrontCheckout',
        tags,
        body: StorefrontCheckoutDraftBody,
        response: { 200: StorefrontCheckoutDraft, ...errors },
      },
    },
    async (req) => {
      const shop = shopOf(req);
      await cartLimiter.consume(req.ip);
      return saveCheckoutDraft(app.db, shop, req.body);
    },
  );

  /** The cart of a checkout by its token: the recovery link restores it (issue 12 item 5). 404 for an unknown token. */
  app.get(
    '/api/storefront/checkouts/:token',
    {
      schema: {
        summary: 'The cart of a checkout, to recover it',
        operationId: 'recoverStorefrontCheckout',
        tags,
        params: z.object({ token: CheckoutToken }),
        response: { 200: StorefrontRecoveredCheckout, ...errors },
      },
    },
    async (req) => recoverCheckout(app.db, shopOf(req), req.params.token),
  );

  /** A placed order for its thank-you page, with the token the checkout answered. */
  app.get(
    '/api/storefront/orders/:id',
    {
      schema: {
        summary: 'A placed order for its thank-you page',
        operationId: 'getStorefrontOrder',
        tags,
        params: z.object({ id: z.uuid() }),
        querystring: z.object({ token: z.string().max(64) }),
        response: { 200: StorefrontOrder, ...errors },
      },
    },
    async (req) => getOrder(app.db, app.config, shopOf(req).id, req.params.id, req.query.token),
  );

  /**
   * One-click post-purchase offer on the thank-you page (issue 18 item 1): `{token, offerId, variantId}` → the order
   * with the new line, charged to the same test-mode payment (rules in checkout.ts `takePostPurchaseOffer`).
   * Rate-limited as checkouts are (CHECKOUT_LIMIT_PER_IP).
   */
  app.post(
    '/api/storefront/orders/:id/post-purchase',
    {
      schema: {
        summary: 'Take a post-purchase offer into a paid order',
        operationId: 'takeStorefrontPostPurchaseOffer',
        tags,
        params: z.object({ id: z.uuid() }),
        body: PostPurchaseBody,
        response: { 200: StorefrontOrder, ...errors, 409: ErrorResponse },
      },
    },
    async (req) => {
      const shop = shopOf(req);
      await checkoutLimiter.consume(req.ip);
      return takePostPurchaseOffer(app.db, app.config, shop, req.params.id, req.body);
    },
  );

  /**
   * The merchant's checkout customJs of the published theme as a script (theme-editor §3 Checkout). The storefront
   * loads it only on the public site, never in the preview; it is served from the shop's origin only.
   */
  app.get('/api/storefront/custom.js', { schema: { tags, hide: true } }, async (req, reply) => {
    const shop = shopOf(req);
    // Defence in depth: a page opened as an editor preview (`?preview=1`) never gets the merchant's script.
    const fromPreview = /[?&]preview=1(&|$)/.test(String(req.headers.referer ?? ''));
    const js = fromPreview ? '' : await customJsOf(app.db, app.config, shop);
    reply.header('cache-control', 'no-cache');
    return reply.type('text/javascript; charset=utf-8').send(js);
  });
}
