import { z } from 'zod';
import { LOOKUP_RESULTS_LIMIT } from './limits.js';

/**
 * The Themes API (`/api/themes…`, scope `themes`), spec theme-editor §7 and issue 5 item 2. The config itself is
 * declared by `@backroom/theme` (which the server runs on save); here it travels as an object with `pages` and
 * `settings`.
 */

/** newchick (shown FASHION) or hydro (shown DEFAULT), spec theme-editor §1. */
export const ThemeTypeEnum = z.enum(['newchick', 'hydro']);

/** A theme of the store (GET /api/themes item). */
export const ThemeSummary = z
  .object({
    id: z.uuid(),
    name: z.string(),
    type: ThemeTypeEnum,
    published: z.boolean(),
    /** Current config version (0 when none was saved yet). */
    version: z.number().int(),
    /** When the current version was saved (ISO 8601), null when none. */
    updatedAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'ThemeSummary' });
export type ThemeSummary = z.infer<typeof ThemeSummary>;

/** GET /api/themes answer. */
export const ThemesListResponse = z.object({ themes: z.array(ThemeSummary) });
export type ThemesListResponse = z.infer<typeof ThemesListResponse>;

/** Path params of routes about one theme. */
export const ThemeParams = z.object({ themeId: z.uuid({ error: 'themeId must be a theme id' }) });
export const ThemeConfigParams = ThemeParams.extend({ configId: z.uuid({ error: 'configId must be a config id' }) });
export const ThemeVersionParams = ThemeParams.extend({
  version: z.coerce
    .number({ error: 'version must be a number' })
    .int('version must be a whole number')
    .min(1, 'version must be at least 1'),
});

/**
 * One config as the editor reads it (spec §7 "response is a list; first item used"): the theme config of
 * theme-editor §3 (`schemaVersion`, `pages`, `settings`, filled with the defaults of §4) plus `id` (the saved
 * version's id, used as `configId` on save), `version` and `themeId`.
 */
export const ThemeConfigItem = z
  .looseObject({
    id: z.uuid(),
    themeId: z.uuid(),
    version: z.number().int(),
    schemaVersion: z.number().int(),
    pages: z.record(z.string(), z.unknown()),
    settings: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'ThemeConfigItem' });
export type ThemeConfigItem = z.infer<typeof ThemeConfigItem>;

/** GET /api/themes/{themeId}/config answer: a list whose first item is the current config. */
export const ThemeConfigResponse = z.array(ThemeConfigItem);

/**
 * PUT /api/themes/{themeId}/config/{configId} body: the whole config and the `version` it was based on. The
 * server fills missing parts, validates every setting (400 with `path: rule` messages) and answers 409 when
 * someone saved a newer version in between.
 */
export const SaveThemeConfigBody = z.object({
  config: z.record(z.string(), z.unknown(), { error: 'config must be an object' }),
  version: z.number({ error: 'version must be a number' }).int('version must be a whole number').min(1, 'version must be at least 1'),
});
export type SaveThemeConfigBody = z.infer<typeof SaveThemeConfigBody>;

/** The text of the 409 answer on a stale save. */
export const STALE_THEME_MESSAGE = 'This theme was saved by someone else. Reload to get the latest version, then apply your changes again.';

/** One saved version (GET /api/themes/{themeId}/versions item), newest first. */
export const ThemeVersion = z
  .object({
    id: z.uuid(),
    version: z.number().int(),
    schemaVersion: z.number().int(),
    /** seed | save | restore */
    note: z.string(),
    createdAt: z.string(),
    createdBy: z.object({ id: z.uuid(), email: z.string(), name: z.string() }).nullable(),
  })
  .meta({ id: 'ThemeVersion' });
export type ThemeVersion = z.infer<typeof ThemeVersion>;
export const ThemeVersionsResponse = z.object({ versions: z.array(ThemeVersion) });
export type ThemeVersionsResponse = z.infer<typeof ThemeVersionsResponse>;

/** A theme name as the merchant types it (Themes screen Rename and Duplicate): 1–100 characters, trimmed. */
const ThemeName = z
  .string({ error: 'name must be text' })
  .trim()
  .min(1, 'name is required')
  .max(100, 'name must be at most 100 characters');

/** PATCH /api/themes/{themeId} body (Rename on the Themes screen, issue 9 item 1). */
export const RenameThemeBody = z.object({ name: ThemeName });
export type RenameThemeBody = z.infer<typeof RenameThemeBody>;

