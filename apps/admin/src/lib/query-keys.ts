import { readAccount } from './session';

/**
 * Query-key factories of the admin's server data (issue 15, STYLE.md "Admin data layer", after Medusa's
 * `queryKeysFactory` and bulletproof-react). Every query key of the admin comes from here, never typed by hand:
 *
 *   productKeys.all            → ['products']                             every store's products
 *   productKeys.store()        → ['products', storeId]                    the chosen store's products (invalidate this)
 *   productKeys.lists()        → ['products', storeId, 'list']
 *   productKeys.list(params)   → ['products', storeId, 'list', params]
 *   productKeys.details()      → ['products', storeId, 'detail']
 *   productKeys.detail(id)     → ['products', storeId, 'detail', id]
 *   productKeys.part('count')  → ['products', storeId, 'count']           a named query of the entity (any params follow)
 *
 * The chosen store (local storage `storeId`, 'none' before a shop is picked) is the second element, so another
 * tab's shop switch never shows one store's data under another. The factories live in lib/ (not in a feature)
 * because a mutation invalidates the keys of every entity it changes (an import refreshes the products list AND
 * the home catalog size), and features never import each other. A feature's `api.ts` builds its `queryOptions`
 * from these keys.
 */
export function entityKeys<const E extends string>(entity: E) {
  const store = () => [entity, readAccount().storeId ?? 'none'] as const;
  return {
    all: [entity] as const,
    store,
    lists: () => [...store(), 'list'] as const,
    list: <P>(params: P) => [...store(), 'list', params] as const,
    details: () => [...store(), 'detail'] as const,
    detail: (id: string) => [...store(), 'detail', id] as const,
    part: <const K extends string, const P extends unknown[]>(name: K, ...params: P) => [...store(), name, ...params] as const,
  };
}

/** Products of the catalog (`/api/products…`): lists, count. */
export const productKeys = entityKeys('products');
/** Collections (`/api/collections…`): lists, details; automated ones change with products, so product writes invalidate them too. */
export const collectionKeys = entityKeys('collections');
/** Orders (`/api/orders…`): the open-orders count of the home screen, the orders list and each order's detail. */
export const orderKeys = entityKeys('orders');
/** Customers (`/api/customers…`): the list and each customer's detail. */
export const customerKeys = entityKeys('customers');
/** Reports (`/api/reports/…`): the home figures (today's sales and orders), the sales, profit and UTM reports and ad spend (issue 17); an order change refreshes them all. */
export const reportKeys = entityKeys('reports');
/** The Overview analytics (`/api/analytics/…`: series, dashboard figures, paid orders, the store timezone). */
export const analyticsKeys = entityKeys('analytics');
/** Members of the chosen store (`/api/users/store-staffs`). */
export const staffKeys = entityKeys('staff');
/** The signed-in user's own data (`/api/auth/…`: security history, permission catalogue, register check). */
export const authKeys = entityKeys('auth');
/** The merchant's help-base content (`/api/helpbase/…`: the home HTML block). */
export const helpbaseKeys = entityKeys('helpbase');

/** Content pages (`/api/stores/onlinestore/pages/…`): list, detail. */
export const pageKeys = entityKeys('pages');
/** Discounts (`/api/discounts…`): lists per tab, one discount, the form's product and collection lookups. */
export const discountKeys = entityKeys('discounts');
/** Storefront checkouts (`/api/checkouts/abandoned`): the abandoned-checkouts list. */
export const checkoutKeys = entityKeys('checkouts');

/** Navigation menus (`/api/stores/onlinestore/menus/…`): list, detail, link targets. */
export const menuKeys = entityKeys('menus');

/** Personalised products and their fonts (`/api/personalizes…`): list, detail, `part('fonts')`. */
export const personalizeKeys = entityKeys('personalizes');

/**
 * Getting paid (issue 10): the balance, payout cards, config and requests, the shop's payment gateways, the
 * provider's gateway pool, the onboarding guide (`part('onboarding')`) and the subscription (`part('subscription')`).
 */
