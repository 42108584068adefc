import type { CatalogLookupResponse, OkResponse, Widget, WidgetBody, WidgetKind, WidgetList, WidgetPlacement } from '@backroom/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, emitApiEvent } from '../../lib/api';
import { widgetKeys } from '../../lib/query-keys';

// The product widgets data layer (route website.apps.widgets.list, scope `apps`; issue 18 item 2).

/** The kinds as merchants read them. */
export const KIND_NAMES: Record<WidgetKind, string> = {
  best_sellers: 'Best sellers',
  recently_viewed: 'Recently viewed',
  also_bought: 'Frequently bought together',
  handpicked: 'Handpicked products',
  same_collection: 'More from the collection',
};

/** What each kind shows, in one line. */
export const KIND_HELP: Record<WidgetKind, string> = {
  best_sellers: 'Your products by units sold in paid orders of the last days you choose.',
  recently_viewed: 'The products this shopper looked at last, kept in their browser.',
  also_bought: 'Products most often in the same paid orders as the product (or the cart).',
  handpicked: 'The products you choose, in your order.',
  same_collection: 'Other products of the collections the product is in.',
};

/** The placements as merchants read them. */
export const PLACEMENT_NAMES: Record<WidgetPlacement, string> = {
  product_above_description: 'Product page, above the description',
  product_below_description: 'Product page, below the description',
  cart: 'Cart page',
  home: 'Home page',
};

/** `GET /api/widgets` → the shop's widgets. */
export function widgetsOptions() {
  return queryOptions({
    queryKey: widgetKeys.lists(),
    queryFn: ({ signal }) => api.get<WidgetList>('/widgets', { signal }),
  });
}
export const useWidgets = () => useQuery(widgetsOptions());

/** Add (POST), replace (PUT /{id}) or delete a widget; each refreshes the list and says what was done. */
export function useWidgetMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: widgetKeys.store() });
  const save = useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: WidgetBody }) =>
      id ? api.put<Widget>(`/widgets/${id}`, body) : api.post<Widget>('/widgets', body),
    onSuccess: (w, { id }) => {
      emitApiEvent('api-success', [`Widget “${w.title}” ${id ? 'saved' : 'added'}: ${PLACEMENT_NAMES[w.placement].toLowerCase()}`]);
      return done();
    },
  });
  const remove = useMutation({
    mutationFn: (w: Widget) => api.delete<OkResponse>(`/widgets/${w.id}`),
    onSuccess: (_r, w) => {
      emitApiEvent('api-success', [`Widget “${w.title}” deleted`]);
      return done();
    },
  });
  return { save, remove };
}

/**
 * `GET /api/widgets/lookups?kind=products&search`: the products the handpicked picker offers, at most 20 by title
 * (idle for an empty search). Under the screen's own scope `apps`: no Products permission needed.
 */
export function useProductPicker(search: string) {
  return useQuery({
    queryKey: widgetKeys.part('lookups', search),
    queryFn: ({ signal }) =>
      api.get<CatalogLookupResponse>('/widgets/lookups', { query: { kind: 'products', search }, signal, silent: true }),
    enabled: search.length > 0,
    placeholderData: keepPreviousData,
  });
}
