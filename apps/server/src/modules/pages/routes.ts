import { ErrorResponse, IdParams, OkResponse, Page, PageBody, PageListQuery, PageListResponse } from '@backroom/contracts';
import type { App } from '../../lib/types.js';
import { deletePage, getPage, listPages, savePage } from './service.js';

/**
 * Pages (spec admin-dashboard §7 Pages, paths exactly as the spec gives them under /api; issue 11 item 2), scope
 * `pages`:
 * - GET    /api/stores/onlinestore/pages/      ?page&limit&search&published → {pages, total, page, limit}
 * - POST   /api/stores/onlinestore/pages/      {title, handle?, bodyHtml, seoTitle, seoDescription, published} → Page
 * - GET    /api/stores/onlinestore/pages/{id}  → Page
 * - PUT    /api/stores/onlinestore/pages/{id}  same body → Page
 * - DELETE /api/stores/onlinestore/pages/{id}  → {ok}
 * 400 names the field and the rule (`body.title: title is required`, `body.handle: 'x' is already used by another
 * page`); 404 for an unknown page or another shop's.
 */
export default async function pagesRoutes(app: App) {
  const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
  const guard = { preHandler: app.guard({ scope: 'pages' }) };
  /** A write: the cache module purges the storefront pages it changes (modules/cache RoutePurges). */
  const write = { ...guard, config: { purges: 'pages' as const } };
  const tags = ['pages'];
  const base = '/api/stores/onlinestore/pages/';

  /** GET /api/stores/onlinestore/pages/: the shop's pages by title, paged, searchable. */
  app.get(
    base,
    {
      ...guard,
      schema: {
        summary: "The shop's pages",
        operationId: 'listPages',
        tags,
        querystring: PageListQuery,
        response: { 200: PageListResponse, ...errors },
      },
    },
    async (req) => listPages(app.db, req.auth.storeId, req.query),
  );

  /** POST /api/stores/onlinestore/pages/: creates a page (handle from the title when absent; body sanitised). */
  app.post(
    base,
    {
      ...write,
      bodyLimit: 1024 * 1024,
      schema: { summary: 'Create a page', operationId: 'createPage', tags, body: PageBody, response: { 200: Page, ...errors } },
    },
    async (req) => savePage(app.db, req.auth.storeId, req.body),
  );

  /** GET /api/stores/onlinestore/pages/{id}: one page with its body. */
  app.get(
    `${base}:id`,
    {
      ...guard,
      schema: { summary: 'One page', operationId: 'getPage', tags, params: IdParams, response: { 200: Page, ...errors } },
    },
    async (req) => getPage(app.db, req.auth.storeId, req.params.id),
  );

  /** PUT /api/stores/onlinestore/pages/{id}: replaces a page (an absent handle keeps the page's own). */
  app.put(
    `${base}:id`,
    {
      ...write,
      bodyLimit: 1024 * 1024,
      schema: {
        summary: 'Update a page',
        operationId: 'updatePage',
        tags,
        params: IdParams,
        body: PageBody,
        response: { 200: Page, ...errors },
      },
    },
    async (req) => savePage(app.db, req.auth.storeId, req.body, req.params.id),
  );

  /** DELETE /api/stores/onlinestore/pages/{id}: deletes a page; menu items that pointed at it show as broken. */
  app.delete(
    `${base}:id`,
    {
      ...write,
      schema: { summary: 'Delete a page', operationId: 'deletePage', tags, params: IdParams, response: { 200: OkResponse, ...errors } },
    },
    async (req) => {
      await deletePage(app.db, req.auth.storeId, req.params.id);
      return { ok: true as const, messages: ['Page deleted'] };
    },
  );
}
