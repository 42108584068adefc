import {
  AddBaseProductBody,
  BaseCatalogQuery,
  BaseCatalogResponse,
  BaseProduct,
  BaseProductParams,
  ErrorResponse,
  IdParams,
  Product,
} from '@backroom/contracts';
import { z } from 'zod';
import { notFound } from '../../lib/errors.js';
import type { App } from '../../lib/types.js';
import { mediaStorageFor } from '../media/index.js';
import { addBaseProduct, baseOfProduct, baseProductMockup, getBaseProduct, listBaseProducts } from './service.js';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const tags = ['catalog'];

/**
 * The print-on-demand base catalogue (issue 13 item 10, route website.catalog, scope `products`):
 * GET /api/catalog/base-products, GET /api/catalog/base-products/{id}, POST /api/catalog/base-products/{id}/products
 * (one click: a draft product of the shop), GET /api/catalog/products/{id}/base (what a shop product was made from).
 */
export default async function podCatalogRoutes(app: App) {
  const guard = app.guard({ scope: 'products' });
  const storage = mediaStorageFor(app.config);

  /**
   * GET /base-catalog/{id}.svg?color={name}&plain=1: a base product's mockup picture in one of its colours, plain =
   * without the dashed print area (public like /uploads: `<img>` sends no token; the
   * same for every shop; 404 unknown id). Cached for a day; scripts are off (`default-src 'none'`) though the
   * drawing is ours.
   */
  app.get(
    '/base-catalog/:file',
    {
      schema: {
        hide: true,
        params: z.object({ file: z.string().regex(/^[a-z0-9-]{1,80}\.svg$/, 'file must be {id}.svg') }),
        querystring: z.object({
          color: z.string().trim().max(60, 'color must have at most 60 characters').optional(),
          plain: z.enum(['1'], 'plain must be 1').optional(),
        }),
      },
    },
    async (req, reply) =>
      reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(baseProductMockup(req.params.file.slice(0, -'.svg'.length), { color: req.query.color, plain: req.query.plain === '1' })),
  );
  const actor = (req: { auth: { userId: string; user: { firstName: string; lastName: string }; email: string } }) => ({
    userId: req.auth.userId,
    userName: `${req.auth.user.firstName} ${req.auth.user.lastName}`.trim() || req.auth.email,
  });

  /** GET /api/catalog/base-products?category&search → {products (30 at most, catalogue order), categories}. */
  app.get(
    '/api/catalog/base-products',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'The print-on-demand base catalogue',
        operationId: 'listBaseProducts',
        querystring: BaseCatalogQuery,
        response: { 200: BaseCatalogResponse, ...errors },
      },
    },
    async (req) => listBaseProducts(app.db, req.auth.storeId, req.query),
  );

  /** GET /api/catalog/base-products/{id} → BaseProduct with sizes, colours and print areas; 404 unknown id. */
  app.get(
    '/api/catalog/base-products/:id',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'One base product with its print areas',
        operationId: 'getBaseProduct',
        params: BaseProductParams,
        response: { 200: BaseProduct, ...errors },
      },
    },
    async (req) => getBaseProduct(app.db, req.auth.storeId, req.params.id),
  );

  /** POST /api/catalog/base-products/{id}/products (AddBaseProductBody) → 201 the draft Product; 400 foreign size/colour. */
  app.post(
    '/api/catalog/base-products/:id/products',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Add a base product to the shop as a draft product',
        operationId: 'addBaseProduct',
        params: BaseProductParams,
        body: AddBaseProductBody,
        response: { 201: Product, ...errors },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await addBaseProduct(app.db, storage, req.auth.storeId, actor(req), req.params.id, req.body)),
  );

  /** GET /api/catalog/products/{id}/base → the BaseProduct the shop product was made from; 404 when none (or not this shop's). */
  app.get(
    '/api/catalog/products/:id/base',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'The base product a shop product was made from',
        operationId: 'getProductBase',
        params: IdParams,
        response: { 200: BaseProduct, ...errors },
      },
    },
    async (req) => {
      const base = await baseOfProduct(app.db, req.auth.storeId, req.params.id);
      if (!base) throw notFound('Base product');
      return base;
    },
  );
}
