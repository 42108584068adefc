import { ErrorResponse, ProductFeedsResponse } from '@backroom/contracts';
import type { App } from '../../lib/types.js';
import { googleFeed, storefrontOrigin } from './service.js';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/**
 * Product feeds (issue 13 item 9, route website.product-feeds, scope `products`): GET /api/product-feeds describes
 * the shop's Google Merchant feed (its public address `{storefront origin}/feeds/google.xml`, items, products and
 * problems). The feed itself is served on the storefront origin by the storefront module (`serveGoogleFeed`).
 */
export default async function feedsRoutes(app: App) {
  /** GET /api/product-feeds → {feeds: [{channel: 'google', name, url, items, products, issues}]}. */
  app.get(
    '/api/product-feeds',
    {
      preHandler: app.guard({ scope: 'products' }),
      schema: {
        summary: "The shop's product feeds",
        operationId: 'listProductFeeds',
        tags: ['catalog'],
        response: { 200: ProductFeedsResponse, ...errors },
      },
    },
    async (req) => {
      const origin = await storefrontOrigin(app.db, app.config, req.auth.storeId);
      const feed = await googleFeed(app.db, req.auth.storeId, origin);
      return {
        feeds: [
          {
            channel: 'google' as const,
            name: 'Google Merchant Center',
            url: `${origin}/feeds/google.xml`,
            items: feed.items,
            products: feed.products,
            issues: feed.issues,
          },
        ],
      };
    },
  );
}
