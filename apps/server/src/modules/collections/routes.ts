import {
  Collection,
  CollectionCreateBody,
  CollectionListQuery,
  CollectionListResponse,
  CollectionUpdateBody,
  ErrorResponse,
  IdParams,
  OkResponse,
} from '@backroom/contracts';
import type { App } from '../../lib/types.js';
import { createCollection, deleteCollection, getCollection, listCollections, updateCollection } from './service.js';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const common = { tags: ['collections'] };

/**
 * Collections routes (issue 13 item 3, route website.collections, scope `products`):
 * GET/POST /api/collections, GET/PUT/DELETE /api/collections/{id}. A collection of another store answers 404.
 */
export default async function collectionsRoutes(app: App) {
  const guard = app.guard({ scope: 'products' });

  /** GET /api/collections?page&limit&search → a page of collections A→Z with image.src, product count and type. */
  app.get(
    '/api/collections',
    {
      preHandler: guard,
      schema: {
        ...common,
        summary: 'A page of collections',
        operationId: 'listCollections',
        querystring: CollectionListQuery,
        response: { 200: CollectionListResponse, ...errors },
      },
    },
    async (req) => {
      const q = req.query;
      const res = await listCollections(app.db, req.auth.storeId, q);
      return { ...res, page: q.page, limit: q.limit };
    },
  );

  /** POST /api/collections: manual (productIds in order) or automated (rules, disjunctive) → 201 Collection; 400 naming the field. */
  app.post(
    '/api/collections',
    {
      config: { purges: 'catalog' },
      preHandler: guard,
      schema: {
        ...common,
        summary: 'Create a collection',
        operationId: 'createCollection',
        body: CollectionCreateBody,
        response: { 201: Collection, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await createCollection(app.db, req.auth.storeId, req.body)),
  );

  /** GET /api/collections/{id} → the collection with its products in order; 404 when not of this store. */
  app.get(
    '/api/collections/:id',
    {
      preHandler: guard,
      schema: {
        ...common,
        summary: 'One collection with its products',
        operationId: 'getCollection',
        params: IdParams,
        response: { 200: Collection, ...errors },
      },
    },
    async (req) => getCollection(app.db, req.auth.storeId, req.params.id),
  );

  /** PUT /api/collections/{id}: the fields given change (manual: productIds = new order; automated: rules) → Collection. */
  app.put(
    '/api/collections/:id',
    {
      config: { purges: 'catalog' },
      preHandler: guard,
      schema: {
        ...common,
        summary: 'Update a collection',
        operationId: 'updateCollection',
        params: IdParams,
        body: CollectionUpdateBody,
        response: { 200: Collection, ...errors },
      },
    },
    async (req) => updateCollection(app.db, req.auth.storeId, req.params.id, req.body),
  );

  /** DELETE /api/collections/{id} → {ok: true}; the products stay. 404 when not of this store. */
  app.delete(
    '/api/collections/:id',
    {
      config: { purges: 'catalog' },
      preHandler: guard,
      schema: {
        ...common,
        summary: 'Delete a collection',
        operationId: 'deleteCollection',
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (req) => {
      await deleteCollection(app.db, req.auth.storeId, req.params.id);
      return { ok: true as const };
    },
  );
}
