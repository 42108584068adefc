import { createReadStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  CheckReferencesBody,
  CheckReferencesResponse,
  DuplicateThemeBody,
  ErrorResponse,
  LookupCollectionsQuery,
  LookupCollectionsResponse,
  LookupMenusResponse,
  LookupPagesResponse,
  LookupProductsQuery,
  LookupProductsResponse,
  PublishThemeResponse,
  RenameThemeBody,
  SaveThemeConfigBody,
  ThemeConfigItem,
  ThemeConfigParams,
  ThemeConfigResponse,
  ThemeParams,
  ThemeResponse,
  ThemesListResponse,
  ThemeVersionParams,
  ThemeVersionsResponse,
} from '@backroom/contracts';
import { z } from 'zod';
import { notFound } from '../../lib/errors.js';
import type { App } from '../../lib/types.js';
import {
  checkReferences,
  deleteTheme,
  duplicateTheme,
  getCurrentConfig,
  getVersionConfig,
  listThemes,
  listVersions,
  lookupCollections,
  lookupMenus,
  lookupPages,
  lookupProducts,
  publishTheme,
  renameTheme,
  restoreVersion,
  saveConfig,
} from './service.js';

/** Folder of the theme's own static images (banners, icons), served at /theme-assets/… */
export const THEME_ASSETS_DIR = join(import.meta.dirname, '../../../../../packages/theme/public/theme-assets');
const AssetParams = z.object({ file: z.string().regex(/^[a-z0-9-]+\.svg$/, 'file must be a theme asset name') });

/**
 * Themes API (spec theme-editor §7, issue 5 item 2), scope `themes`, store from `X-Store-Id`:
 * - GET  /api/themes                                   → {themes: [{id, name, type, published, version, …}]}
 * - GET  /api/themes/{themeId}/config                  → [config + {id, themeId, version}] (first item used)
 * - PUT  /api/themes/{themeId}/config/{configId}       {config, version} → the new config item; 400 paths, 409 stale
 * - GET  /api/themes/{themeId}/versions                → {versions} newest first
 * - POST /api/themes/{themeId}/versions/{version}/restore → the new config item
 * - POST /api/themes/{themeId}/publish                 → {themes}
 * - PATCH /api/themes/{themeId} {name}                 → {theme} (rename)
 * - POST /api/themes/{themeId}/duplicate {name?}       → {theme} (an unpublished copy)
 * - DELETE /api/themes/{themeId}                       → 204; 400 for the published theme
 * - GET  /api/themes/{themeId}/versions/{version}      → that version's config item (restore preview)
 * - POST /api/themes/lookups/references                → {missing} (broken references before Save)
 * - GET  /api/themes/lookups/{menus|pages|products|collections} (editor pickers)
 * and GET /theme-assets/{file}.svg (the theme's own default images, public, for the editor's thumbnails).
 */
