/**
 * Themes service (spec theme-editor §7, issue 5 item 2): a store's themes, their configs with every saved version
 * kept (DESIGN.md "Data"), optimistic saves (409 on a stale version), restore, publish, and the editor's lookups
 * (menus, pages, products, collections). Every query is scoped by the store id; another store's theme is 404.
 */

import {
  type CheckReferencesResponse,
  DELETE_PUBLISHED_THEME_MESSAGE,
  type LookupCollectionsResponse,
  type LookupMenusResponse,
  type LookupPagesResponse,
  type LookupProductsResponse,
  STALE_THEME_MESSAGE,
  type ThemeConfigItem,
  type ThemeSummary,
  type ThemeVersion,
} from '@backroom/contracts';
import {
  fillDefaults,
  mapConfigHtml,
  parseThemeConfig,
  SCHEMA_VERSION,
  type ThemeConfig,
  type ThemeType,
  themeTypeOf,
} from '@backroom/theme';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.js';
import { collections, pages, products, storePreferences, themeConfigs, themes, users } from '../../db/schema/index.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { sanitizeMerchantHtml } from '../../lib/html.js';
import { editorMenus } from '../menus/index.js';

type ThemeRow = typeof themes.$inferSelect;
type ConfigRow = typeof themeConfigs.$inferSelect;

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

/** The theme of the store, or 404 'Theme not found' (also for another store's theme). */
export async function getTheme(db: Db, storeId: string, themeId: string): Promise<ThemeRow> {
  const [t] = await db
    .select()
    .from(themes)
    .where(and(eq(themes.id, themeId), eq(themes.storeId, storeId)));
  if (!t) throw notFound('Theme');
  return t;
}

/** The newest saved version of a theme's config, or null when none was saved. */
async function currentRow(db: Db, themeId: string): Promise<ConfigRow | null> {
  const [row] = await db.select().from(themeConfigs).where(eq(themeConfigs.themeId, themeId)).orderBy(desc(themeConfigs.version)).limit(1);
  return row ?? null;
}

/** A stored config as the editor reads it: migrated and filled (spec §4), plus id, version and themeId. */
function toItem(theme: ThemeRow, row: ConfigRow): ThemeConfigItem {
  const config = fillDefaults(row.config, theme.type as ThemeType);
  return { ...config, id: row.id, themeId: theme.id, version: row.version } as unknown as ThemeConfigItem;
}

/** GET /api/themes: the store's themes with their current version; the published one first, then by name. */
export async function listThemes(db: Db, storeId: string): Promise<ThemeSummary[]> {
  const list = await rows<{
    id: string;
    name: string;
    type: 'newchick' | 'hydro';
    published: boolean;
    created_at: string | Date;
    version: number | null;
    updated_at: string | Date | null;
  }>(
    db,
    sql`select t.id, t.name, t.type, t.published, t.created_at, c.version, c.created_at as updated_at
        from ${themes} t
        left join lateral (select version, created_at from ${themeConfigs} where theme_id = t.id order by version desc limit 1) c on true
        where t.store_id = ${storeId}
        order by t.published desc, t.name, t.created_at`,
  );
  return list.map((t) => ({
    id: t.id,
    name: t.name,
    type: t.type,
    published: t.published,
    version: t.version ?? 0,
    updatedAt: iso(t.updated_at),
    createdAt: iso(t.created_at)!,
  }));
}

/** GET /api/themes/{themeId}/config: a one-item list with the current config (spec §7 "first item used"). */
export async function getCurrentConfig(db: Db, storeId: string, themeId: string): Promise<ThemeConfigItem[]> {
  const theme = await getTheme(db, storeId, themeId);
  const row = await currentRow(db, theme.id);
  if (!row) throw notFound('Theme config');
  return [toItem(theme, row)];
}

/**
 * Validates a config for a theme: migrate, fill defaults, check every setting (§5) and sanitise merchant HTML.
 * Throws 400 with messages `config.<path>: <rule>` (e.g. `config.settings.typography.font_size_price: must be
 * between 8 and 80`).
 */
export function validateForTheme(config: unknown, type: ThemeType): ThemeConfig {
  const r = parseThemeConfig(config, type);
  if (!r.ok) throw badRequest(...r.issues.map((i) => `config.${i.path}: ${i.message}`));
  return mapConfigHtml(r.config, sanitizeMerchantHtml);
}

async function insertVersion(
  db: Db,
  theme: ThemeRow,
  version: number,
  config: ThemeConfig,
  userId: string | null,
  note: string,
): Promise<ConfigRow> {
  const [row] = await db
    .insert(themeConfigs)
    .values({ themeId: theme.id, storeId: theme.storeId, version, config, schemaVersion: SCHEMA_VERSION, createdBy: userId, note })
    .returning();
  return row!;
}

