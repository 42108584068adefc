import type { CustomStore, CustomStoreBody, CustomStoreList } from '@backroom/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, emitApiEvent } from '../../lib/api';
import { customStoreKeys, storeKeys } from '../../lib/query-keys';

// Custom Store data layer (route website.custom-store, the whitelisted e-mail only; issue 18 item 7).

/** `GET /api/custom-stores` → the shops created this way, newest first. */
export function customStoresOptions() {
  return queryOptions({
    queryKey: customStoreKeys.lists(),
    queryFn: ({ signal }) => api.get<CustomStoreList>('/custom-stores', { signal }),
  });
}
export const useCustomStores = () => useQuery(customStoresOptions());

/**
 * `POST /api/custom-stores`: creates the shop from the template and invites its owner; refreshes the list and the
 * user's shops (the maker is an admin of the new shop) and says what was copied.
 */
export function useCreateCustomStore() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomStoreBody) => api.post<CustomStore>('/custom-stores', body),
    onSuccess: (s) => {
      const c = s.copied;
      emitApiEvent('api-success', [
        `${s.name} created${c ? ` with ${c.products} products, ${c.collections} collections, ${c.pages} pages, ${c.menus} menus and ${c.themes} themes` : ''}; ${s.ownerEmail} is invited to own it`,
      ]);
      return Promise.all([
        qc.invalidateQueries({ queryKey: customStoreKeys.store() }),
        qc.invalidateQueries({ queryKey: storeKeys.list() }),
      ]);
    },
  });
}
