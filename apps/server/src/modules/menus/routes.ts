import {
  CollectionIdParams,
  ErrorResponse,
  IdParams,
  Menu,
  MenuBody,
  MenuCollectionParams,
  MenuLinkTargetsQuery,
  MenuLinkTargetsResponse,
  MenuListResponse,
  OkResponse,
} from '@backroom/contracts';
import type { App } from '../../lib/types.js';
import { deleteMenu, getMenu, linkCollection, linkTargets, listMenus, menusByCollection, saveMenu } from './service.js';

/**
 * Navigation menus (spec admin-dashboard §7 Navigation menus, paths as the spec gives them under /api; issue 11
 * item 3), scope `navigations`:
 * - GET    /api/stores/onlinestore/menus/                                   → {menus}
 * - POST   /api/stores/onlinestore/menus/          {title, handle?, items}  → Menu
 * - GET    /api/stores/onlinestore/menus/{id}                               → Menu
 * - PUT    /api/stores/onlinestore/menus/{id}      {title, handle?, items}  → Menu
 * - DELETE /api/stores/onlinestore/menus/{id}                               → {ok}
 * - GET    /api/stores/onlinestore/menus/collections/{collectionId}         → {menus} linking that collection
 * - POST   /api/stores/onlinestore/menus/{id}/collections/{collectionId}    → Menu (collection added as an item)
 * - DELETE /api/stores/onlinestore/menus/{id}/collections/{collectionId}    → Menu (its items removed)
 * - GET    /api/stores/onlinestore/menus/link-targets?type&search           → what an item may link to
 * Items answer their storefront `url` and `broken` when their target is gone. 400 names the item path and rule
 * (nesting depth, target); 404 for another shop's menu or collection.
 */
export default async function menusRoutes(app: App) {
  const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
  const guard = { preHandler: app.guard({ scope: 'navigations' }) };
  /** A write: the cache module purges the storefront pages it changes (modules/cache RoutePurges). */
  const write = { ...guard, config: { purges: 'menus' as const } };
  const tags = ['menus'];
  const base = '/api/stores/onlinestore/menus/';

  /** The shop's menus, the main menu first. */
  app.get(
    base,
    { ...guard, schema: { summary: "The shop's menus", operationId: 'listMenus', tags, response: { 200: MenuListResponse, ...errors } } },
    async (req) => ({ menus: await listMenus(app.db, req.auth.storeId) }),
  );

  /** Creates a menu (handle from the title when absent). */
  app.post(
    base,
    { ...write, schema: { summary: 'Create a menu', operationId: 'createMenu', tags, body: MenuBody, response: { 200: Menu, ...errors } } },
    async (req) => saveMenu(app.db, req.auth.storeId, req.body),
  );

  /** What an item may link to: the shop's collections, products or pages by title (at most 20). */
  app.get(
    `${base}link-targets`,
    {
      ...guard,
      schema: {
        summary: 'Collections, products or pages a menu item may link to',
        operationId: 'listMenuLinkTargets',
        tags,
        querystring: MenuLinkTargetsQuery,
        response: { 200: MenuLinkTargetsResponse, ...errors },
      },
    },
    async (req) => linkTargets(app.db, req.auth.storeId, req.query),
  );

  /** Menus with an item linking to the collection (any level). */
  app.get(
    `${base}collections/:collectionId`,
    {
      ...guard,
      schema: {
        summary: 'Menus that link to a collection',
        operationId: 'listMenusByCollection',
        tags,
        params: CollectionIdParams,
        response: { 200: MenuListResponse, ...errors },
      },
    },
    async (req) => ({ menus: await menusByCollection(app.db, req.auth.storeId, req.params.collectionId) }),
  );

  /** One menu. */
  app.get(
    `${base}:id`,
    { ...guard, schema: { summary: 'One menu', operationId: 'getMenu', tags, params: IdParams, response: { 200: Menu, ...errors } } },
    async (req) => getMenu(app.db, req.auth.storeId, req.params.id),
  );

  /** Replaces a menu (an absent handle keeps the menu's own). */
  app.put(
    `${base}:id`,
    {
      ...write,
      schema: {
        summary: 'Update a menu',
        operationId: 'updateMenu',
        tags,
        params: IdParams,
        body: MenuBody,
        response: { 200: Menu, ...errors },
      },
    },
    async (req) => saveMenu(app.db, req.auth.storeId, req.body, req.params.id),
  );

  /** Deletes a menu. */
  app.delete(
    `${base}:id`,
    {
      ...write,
      schema: { summary: 'Delete a menu', operationId: 'deleteMenu', tags, params: IdParams, response: { 200: OkResponse, ...errors } },
    },
    async (req) => {
      await deleteMenu(app.db, req.auth.storeId, req.params.id);
      return { ok: true as const, messages: ['Menu deleted'] };
    },
  );

  /** Adds the collection to the menu as its last top-level item (no-op when already linked). */
  app.post(
    `${base}:id/collections/:collectionId`,
    {
      ...write,
      schema: {
        summary: 'Add a collection to a menu',
        operationId: 'addMenuCollection',
        tags,
        params: MenuCollectionParams,
        response: { 200: Menu, ...errors },
      },
    },
    async (req) => linkCollection(app.db, req.auth.storeId, req.params.id, req.params.collectionId, true),
  );

  /** Removes the items linking the collection from the menu (their children move up). */
  app.delete(
    `${base}:id/collections/:collectionId`,
    {
      ...write,
      schema: {
        summary: 'Remove a collection from a menu',
        operationId: 'removeMenuCollection',
        tags,
        params: MenuCollectionParams,
        response: { 200: Menu, ...errors },
      },
    },
    async (req) => linkCollection(app.db, req.auth.storeId, req.params.id, req.params.collectionId, false),
  );
}