/**
 * POST /api/themes/{themeId}/duplicate body (Duplicate on the Themes screen, issue 9 item 1): the copy's name,
 * default 'Copy of {name}'. The copy is unpublished and starts at version 1 with the original's current config.
 */
export const DuplicateThemeBody = z.object({ name: ThemeName.optional() });
export type DuplicateThemeBody = z.infer<typeof DuplicateThemeBody>;

/** Answer of rename and duplicate: the theme as the list shows it. */
export const ThemeResponse = z.object({ theme: ThemeSummary });
export type ThemeResponse = z.infer<typeof ThemeResponse>;

/** The text of the 400 answer when deleting the published theme. */
export const DELETE_PUBLISHED_THEME_MESSAGE = 'The published theme cannot be deleted. Publish another theme first.';

/** POST /api/themes/{themeId}/publish answer: the store's themes after publishing (the list's shape). */
export const PublishThemeResponse = ThemesListResponse.meta({ description: "The store's themes after publishing." });

// ------------------------------------------------------------------------------------------ editor lookups (§7)
/** Page/limit query of the lookups (limit 1–100, default 20; page from 1). */
const PageQuery = {
  page: z.coerce.number({ error: 'page must be a number' }).int('page must be a whole number').min(1, 'page must be at least 1').default(1),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(100, 'limit must be at most 100')
    .default(LOOKUP_RESULTS_LIMIT),
};

/** GET /api/themes/lookups/menus: the store's menus, first one is the main menu (spec §7 List menus). */
export const LookupMenusResponse = z.object({
  menus: z.array(
    z.object({
      id: z.uuid(),
      title: z.string(),
      handle: z.string(),
      items: z.array(z.object({ title: z.string(), url: z.string() })),
    }),
  ),
});
export type LookupMenusResponse = z.infer<typeof LookupMenusResponse>;

/** GET /api/themes/lookups/pages: published pages only (spec §7 List pages; §3 page lookup). */
export const LookupPagesResponse = z.object({
  pages: z.array(z.object({ title: z.string(), handle: z.string(), published: z.boolean() })),
});
export type LookupPagesResponse = z.infer<typeof LookupPagesResponse>;

/** GET /api/themes/lookups/products query: page/limit, collection handle, search text (spec §7 Get products). */
export const LookupProductsQuery = z.object({
  ...PageQuery,
  collection: z.string().trim().max(255).optional(),
  search: z.string().trim().max(255).optional(),
});
export const LookupProductsResponse = z.object({
  products: z.array(z.object({ title: z.string(), _id: z.uuid(), handle: z.string(), image: z.object({ src: z.string() }).nullable() })),
  total: z.number().int(),
});
export type LookupProductsResponse = z.infer<typeof LookupProductsResponse>;

/** GET /api/themes/lookups/collections query: page/limit, search text (spec §7 Get collections). */
export const LookupCollectionsQuery = z.object({ ...PageQuery, search: z.string().trim().max(255).optional() });
export const LookupCollectionsResponse = z.object({
  collections: z.array(z.object({ title: z.string(), handle: z.string(), image: z.object({ src: z.string() }) })),
  total: z.number().int(),
});
export type LookupCollectionsResponse = z.infer<typeof LookupCollectionsResponse>;

/**
 * POST /api/themes/lookups/references body: the collection handles, product ids and page handles a draft config
 * refers to (editor check before Save, issue 9 item 6 "broken collection/product/page references flagged").
 * At most 500 of each.
 */
export const CheckReferencesBody = z.object({
  collections: z.array(z.string().max(255)).max(500, 'collections must hold at most 500 handles').default([]),
  products: z.array(z.string().max(255)).max(500, 'products must hold at most 500 ids').default([]),
  pages: z.array(z.string().max(255)).max(500, 'pages must hold at most 500 handles').default([]),
});
export type CheckReferencesBody = z.input<typeof CheckReferencesBody>;
/** Answer: the references of the body that do not exist in the store (pages: or are not published). */
export const CheckReferencesResponse = z.object({
  missing: z.object({ collections: z.array(z.string()), products: z.array(z.string()), pages: z.array(z.string()) }),
});
export type CheckReferencesResponse = z.infer<typeof CheckReferencesResponse>;
