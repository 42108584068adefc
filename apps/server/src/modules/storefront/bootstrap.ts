import { offsetMinutes, type StorefrontBootstrap, type StorefrontPage } from '@backroom/contracts';
import { anchorCountdowns, fillDefaults, mapConfigHtml, type ThemeType } from '@backroom/theme';
import { and, desc, eq } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { pages, themeConfigs, themes } from '../../db/schema/index.js';
import { sanitizeMerchantHtml } from '../../lib/html.js';
import { storeTimezone } from '../../lib/store-timezone.js';
import { storefrontMenus } from '../menus/index.js';
import type { StorefrontStore } from './host.js';

/**
 * What the storefront needs before its first paint (GET /api/storefront/shop, and inlined in index.html): the
 * shop, the published theme with its config filled with defaults, the menus, the admin origin of the preview
 * bridge. The theme comes from the themes module's tables, the menus from the menus module (broken items left out).
 *
 * `previewThemeId` (`?preview_theme_id=`, issue 9 item 1: the Themes screen's Preview and thumbnails) shows that
 * theme instead of the published one when it is a theme of THIS store; any other value (another shop's theme, an
 * unknown or malformed id) is ignored and the published theme is shown.
 */
export async function loadBootstrap(
  db: Db,
  config: Config,
  store: StorefrontStore,
  opts: { previewThemeId?: string | null } = {},
): Promise<StorefrontBootstrap> {
  const pick = async () => {
    const preview = opts.previewThemeId ? await storeTheme(db, store.id, opts.previewThemeId) : null;
    return preview ? { ...preview, previewing: true } : { ...(await publishedTheme(db, store.id)), previewing: false };
  };
  const [picked, menuList, zone] = await Promise.all([pick(), storefrontMenus(db, store.id), storeTimezone(db, store.id)]);
  const theme = picked.id ? (picked as StoreTheme) : null;
  return {
    shop: {
      id: store.id,
      name: store.name,
      handle: store.handle,
      currency: store.currency,
      domain: store.host,
      // The shop's calendar for the delivery promises (issue 31 item 1), without Intl in the browser.
      utcOffsetMinutes: offsetMinutes(Date.now(), zone),
    },
    theme: theme && { id: theme.id, name: theme.name, type: theme.type, config: publicConfig(theme.config) },
    menus: menuList,
    // A theme shown by preview_theme_id runs no merchant script (custom.js serves the published theme's only).
    hasCustomJs: !picked.previewing && !!(theme?.config.settings as { checkout?: { customJs?: string } } | undefined)?.checkout?.customJs,
    adminOrigin: config.adminOrigin,
  };
}

/**
 * The config as a shopper may see it: merchant HTML settings sanitised (the storefront sanitises again), and the
 * checkout customJs left out (it is served on its own from /api/storefront/custom.js, public site only).
 */
function publicConfig(config: Record<string, unknown>): Record<string, unknown> {
  const c = mapConfigHtml(config as never, sanitizeMerchantHtml) as unknown as { settings: { checkout: Record<string, unknown> } };
  c.settings.checkout = { ...c.settings.checkout, customJs: '' };
  return c as unknown as Record<string, unknown>;
}

/**
 * The published theme of a store with its newest saved config, migrated and filled with the defaults of
 * theme-editor §4 for the theme's type; null when the store has no published theme or it has no config.
 */
export async function publishedTheme(db: Db, storeId: string): Promise<StoreTheme | null> {
  const [t] = await db
    .select()
    .from(themes)
    .where(and(eq(themes.storeId, storeId), eq(themes.published, true)))
    .limit(1);
  return t ? withNewestConfig(db, t) : null;
}

/** A theme of the store with its newest config (filled); null when the id is not a UUID or not a theme of THIS store. */
export async function storeTheme(db: Db, storeId: string, themeId: string): Promise<StoreTheme | null> {
  if (!UUID.test(themeId)) return null;
  const [t] = await db
    .select()
    .from(themes)
    .where(and(eq(themes.storeId, storeId), eq(themes.id, themeId)))
    .limit(1);
  return t ? withNewestConfig(db, t) : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
type StoreTheme = { id: string; name: string; type: ThemeType; config: Record<string, unknown> };

async function withNewestConfig(db: Db, t: typeof themes.$inferSelect): Promise<StoreTheme | null> {
  const [row] = await db.select().from(themeConfigs).where(eq(themeConfigs.themeId, t.id)).orderBy(desc(themeConfigs.version)).limit(1);
  if (!row) return null;
  const type = t.type as ThemeType;
  // Flash deals without a stored end count down from when this config was saved (issue 31 item 3).
  const config = anchorCountdowns(fillDefaults(row.config, type), row.createdAt.getTime());
  return { id: t.id, name: t.name, type, config: config as unknown as Record<string, unknown> };
}

/** A published page by handle, body sanitised, or null (unpublished pages are not shown to shoppers). */
export async function getPublishedPage(db: Db, storeId: string, handle: string): Promise<StorefrontPage | null> {
  const [p] = await db
    .select()
    .from(pages)
    .where(and(eq(pages.storeId, storeId), eq(pages.handle, handle), eq(pages.published, true)));
  return p
    ? {
        handle: p.handle,
        title: p.title,
        bodyHtml: sanitizeMerchantHtml(p.bodyHtml),
        seoTitle: p.seoTitle,
        seoDescription: p.seoDescription,
      }
    : null;
}

/** The published theme's checkout customJs ('' when none). */
export async function customJsOf(db: Db, _config: Config, store: StorefrontStore): Promise<string> {
  const theme = await publishedTheme(db, store.id);
  const checkout = (theme?.config.settings as { checkout?: { customJs?: string } } | undefined)?.checkout;
  return checkout?.customJs ?? '';
}
