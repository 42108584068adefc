import type { Menu, MenuBody, MenuLinkTargetsResponse, MenuListResponse, OkResponse } from '@backroom/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, emitApiEvent } from '../../lib/api';
import { menuKeys, themeKeys } from '../../lib/query-keys';

// The navigation data layer (routes website.menus, website.menus.create/update, scope `navigations`; spec §7
// Navigation menus): fetchers typed by @backroom/contracts, `queryOptions` keyed by `menuKeys`, hooks, mutations.

const BASE = '/stores/onlinestore/menus/';

/** `GET /api/stores/onlinestore/menus/` → {menus} (items resolved, broken marked), the main menu first. */
export function menuListOptions() {
  return queryOptions({ queryKey: menuKeys.lists(), queryFn: ({ signal }) => api.get<MenuListResponse>(BASE, { signal }) });
}
export const useMenus = () => useQuery(menuListOptions());

/** `GET /api/stores/onlinestore/menus/{id}` → Menu. */
export function menuOptions(id: string) {
  return queryOptions({ queryKey: menuKeys.detail(id), queryFn: ({ signal }) => api.get<Menu>(`${BASE}${id}`, { signal }) });
}
export const useMenu = (id: string | null) => useQuery({ ...menuOptions(id ?? ''), enabled: !!id });

/** `GET /api/stores/onlinestore/menus/link-targets?type&search` → up to 20 collections, products or pages by title. */
export function linkTargetsOptions(type: 'collection' | 'product' | 'page', search: string) {
  return queryOptions({
    queryKey: menuKeys.part('link-targets', type, search),
    queryFn: ({ signal }) =>
      api.get<MenuLinkTargetsResponse>(`${BASE}link-targets`, { query: { type, search: search || undefined }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
export const useLinkTargets = (type: 'collection' | 'product' | 'page' | null, search: string) =>
  useQuery({ ...linkTargetsOptions(type ?? 'page', search), enabled: !!type });

/**
 * Save (POST or PUT) and delete a menu; a save says which menu it saved ("Menu Main menu saved"), a delete the
 * server's 'Menu deleted'. Success invalidates the store's menus and the theme editor's lookups (its
 * header/footer menu pickers).
 */
export function useMenuMutations() {
  const qc = useQueryClient();
  const done = () =>
    Promise.all([qc.invalidateQueries({ queryKey: menuKeys.store() }), qc.invalidateQueries({ queryKey: themeKeys.part('lookups') })]);
  const save = useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: MenuBody }) =>
      id ? api.put<Menu>(`${BASE}${id}`, body) : api.post<Menu>(BASE, body),
    onSuccess: (m, { id }) => {
      emitApiEvent('api-success', [`Menu ${m.title} ${id ? 'saved' : 'created'}`]);
      return done();
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.delete<OkResponse>(`${BASE}${id}`, { notifySuccess: true }),
    onSuccess: done,
  });
  return { save, remove };
}
