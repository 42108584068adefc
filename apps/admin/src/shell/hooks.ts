import type { PagePreference, StoreSummary, StoresResponse, User } from '@backroom/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMatches, useRouter, useSearch } from '@tanstack/react-router';
import { useMemo, useSyncExternalStore } from 'react';
import type { z } from 'zod';
import { api } from '../lib/api';
import { storeKeys } from '../lib/query-keys';
import type { AppSession, RouterContext } from '../lib/router-context';
import { readAccount } from '../lib/session';
import type { RouteName } from '../routes';

/** The app's session controller, from the router context (tests give a stand-in). */
export function useSession(): AppSession {
  return (useRouter().options.context as RouterContext).session;
}

/** The signed-in user of the chosen store (§3 User), or null before the session check finished. */
export function useSessionUser(): User | null {
  const session = useSession();
  return useSyncExternalStore(session.subscribe, session.getUser, session.getUser);
}

/**
 * Page preference of the chosen store (`GET /api/stores/preference`, §3): businessType, standardTimezone,
 * storeDetail.name … Key `storeKeys.preference()`, cached 5 minutes per store.
 */
export function preferenceOptions() {
  return queryOptions({
    queryKey: storeKeys.preference(),
    queryFn: () => api.get<PagePreference>('/stores/preference'),
    staleTime: 5 * 60_000,
  });
}

/** The chosen store's page preference ({@link preferenceOptions}); disabled before a store is chosen. */
export function usePreference() {
  return useQuery({ ...preferenceOptions(), enabled: !!readAccount().storeId });
}

/** The signed-in user's shops (`GET /api/stores`, sent without a store). Key `storeKeys.list()`, cached 5 minutes. */
export function storesOptions() {
  return queryOptions({
    queryKey: storeKeys.list(),
    queryFn: () => api.get<StoresResponse>('/stores', { storeId: null }),
    staleTime: 5 * 60_000,
  });
}

/** The signed-in user's shops ({@link storesOptions}). */
export function useStores() {
  return useQuery(storesOptions());
}

/** The chosen shop's summary from `GET /api/stores`, or undefined while loading or when it is not listed. */
export function useCurrentStore(): StoreSummary | undefined {
  const stores = useStores();
  const id = readAccount().storeId;
  return stores.data?.stores.find((s) => s.id === id);
}

/** Registry name of the deepest matched route (routes.ts), or undefined outside the registry. */
export function useRouteName(): RouteName | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const name = matches[i]?.staticData?.routeName;
    if (name) return name;
  }
  return undefined;
}

/**
 * The current route's search parameters, typed by the route's `search` schema (route-search.ts; the router already
 * validated the address with it, `validateSearch`): `const { search, page } = useRouteSearch(PRODUCTS_SEARCH)`.
 * Parsing again is cheap and keeps screens free of casts; the schemas fall back to defaults, so it never throws.
 */
export function useRouteSearch<S extends z.ZodType>(schema: S): z.output<S> {
  const raw = useSearch({ strict: false });
  return useMemo(() => schema.parse(raw), [schema, raw]);
}
