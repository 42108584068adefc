import {
  COLLECTIONS_PAGE_SIZE,
  type Collection,
  type CollectionCreateBody,
  type CollectionListResponse,
  type CollectionUpdateBody,
  type OkResponse,
  type ProductListResponse,
} from '@backroom/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, emitApiEvent } from '../../lib/api';
import { collectionKeys, productKeys } from '../../lib/query-keys';

// The collections data layer (route website.collections, scope `products`; issue 13 item 3): `GET/POST
// /api/collections`, `GET/PUT/DELETE /api/collections/{id}`, keyed by lib/query-keys.ts `collectionKeys`.

/** `GET /api/collections?page&limit&search` → a page of collections A→Z (title, handle, image, type, product count). */
export function collectionListOptions(q: { page: number; search: string }) {
  const params = { page: q.page, limit: COLLECTIONS_PAGE_SIZE, search: q.search || undefined };
  return queryOptions({
    queryKey: collectionKeys.list(params),
    queryFn: ({ signal }) => api.get<CollectionListResponse>('/collections', { query: params, signal }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/collections/{id}` → the collection with its rules and products in order; idle without an id. */
export function useCollection(id: string | null) {
  return useQuery({
    queryKey: collectionKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api.get<Collection>(`/collections/${id}`, { signal }),
    enabled: !!id,
  });
}

/**
 * `GET /api/products?search&limit=20` → the products a manual collection's picker offers (title, picture, price).
 * Disabled for an empty search text.
 */
export function useProductSearch(search: string) {
  const params = { page: 1, limit: 20, search };
  return useQuery({
    queryKey: productKeys.list(params),
    queryFn: ({ signal }) => api.get<ProductListResponse>('/products', { query: params, signal }),
    enabled: search.length > 0,
    placeholderData: keepPreviousData,
  });
}

/**
 * Create (`POST`), update (`PUT`: the fields given change; a manual collection's `productIds` is its new order) and
 * delete (`DELETE`) a collection. Successes invalidate the store's collections and products (a product's
 * collections change). A 400 raises the global notification and rejects with the ApiError naming the field
 * (`body.rules.0.condition: …`), which the editor also shows under that field.
 */
export function useCollectionMutations() {
  const qc = useQueryClient();
  const done = () =>
    Promise.all([qc.invalidateQueries({ queryKey: collectionKeys.store() }), qc.invalidateQueries({ queryKey: productKeys.store() })]);
  const save = useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: CollectionCreateBody | CollectionUpdateBody }) =>
      id ? api.put<Collection>(`/collections/${id}`, body) : api.post<Collection>('/collections', body),
    onSuccess: (c, { id }) => {
      emitApiEvent('api-success', [`Collection ${c.title} ${id ? 'saved' : 'created'}`]);
      return done();
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.delete<OkResponse>(`/collections/${id}`),
    onSuccess: () => {
      emitApiEvent('api-success', ['Collection deleted']);
      return done();
    },
  });
  return { save, remove };
}
