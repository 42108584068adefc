import {
  CatalogLookupQuery,
  CatalogLookupResponse,
  Discount,
  DiscountInput,
  DiscountListQuery,
  DiscountListResponse,
  ErrorResponse,
} from '@backroom/contracts';
import { z } from 'zod';
import type { App } from '../../lib/types.js';
import { lookupCatalogItems } from '../catalog/index.js';
import { createDiscount, deleteDiscount, getDiscount, listDiscounts, updateDiscount } from './service.js';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const tags = ['discounts'];
const IdParams = z.object({ id: z.uuid('id must be a discount id') });

/**
 * Discount routes (issue 12 item 6; spec admin-dashboard §2 website.discount.code / website.discount.automatic,
 * §6 scope `discounts`). Every query is scoped by the session's store; another store's discount answers 404.
 * - GET /api/discounts?method&search&status&page&limit → DiscountListResponse
 * - POST /api/discounts (DiscountInput) → 201 Discount
 * - GET /api/discounts/{id} → Discount
 * - PUT /api/discounts/{id} (DiscountInput) → Discount
 * - DELETE /api/discounts/{id} → 204
 * - GET /api/discounts/lookups?kind&search&ids → the form's product and collection pickers
 */
export default async function discountsRoutes(app: App) {
  const guard = { preHandler: app.guard({ scope: 'discounts' }) };

  /** A page of the store's discounts of one method, newest first, with their status now. */
  app.get(
    '/api/discounts',
    {
      ...guard,
      schema: {
        summary: 'A page of discounts',
        operationId: 'listDiscounts',
        tags,
        querystring: DiscountListQuery,
        response: { 200: DiscountListResponse, ...errors },
      },
    },
    async (req) => listDiscounts(app.db, req.auth.storeId, req.query),
  );

  /** Products or collections of the store for the discount form's pickers (at most 20 by title, or by ids). */
  app.get(
    '/api/discounts/lookups',
    {
      ...guard,
      schema: {
        summary: 'Products or collections to pick in a discount',
        operationId: 'lookupDiscountItems',
        tags,
        querystring: CatalogLookupQuery,
        response: { 200: CatalogLookupResponse, ...errors },
      },
    },
    async (req) => lookupCatalogItems(app.db, req.auth.storeId, req.query),
  );

  /** Creates a code or automatic discount; 400 names the field and the rule (a used code: `code: is already used …`). */
  app.post(
    '/api/discounts',
    {
      config: { purges: 'catalog' },
      ...guard,
      schema: {
        summary: 'Create a discount',
        operationId: 'createDiscount',
        tags,
        body: DiscountInput,
        response: { 201: Discount, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await createDiscount(app.db, req.auth.storeId, req.body)),
  );

  /** One discount of the store. */
  app.get(
    '/api/discounts/:id',
    {
      ...guard,
      schema: {
        summary: 'One discount',
        operationId: 'getDiscount',
        tags,
        params: IdParams,
        response: { 200: Discount, ...errors },
      },
    },
    async (req) => getDiscount(app.db, req.auth.storeId, req.params.id),
  );

  /** Replaces a discount's settings; its uses so far are kept (a limit under them is refused). */
  app.put(
    '/api/discounts/:id',
    {
      config: { purges: 'catalog' },
      ...guard,
      schema: {
        summary: 'Update a discount',
        operationId: 'updateDiscount',
        tags,
        params: IdParams,
        body: DiscountInput,
        response: { 200: Discount, ...errors },
      },
    },
    async (req) => updateDiscount(app.db, req.auth.storeId, req.params.id, req.body),
  );

  /** Deletes a discount; orders keep the amounts it took off. */
  app.delete(
    '/api/discounts/:id',
    {
      config: { purges: 'catalog' },
      ...guard,
      schema: {
        summary: 'Delete a discount',
        operationId: 'deleteDiscount',
        tags,
        params: IdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await deleteDiscount(app.db, req.auth.storeId, req.params.id);
      return reply.status(204).send(null);
    },
  );
}
