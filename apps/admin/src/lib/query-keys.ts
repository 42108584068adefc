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
/** Orders (`/api/orders…`): the open-orders count of the home screen; later the orders list and detail. */
export const orderKeys = entityKeys('orders');
/** The home report figures (`/api/reports/…`: today's sales and orders). */
export const reportKeys = entityKeys('reports');
/** The Overview analytics (`/api/analytics/…`: series, dashboard figures, paid orders, the store timezone). */
export const analyticsKeys = entityKeys('analytics');
/** Members of the chosen store (`/api/users/store-staffs`). */
export const staffKeys = entityKeys('staff');
/** The signed-in user's own data (`/api/auth/…`: security history, permission catalogue, register check). */
export const authKeys = entityKeys('auth');
/** The merchant's help-base content (`/api/helpbase/…`: the home HTML block). */
export const helpbaseKeys = entityKeys('helpbase');

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
 * The signed-in user's shops (`GET /api/stores`, not scoped by the chosen store) and the chosen store's page
 * preference (`GET /api/stores/preference`).
 */
export const storeKeys = {
  all: ['stores'] as const,
  list: () => ['stores', 'list'] as const,
  preference: () => ['stores', readAccount().storeId ?? 'none', 'preference'] as const,
};
