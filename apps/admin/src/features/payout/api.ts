import {
  BALANCE_REFRESH_MS,
  type Balance,
  type CardBody,
  EMPTY_PROXY_REPOLL_MS,
  type GatewayGroup,
  type GroupList,
  type OkResponse,
  type OnboardingField,
  type OnboardingStatus,
  type PaymentProxy,
  type PayoutCard,
  type PayoutCardList,
  type PayoutConfig,
  type PayoutConfigAnswer,
  type PayoutConfigBody,
  type PayoutRequest,
  type PayoutRequestList,
  type PayoutStatus,
  type PlanId,
  type PoolStoreList,
  PROXY_PAGE_SIZE,
  type ProxyBody,
  type ProxyList,
  type Subscription,
} from '@backroom/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, emitApiEvent } from '../../lib/api';
import { saveCsv } from '../../lib/download';
import { formatMoneyMajor } from '../../lib/format';
import { payoutKeys } from '../../lib/query-keys';
import { readAccount } from '../../lib/session';

// Getting paid, the admin's data layer (issue 10; spec admin-dashboard §4, §7, §8, §9): `queryOptions` keyed by
// `payoutKeys`, hooks and mutations. The dashboard's onboarding, proxy and balance reads are silent (§8: their
// failures are ignored); the payout screen's reads show errors as usual.

const P = '/stores/payout/';

/** `GET /api/stores/config/status` → the next onboarding step (silent). */
export function onboardingOptions() {
  return queryOptions({
    queryKey: payoutKeys.part('onboarding'),
    queryFn: () => api.get<OnboardingStatus>('/stores/config/status', { silent: true }),
  });
}
export const useOnboarding = () => useQuery({ ...onboardingOptions(), enabled: !!readAccount().storeId });

/** `PUT /api/stores/config/skip {field}` → the new status, written into the onboarding query. */
export function useSkipStep() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (field: Exclude<OnboardingField, 'done'>) => api.put<OnboardingStatus>('/stores/config/skip', { field }),
    onSuccess: (status) => qc.setQueryData(payoutKeys.part('onboarding'), status),
  });
}

/** `GET /api/stores/subscription` → plan, trial end, days left and the plans (the session's subscription fetch, §7). */
export function subscriptionOptions() {
  return queryOptions({
    queryKey: payoutKeys.part('subscription'),
    queryFn: () => api.get<Subscription>('/stores/subscription', { silent: true }),
    staleTime: 5 * 60_000,
  });
}
export const useSubscription = () => useQuery({ ...subscriptionOptions(), enabled: !!readAccount().storeId });

/** `PUT /api/stores/subscription {plan}` records the plan choice. */
export function useChoosePlan() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (plan: PlanId) => api.put<Subscription>('/stores/subscription', { plan }),
    onSuccess: (s) => {
      qc.setQueryData(payoutKeys.part('subscription'), s);
      const plan = s.plans.find((p) => p.id === s.plan);
      if (plan) notify(`${plan.name} plan chosen (no charge is made: there is no billing provider)`);
    },
  });
}

/**
 * The dashboard's gateway check (§7 "loads proxies with limit 10, page 1 and storeId"; §4): `GET
 * …/proxy/store-proxies`, silent, re-polled every 2 minutes while the list is empty (§9), not after.
 */
export function dashboardProxiesOptions(storeId: string) {
  const query = { limit: PROXY_PAGE_SIZE, page: 1, storeId };
  return queryOptions({
    queryKey: payoutKeys.part('store-proxies', query),
    queryFn: () => api.get<ProxyList>(`${P}proxy/store-proxies`, { query, silent: true }),
    refetchInterval: (q) => (q.state.data && q.state.data.total === 0 ? EMPTY_PROXY_REPOLL_MS : false),
    refetchIntervalInBackground: true,
  });
}
export const useDashboardProxies = (storeId: string | null) => useQuery({ ...dashboardProxiesOptions(storeId ?? ''), enabled: !!storeId });

/** `GET …/v2/balance`, refreshed every 15 minutes (§4, §9); silent on the dashboard (§8). */
export function balanceOptions(silent: boolean) {
  return queryOptions({
    queryKey: payoutKeys.part('balance'),
    queryFn: () => api.get<Balance>(`${P}v2/balance`, { silent }),
    refetchInterval: BALANCE_REFRESH_MS,
    refetchIntervalInBackground: true,
  });
}
export const useBalance = (silent = false) => useQuery({ ...balanceOptions(silent), enabled: !!readAccount().storeId });

