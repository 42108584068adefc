import {
  LOOKUP_RESULTS_LIMIT,
  type LookupCollectionsResponse,
  type LookupMenusResponse,
  type LookupPagesResponse,
  type LookupProductsResponse,
} from '@backroom/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { entityKeys } from '../../../lib/query-keys';

// The data the settings panels read (spec theme-editor §3 "Lookups", §7 calls): the editor lookups of
// `GET /api/themes/lookups/…`. Keys come from the factory
// below, never typed by hand; every call is silent (spec §8: "Every call failure is swallowed with no message").

const themeKeys = entityKeys('themes');

/**
 * Query keys of the panels' lookups (lib/query-keys.ts factories, scoped by the chosen store):
 * `['themes', storeId, 'lookups', 'collections', {search, page}]`, `[…, 'lookups', 'products', {collection, search,
 * page}]`, `[…, 'lookups', 'pages']`, `[…, 'lookups', 'menus']`.
 */
export const lookupKeys = {
  all: () => themeKeys.part('lookups'),
  collections: (q: { search: string; page: number }) => themeKeys.part('lookups', 'collections', q),
  products: (q: { collection: string; search: string; page: number }) => themeKeys.part('lookups', 'products', q),
  pages: () => themeKeys.part('lookups', 'pages'),
  menus: () => themeKeys.part('lookups', 'menus'),
};

/** One choice of a searchable picker: the stored value (a collection handle, a product `_id`) and its title. */
export interface LookupOption {
  value: string;
  label: string;
}
/** What one search found: the options of its page and how many match in all. */
export interface LookupFound {
  options: LookupOption[];
  total: number;
}

/**
 * The search of a searchable picker (spec §7 "Get collections … search text", "Get products … collection slug and
 * search text"), as picker options:
 * - `collection`: `GET /api/themes/lookups/collections?search&page&limit` → {collections: [{title, handle, image.src}],
 *   total}; an option is {value: handle, label: title};
 * - `product`: `GET /api/themes/lookups/products?collection&search&page&limit` → {products: [{title, _id, …}], total},
 *   limited to the products of the collection handle `scope` when given; an option is {value: _id, label: title}.
 */
export function searchOptions(kind: 'collection' | 'product', scope: string, search: string, page = 1) {
  const query = { search: search || undefined, page, limit: LOOKUP_RESULTS_LIMIT };
  return queryOptions<LookupFound, Error, LookupFound, readonly unknown[]>({
    queryKey: kind === 'collection' ? lookupKeys.collections({ search, page }) : lookupKeys.products({ collection: scope, search, page }),
    queryFn: async ({ signal }) => {
      if (kind === 'collection') {
        const d = await api.get<LookupCollectionsResponse>('/themes/lookups/collections', { query, silent: true, signal });
        return { options: d.collections.map((c) => ({ value: c.handle, label: c.title })), total: d.total };
      }
      const d = await api.get<LookupProductsResponse>('/themes/lookups/products', {
        query: { collection: scope || undefined, ...query },
        silent: true,
        signal,
      });
      return { options: d.products.map((p) => ({ value: p._id, label: p.title })), total: d.total };
    },
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** `GET /api/themes/lookups/pages` → the published pages {title, handle, published} (spec §7 "filtered to published"). */
export function pagesOptions() {
  return queryOptions({
    queryKey: lookupKeys.pages(),
    queryFn: ({ signal }) => api.get<LookupPagesResponse>('/themes/lookups/pages', { silent: true, signal }),
    staleTime: 60_000,
  });
}

/** `GET /api/themes/lookups/menus` → the store's menus {id, title, handle, items}, the main menu first (spec §7). */
export function menusOptions() {
  return queryOptions({
    queryKey: lookupKeys.menus(),
    queryFn: ({ signal }) => api.get<LookupMenusResponse>('/themes/lookups/menus', { silent: true, signal }),
    staleTime: 60_000,
  });
}