const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/**
 * PUT /api/themes/{themeId}/config/{configId}: saves the whole config as version `current + 1`. `configId` and
 * `version` name the version the editor loaded; when it is not the current one (someone saved in between) →
 * 409 STALE_THEME_MESSAGE. Bad config → 400 with paths. Unknown theme/config of this store → 404. The theme row is
 * locked for the check-and-insert, and the (theme_id, version) unique index turns any remaining race into a 409.
 */
export async function saveConfig(
  db: Db,
  o: { storeId: string; themeId: string; configId: string; version: number; config: unknown; userId: string },
): Promise<ThemeConfigItem> {
  const theme = await getTheme(db, o.storeId, o.themeId);
  const [named] = await db
    .select({ id: themeConfigs.id })
    .from(themeConfigs)
    .where(and(eq(themeConfigs.id, o.configId), eq(themeConfigs.themeId, theme.id)));
  if (!named) throw notFound('Theme config');
  const config = validateForTheme(o.config, theme.type as ThemeType);
  try {
    const row = await db.transaction(async (tx) => {
      await tx.select({ id: themes.id }).from(themes).where(eq(themes.id, theme.id)).for('update');
      const current = await currentRow(tx as unknown as Db, theme.id);
      if (!current || current.id !== o.configId || current.version !== o.version) throw conflict(STALE_THEME_MESSAGE);
      return insertVersion(tx as unknown as Db, theme, current.version + 1, config, o.userId, 'save');
    });
    return toItem(theme, row);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(STALE_THEME_MESSAGE);
    throw err;
  }
}

