import type { BuyDomainsBody, Domain, DomainListResponse, OkResponse, PendingDomainsResponse } from '@backroom/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, emitApiEvent } from '../../lib/api';
import { domainKeys, storeKeys } from '../../lib/query-keys';
import { readAccount } from '../../lib/session';

// The domains data layer (route website.domain, scope `domains`; spec §7 Onboarding and domains).

/** `GET /api/stores/config/domains/` → {domains, primaryHost, url}. */
export function domainListOptions() {
  return queryOptions({
    queryKey: domainKeys.lists(),
    queryFn: ({ signal }) => api.get<DomainListResponse>('/stores/config/domains/', { signal }),
  });
}
export const useDomains = () => useQuery(domainListOptions());

/** `GET /api/stores/config/pending-domains` → {domains} (purchases waiting, no registrar behind them). */
export function pendingDomainsOptions() {
  return queryOptions({
    queryKey: domainKeys.part('pending'),
    queryFn: ({ signal }) => api.get<PendingDomainsResponse>('/stores/config/pending-domains', { signal }),
  });
}
export const usePendingDomains = () => useQuery(pendingDomainsOptions());

/**
 * Connect (`POST …/domains/ {host}`), check (`POST /stores/admin/check-domain {domain, storeId}`), make primary
 * (`POST …/update-domain-checkout {host}`), remove (`DELETE …/domains/?host=`), buy (`POST …/buy-domains`) and cancel a
 * purchase (`DELETE …/pending-domain?domain=`). Each invalidates the shop's domains and the user's shops (whose `url`
 * is what "Open your site" opens).
 */
export function useDomainMutations() {
  const qc = useQueryClient();
  const done = () =>
    Promise.all([qc.invalidateQueries({ queryKey: domainKeys.store() }), qc.invalidateQueries({ queryKey: storeKeys.all })]);
  return {
    connect: useMutation({
      mutationFn: (host: string) => api.post<Domain>('/stores/config/domains/', { host }, { silent: true }),
      onSuccess: done,
    }),
    check: useMutation({
      mutationFn: (domain: string) => api.post<Domain>('/stores/admin/check-domain', { domain, storeId: readAccount().storeId }),
      onSuccess: done,
    }),
    primary: useMutation({
      mutationFn: (host: string) => api.post<DomainListResponse>('/stores/config/update-domain-checkout', { host }),
      onSuccess: (_r, host) => {
        emitApiEvent('api-success', [`${host} is now your shop's primary domain`]);
        return done();
      },
    }),
    remove: useMutation({
      mutationFn: (host: string) => api.delete<OkResponse>('/stores/config/domains/', { query: { host }, notifySuccess: true }),
      onSuccess: done,
    }),
    buy: useMutation({
      mutationFn: (body: BuyDomainsBody) => api.post<PendingDomainsResponse>('/stores/config/buy-domains', body, { silent: true }),
      onSuccess: done,
    }),
    cancel: useMutation({
      mutationFn: (domain: string) => api.delete<OkResponse>('/stores/config/pending-domain', { query: { domain }, notifySuccess: true }),
      onSuccess: done,
    }),
  };
}
