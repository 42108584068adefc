import type { CatalogLookupResponse, UpsellOffer, UpsellOfferBody, UpsellOfferList } from '@backroom/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, emitApiEvent } from '../../lib/api';
import { upsellKeys } from '../../lib/query-keys';

// The Boost UpSell data layer (route website.upsell and its create/edit routes, scope `discounts`; issue 18 item 1):
// fetchers typed by @backroom/contracts, `queryOptions` keyed by `upsellKeys`, hooks and mutations, all through the
// admin's one api client.

/** `GET /api/upsell/offers` → {offers} with their counters; key `upsellKeys.lists()`. */
export function offerListOptions() {
  return queryOptions({
    queryKey: upsellKeys.lists(),
    queryFn: ({ signal }) => api.get<UpsellOfferList>('/upsell/offers', { signal }),
  });
}
export const useOffers = () => useQuery(offerListOptions());

/** `GET /api/upsell/offers/{id}` → UpsellOffer; key `upsellKeys.detail(id)`. */
export function offerOptions(id: string) {
  return queryOptions({
    queryKey: upsellKeys.detail(id),
    queryFn: ({ signal }) => api.get<UpsellOffer>(`/upsell/offers/${id}`, { signal }),
  });
}
export const useOffer = (id: string | null) => useQuery({ ...offerOptions(id ?? ''), enabled: !!id });

/**
 * The product and collection pickers' search: `GET /api/discounts/lookups?kind&search` (or `&ids=` for the names of
 * those chosen), the same scope `discounts` as this screen; key `upsellKeys.part('lookups', kind, search, ids)`.
 */
export function lookupOptions(kind: 'products' | 'collections', o: { search?: string; ids?: string[] }) {
  const ids = o.ids?.length ? [...o.ids].sort().join(',') : undefined;
  return queryOptions({
    queryKey: upsellKeys.part('lookups', kind, o.search ?? '', ids ?? ''),
    queryFn: ({ signal }) =>
      api.get<CatalogLookupResponse>('/discounts/lookups', { query: { kind, search: o.search || undefined, ids }, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Create (`POST /api/upsell/offers`), update (`PUT …/{id}`) and delete (`DELETE …/{id}`). Each success invalidates
 * the store's offers (`upsellKeys.store()`: list, detail, stats) and says what happened: 'Offer “Hoodie bundle”
 * created', '… saved', '… deleted'. A refused save is silent here: the form shows the server's message by its field.
 */
export function useOfferMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: upsellKeys.store() });
  const save = useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: UpsellOfferBody }) =>
      id ? api.put<UpsellOffer>(`/upsell/offers/${id}`, body) : api.post<UpsellOffer>('/upsell/offers', body),
    onSuccess: (o, { id }) => {
      emitApiEvent('api-success', [`Offer “${o.title}” ${id ? 'saved' : 'created'}`]);
      return done();
    },
  });
  const remove = useMutation({
    mutationFn: (o: { id: string; title: string }) => api.delete<null>(`/upsell/offers/${o.id}`),
    onSuccess: (_, o) => {
      emitApiEvent('api-success', [`Offer “${o.title}” deleted`]);
      return done();
    },
  });
  return { save, remove };
}
