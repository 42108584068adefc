import {
  CatalogLookupQuery,
  CatalogLookupResponse,
  ErrorResponse,
  IdParams,
  OkResponse,
  StorefrontWidgetsQuery,
  StorefrontWidgetsResponse,
  Widget,
  WidgetBody,
  WidgetList,
} from '@backroom/contracts';
import { notFound } from '../../lib/errors.js';
import type { App } from '../../lib/types.js';
import { lookupCatalogItems } from '../catalog/index.js';
import { createWidget, deleteWidget, listWidgets, storefrontWidgets, updateWidget } from './service.js';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const tags = ['widgets'];

/**
 * Product widgets (issue 18 item 2, route website.apps.widgets.list, scope `apps` as the admin route registry gives
 * the screen): GET/POST /api/widgets, PUT/DELETE /api/widgets/{id}, GET /api/widgets/lookups (the handpicked
 * picker, under the same scope: the screen never needs the Products permission); and GET /api/storefront/widgets on a shop's host
 * (the widgets of one placement with their products, for the storefront's lazy island).
 */
export default async function widgetsRoutes(app: App) {
  const guard = app.guard({ scope: 'apps' });

  /** GET /api/widgets → {widgets}: the shop's widgets by placement, oldest first. */
  app.get(
    '/api/widgets',
    {
      preHandler: guard,
      schema: { tags, summary: 'The product widgets of the shop', operationId: 'listWidgets', response: { 200: WidgetList, ...errors } },
    },
    async (req) => ({ widgets: await listWidgets(app.db, req.auth.storeId) }),
  );

  /**
   * GET /api/widgets/lookups?kind&search&ids → {items: [{id, title, imageSrc}]}: the shop's products (or collections)
   * for the handpicked widget's picker, at most 20 by title, or those of `ids` (the ones a widget holds, named).
   */
  app.get(
    '/api/widgets/lookups',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Products or collections to pick in a widget',
        operationId: 'lookupWidgetItems',
        querystring: CatalogLookupQuery,
        response: { 200: CatalogLookupResponse, ...errors },
      },
    },
    async (req) => lookupCatalogItems(app.db, req.auth.storeId, req.query),
  );

  /** POST /api/widgets (WidgetBody) → 201 Widget; 400 naming the field (a handpicked id not of this shop, too many). */
  app.post(
    '/api/widgets',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Add a product widget',
        operationId: 'createWidget',
        body: WidgetBody,
        response: { 201: Widget, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await createWidget(app.db, req.auth.storeId, req.body)),
  );

  /** PUT /api/widgets/{id} (WidgetBody) → Widget; 404 unless this shop owns it. */
  app.put(
    '/api/widgets/:id',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Replace a product widget',
        operationId: 'updateWidget',
        params: IdParams,
        body: WidgetBody,
        response: { 200: Widget, ...errors },
      },
    },
    async (req) => updateWidget(app.db, req.auth.storeId, req.params.id, req.body),
  );

  /** DELETE /api/widgets/{id} → {ok: true}; 404 unless this shop owns it. */
  app.delete(
    '/api/widgets/:id',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Delete a product widget',
        operationId: 'deleteWidget',
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (req) => {
      await deleteWidget(app.db, req.auth.storeId, req.params.id);
      return { ok: true as const };
    },
  );

  /**
   * GET /api/storefront/widgets?placement=&product=&cart=&viewed= on a shop's host → {widgets}: the active widgets of
   * the placement with the products chosen for this page (cents); 404 off a shop's host.
   */
  app.get(
    '/api/storefront/widgets',
    {
      schema: {
        tags: ['storefront'],
        summary: 'The product widgets of a storefront placement',
        operationId: 'getStorefrontWidgets',
        querystring: StorefrontWidgetsQuery,
        response: { 200: StorefrontWidgetsResponse, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (req) => {
      if (!req.storefront) throw notFound('Store');
      return { widgets: await storefrontWidgets(app.db, req.storefront.id, req.query) };
    },
  );
}