/** `GET …/card/` → the shop's payout cards. */
export const cardsOptions = () => queryOptions({ queryKey: payoutKeys.part('cards'), queryFn: () => api.get<PayoutCardList>(`${P}card/`) });
export const useCards = () => useQuery(cardsOptions());

/** `GET …/config` → the payout config or null. */
export const configOptions = () =>
  queryOptions({ queryKey: payoutKeys.part('config'), queryFn: () => api.get<PayoutConfigAnswer>(`${P}config`) });
export const usePayoutConfig = () => useQuery(configOptions());

/** The request history filters (`GET …/request-payouts`). */
export interface RequestFilter {
  page: number;
  status?: PayoutStatus;
  fromDate?: string;
  toDate?: string;
  /** Another shop (provider staff). */
  storeId?: string;
}
export function requestsOptions(f: RequestFilter) {
  const query = { ...f, limit: PROXY_PAGE_SIZE };
  return queryOptions({
    queryKey: payoutKeys.list(query),
    queryFn: () => api.get<PayoutRequestList>(`${P}request-payouts`, { query }),
    placeholderData: keepPreviousData,
  });
}
export const usePayoutRequests = (f: RequestFilter) => useQuery(requestsOptions(f));

/**
 * `GET /api/stores/payout/request-payouts/export` with the history's filters (status, dates, shop; not the page) →
 * the server's CSV, saved by the browser as `payouts.csv`; `count` (the history's total) goes into the
 * notification "Exported 11 payout requests to payouts.csv".
 */
export function useExportPayoutRequests() {
  return useMutation({
    mutationFn: async ({ filter, count }: { filter: Omit<RequestFilter, 'page'>; count: number }) => {
      saveCsv(await api.get<string>(`${P}request-payouts/export`, { query: filter, as: 'text' }), 'payouts.csv');
      return count;
    },
    onSuccess: (count) => notify(`Exported ${count === 1 ? '1 payout request' : `${count} payout requests`} to payouts.csv`),
  });
}

/** A success notification naming what was done (never a bare 'Success'; ARCHITECTURE "Data"). */
const notify = (message: string) => emitApiEvent('api-success', [message]);
/** "$12.50" in the currency the server named (`USD` gets its sign, others their code). */
const moneyMajor = (amountMajor: number, code: string) => formatMoneyMajor(amountMajor, code);

/**
 * Card, config and request writes; each refreshes the payout data of the shop (and the onboarding guide) and says
 * what happened ("Visa •••• 4242 added", "Payout of $120.00 requested").
 */
export function usePayoutMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: payoutKeys.store() });
  return {
    addCard: useMutation({
      mutationFn: (b: CardBody) => api.post<PayoutCard>(`${P}card/`, b),
      onSuccess: (c) => {
        notify(`${c.brand} •••• ${c.last4} added`);
        return done();
      },
    }),
    removeCard: useMutation({
      mutationFn: (card: Pick<PayoutCard, 'id' | 'brand' | 'last4'>) => api.delete<OkResponse>(`${P}card/${card.id}`),
      onSuccess: (_r, c) => {
        notify(`${c.brand} •••• ${c.last4} removed`);
        return done();
      },
    }),
    saveConfig: useMutation({
      mutationFn: ({ id, body }: { id: string | null; body: PayoutConfigBody }) =>
        id ? api.patch<PayoutConfig>(`${P}config/${id}`, body) : api.post<PayoutConfig>(`${P}config`, body),
      onSuccess: () => {
        notify('Payout method saved');
        return done();
      },
    }),
    request: useMutation({
      mutationFn: (amount: number) => api.post<PayoutRequest>(`${P}v2/payout-request`, { amount }),
      onSuccess: (r) => {
        notify(`Payout of ${moneyMajor(r.amount, r.currency)} requested`);
        return done();
      },
    }),
  };
}

// ── Payment gateways ────────────────────────────────────────────────────────────────────────────

