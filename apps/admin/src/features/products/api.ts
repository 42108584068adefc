import type { ImportReport, ProductListResponse } from '@backroom/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { readAccount } from '../../lib/session';

// Query hooks and calls of the Products screen (route website.products, scope `products`). Every call goes through
// the admin's api client: Bearer token + X-Store-Id, one token renewal on a 401.

/** Rows per page of the products table (the API accepts 1–250). */
export const PRODUCTS_PAGE_SIZE = 20;

/** Largest CSV the import accepts, bytes: 60 MB (the server answers 413 above it, catalog/routes.ts MAX_IMPORT_BYTES). */
export const MAX_IMPORT_BYTES = 60 * 1024 * 1024;

/** The products list of one store: page (from 1) and the trimmed search text ('' = all products). */
export interface ProductsQuery {
  page: number;
  search: string;
}

/** Query-key root of the chosen store's product lists; an import invalidates everything under it. */
export const productsKey = (storeId: string | null) => ['products', storeId ?? 'none'] as const;

/** Query key of the home dashboard's catalog size (features/home/queries.ts useProductsCount). */
export const homeProductsCountKey = (storeId: string | null) => ['home', storeId, 'products-count'] as const;

/**
 * `GET /api/products?page&limit&search` → {products, total, page, limit} (ProductListResponse: prices in the store
 * currency's major unit, first picture as `image.src`). The previous page stays on screen while the next loads.
 * Failures raise the global api-error notification.
 */
export function useProducts(q: ProductsQuery) {
  const storeId = readAccount().storeId;
  return useQuery({
    queryKey: [...productsKey(storeId), 'list', q.page, PRODUCTS_PAGE_SIZE, q.search],
    queryFn: ({ signal }) =>
      api.get<ProductListResponse>('/products', {
        query: { page: q.page, limit: PRODUCTS_PAGE_SIZE, search: q.search || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
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
 * The import as a mutation. On success the chosen store's product lists and the home dashboard's products count are
 * invalidated, so the new products show at once.
 */
export function useImportProducts() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: importProductsCsv,
    onSuccess: async () => {
      const storeId = readAccount().storeId;
      await Promise.all([
        qc.invalidateQueries({ queryKey: productsKey(storeId) }),
        qc.invalidateQueries({ queryKey: homeProductsCountKey(storeId) }),
      ]);
    },
  });
}
