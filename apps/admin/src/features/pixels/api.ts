import type { OkResponse, Pixel, PixelBody, PixelListResponse, PixelNetwork } from '@backroom/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, emitApiEvent } from '../../lib/api';
import { pixelKeys } from '../../lib/query-keys';

// The ad pixels data layer (route website.pixel.sharePixel, scope `report`; issue 17 item 6).

/** The networks' names as merchants know them. */
export const NETWORK_NAMES: Record<PixelNetwork, string> = { meta: 'Meta (Facebook)', tiktok: 'TikTok', google: 'Google' };

/** `GET /api/pixels` → this shop's pixels, those shared with it, and the shops it may share with. */
export function pixelsOptions() {
  return queryOptions({
    queryKey: pixelKeys.lists(),
    queryFn: ({ signal }) => api.get<PixelListResponse>('/pixels', { signal }),
  });
}
export const usePixels = () => useQuery(pixelsOptions());

/** Add (POST), replace (PUT /{id}) or delete a pixel; each refreshes the list and says what was done. */
export function usePixelMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: pixelKeys.store() });
  const save = useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: PixelBody }) =>
      id ? api.put<Pixel>(`/pixels/${id}`, body) : api.post<Pixel>('/pixels', body),
    onSuccess: (p, { id }) => {
      emitApiEvent('api-success', [`${NETWORK_NAMES[p.network]} pixel ${p.pixelId} ${id ? 'saved' : 'added'}`]);
      return done();
    },
  });
  const remove = useMutation({
    mutationFn: (p: Pixel) => api.delete<OkResponse>(`/pixels/${p.id}`),
    onSuccess: (_r, p) => {
      emitApiEvent('api-success', [`${NETWORK_NAMES[p.network]} pixel ${p.pixelId} deleted`]);
      return done();
    },
  });
  return { save, remove };
}