/** `GET …/proxy/get-store-proxies` → the shop's direct gateways in order (`storeId`: another shop, provider staff). */
export function directProxiesOptions(storeId: string, page: number) {
  const query = { storeId, page, limit: PROXY_PAGE_SIZE };
  return queryOptions({
    queryKey: payoutKeys.part('direct-proxies', query),
    queryFn: () => api.get<ProxyList>(`${P}proxy/get-store-proxies`, { query }),
    placeholderData: keepPreviousData,
  });
}
export const useDirectProxies = (storeId: string | null, page: number) =>
  useQuery({ ...directProxiesOptions(storeId ?? '', page), enabled: !!storeId });

/** `GET …/proxy/store-proxies` → every active gateway serving the shop (direct, then through groups). */
export function servingProxiesOptions(storeId: string, page: number) {
  const query = { storeId, page, limit: PROXY_PAGE_SIZE };
  return queryOptions({
    queryKey: payoutKeys.part('store-proxies', query),
    queryFn: () => api.get<ProxyList>(`${P}proxy/store-proxies`, { query }),
    placeholderData: keepPreviousData,
  });
}
export const useServingProxies = (storeId: string | null, page: number) =>
  useQuery({ ...servingProxiesOptions(storeId ?? '', page), enabled: !!storeId });

/** `GET …/proxy/remain-proxies` → pool gateways the shop does not have yet (provider staff). */
export function remainProxiesOptions(storeId: string, page: number) {
  const query = { storeId, page, limit: PROXY_PAGE_SIZE };
  return queryOptions({
    queryKey: payoutKeys.part('remain-proxies', query),
    queryFn: () => api.get<ProxyList>(`${P}proxy/remain-proxies`, { query }),
    placeholderData: keepPreviousData,
  });
}
export const useRemainProxies = (storeId: string | null, page: number) =>
  useQuery({ ...remainProxiesOptions(storeId ?? '', page), enabled: !!storeId });

/** `GET …/proxy/stores?search=` → shops to assign gateways to (provider staff). */
export function poolStoresOptions(search: string) {
  return queryOptions({
    queryKey: payoutKeys.part('pool-stores', search),
    queryFn: () => api.get<PoolStoreList>(`${P}proxy/stores`, { query: { search: search || undefined } }),
    placeholderData: keepPreviousData,
  });
}
export const usePoolStores = (search: string, enabled: boolean) => useQuery({ ...poolStoresOptions(search), enabled });

