import { z } from 'zod';
import type { Scope } from './common.js';
import { SEARCH_MAX_CHARS, SEARCH_RESULTS_PER_TYPE, SEARCH_RESULTS_PER_TYPE_MAX } from './limits.js';
import { limitParam } from './paging.js';

/**
 * Global search (issue 20 item 1): `GET /api/search?q=&types=&limit=` finds orders, products, customers,
 * collections, pages and discounts of the session's store, grouped by type, each hit with the admin path to open.
 */

/**
 * The searchable types, in the order the answer lists their groups, with the scope that lets a member see them
 * (spec admin-dashboard §6; the same scope as the type's own list route and admin screen), what they are found by
 * (the palette's empty state says it) and the admin path a hit opens. `{id}` / `{handle}` are filled by the server;
 * each template is an admin route path of `apps/admin/src/routes.ts` (`$id` there) — `routes.test.ts` checks it.
 */
export const SEARCH_TYPES = {
  orders: { scope: 'orders', label: 'Orders', foundBy: 'order number, customer name or e-mail', path: '/admin/orders/detail/{id}' },
  products: { scope: 'products', label: 'Products', foundBy: 'title, handle, SKU or barcode', path: '/admin/products/{id}' },
  customers: { scope: 'customers', label: 'Customers', foundBy: 'name or e-mail', path: '/admin/customers/{id}' },
  // No collection screen of its own: a hit opens All products filtered by the collection.
  collections: { scope: 'products', label: 'Collections', foundBy: 'title or handle', path: '/admin/products?collection={handle}' },
  pages: { scope: 'pages', label: 'Pages', foundBy: 'title or handle', path: '/admin/pages/{id}' },
  discounts: { scope: 'discounts', label: 'Discounts', foundBy: 'code or title', path: '/admin/discounts/{id}' },
} as const satisfies Record<string, { scope: Scope; label: string; foundBy: string; path: string }>;

/** Names of the searchable types, in answer order. */
export const SEARCH_TYPE_NAMES = Object.keys(SEARCH_TYPES) as SearchType[];
export const SearchType = z.enum(['orders', 'products', 'customers', 'collections', 'pages', 'discounts']);
export type SearchType = z.infer<typeof SearchType>;

/** The searchable types a member holding `scopes` may see (owners and admins hold every scope). */
export function searchableTypes(scopes: readonly Scope[]): SearchType[] {
  return SEARCH_TYPE_NAMES.filter((t) => scopes.includes(SEARCH_TYPES[t].scope));
}

/**
 * Query of `GET /api/search`: `q` the text (trimmed, ≤ 100 characters; under 2 characters answers no group),
 * `types` comma-joined type names (absent = every type the session may see; a type it may not see is left out, not
 * refused), `limit` hits per type (1–20, default 5).
 */
export const SearchQuery = z.object({
  q: z
    .string()
    .trim()
    .max(SEARCH_MAX_CHARS, `q must be at most ${SEARCH_MAX_CHARS} characters`)
    .default('')
    .meta({ description: 'Text to find: order number (#1042), e-mail prefix, product word, SKU, code… Typos tolerated.' }),
  types: z
    .string()
    .optional()
    .transform((s) =>
      s === undefined
        ? undefined
        : s
            .split(',')
            .map((x) => x.trim())
            .filter(Boolean),
    )
    .pipe(z.array(SearchType, { message: `types must be comma-joined names of ${Object.keys(SEARCH_TYPES).join(', ')}` }).optional())
    .meta({ description: 'Comma-joined types (orders,products,customers,collections,pages,discounts); absent = all allowed.' }),
  limit: limitParam(SEARCH_RESULTS_PER_TYPE, SEARCH_RESULTS_PER_TYPE_MAX),
});
export type SearchQuery = z.input<typeof SearchQuery>;
/** `GET /api/search`'s query once validated: `types` a list (undefined = all allowed), `limit` a number. */
export type SearchParams = z.output<typeof SearchQuery>;

/** One hit: `path` is the admin address that opens it; `subtitle` says what else identifies it (e-mail, SKU, status). */
export const SearchResult = z
  .object({
    type: SearchType,
    id: z.string(),
    title: z.string(),
    subtitle: z.string(),
    path: z.string(),
  })
  .meta({ id: 'SearchResult' });
export type SearchResult = z.infer<typeof SearchResult>;

/** The hits of one type, best first. */
export const SearchGroup = z.object({ type: SearchType, results: z.array(SearchResult) });
export type SearchGroup = z.infer<typeof SearchGroup>;

/** Answer of `GET /api/search`: one group per type searched that has hits, in SEARCH_TYPES order. */
export const SearchResponse = z.object({ q: z.string(), groups: z.array(SearchGroup) }).meta({ id: 'SearchResponse' });
export type SearchResponse = z.infer<typeof SearchResponse>;
