import type { LookupCollectionsResponse, LookupMenusResponse, LookupPagesResponse, LookupProductsResponse } from '@backroom/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { entityKeys } from '../../../lib/query-keys';

// The data the settings panels read (spec theme-editor §3 "Lookups", §7 calls): the editor lookups of
// `GET /api/themes/lookups/…` and the shop's uploaded images (`GET/POST /api/uploads`). Keys come from the factory
// below, never typed by hand; every call is silent (spec §8: "Every call failure is swallowed with no message").

/** Page size of the pickers' search results. */
export const LOOKUP_LIMIT = 20;
/** Page size of the image picker. */
export const UPLOADS_LIMIT = 24;

const themeKeys = entityKeys('themes');
const uploads = entityKeys('uploads');

/**
 * Query keys of the panels' lookups (lib/query-keys.ts factories, scoped by the chosen store):
 * `['themes', storeId, 'lookups', 'collections', {search, page}]`, `[…, 'lookups', 'products', {collection, search,
 * page}]`, `[…, 'lookups', 'pages']`, `[…, 'lookups', 'menus']`; uploads `['uploads', storeId, 'list', {page}]`.
 */
export const lookupKeys = {
  all: () => themeKeys.part('lookups'),
  collections: (q: { search: string; page: number }) => themeKeys.part('lookups', 'collections', q),
  products: (q: { collection: string; search: string; page: number }) => themeKeys.part('lookups', 'products', q),
  pages: () => themeKeys.part('lookups', 'pages'),
  menus: () => themeKeys.part('lookups', 'menus'),
};
export const uploadKeys = {
  all: () => uploads.store(),
  list: (q: { page: number }) => uploads.list(q),
};

/** `GET /api/themes/lookups/collections?search&page&limit` → {collections: [{title, handle, image.src}], total}. */
export function collectionsOptions(search: string, page = 1) {
  return queryOptions({
    queryKey: lookupKeys.collections({ search, page }),
    queryFn: ({ signal }) =>
      api.get<LookupCollectionsResponse>('/themes/lookups/collections', {
        query: { search: search || undefined, page, limit: LOOKUP_LIMIT },
        silent: true,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/**
 * `GET /api/themes/lookups/products?collection&search&page&limit` → {products: [{title, _id, handle, image}], total}.
 * `collection` (a handle) limits the list to that collection's products (spec §7 "or collection slug and search text").
 */
export function productsOptions(collection: string, search: string, page = 1) {
  return queryOptions({
    queryKey: lookupKeys.products({ collection, search, page }),
    queryFn: ({ signal }) =>
      api.get<LookupProductsResponse>('/themes/lookups/products', {
        query: { collection: collection || undefined, search: search || undefined, page, limit: LOOKUP_LIMIT },
        silent: true,
        signal,
      }),
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

/** One uploaded image of the shop as the picker shows it. */
export interface UploadedImage {
  src: string;
  name?: string;
  width?: number;
  height?: number;
}
/** `GET /api/uploads?page&limit` answer as the picker reads it. */
export interface UploadsPage {
  uploads: UploadedImage[];
  total: number;
}

/** `GET /api/uploads?page&limit` → the shop's uploaded images, newest first (issue 9 item 5 picker). */
export function uploadsOptions(page = 1) {
  return queryOptions({
    queryKey: uploadKeys.list({ page }),
    queryFn: ({ signal }) => api.get<UploadsPage>('/uploads', { query: { page, limit: UPLOADS_LIMIT }, silent: true, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * `POST /api/uploads` (multipart field `file`) → `{src, …}`. Not silent: a refused file (not an image, over 10 MB)
 * comes back as an ApiError whose `messages` the picker shows beside the upload button.
 */
export function uploadImage(file: File): Promise<UploadedImage> {
  const body = new FormData();
  body.append('file', file);
  return api.post<UploadedImage>('/uploads', body, { silent: true });
}
