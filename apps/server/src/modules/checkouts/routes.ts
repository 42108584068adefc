import { AbandonedCheckoutsQuery, AbandonedCheckoutsResponse, ErrorResponse } from '@backroom/contracts';
import type { App } from '../../lib/types.js';
import { listAbandonedCheckouts } from './service.js';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/**
 * Abandoned checkouts (issue 12 item 5; spec admin-dashboard §2 website.abandoned, scope `orders` as the route
 * registry gives it): GET /api/checkouts/abandoned?page&limit&search&fromTime&toTime → AbandonedCheckoutsResponse.
 * The storefront records the checkouts (storefront module, POST /api/storefront/checkouts).
 */
export default async function checkoutsRoutes(app: App) {
  /** The store's abandoned checkouts, newest first, with their cart, e-mail and recovery link. */
  app.get(
    '/api/checkouts/abandoned',
    {
      preHandler: app.guard({ scope: 'orders' }),
      schema: {
        summary: 'A page of abandoned checkouts',
        operationId: 'listAbandonedCheckouts',
        tags: ['checkouts'],
        querystring: AbandonedCheckoutsQuery,
        response: { 200: AbandonedCheckoutsResponse, ...errors },
      },
    },
    async (req) => listAbandonedCheckouts(app.db, app.config, req.auth.storeId, req.query),
  );
}
