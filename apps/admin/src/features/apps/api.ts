import type {
  PixelListResponse,
  ReviewListResponse,
  SizeChartListResponse,
  TelegramSettings,
  UpsellOfferList,
  WidgetList,
} from '@backroom/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { pixelKeys, reviewKeys, sizeChartKeys, telegramKeys, upsellKeys, widgetKeys } from '../../lib/query-keys';

// What the Apps hub reads to say whether each app is in use (issue 18 item 3). Each probe runs only when the viewer
// holds the app's scope (`enabled`), silently: a failed probe shows "Open to set up", never an error toast.

/** `GET /api/reviews?limit=1`: the review counts by status. */
export const useReviewsProbe = (enabled: boolean) =>
  useQuery({
    queryKey: reviewKeys.list({ page: 1, limit: 1 }),
    queryFn: ({ signal }) => api.get<ReviewListResponse>('/reviews', { query: { page: 1, limit: 1 }, signal, silent: true }),
    enabled,
  });

/** `GET /api/notifications/telegram`: whether a chat is connected. */
export const useTelegramProbe = (enabled: boolean) =>
  useQuery({
    queryKey: telegramKeys.detail('settings'),
    queryFn: ({ signal }) => api.get<TelegramSettings>('/notifications/telegram', { signal, silent: true }),
    enabled,
  });

/** `GET /api/size-charts`: how many charts the shop has. */
export const useSizeChartsProbe = (enabled: boolean) =>
  useQuery({
    queryKey: sizeChartKeys.lists(),
    queryFn: ({ signal }) => api.get<SizeChartListResponse>('/size-charts', { signal, silent: true }),
    enabled,
  });

/** `GET /api/widgets`: how many product widgets the storefront shows. */
export const useWidgetsProbe = (enabled: boolean) =>
  useQuery({
    queryKey: widgetKeys.lists(),
    queryFn: ({ signal }) => api.get<WidgetList>('/widgets', { signal, silent: true }),
    enabled,
  });

/** `GET /api/upsell/offers`: the Boost UpSell offers and their status (how many are live). */
export const useUpsellProbe = (enabled: boolean) =>
  useQuery({
    queryKey: upsellKeys.lists(),
    queryFn: ({ signal }) => api.get<UpsellOfferList>('/upsell/offers', { signal, silent: true }),
    enabled,
  });

/** `GET /api/pixels`: the pixels this shop fires (its own and those shared with it). */
export const usePixelsProbe = (enabled: boolean) =>
  useQuery({
    queryKey: pixelKeys.lists(),
    queryFn: ({ signal }) => api.get<PixelListResponse>('/pixels', { signal, silent: true }),
    enabled,
  });
