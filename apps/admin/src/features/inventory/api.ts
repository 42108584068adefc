import {
  INVENTORY_PAGE_SIZE,
  type InventoryAdjustBody,
  type InventoryAdjustResponse,
  type InventoryHistoryResponse,
  type InventoryListResponse,
} from '@backroom/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, emitApiEvent } from '../../lib/api';
import { inventoryKeys, productKeys } from '../../lib/query-keys';

// The inventory data layer (route website.inventory, scope `products`; issue 13 item 4), keyed by `inventoryKeys`.

/** The stock list's query: page from 1, trimmed search ('' = all), stock filter. */
export interface InventoryQuery {
  page: number;
  search: string;
  stock: 'in_stock' | 'out_of_stock' | null;
}

/** `GET /api/inventory?page&limit&search&stock` → variants with their stock, product A→Z, 50 a page. */
export function useInventory(q: InventoryQuery) {
  const params = { page: q.page, limit: INVENTORY_PAGE_SIZE, search: q.search || undefined, stock: q.stock ?? undefined };
  return useQuery({
    queryKey: inventoryKeys.list(params),
    queryFn: ({ signal }) => api.get<InventoryListResponse>('/inventory', { query: params, signal }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/inventory/history?page&limit&variantId` → the stock history, newest first (one variant, or all). */
export function useStockHistory(q: { page: number; variantId: string | null }) {
  const params = { page: q.page, limit: INVENTORY_PAGE_SIZE, variantId: q.variantId ?? undefined };
  return useQuery({
    queryKey: inventoryKeys.part('history', params),
    queryFn: ({ signal }) => api.get<InventoryHistoryResponse>('/inventory/history', { query: params, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * `POST /api/inventory/adjustments` (adjust by a delta, or set the counted quantity, with a reason) → the new stock.
 * Success invalidates the stock list and history and the store's products (their stock totals). Errors raise the
 * global notification and reject with the ApiError.
 */
export function useAdjustStock() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: InventoryAdjustBody) => api.post<InventoryAdjustResponse>('/inventory/adjustments', body),
    onSuccess: (r) => {
      emitApiEvent('api-success', [
        r.adjustment ? `Stock adjusted: ${r.inventoryQuantity} available` : `Stock unchanged: ${r.inventoryQuantity} available`,
      ]);
      return Promise.all([
        qc.invalidateQueries({ queryKey: inventoryKeys.store() }),
        qc.invalidateQueries({ queryKey: productKeys.store() }),
      ]);
    },
  });
}
