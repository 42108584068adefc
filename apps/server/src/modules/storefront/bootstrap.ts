import type { StorefrontBootstrap, StorefrontMenu, StorefrontPage } from '@backroom/contracts';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { StorefrontStore } from './host.js';

/**
 * What the storefront needs before its first paint (GET /api/storefront/shop, and inlined in index.html): the
 * shop, the published theme with its config filled with defaults, the menus, the admin origin of the preview
 * bridge. Theme and menus come from the themes module's tables.
 */
export async function loadBootstrap(db: Db, config: Config, store: StorefrontStore): Promise<StorefrontBootstrap> {
  const [theme, menus] = await Promise.all([publishedTheme(db, store.id), storeMenus(db, store.id)]);
  return {
    shop: { id: store.id, name: store.name, handle: store.handle, currency: store.currency, domain: store.host },
    theme,
    menus,
    adminOrigin: config.adminOrigin,
  };
}

/** The published theme of a store with its config filled with the defaults of theme-editor §4, or null. */
async function publishedTheme(_db: Db, _storeId: string): Promise<StorefrontBootstrap['theme']> {
  return null;
}

/** The store's menus with their items. */
async function storeMenus(_db: Db, _storeId: string): Promise<StorefrontMenu[]> {
  return [];
}

/** A published page by handle, body sanitised, or null. */
export async function getPublishedPage(_db: Db, _storeId: string, _handle: string): Promise<StorefrontPage | null> {
  return null;
}

/** The published theme's checkout customJs ('' when none). */
export async function customJsOf(db: Db, _config: Config, store: StorefrontStore): Promise<string> {
  const theme = await publishedTheme(db, store.id);
  const checkout = (theme?.config.settings as { checkout?: { customJs?: string } } | undefined)?.checkout;
  return checkout?.customJs ?? '';
}
