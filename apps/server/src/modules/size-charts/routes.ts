import {
  ErrorResponse,
  IdParams,
  OkResponse,
  SizeChart,
  SizeChartBody,
  SizeChartListResponse,
  StorefrontSizeChartResponse,
} from '@backroom/contracts';
import { z } from 'zod';
import { notFound } from '../../lib/errors.js';
import type { App } from '../../lib/types.js';
import { createSizeChart, deleteSizeChart, getSizeChart, listSizeCharts, storefrontSizeChart, updateSizeChart } from './service.js';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const tags = ['size-charts'];

/**
 * Size charts (issue 13 item 7, route website.sizechart, scope `products`): GET/POST /api/size-charts,
 * GET/PUT/DELETE /api/size-charts/{id}; and GET /api/storefront/products/{handle}/size-chart on a shop's host.
 */
export default async function sizeChartsRoutes(app: App) {
  const guard = app.guard({ scope: 'products' });

  /** GET /api/size-charts → {sizeCharts}, most recently changed first. */
  app.get(
    '/api/size-charts',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'The size charts of the shop',
        operationId: 'listSizeCharts',
        response: { 200: SizeChartListResponse, ...errors },
      },
    },
    async (req) => ({ sizeCharts: await listSizeCharts(app.db, req.auth.storeId) }),
  );

  /** POST /api/size-charts (SizeChartBody) → 201 SizeChart; 400 naming the field (row width, foreign product…). */
  app.post(
    '/api/size-charts',
    {
      config: { purges: 'catalog' },
      preHandler: guard,
      schema: {
        tags,
        summary: 'Create a size chart',
        operationId: 'createSizeChart',
        body: SizeChartBody,
        response: { 201: SizeChart, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await createSizeChart(app.db, req.auth.storeId, req.body)),
  );

  /** GET /api/size-charts/{id} → SizeChart; 404 when not of this store. */
  app.get(
    '/api/size-charts/:id',
    {
      preHandler: guard,
      schema: { tags, summary: 'One size chart', operationId: 'getSizeChart', params: IdParams, response: { 200: SizeChart, ...errors } },
    },
    async (req) => getSizeChart(app.db, req.auth.storeId, req.params.id),
  );

  /** PUT /api/size-charts/{id} (SizeChartBody, the whole chart) → SizeChart; 404 when not of this store. */
  app.put(
    '/api/size-charts/:id',
    {
      config: { purges: 'catalog' },
      preHandler: guard,
      schema: {
        tags,
        summary: 'Replace a size chart',
        operationId: 'updateSizeChart',
        params: IdParams,
        body: SizeChartBody,
        response: { 200: SizeChart, ...errors },
      },
    },
    async (req) => updateSizeChart(app.db, req.auth.storeId, req.params.id, req.body),
  );

  /** DELETE /api/size-charts/{id} → {ok: true}; 404 when not of this store. */
  app.delete(
    '/api/size-charts/:id',
    {
      config: { purges: 'catalog' },
      preHandler: guard,
      schema: {
        tags,
        summary: 'Delete a size chart',
        operationId: 'deleteSizeChart',
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (req) => {
      await deleteSizeChart(app.db, req.auth.storeId, req.params.id);
      return { ok: true as const };
    },
  );

  /** GET /api/storefront/products/{handle}/size-chart on a shop's host → {sizeChart | null}; 404 unpublished/unknown product. */
  app.get(
    '/api/storefront/products/:handle/size-chart',
    {
      schema: {
        tags: ['storefront'],
        summary: 'The size chart of a storefront product',
        operationId: 'getStorefrontSizeChart',
        params: z.object({ handle: z.string().min(1).max(255) }),
        response: { 200: StorefrontSizeChartResponse, 404: ErrorResponse },
      },
    },
    async (req) => {
      if (!req.storefront) throw notFound('Store');
      return storefrontSizeChart(app.db, req.storefront.id, req.params.handle);
    },
  );
}
