import { ErrorResponse, SearchQuery, SearchResponse } from '@backroom/contracts';
import type { App } from '../../lib/types.js';
import { search } from './service.js';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse };

/**
 * Global search (issue 20 item 1): GET /api/search?q=&types=&limit= → SearchResponse `{q, groups: [{type,
 * results: [{type, id, title, subtitle, path}]}]}`. Any member of the store may call it (guard scope null); what
 * they receive is cut to the types their scopes allow (contracts SEARCH_TYPES), in their store only. 400 for a
 * `q` over 100 characters, an unknown type or a bad limit; 401 without a session; 404 for a store they are not in.
 */
export default async function searchRoutes(app: App) {
  /** The store's orders, products, customers, collections, pages and discounts matching `q`, grouped by type. */
  app.get(
    '/api/search',
    {
      preHandler: app.guard({ scope: null }),
      schema: {
        summary: 'Search orders, products, customers, collections, pages and discounts',
        description:
          'Typo-tolerant prefix and substring search (pg_trgm). Only the types the session may see in this store; q under 2 characters answers no group.',
        operationId: 'search',
        tags: ['search'],
        querystring: SearchQuery,
        response: { 200: SearchResponse, ...errors },
      },
    },
    async (req) => search(app.db, req.auth.storeId, req.auth.membership.scopes, req.query),
  );
}
