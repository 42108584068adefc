import { type OkResponse, PAGES_PAGE_SIZE, type Page, type PageBody, type PageListResponse } from '@backroom/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, emitApiEvent } from '../../lib/api';
import { pageKeys, themeKeys } from '../../lib/query-keys';

// The pages data layer (routes website.pages, website.pages.create/update, scope `pages`; spec §7 Pages): fetchers
// typed by @backroom/contracts, `queryOptions` keyed by `pageKeys`, hooks and mutations.

const BASE = '/stores/onlinestore/pages/';

/** `GET /api/stores/onlinestore/pages/?page&limit&search` → {pages (no body), total, page, limit}; key `pageKeys.list(q)`. */
export function pageListOptions(q: { page: number; search: string }) {
  const params = { page: q.page, limit: PAGES_PAGE_SIZE, search: q.search };
  return queryOptions({
    queryKey: pageKeys.list(params),
    queryFn: ({ signal }) => api.get<PageListResponse>(BASE, { query: { ...params, search: params.search || undefined }, signal }),
    placeholderData: keepPreviousData,
  });
}
export const usePages = (q: { page: number; search: string }) => useQuery(pageListOptions(q));

/** `GET /api/stores/onlinestore/pages/{id}` → Page (with its body); key `pageKeys.detail(id)`. */
export function pageOptions(id: string) {
  return queryOptions({ queryKey: pageKeys.detail(id), queryFn: ({ signal }) => api.get<Page>(`${BASE}${id}`, { signal }) });
}
export const usePage = (id: string | null) => useQuery({ ...pageOptions(id ?? ''), enabled: !!id });

/**
 * Create (`POST …/pages/`) or update (`PUT …/pages/{id}`) a page, and delete (`DELETE …/pages/{id}`). Each success
 * says what it did ("Page About us created"; a delete the server's 'Page deleted') and invalidates the store's pages and the theme editor's lookups (its page picker lists published pages).
 */
export function usePageMutations() {
  const qc = useQueryClient();
  const done = () =>
    Promise.all([qc.invalidateQueries({ queryKey: pageKeys.store() }), qc.invalidateQueries({ queryKey: themeKeys.part('lookups') })]);
  const save = useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: PageBody }) =>
      id ? api.put<Page>(`${BASE}${id}`, body) : api.post<Page>(BASE, body),
    onSuccess: (p, { id }) => {
      emitApiEvent('api-success', [`Page ${p.title} ${id ? 'saved' : 'created'}${p.published ? '' : ' (hidden from the storefront)'}`]);
      return done();
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.delete<OkResponse>(`${BASE}${id}`, { notifySuccess: true }),
    onSuccess: done,
  });
  return { save, remove };
}
