import type { StorePreferences, StorePreferencesBody } from '@backroom/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, emitApiEvent } from '../../lib/api';
import { helpbaseKeys, storeKeys, themeKeys } from '../../lib/query-keys';

// The preferences data layer (route website.preferences, scope `preferences`; spec §3 Page preference).

/** `GET /api/stores/preferences` → the values, the home block and the shop's themes. */
export function preferencesOptions() {
  return queryOptions({
    queryKey: storeKeys.preferences(),
    queryFn: ({ signal }) => api.get<StorePreferences>('/stores/preferences', { signal }),
  });
}
export const usePreferences = () => useQuery(preferencesOptions());

/**
 * `PUT /api/stores/preferences`. Success refreshes everything under `storeKeys.all` (the page preference the menu and
 * the Overview read — Personalized Product hides for dropship — and the shop list with its name), the home block
 * and the themes (a new default theme is published).
 */
export function useSavePreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: StorePreferencesBody) => api.put<StorePreferences>('/stores/preferences', body),
    onSuccess: (p) => {
      emitApiEvent('api-success', [`Preferences of ${p.storeName} saved`]);
      return Promise.all([
        qc.invalidateQueries({ queryKey: storeKeys.all }),
        qc.invalidateQueries({ queryKey: helpbaseKeys.store() }),
        qc.invalidateQueries({ queryKey: themeKeys.store() }),
      ]);
    },
  });
}
