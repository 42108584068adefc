import type { ProductFeedsResponse } from '@backroom/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { feedKeys } from '../../lib/query-keys';

/**
 * `GET /api/product-feeds` → the shop's feeds (route website.product-feeds, scope `products`; issue 13 item 9): the
 * Google Merchant feed's public address, items, products and the products with problems. Key `feedKeys.lists()`.
 */
export function useProductFeeds() {
  return useQuery({
    queryKey: feedKeys.lists(),
    queryFn: ({ signal }) => api.get<ProductFeedsResponse>('/product-feeds', { signal }),
  });
}
