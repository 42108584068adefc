import type {
  Balance,
  DomainListResponse,
  PixelListResponse,
  ProxyList,
  StaffListResponse,
  Subscription,
  TelegramSettings,
} from '@backroom/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { domainKeys, payoutKeys, pixelKeys, staffKeys, telegramKeys } from '../../lib/query-keys';
import { readAccount } from '../../lib/session';

// What the Settings hub reads for its one line of state per area (issue 18 item 6). Each read runs only when the
// viewer holds the area's scope and is silent: a failed read shows "Open to see", never an error toast. The keys are
// the areas' own (the hub and the area's screen share the cache).

/** `GET /api/stores/subscription`: plan, trial status and days left. */
export const useSubscription = (enabled: boolean) =>
  useQuery({
    queryKey: payoutKeys.part('subscription'),
    queryFn: () => api.get<Subscription>('/stores/subscription', { silent: true }),
    enabled,
  });

/** `GET /api/stores/payout/v2/balance`: what can be paid out. */
export const useBalance = (enabled: boolean) =>
  useQuery({
    queryKey: payoutKeys.part('balance', 'hub'),
    queryFn: () => api.get<Balance>('/stores/payout/v2/balance', { silent: true }),
    enabled,
  });

/** `GET /api/stores/payout/proxy/store-proxies?limit=1&page=1&storeId`: how many payment gateways the shop uses. */
export const useGateways = (enabled: boolean) => {
  const query = { limit: 1, page: 1, storeId: readAccount().storeId ?? '' };
  return useQuery({
    queryKey: payoutKeys.part('store-proxies', query),
    queryFn: () => api.get<ProxyList>('/stores/payout/proxy/store-proxies', { query, silent: true }),
    enabled,
  });
};

/** `GET /api/stores/config/domains/`: the shop's domains and the primary one. */
export const useDomains = (enabled: boolean) =>
  useQuery({
    queryKey: domainKeys.lists(),
    queryFn: ({ signal }) => api.get<DomainListResponse>('/stores/config/domains/', { signal, silent: true }),
    enabled,
  });

/** `GET /api/users/store-staffs`: the shop's members and pending invitations. */
export const useStaff = (enabled: boolean) =>
  useQuery({
    queryKey: staffKeys.part('hub'),
    queryFn: () => api.get<StaffListResponse>('/users/store-staffs', { silent: true }),
    enabled,
  });

/** `GET /api/notifications/telegram`: whether Telegram notifications reach a chat. */
export const useTelegramState = (enabled: boolean) =>
  useQuery({
    queryKey: telegramKeys.detail('settings'),
    queryFn: ({ signal }) => api.get<TelegramSettings>('/notifications/telegram', { signal, silent: true }),
    enabled,
  });

/** `GET /api/pixels`: the shop's ad pixels and those other shops share with it (same key as the Share Pixel screen). */
export const usePixelsState = (enabled: boolean) =>
  useQuery({
    queryKey: pixelKeys.lists(),
    queryFn: ({ signal }) => api.get<PixelListResponse>('/pixels', { signal, silent: true }),
    enabled,
  });