export const payoutKeys = entityKeys('payout');

/** The shop's domains and pending domain purchases (`/api/stores/config/…`). */
export const domainKeys = entityKeys('domains');

const themeBase = entityKeys('themes');
/**
 * The store's themes (`/api/themes…`): the list, and per theme its current config, its versions and one version
 * (`themeKeys.config(id) → ['themes', storeId, 'detail', id, 'config']`), so invalidating `detail(id)` refreshes all.
 */
export const themeKeys = {
  ...themeBase,
  config: (id: string) => [...themeBase.detail(id), 'config'] as const,
  versions: (id: string) => [...themeBase.detail(id), 'versions'] as const,
  version: (id: string, version: number) => [...themeBase.detail(id), 'versions', version] as const,
};

/**
 * The signed-in user's shops (`GET /api/stores`, not scoped by the chosen store), their invitations to shops, and the
 * chosen store's page preference (`GET /api/stores/preference`).
 */
export const storeKeys = {
  all: ['stores'] as const,
  /** The Preferences screen's values (`GET /api/stores/preferences`). */
  preferences: () => ['stores', readAccount().storeId ?? 'none', 'preferences'] as const,
  list: () => ['stores', 'list'] as const,
  /** The signed-in user's pending invitations to join shops (`GET /api/users/invitations`, the shop-choice screen). */
  invitations: () => ['stores', 'invitations'] as const,
  preference: () => ['stores', readAccount().storeId ?? 'none', 'preference'] as const,
};

/**
 * Background jobs of the chosen store (`GET /api/jobs/{id}`, `GET /api/jobs?type=`): `jobKeys.detail(id)` is polled
 * by components/JobProgress while the job runs; `jobKeys.list({type})` lists a type's recent jobs.
 */
export const jobKeys = entityKeys('jobs');

/** Stock per variant and its history (`/api/inventory…`); product writes change it too. */
export const inventoryKeys = entityKeys('inventory');
/** Bulk updates (`/api/bulk-updates`): the list with progress and reports. */
export const bulkUpdateKeys = entityKeys('bulk-updates');
/** Product feeds (`/api/product-feeds`): the Google Merchant feed's address, counts and problems. */
export const feedKeys = entityKeys('feeds');

/** Storefront filters and the options products use (`/api/product-options`, Product Options screen). */
export const productFilterKeys = entityKeys('product-filters');
/** Size charts (`/api/size-charts…`): the list. */
export const sizeChartKeys = entityKeys('size-charts');
/** Product reviews (`/api/reviews…`): lists per filter. */
export const reviewKeys = entityKeys('reviews');
/** The print-on-demand base catalogue (`/api/catalog/base-products…`): lists per filter. */
export const baseCatalogKeys = entityKeys('base-catalog');
/** Live view (`/api/live/summary`, kept current by the `/api/live/stream` events). */
export const liveKeys = entityKeys('live');
/** Telegram notifications (`/api/notifications/telegram`): the shop's settings and connected chat. */
export const telegramKeys = entityKeys('telegram');
/** Storefront cache purges (`/api/cache/purges`): the last purges. */
export const cacheKeys = entityKeys('cache');
/** Global search (`GET /api/search`, the command palette): one answer per search text, `searchKeys.part('q', q)`. */
export const searchKeys = entityKeys('search');
/** Ad pixels (`/api/pixels…`) of the Share Pixel screen. */
export const pixelKeys = entityKeys('pixels');
/** Product widgets (`/api/widgets…`) of the Product Widget screen and the Apps hub (issue 18 item 2). */
export const widgetKeys = entityKeys('widgets');
/** Boost UpSell offers (issue 18 item 1): list, detail, stats. */
export const upsellKeys = entityKeys('upsell');
/** Shops built by Custom Store (`/api/custom-stores`, issue 18 item 7). */
export const customStoreKeys = entityKeys('custom-stores');
/** Print-on-demand designs (`/api/designs…`, issue 19): lists per kind, one design, its renders (`part('render', id)`). */
export const designKeys = entityKeys('designs');
