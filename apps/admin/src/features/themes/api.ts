import type {
  CheckReferencesBody,
  CheckReferencesResponse,
  ThemeConfigItem,
  ThemeResponse,
  ThemesListResponse,
  ThemeVersionsResponse,
} from '@backroom/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { storeKeys, themeKeys } from '../../lib/query-keys';

// The themes data layer (spec theme-editor §7, issue 9; STYLE.md "Admin data layer"): the query-key factory,
// `queryOptions` builders and the mutations of the Themes screen and the editor. Every call goes through the
// admin's one api client; every mutation invalidates by the factory's keys (`themeKeys` of lib/query-keys.ts).

/** `GET /api/themes`: the store's themes, the published one first. */
export function themesListOptions() {
  return queryOptions({ queryKey: themeKeys.lists(), queryFn: () => api.get<ThemesListResponse>('/themes') });
}

/**
 * `GET /api/themes/{themeId}/config`: the current config (spec §7 "response is a list; first item used"), filled
 * with the defaults of §4. Never refetched behind the editor's back (the editor owns its draft).
 */
export function themeConfigOptions(themeId: string) {
  return queryOptions({
    queryKey: themeKeys.config(themeId),
    queryFn: async () => (await api.get<ThemeConfigItem[]>(`/themes/${encodeURIComponent(themeId)}/config`))[0]!,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

/** `GET /api/themes/{themeId}/versions`: every saved version, newest first, with who saved it. */
export function themeVersionsOptions(themeId: string) {
  return queryOptions({
    queryKey: themeKeys.versions(themeId),
    queryFn: () => api.get<ThemeVersionsResponse>(`/themes/${encodeURIComponent(themeId)}/versions`),
  });
}

/** `GET /api/themes/{themeId}/versions/{version}`: one saved version's config (restore preview). Immutable. */
export function themeVersionOptions(themeId: string, version: number) {
  return queryOptions({
    queryKey: themeKeys.version(themeId, version),
    queryFn: () => api.get<ThemeConfigItem>(`/themes/${encodeURIComponent(themeId)}/versions/${version}`),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** `GET /api/themes/{themeId}/config` fetched fresh, silently (the 409 conflict view reads what the other tab saved). */
export function fetchCurrentConfig(themeId: string): Promise<ThemeConfigItem> {
  return api.get<ThemeConfigItem[]>(`/themes/${encodeURIComponent(themeId)}/config`, { silent: true }).then((l) => l[0]!);
}

/**
 * `PUT /api/themes/{themeId}/config/{configId}` with `{config, version}`: saves the whole draft. Rejects with an
 * ApiError: 409 when someone saved a newer version, 400 with `config.<path>: <rule>` messages. Silent: the
 * editor shows its own messages.
 */
export function saveThemeConfig(themeId: string, configId: string, version: number, config: unknown): Promise<ThemeConfigItem> {
  return api.put<ThemeConfigItem>(
    `/themes/${encodeURIComponent(themeId)}/config/${encodeURIComponent(configId)}`,
    { config, version },
    { silent: true },
  );
}

/** `POST /api/themes/lookups/references`: the draft's references that do not exist in the store (checked before Save). */
export function checkReferences(body: CheckReferencesBody): Promise<CheckReferencesResponse> {
  return api.post<CheckReferencesResponse>('/themes/lookups/references', body, { silent: true });
}

/** Mutations of the Themes screen and the editor; each invalidates the store's theme queries it changes. */
export function useThemeMutations() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: themeKeys.store() });
  return {
    publish: useMutation({
      mutationFn: (themeId: string) => api.post<ThemesListResponse>(`/themes/${encodeURIComponent(themeId)}/publish`),
      onSuccess: (data) => {
        qc.setQueryData(themeKeys.lists(), data);
        // Publishing also changes the store's default theme (page preference).
        void qc.invalidateQueries({ queryKey: storeKeys.preference() });
        return refresh();
      },
    }),
    rename: useMutation({
      mutationFn: ({ themeId, name }: { themeId: string; name: string }) =>
        api.patch<ThemeResponse>(`/themes/${encodeURIComponent(themeId)}`, { name }),
      onSuccess: refresh,
    }),
    duplicate: useMutation({
      mutationFn: (themeId: string) => api.post<ThemeResponse>(`/themes/${encodeURIComponent(themeId)}/duplicate`, {}),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (themeId: string) => api.delete(`/themes/${encodeURIComponent(themeId)}`),
      onSuccess: refresh,
    }),
    restore: useMutation({
      mutationFn: ({ themeId, version }: { themeId: string; version: number }) =>
        api.post<ThemeConfigItem>(`/themes/${encodeURIComponent(themeId)}/versions/${version}/restore`),
      onSuccess: refresh,
    }),
  };
}

export { themeKeys };
