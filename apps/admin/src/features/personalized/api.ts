import {
  DEFAULT_PAGE_SIZE,
  LOOKUP_RESULTS_LIMIT,
  type OkResponse,
  type Personalize,
  type PersonalizeBody,
  type PersonalizeFont,
  type PersonalizeFontsResponse,
  type PersonalizeListResponse,
  type ProductListResponse,
} from '@backroom/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, emitApiEvent } from '../../lib/api';
import { personalizeKeys } from '../../lib/query-keys';

// The personalisation data layer (routes website.product-personalized, .create/.update/.fonts, scope `products`;
// spec admin-dashboard §7 Personalisation, §3 Custom font; issue 11 item 4): fetchers typed by @backroom/contracts,
// `queryOptions` keyed by `personalizeKeys`, hooks and mutations.

/** Rows per page of the personalised products table (the server's default page size). */
export const PERSONALIZES_PAGE_SIZE = DEFAULT_PAGE_SIZE;
const BASE = '/personalizes';

/** `GET /api/personalizes/?page&limit&search` → {personalizes, total, page, limit}; key `personalizeKeys.list(q)`. */
export function personalizeListOptions(q: { page: number; search: string }) {
  const params = { page: q.page, limit: PERSONALIZES_PAGE_SIZE, search: q.search };
  return queryOptions({
    queryKey: personalizeKeys.list(params),
    queryFn: ({ signal }) =>
      api.get<PersonalizeListResponse>(`${BASE}/`, { query: { ...params, search: params.search || undefined }, signal }),
    placeholderData: keepPreviousData,
  });
}
export const usePersonalizes = (q: { page: number; search: string }) => useQuery(personalizeListOptions(q));

/** `GET /api/personalizes/{id}` → Personalize (fields, product, fonts used); key `personalizeKeys.detail(id)`. */
export function personalizeOptions(id: string) {
  return queryOptions({
    queryKey: personalizeKeys.detail(id),
    queryFn: ({ signal }) => api.get<Personalize>(`${BASE}/${id}`, { signal }),
  });
}
export const usePersonalize = (id: string | null) => useQuery({ ...personalizeOptions(id ?? ''), enabled: !!id });

/** `GET /api/personalizes/font` → the shop's fonts, newest first; key `personalizeKeys.part('fonts')`. */
export function fontsOptions() {
  return queryOptions({
    queryKey: personalizeKeys.part('fonts'),
    queryFn: ({ signal }) => api.get<PersonalizeFontsResponse>(`${BASE}/font`, { signal }),
  });
}
export const useFonts = () => useQuery(fontsOptions());

/**
 * `GET /api/products?search&limit=LOOKUP_RESULTS_LIMIT` → the products the editor's product picker offers (title, first picture);
 * key `personalizeKeys.part('products', search)`.
 */
export function productChoicesOptions(search: string) {
  return queryOptions({
    queryKey: personalizeKeys.part('products', search),
    queryFn: ({ signal }) =>
      api.get<ProductListResponse>('/products', { query: { page: 1, limit: LOOKUP_RESULTS_LIMIT, search: search || undefined }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
export const useProductChoices = (search: string) => useQuery(productChoicesOptions(search));

/**
 * Save (`POST /api/personalizes` or `PUT /api/personalizes/{id}`) and delete (`DELETE /api/personalizes/{id}`) a
 * personalisation. A save says which one it saved ("Personalization Name T-shirt created"), a delete the server's
 * 'Personalization deleted'. Each success invalidates the store's personalisations.
 */
export function usePersonalizeMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: personalizeKeys.store() });
  const save = useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: PersonalizeBody }) =>
      id ? api.put<Personalize>(`${BASE}/${id}`, body) : api.post<Personalize>(BASE, body),
    onSuccess: (p, { id }) => {
      emitApiEvent('api-success', [`Personalization ${p.name} ${id ? 'saved' : 'created'}`]);
      return done();
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.delete<OkResponse>(`${BASE}/${id}`, { notifySuccess: true }),
    onSuccess: done,
  });
  return { save, remove };
}

/**
 * Upload (`POST /api/personalizes/font`, multipart `file` + `name`; TTF/OTF/WOFF/WOFF2 checked by content on the
 * server, at most 5 MB) and delete (`DELETE /api/personalizes/font/{id}`) a font. Upload is silent: the fonts
 * screen shows the server's refusal under the file field. Each success invalidates the store's personalisations
 * (the font list and the fonts a personalisation answers).
 */
export function useFontMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: personalizeKeys.store() });
  const upload = useMutation({
    mutationFn: ({ file, name }: { file: File; name: string }) => {
      const body = new FormData();
      if (name.trim()) body.append('name', name.trim());
      body.append('file', file, file.name);
      return api.post<PersonalizeFont>(`${BASE}/font`, body, { silent: true });
    },
    onSuccess: done,
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.delete<OkResponse>(`${BASE}/font/${id}`, { notifySuccess: true }),
    onSuccess: done,
  });
  return { upload, remove };
}
