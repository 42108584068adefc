import { ProductListQuery } from '@backroom/contracts';
import { z } from 'zod';

/**
 * Search-parameter schemas of the admin's routes (issue 15 "route search parameters validated with `validateSearch`
 * and the contract's zod schemas"). The route registry (routes.ts) names a route's schema in its `search` field;
 * the router (router.tsx) validates the address with it (`validateSearch`), and the screen reads the result typed
 * with `useRouteSearch(schema)` (shell/hooks.ts). Each field is built from the API's own query schema in
 * @backroom/contracts, and forgiving: a typed-in address with a bad value falls back to the field's default
 * instead of an error screen.
 */

/**
 * `website.products` (`/admin/products?search=…&page=…`): `search` is the API's product search (trimmed, at most 200
 * characters; a value the router parsed as a number, `?search=123`, counts as its text; invalid → absent), `page`
 * the API's page (a whole number ≥ 1; invalid → 1). Absent values stay absent, so the plain address is the first
 * page of everything; the screen reads them with {@link readProductsSearch}.
 */
export const PRODUCTS_SEARCH = z.object({
  search: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), ProductListQuery.shape.search).catch(undefined),
  page: ProductListQuery.shape.page.removeDefault().optional().catch(1),
});

/** The products list query of an address: search '' and page 1 when absent. */
export function readProductsSearch(s: ProductsSearch): { search: string; page: number } {
  return { search: s.search ?? '', page: s.page ?? 1 };
}
export type ProductsSearch = z.output<typeof PRODUCTS_SEARCH>;