/** GET /api/themes/{themeId}/versions: every saved version, newest first, with who saved it. */
export async function listVersions(db: Db, storeId: string, themeId: string): Promise<ThemeVersion[]> {
  const theme = await getTheme(db, storeId, themeId);
  const list = await db
    .select({
      id: themeConfigs.id,
      version: themeConfigs.version,
      schemaVersion: themeConfigs.schemaVersion,
      note: themeConfigs.note,
      createdAt: themeConfigs.createdAt,
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(themeConfigs)
    .leftJoin(users, eq(users.id, themeConfigs.createdBy))
    .where(eq(themeConfigs.themeId, theme.id))
    .orderBy(desc(themeConfigs.version));
  return list.map((v) => ({
    id: v.id,
    version: v.version,
    schemaVersion: v.schemaVersion,
    note: v.note,
    createdAt: iso(v.createdAt)!,
    createdBy: v.userId ? { id: v.userId, email: v.email ?? '', name: `${v.firstName ?? ''} ${v.lastName ?? ''}`.trim() } : null,
  }));
}

/**
 * POST /api/themes/{themeId}/versions/{version}/restore: copies saved version N (migrated, filled and validated
 * with today's schema) into a new current version with note `restore:N`. 404 when the version does not exist;
 * 400 when the old config no longer passes the schema.
 */
export async function restoreVersion(db: Db, storeId: string, themeId: string, version: number, userId: string): Promise<ThemeConfigItem> {
  const theme = await getTheme(db, storeId, themeId);
  const [old] = await db
    .select()
    .from(themeConfigs)
    .where(and(eq(themeConfigs.themeId, theme.id), eq(themeConfigs.version, version)));
  if (!old) throw notFound('Theme version');
  const config = validateForTheme(old.config, theme.type as ThemeType);
  try {
    const row = await db.transaction(async (tx) => {
      await tx.select({ id: themes.id }).from(themes).where(eq(themes.id, theme.id)).for('update');
      const current = await currentRow(tx as unknown as Db, theme.id);
      return insertVersion(tx as unknown as Db, theme, (current?.version ?? 0) + 1, config, userId, `restore:${version}`);
    });
    return toItem(theme, row);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(STALE_THEME_MESSAGE);
    throw err;
  }
}

/**
 * POST /api/themes/{themeId}/publish: makes this the store's one published theme and records its type in
 * store_preferences.store_front_default_theme. Returns the store's themes.
 */
export async function publishTheme(db: Db, storeId: string, themeId: string): Promise<ThemeSummary[]> {
  const theme = await getTheme(db, storeId, themeId);
  await db.transaction(async (tx) => {
    await tx
      .update(themes)
      .set({ published: false })
      .where(and(eq(themes.storeId, storeId), eq(themes.published, true)));
    await tx.update(themes).set({ published: true }).where(eq(themes.id, theme.id));
    await tx
      .insert(storePreferences)
      .values({ storeId, storeFrontDefaultTheme: theme.type })
      .onConflictDoUpdate({ target: storePreferences.storeId, set: { storeFrontDefaultTheme: theme.type } });
  });
  return listThemes(db, storeId);
}

/** One theme of the store as the list shows it (404 'Theme not found' otherwise). */
async function summaryOf(db: Db, storeId: string, themeId: string): Promise<ThemeSummary> {
  const found = (await listThemes(db, storeId)).find((t) => t.id === themeId);
  if (!found) throw notFound('Theme');
  return found;
}

/** PATCH /api/themes/{themeId}: renames a theme of the store (Themes screen Rename, issue 9 item 1). */
export async function renameTheme(db: Db, storeId: string, themeId: string, name: string): Promise<ThemeSummary> {
  const theme = await getTheme(db, storeId, themeId);
  await db.update(themes).set({ name }).where(eq(themes.id, theme.id));
  return summaryOf(db, storeId, theme.id);
}

/**
 * POST /api/themes/{themeId}/duplicate: a new unpublished theme of the same type whose version 1 is the
 * original's current config (note `duplicate:{themeId}`, saved by `userId`). Name default 'Copy of {name}'.
 */
export async function duplicateTheme(db: Db, storeId: string, themeId: string, userId: string, name?: string): Promise<ThemeSummary> {
  const theme = await getTheme(db, storeId, themeId);
  const row = await currentRow(db, theme.id);
  if (!row) throw notFound('Theme config');
  const copyName = name ?? `Copy of ${theme.name}`.slice(0, 100);
  const created = await db.transaction(async (tx) => {
    const [copy] = await tx.insert(themes).values({ storeId, name: copyName, type: theme.type, published: false }).returning();
    await tx.insert(themeConfigs).values({
      themeId: copy!.id,
      storeId,
      version: 1,
      config: row.config,
      schemaVersion: row.schemaVersion,
      createdBy: userId,
      note: `duplicate:${theme.id}`,
    });
    return copy!;
  });
  return summaryOf(db, storeId, created.id);
}

/**
 * DELETE /api/themes/{themeId}: deletes an unpublished theme with all its versions. The published theme answers
 * 400 DELETE_PUBLISHED_THEME_MESSAGE (the shop always has one published theme).
 */
export async function deleteTheme(db: Db, storeId: string, themeId: string): Promise<void> {
  const theme = await getTheme(db, storeId, themeId);
  if (theme.published) throw badRequest(DELETE_PUBLISHED_THEME_MESSAGE);
  await db.delete(themes).where(and(eq(themes.id, theme.id), eq(themes.published, false)));
}

/**
 * GET /api/themes/{themeId}/versions/{version}: one saved version's config as the editor reads it (migrated and
 * filled), for the restore preview's per-section diff. 404 'Theme version not found'.
 */
export async function getVersionConfig(db: Db, storeId: string, themeId: string, version: number): Promise<ThemeConfigItem> {
  const theme = await getTheme(db, storeId, themeId);
  const [row] = await db
    .select()
    .from(themeConfigs)
    .where(and(eq(themeConfigs.themeId, theme.id), eq(themeConfigs.version, version)));
  if (!row) throw notFound('Theme version');
  return toItem(theme, row);
}

/**
 * POST /api/themes/lookups/references: which of the given collection handles, product ids and page handles do
 * not exist in the store (pages: or are unpublished). Product ids that are not uuids are missing by definition.
 */
export async function checkReferences(
  db: Db,
  storeId: string,
  refs: { collections: string[]; products: string[]; pages: string[] },
): Promise<CheckReferencesResponse> {
  const uniq = (l: string[]) => [...new Set(l.filter(Boolean))];
  const cols = uniq(refs.collections);
  const prods = uniq(refs.products);
  const pgs = uniq(refs.pages);
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const foundCols = cols.length
    ? (
        await db
          .select({ v: collections.handle })
          .from(collections)
          .where(and(eq(collections.storeId, storeId), inArray(collections.handle, cols)))
      ).map((r) => r.v)
    : [];
  const validProds = prods.filter((p) => uuid.test(p));
  const foundProds = validProds.length
    ? (
        await db
          .select({ v: products.id })
          .from(products)
          .where(and(eq(products.storeId, storeId), inArray(products.id, validProds)))
      ).map((r) => r.v)
    : [];
  const foundPages = pgs.length
    ? (
        await db
          .select({ v: pages.handle })
          .from(pages)
          .where(and(eq(pages.storeId, storeId), eq(pages.published, true), inArray(pages.handle, pgs)))
      ).map((r) => r.v)
    : [];
  return {
    missing: {
      collections: cols.filter((c) => !foundCols.includes(c)),
      products: prods.filter((p) => !foundProds.includes(p)),
      pages: pgs.filter((p) => !foundPages.includes(p)),
    },
  };
}

/**
 * Creates a theme with its first config version (validated; the theme type is `type`, or the config's by the
 * theme-type rule of spec §1). Used by the demo seed; `note` defaults to 'seed'.
 */
export async function createTheme(
  db: Db,
  o: { storeId: string; name: string; type?: ThemeType; config: unknown; published?: boolean; userId?: string | null; note?: string },
): Promise<{ theme: ThemeRow; config: ThemeConfigItem }> {
  const type = o.type ?? themeTypeOf(o.config);
  const config = validateForTheme(o.config, type);
  const [theme] = await db.insert(themes).values({ storeId: o.storeId, name: o.name, type, published: false }).returning();
  const row = await insertVersion(db, theme!, 1, config, o.userId ?? null, o.note ?? 'seed');
  if (o.published) await publishTheme(db, o.storeId, theme!.id);
  return { theme: theme!, config: toItem(theme!, row) };
}

// ------------------------------------------------------------------------------------------------ storefront

/** The store's menus with their top-level items [{title, url}], the main menu first (data from the menus module). */
export async function menusOf(db: Db, storeId: string): Promise<LookupMenusResponse['menus']> {
  return editorMenus(db, storeId);
}

// ------------------------------------------------------------------------------------------------ lookups (§7)
/** Published pages of the store, by title (spec §7 List pages "filtered to published"). */
export async function lookupPages(db: Db, storeId: string): Promise<LookupPagesResponse> {
  const list = await db
    .select({ title: pages.title, handle: pages.handle, published: pages.published })
    .from(pages)
    .where(and(eq(pages.storeId, storeId), eq(pages.published, true)))
    .orderBy(asc(pages.title));
  return { pages: list };
}

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Products for the editor's pickers (spec §7 Get products): `page`/`limit`, optionally only those of the
 * collection with handle `collection`, and/or whose title contains `search` (case-insensitive). Ordered by title.
 * → `{products: [{title, _id, handle, image}], total}`.
 */
export async function lookupProducts(
  db: Db,
  storeId: string,
  q: { page: number; limit: number; collection?: string; search?: string },
): Promise<LookupProductsResponse> {
  const conds = [sql`p.store_id = ${storeId}`];
  if (q.search) conds.push(sql`p.title ilike ${likePattern(q.search)}`);
  if (q.collection) {
    conds.push(sql`exists (select 1 from collection_products cp join collections c on c.id = cp.collection_id
                           where cp.product_id = p.id and c.store_id = ${storeId} and c.handle = ${q.collection})`);
  }
  const where = sql.join(conds, sql` and `);
  const [count] = await rows<{ n: number }>(db, sql`select count(*) as n from products p where ${where}`);
  const list = await rows<{ id: string; title: string; handle: string; src: string | null }>(
    db,
    sql`select p.id, p.title, p.handle,
               (select i.src from product_images i where i.product_id = p.id order by i.position limit 1) as src
        from products p where ${where}
        order by p.title, p.id limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
  );
  return {
    products: list.map((p) => ({ title: p.title, _id: p.id, handle: p.handle, image: p.src ? { src: p.src } : null })),
    total: count?.n ?? 0,
  };
}

/**
 * Collections for the editor's pickers (spec §7 Get collections): `page`/`limit`, optionally whose title or
 * handle contains `search`. Ordered by title. → `{collections: [{title, handle, image: {src}}], total}`.
 */
export async function lookupCollections(
  db: Db,
  storeId: string,
  q: { page: number; limit: number; search?: string },
): Promise<LookupCollectionsResponse> {
  const conds = [sql`store_id = ${storeId}`];
  if (q.search) conds.push(sql`(title ilike ${likePattern(q.search)} or handle ilike ${likePattern(q.search)})`);
  const where = sql.join(conds, sql` and `);
  const [count] = await rows<{ n: number }>(db, sql`select count(*) as n from collections where ${where}`);
  const list = await rows<{ title: string; handle: string; image_src: string | null }>(
    db,
    sql`select title, handle, image_src from collections where ${where}
        order by title, id limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
  );
  return { collections: list.map((c) => ({ title: c.title, handle: c.handle, image: { src: c.image_src ?? '' } })), total: count?.n ?? 0 };
}

/** Menus for the editor (spec §7 List menus: the first menu's `/collections/` items are offered as links). */
export async function lookupMenus(db: Db, storeId: string): Promise<LookupMenusResponse> {
  return { menus: await menusOf(db, storeId) };
}
