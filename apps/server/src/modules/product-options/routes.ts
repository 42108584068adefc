import {
  ErrorResponse,
  ProductFiltersBody,
  ProductFiltersResponse,
  StorefrontFiltersQuery,
  StorefrontFiltersResponse,
} from '@backroom/contracts';
import { notFound } from '../../lib/errors.js';
import type { App } from '../../lib/types.js';
import { getProductFilters, saveProductFilters, storefrontFilters } from './service.js';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const tags = ['product-options'];

/**
 * Product Options (issue 13 item 6, route website.menufilter — no role in spec §2, so any member of the store):
 * GET/PUT /api/product-options; and the storefront's GET /api/storefront/filters on a shop's host.
 */
export default async function productOptionsRoutes(app: App) {
  const guard = app.guard({ scope: null });

  /** GET /api/product-options → {filters in order, options the products use}. */
  app.get(
    '/api/product-options',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Storefront filters and the options products use',
        operationId: 'getProductOptions',
        response: { 200: ProductFiltersResponse, ...errors },
      },
    },
    async (req) => getProductFilters(app.db, req.auth.storeId),
  );

  /** PUT /api/product-options (ProductFiltersBody: the whole ordered list) → ProductFiltersResponse; 400 naming the filter index. */
  app.put(
    '/api/product-options',
    {
      config: { purges: 'catalog' },
      preHandler: guard,
      schema: {
        tags,
        summary: 'Replace the storefront filters (ordered)',
        operationId: 'saveProductOptions',
        body: ProductFiltersBody,
        response: { 200: ProductFiltersResponse, ...errors },
      },
    },
    async (req) => saveProductFilters(app.db, req.auth.storeId, req.body),
  );

  /** GET /api/storefront/filters?collection= on a shop's host → the enabled filters with values and counts; 404 unknown collection. */
  app.get(
    '/api/storefront/filters',
    {
      schema: {
        tags: ['storefront'],
        summary: 'Filters of a storefront collection page',
        operationId: 'getStorefrontFilters',
        querystring: StorefrontFiltersQuery,
        response: { 200: StorefrontFiltersResponse, 404: ErrorResponse },
      },
    },
    async (req) => {
      if (!req.storefront) throw notFound('Store');
      return { filters: await storefrontFilters(app.db, req.storefront.id, req.query.collection) };
    },
  );
}