/** `GET …/proxy/list-groups` → every gateway group by name with its counts, pages of 10 (provider staff). */
export const groupsOptions = (page: number) =>
  queryOptions({
    queryKey: payoutKeys.part('groups', page),
    queryFn: () => api.get<GroupList>(`${P}proxy/list-groups`, { query: { page, limit: PROXY_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
export const useGroups = (page: number, enabled: boolean) => useQuery({ ...groupsOptions(page), enabled });
/** `GET …/proxy/store-groups` → the groups assigned to a shop (provider staff). */
export const storeGroupsOptions = (storeId: string) =>
  queryOptions({
    queryKey: payoutKeys.part('store-groups', storeId),
    queryFn: () => api.get<GroupList>(`${P}proxy/store-groups`, { query: { storeId } }),
  });
export const useStoreGroups = (storeId: string | null) => useQuery({ ...storeGroupsOptions(storeId ?? ''), enabled: !!storeId });

/** `GET …/proxy/list-proxies-groups?groupId=` → a group's gateways, pages of 10 (provider staff, the group editor). */
export function groupMembersOptions(groupId: string, page: number) {
  const query = { groupId, page, limit: PROXY_PAGE_SIZE };
  return queryOptions({
    queryKey: payoutKeys.part('group-members', query),
    queryFn: () => api.get<ProxyList>(`${P}proxy/list-proxies-groups`, { query }),
    placeholderData: keepPreviousData,
  });
}
export const useGroupMembers = (groupId: string | null, page: number) =>
  useQuery({ ...groupMembersOptions(groupId ?? '', page), enabled: !!groupId });

/** `GET …/proxy/remain-group-proxies?groupId=` → pool gateways not in the group, pages of 10 (provider staff). */
export function remainGroupProxiesOptions(groupId: string, page: number) {
  const query = { groupId, page, limit: PROXY_PAGE_SIZE };
  return queryOptions({
    queryKey: payoutKeys.part('remain-group-proxies', query),
    queryFn: () => api.get<ProxyList>(`${P}proxy/remain-group-proxies`, { query }),
    placeholderData: keepPreviousData,
  });
}
export const useRemainGroupProxies = (groupId: string | null, page: number) =>
  useQuery({ ...remainGroupProxiesOptions(groupId ?? '', page), enabled: !!groupId });

/** The ids of every gateway of a group (all pages of list-proxies-groups, 100 at a time): `POST group/{id}` takes the whole list. */
async function groupMemberIds(groupId: string): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const r = await api.get<ProxyList>(`${P}proxy/list-proxies-groups`, { query: { groupId, page, limit: 100 } });
    ids.push(...r.proxies.map((p) => p.id));
    if (ids.length >= r.total || r.proxies.length === 0) return ids;
  }
}

/** A change of a gateway group (`POST …/proxy/group/{id}`): rename it, or add or remove one gateway. */
export type GroupChange =
  | { group: GatewayGroup; rename: string }
  | { group: GatewayGroup; add: Pick<PaymentProxy, 'id' | 'displayName'> }
  | { group: GatewayGroup; remove: Pick<PaymentProxy, 'id' | 'displayName'> };

/** Payout request moves as the notification words them. */
const MOVED = { approved: 'approved', paid: 'marked paid', rejected: 'rejected' } as const;

/**
 * Gateway writes (provider staff, except the merchant's reorder): the shop's list (set or reorder), its groups, new
 * pool entries and groups, a group's name and members, request moves. Each refreshes the payout data and says what
 * it did ("Stripe EU added to group Europe"). Callers pass `message` where only they know the names.
 */
export function useGatewayMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: payoutKeys.store() });
  return {
    saveStoreProxies: useMutation({
      mutationFn: (b: { storeId: string; proxyIds: string[]; message: string }) =>
        api.post<ProxyList>(`${P}proxy/save-store-proxies`, { storeId: b.storeId, proxyIds: b.proxyIds }),
      onSuccess: (_r, b) => {
        notify(b.message);
        return done();
      },
    }),
    storeGroup: useMutation({
      mutationFn: (b: { storeId: string; group: Pick<GatewayGroup, 'id' | 'name'>; shopName: string; add: boolean }) =>
        api.post<GroupList>(`${P}proxy/${b.add ? 'add' : 'remove'}-store-group`, undefined, {
          query: { storeId: b.storeId, groupId: b.group.id },
        }),
      onSuccess: (_r, b) => {
        notify(b.add ? `Group ${b.group.name} assigned to ${b.shopName}` : `Group ${b.group.name} taken from ${b.shopName}`);
        return done();
      },
    }),
    createProxy: useMutation({
      mutationFn: (b: ProxyBody) => api.post<PaymentProxy>(`${P}proxy/proxies`, b),
      onSuccess: (p) => {
        notify(`${p.displayName} added to the pool`);
        return done();
      },
    }),
    createGroup: useMutation({
      mutationFn: (name: string) => api.post<GatewayGroup>(`${P}proxy/group`, { name }),
      onSuccess: (g) => {
        notify(`Group ${g.name} created`);
        return done();
      },
    }),
    saveGroup: useMutation({
      mutationFn: async (c: GroupChange) => {
        const ids = await groupMemberIds(c.group.id);
        const name = 'rename' in c ? c.rename : c.group.name;
        const proxyIds = 'add' in c ? [...ids, c.add.id] : 'remove' in c ? ids.filter((i) => i !== c.remove.id) : ids;
        return api.post<GatewayGroup>(`${P}proxy/group/${c.group.id}`, { name, proxyIds });
      },
      onSuccess: (g, c) => {
        notify(
          'add' in c
            ? `${c.add.displayName} added to group ${g.name}`
            : 'remove' in c
              ? `${c.remove.displayName} removed from group ${g.name}`
              : `Group ${c.group.name} renamed ${g.name}`,
        );
        return done();
      },
    }),
    moveRequest: useMutation({
      mutationFn: (b: { id: string; status: 'approved' | 'paid' | 'rejected'; reason?: string }) =>
        api.patch<PayoutRequest>(`${P}request-payouts/${b.id}`, { status: b.status, reason: b.reason }),
      onSuccess: (r) => {
        notify(`Payout of ${moneyMajor(r.amount, r.currency)} ${MOVED[r.status as keyof typeof MOVED] ?? r.status}`);
        return done();
      },
    }),
  };
}
