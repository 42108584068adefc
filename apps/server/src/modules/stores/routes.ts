import { ErrorResponse, PagePreference, StoresResponse } from '@backroom/contracts';
import type { App } from '../../lib/types.js';
import { getPreference, listUserStores } from './service.js';

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
}
