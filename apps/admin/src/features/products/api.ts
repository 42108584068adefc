import type { ImportReport, ProductListResponse } from '@backroom/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { productKeys } from '../../lib/query-keys';

// The products data layer (route website.products, scope `products`; issue 15 "Admin data layer"): fetchers typed by
// @backroom/contracts, `queryOptions` builders keyed by lib/query-keys.ts `productKeys`, and the hooks. Every call
// goes through the admin's one api client: Bearer token + X-Store-Id, one token renewal on a 401.

/** Rows per page of the products table (the API accepts 1–250). The CSV size limit is contracts' MAX_IMPORT_BYTES. */
export const PRODUCTS_PAGE_SIZE = 20;

/** The products list of one store: page (from 1) and the trimmed search text ('' = all products). */
export interface ProductsQuery {
  page: number;
  search: string;
}

/**
 * `GET /api/products?page&limit&search` → {products, total, page, limit} (ProductListResponse: prices in the store
 * currency's major unit, first picture as `image.src`), 20 a page. Key `productKeys.list({page, limit, search})`.
 * The previous page stays on screen while the next loads. Failures raise the global api-error notification.
 */
export function productListOptions(q: ProductsQuery) {
  const params = { page: q.page, limit: PRODUCTS_PAGE_SIZE, search: q.search };
  return queryOptions({
    queryKey: productKeys.list(params),
    queryFn: ({ signal }) =>
      api.get<ProductListResponse>('/products', { query: { ...params, search: params.search || undefined }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The products list of {@link productListOptions}. */
export function useProducts(q: ProductsQuery) {
  return useQuery(productListOptions(q));
}

/**
 * `POST /api/products/import` with the CSV in the multipart field `file` → ImportReport (created / updated / skipped
 * product counts, variants and pictures written, rejected rows with their line and reason, warnings). Silent: the
 * import modal shows the server's messages itself (400 bad file, 413 over 60 MB). Rejects with an ApiError.
 */
export function importProductsCsv(file: File): Promise<ImportReport> {
  const body = new FormData();
  body.append('file', file, file.name);
  return api.post<ImportReport>('/products/import', body, { silent: true });
}

/**
 * The import as a mutation. On success everything under the chosen store's `productKeys.store()` is invalidated —
 * the product lists and the catalog size of the home screen — so the new products show at once.
 */
export function useImportProducts() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: importProductsCsv,
    onSuccess: () => qc.invalidateQueries({ queryKey: productKeys.store() }),
  });
}
