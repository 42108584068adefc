import type { PagePreference, StoreSummary, StoresResponse, User } from '@backroom/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMatches, useRouter } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import { api } from '../lib/api';
import { type Account, readAccount } from '../lib/session';
import type { SessionController } from '../lib/session-controller';
import type { RouterContext } from '../router';
import type { RouteName } from '../routes';

/** The app's session controller, from the router context (tests give a stand-in). */
export function useSession(): SessionController {
  return (useRouter().options.context as RouterContext).session;
}

/** The signed-in user of the chosen store (§3 User), or null before the session check finished. */
export function useSessionUser(): User | null {
  const session = useSession();
  return useSyncExternalStore(session.subscribe, session.getUser, session.getUser);
}

/** The account info in local storage (§3), read on each render (it changes only on login, shop pick, logout). */
export function useAccount(): Account {
  return readAccount();
}

/**
 * Page preference of the chosen store (`GET /api/stores/preference`, §3): businessType, standardTimezone,
 * storeDetail.name … Cached 5 minutes per store.
 */
export function usePreference() {
  const storeId = readAccount().storeId;
  return useQuery({
    queryKey: ['stores', storeId, 'preference'],
    queryFn: () => api.get<PagePreference>('/stores/preference'),
    enabled: !!storeId,
    staleTime: 5 * 60_000,
  });
}

/** The signed-in user's shops (`GET /api/stores`). */
export function useStores() {
  return useQuery({
    queryKey: ['stores'],
    queryFn: () => api.get<StoresResponse>('/stores', { storeId: null }),
    staleTime: 5 * 60_000,
  });
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