export default async function themesRoutes(app: App) {
  const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
  const guard = { preHandler: app.guard({ scope: 'themes' }) };
  const tags = ['themes'];

  /** GET /api/themes: the store's themes (id, name, type newchick|hydro, published, current version). */
  app.get(
    '/api/themes',
    {
      ...guard,
      schema: { summary: "The store's themes", operationId: 'listThemes', tags, response: { 200: ThemesListResponse, ...errors } },
    },
    async (req) => ({
      themes: await listThemes(app.db, req.auth.storeId),
    }),
  );

  /** GET /api/themes/{themeId}/config: a list whose first item is the current config with id and version (§7). */
  app.get(
    '/api/themes/:themeId/config',
    {
      ...guard,
      schema: {
        summary: "A theme's current config",
        operationId: 'getThemeConfig',
        tags,
        params: ThemeParams,
        response: { 200: ThemeConfigResponse, ...errors },
      },
    },
    async (req) => getCurrentConfig(app.db, req.auth.storeId, req.params.themeId),
  );

  /**
   * PUT /api/themes/{themeId}/config/{configId}: saves the whole config (validated by @backroom/theme) based on
   * `version`. 400 `config.<path>: <rule>`; 409 'This theme was saved by someone else…' when stale; 404 unknown.
   */
  app.put(
    '/api/themes/:themeId/config/:configId',
    {
      config: { purges: 'theme-config' },
      ...guard,
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        summary: 'Save a theme config (optimistic: 409 on a stale version)',
        operationId: 'saveThemeConfig',
        tags,
        params: ThemeConfigParams,
        body: SaveThemeConfigBody,
        response: { 200: ThemeConfigItem, 409: ErrorResponse, ...errors },
      },
    },
    async (req) =>
      saveConfig(app.db, {
        storeId: req.auth.storeId,
        themeId: req.params.themeId,
        configId: req.params.configId,
        version: req.body.version,
        config: req.body.config,
        userId: req.auth.userId,
      }),
  );

  /** GET /api/themes/{themeId}/versions: every saved version, newest first. */
  app.get(
    '/api/themes/:themeId/versions',
    {
      ...guard,
      schema: {
        summary: 'Every saved version of a theme config, newest first',
        operationId: 'listThemeVersions',
        tags,
        params: ThemeParams,
        response: { 200: ThemeVersionsResponse, ...errors },
      },
    },
    async (req) => ({ versions: await listVersions(app.db, req.auth.storeId, req.params.themeId) }),
  );

  /** POST /api/themes/{themeId}/versions/{version}/restore: version N becomes a new current version. */
  app.post(
    '/api/themes/:themeId/versions/:version/restore',
    {
      config: { purges: 'theme-config' },
      ...guard,
      schema: {
        summary: 'Restore a saved version as the current config',
        operationId: 'restoreThemeVersion',
        tags,
        params: ThemeVersionParams,
        response: { 200: ThemeConfigItem, 409: ErrorResponse, ...errors },
      },
    },
    async (req) => restoreVersion(app.db, req.auth.storeId, req.params.themeId, req.params.version, req.auth.userId),
  );

  /** POST /api/themes/{themeId}/publish: the one published theme of the store. */
  app.post(
    '/api/themes/:themeId/publish',
    {
      config: { purges: 'theme' },
      ...guard,
      schema: {
        summary: 'Publish a theme',
        operationId: 'publishTheme',
        tags,
        params: ThemeParams,
        response: { 200: PublishThemeResponse, ...errors },
      },
    },
    async (req) => ({ themes: await publishTheme(app.db, req.auth.storeId, req.params.themeId) }),
  );

  /** PATCH /api/themes/{themeId}: renames the theme (issue 9 Themes screen). 400 `body.name: …`, 404 unknown. */
  app.patch(
    '/api/themes/:themeId',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Rename a theme',
        operationId: 'renameTheme',
        security: [{ bearer: [] }],
        params: ThemeParams,
        body: RenameThemeBody,
        response: { 200: ThemeResponse, ...errors },
      },
    },
    async (req) => ({ theme: await renameTheme(app.db, req.auth.storeId, req.params.themeId, req.body.name) }),
  );

  /** POST /api/themes/{themeId}/duplicate: an unpublished copy of the theme's current config (issue 9 Themes screen). */
  app.post(
    '/api/themes/:themeId/duplicate',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Duplicate a theme',
        operationId: 'duplicateTheme',
        security: [{ bearer: [] }],
        params: ThemeParams,
        body: DuplicateThemeBody,
        response: { 200: ThemeResponse, ...errors },
      },
    },
    async (req) => ({
      theme: await duplicateTheme(app.db, req.auth.storeId, req.params.themeId, req.auth.userId, req.body?.name),
    }),
  );

  /** DELETE /api/themes/{themeId}: deletes an unpublished theme and its versions; the published one answers 400. */
  app.delete(
    '/api/themes/:themeId',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Delete an unpublished theme',
        operationId: 'deleteTheme',
        security: [{ bearer: [] }],
        params: ThemeParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await deleteTheme(app.db, req.auth.storeId, req.params.themeId);
      return reply.status(204).send(null);
    },
  );

  /** GET /api/themes/{themeId}/versions/{version}: one saved version's config (restore preview with its diff). */
  app.get(
    '/api/themes/:themeId/versions/:version',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Get one saved version of a theme config',
        operationId: 'getThemeVersion',
        security: [{ bearer: [] }],
        params: ThemeVersionParams,
        response: { 200: ThemeConfigItem, ...errors },
      },
    },
    async (req) => getVersionConfig(app.db, req.auth.storeId, req.params.themeId, req.params.version),
  );

  /** POST /api/themes/lookups/references: the draft's collection/product/page references that do not exist. */
  app.post(
    '/api/themes/lookups/references',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Find broken references of a theme config',
        operationId: 'checkThemeReferences',
        security: [{ bearer: [] }],
        body: CheckReferencesBody,
        response: { 200: CheckReferencesResponse, ...errors },
      },
    },
    async (req) => checkReferences(app.db, req.auth.storeId, req.body),
  );

  /** GET /api/themes/lookups/menus: the store's menus, main menu first (§7 List menus). */
  app.get(
    '/api/themes/lookups/menus',
    {
      ...guard,
      schema: {
        summary: "The store's menus, for the theme editor",
        operationId: 'lookupThemeMenus',
        tags,
        response: { 200: LookupMenusResponse, ...errors },
      },
    },
    async (req) => lookupMenus(app.db, req.auth.storeId),
  );

  /** GET /api/themes/lookups/pages: published pages (§7 List pages). */
  app.get(
    '/api/themes/lookups/pages',
    {
      ...guard,
      schema: {
        summary: "The store's pages, for the theme editor",
        operationId: 'lookupThemePages',
        tags,
        response: { 200: LookupPagesResponse, ...errors },
      },
    },
    async (req) => lookupPages(app.db, req.auth.storeId),
  );

  /** GET /api/themes/lookups/products?page&limit&collection&search → {products: [{title, _id}], total} (§7). */
  app.get(
    '/api/themes/lookups/products',
    {
      ...guard,
      schema: {
        summary: 'Product search, for the theme editor',
        operationId: 'lookupThemeProducts',
        tags,
        querystring: LookupProductsQuery,
        response: { 200: LookupProductsResponse, ...errors },
      },
    },
    async (req) => lookupProducts(app.db, req.auth.storeId, req.query),
  );

  /** GET /api/themes/lookups/collections?page&limit&search → {collections: [{title, handle, image: {src}}], total} (§7). */
  app.get(
    '/api/themes/lookups/collections',
    {
      ...guard,
      schema: {
        summary: 'Collection search, for the theme editor',
        operationId: 'lookupThemeCollections',
        tags,
        querystring: LookupCollectionsQuery,
        response: { 200: LookupCollectionsResponse, ...errors },
      },
    },
    async (req) => lookupCollections(app.db, req.auth.storeId, req.query),
  );

  /** GET /theme-assets/{file}.svg: the theme package's default images (public; shop hosts serve them from the storefront build). */
  app.get('/theme-assets/:file', { schema: { hide: true, params: AssetParams } }, async (req, reply) => {
    const file = join(THEME_ASSETS_DIR, req.params.file);
    if (!existsSync(file)) throw notFound('File');
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(createReadStream(file));
  });
}
