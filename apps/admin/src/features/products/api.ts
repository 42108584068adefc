import {
  type CollectionListResponse,
  ImportReport,
  type Job,
  type OkResponse,
  PRODUCTS_PAGE_SIZE,
  type Product,
  type ProductBulkBody,
  type ProductBulkResponse,
  type ProductCreateBody,
  type ProductListResponse,
  type UploadedImage,
} from '@backroom/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, emitApiEvent } from '../../lib/api';
import { collectionKeys, productKeys } from '../../lib/query-keys';
import type { ProductFilters } from '../../route-search';

// The products data layer (route website.products, scope `products`; issue 15 "Admin data layer"): fetchers typed by
// @backroom/contracts, `queryOptions` builders keyed by lib/query-keys.ts `productKeys`, and the hooks. Every call
// goes through the admin's one api client: Bearer token + X-Store-Id, one token renewal on a 401.

/** The products list of one store: page (from 1), the trimmed search text ('' = all products) and the filters. */
export interface ProductsQuery extends ProductFilters {
  page: number;
  search: string;
}

/**
 * `GET /api/products?page&limit&search` → {products, total, page, limit} (ProductListResponse: prices in the store
 * currency's major unit, first picture as `image.src`), 20 a page. Key `productKeys.list({page, limit, search})`.
 * The previous page stays on screen while the next loads. Failures raise the global api-error notification.
 */
export function productListOptions(q: ProductsQuery) {
  const { page, search, ...filters } = q;
  const params = { page, limit: PRODUCTS_PAGE_SIZE, search, ...filters };
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
 * `POST /api/products/import` with the CSV in the multipart field `file` → 202 with the import Job (`catalog.import`;
 * issue 14 item 2): the import runs in the background, components/JobProgress follows it, and the finished job's
 * `result` is the ImportReport (read with {@link importReportOf}). Silent: the import modal shows the server's
 * messages itself (400 bad file — checked before the job starts — 413 over 60 MB). Rejects with an ApiError.
 */
export function importProductsCsv(file: File): Promise<Job> {
  const body = new FormData();
  body.append('file', file, file.name);
  return api.post<Job>('/products/import', body, { silent: true });
}

/** Starting the import as a mutation (its data is the queued Job). */
export function useImportProducts() {
  return useMutation({ mutationFn: importProductsCsv });
}

/** The ImportReport of a completed import job (parsed by the contract), or null when the job has none. */
export function importReportOf(job: Job): ImportReport | null {
  const parsed = ImportReport.safeParse(job.result);
  return parsed.success ? parsed.data : null;
}

/**
 * What to do when an import job finishes: everything under the chosen store's `productKeys.store()` is invalidated —
 * the product lists and the catalog size of the home screen — so the new products show at once.
 */
export function useImportFinished() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: productKeys.store() });
}

/** `GET /api/products/{id}` → Product (options, variants, images, collections); key `productKeys.detail(id)`. */
export function productOptions(id: string) {
  return queryOptions({ queryKey: productKeys.detail(id), queryFn: ({ signal }) => api.get<Product>(`/products/${id}`, { signal }) });
}
/** The product of {@link productOptions}; idle without an id (the create screen). */
export const useProduct = (id: string | null) => useQuery({ ...productOptions(id ?? ''), enabled: !!id });

/**
 * Create (`POST /api/products`), update (`PUT /api/products/{id}`) and delete (`DELETE /api/products/{id}`) a
 * product. Each success invalidates the store's products (lists, details, the home count) and collections
 * (automated collections follow product changes on the server).
 */
export function useProductMutations() {
  const qc = useQueryClient();
  const done = () =>
    Promise.all([qc.invalidateQueries({ queryKey: productKeys.store() }), qc.invalidateQueries({ queryKey: collectionKeys.store() })]);
  const save = useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: ProductCreateBody }) =>
      id ? api.put<Product>(`/products/${id}`, body) : api.post<Product>('/products', body),
    onSuccess: (p, { id }) => {
      emitApiEvent('api-success', [`Product ${p.title} ${id ? 'saved' : 'created'}`]);
      return done();
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.delete<OkResponse>(`/products/${id}`),
    onSuccess: () => {
      emitApiEvent('api-success', ['Product deleted']);
      return done();
    },
  });
  /** `PATCH /api/products/bulk`: every change in one transaction (the list's bulk actions, the bulk-edit grid). */
  const bulk = useMutation({
    mutationFn: (body: ProductBulkBody) => api.patch<ProductBulkResponse>('/products/bulk', body),
    onSuccess: (r) => {
      emitApiEvent('api-success', [`${r.products === 1 ? '1 product' : `${r.products} products`} updated`]);
      return done();
    },
  });
  return { save, remove, bulk };
}

/**
 * `POST /api/uploads` (the media module: JPEG, PNG, WebP, GIF or AVIF up to 10 MB, resized to WebP web sizes) →
 * UploadedImage, whose `src` the product keeps. Silent: the media card shows the refusal under the drop zone.
 */
export function uploadImage(file: File): Promise<UploadedImage> {
  const body = new FormData();
  body.append('file', file, file.name);
  return api.post<UploadedImage>('/uploads', body, { silent: true });
}

/** `GET /api/collections?limit=250` (the list's collection filter) → the store's collections A→Z; key `collectionKeys.list(…)`. */
export function collectionChoicesOptions() {
  const params = { page: 1, limit: 250 };
  return queryOptions({
    queryKey: collectionKeys.list(params),
    queryFn: ({ signal }) => api.get<CollectionListResponse>('/collections', { query: params, signal }),
    staleTime: 60_000,
  });
}

/**
 * `GET /api/products/export` → the catalog as a Shopify product CSV (text), saved by the browser as
 * `products_export.csv`. The import reads the same format, so the file moves a catalog to another shop.
 */
export async function downloadProductsCsv(): Promise<void> {
  const csv = await api.get<string>('/products/export', { as: 'text' });
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
  const a = Object.assign(document.createElement('a'), { href: url, download: 'products_export.csv' });
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}
