import { ErrorResponse, PagePreference, StorePreferences, StorePreferencesBody, StoresResponse } from '@backroom/contracts';
import type { App } from '../../lib/types.js';
import { getPreference, getStorePreferences, listUserStores, saveStorePreferences } from './service.js';

/** Shop selection and store preferences (spec admin-dashboard §2 /auth/shop, §3 Page preference, §7). */
export default async function storesRoutes(app: App) {
  /** GET /api/stores → the signed-in user's shops: {stores: [{id, name, handle, domain, rDomain, url, currency}]}. */
  app.get(
    '/api/stores',
    {
      preHandler: app.guard({ scope: null, store: false }),
      schema: {
        summary: "The signed-in user's shops",
        operationId: 'listStores',
        tags: ['stores'],
        response: { 200: StoresResponse, 401: ErrorResponse },
      },
    },
    async (req) => ({ stores: await listUserStores(app.db, app.config, req.auth.userId) }),
  );

  /** GET /api/stores/preference → the page preference of the X-Store-Id store (businessType, timezone, …). */
  app.get(
    '/api/stores/preference',
    {
      preHandler: app.guard({ scope: null }),
      schema: {
        summary: "The user's page preference in the store",
        operationId: 'getPagePreference',
        tags: ['stores'],
        response: { 200: PagePreference, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (req) => getPreference(app.db, req.auth.storeId),
  );

  /** GET /api/stores/preferences → the Preferences screen's values (scope preferences; spec §3, issue 11 item 5). */
  app.get(
    '/api/stores/preferences',
    {
      preHandler: app.guard({ scope: 'preferences' }),
      schema: {
        summary: "The store's preferences",
        operationId: 'getStorePreferences',
        tags: ['stores'],
        response: { 200: StorePreferences, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (req) => getStorePreferences(app.db, req.auth.storeId),
  );

  /**
   * PUT /api/stores/preferences {storeName, standardTimezone, businessType, paymentChoice, storeFrontDefaultTheme,
   * homeHtml} → the saved values (homeHtml sanitised; the chosen theme published). 400 names the field and the rule.
   */
  app.put(
    '/api/stores/preferences',
    {
      preHandler: app.guard({ scope: 'preferences' }),
      schema: {
        summary: "Save the store's preferences",
        operationId: 'saveStorePreferences',
        tags: ['stores'],
        body: StorePreferencesBody,
        response: { 200: StorePreferences, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (req) => saveStorePreferences(app.db, req.auth.storeId, req.body),
  );
}
