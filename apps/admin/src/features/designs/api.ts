import type {
  BaseProduct,
  Design,
  DesignCreateBody,
  DesignListResponse,
  DesignPublishResponse,
  DesignRender,
  DesignUpdateBody,
} from '@backroom/contracts';
import { type DesignKind, parseDesignDocument } from '@backroom/design';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { baseCatalogKeys, designKeys, productKeys } from '../../lib/query-keys';

// The design editors' data layer (routes print-hub-editor, book-editor, book2-editor; scope `products`; issue 19
// item 6): `/api/designs…` (CRUD with optimistic versions, renders through the job queue, publish) and the base
// product a design is made on (`/api/catalog/base-products/{id}`).

/** Designs a list screen shows per page. */
export const DESIGNS_PAGE_SIZE = 20;

/**
 * The server's document, migrated and validated by @backroom/design (the same rules the server saves with); a
 * document this editor cannot read throws with the first problem, so the screen says so instead of drawing garbage.
 */
function readDesign(d: Design): Design {
  const parsed = parseDesignDocument(d.document);
  if (!parsed.ok) throw new Error(`This design cannot be opened: ${parsed.issues[0]?.path} ${parsed.issues[0]?.message}`);
  return { ...d, document: parsed.document };
}

/** `GET /api/designs?kind&page&limit` → a page of the shop's designs of `kind`, last edited first. */
export function designListOptions(kind: DesignKind, page: number) {
  const q = { kind, page, limit: DESIGNS_PAGE_SIZE };
  return queryOptions({
    queryKey: designKeys.list(q),
    queryFn: ({ signal }) => api.get<DesignListResponse>('/designs', { query: q, signal }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/designs/{id}` → the design with its document (read fresh: an editor never opens a cached copy). */
export function designOptions(id: string) {
  return queryOptions({
    queryKey: designKeys.detail(id),
    queryFn: async ({ signal }) => readDesign(await api.get<Design>(`/designs/${id}`, { signal })),
    staleTime: 0,
    gcTime: 0,
  });
}

/** `GET /api/designs/{id}` read once, silently (the 409 dialog reads the saved version; it shows its own errors). */
export async function fetchDesign(id: string): Promise<Design> {
  return readDesign(await api.get<Design>(`/designs/${id}`, { silent: true }));
}

/** `GET /api/catalog/base-products/{id}` → the base product (print areas, colours, sizes, base cost). */
export function baseProductOptions(id: string) {
  return queryOptions({
    queryKey: baseCatalogKeys.detail(id),
    queryFn: ({ signal }) => api.get<BaseProduct>(`/catalog/base-products/${id}`, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** `POST /api/designs {kind, title, baseProductId?}` → 201 the new design (the kind's default document). */
export function useCreateDesign() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: DesignCreateBody) => api.post<Design>('/designs', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: designKeys.lists() }),
  });
}

/**
 * `PUT /api/designs/{id} {title, document, version}` → the saved design (version + 1). Silent: the editor shows a
 * 409 as its reload prompt and other failures in its save status.
 */
export function saveDesign(id: string, body: DesignUpdateBody): Promise<Design> {
  return api.put<Design>(`/designs/${id}`, body, { silent: true });
}

/** `POST /api/designs/{id}/renders {kind}` → 202 `{id}` of the render a job now makes (issue 19 item 6). */
export function startRender(id: string, kind: 'mockup' | 'print'): Promise<{ id: string }> {
  return api.post<{ id: string }>(`/designs/${id}/renders`, { kind });
}

/** `GET /api/designs/{id}/renders/{renderId}`, polled every second until done or failed. */
export function renderOptions(designId: string, renderId: string) {
  return queryOptions({
    queryKey: designKeys.part('render', designId, renderId),
    queryFn: ({ signal }) => api.get<DesignRender>(`/designs/${designId}/renders/${renderId}`, { signal, silent: true }),
    refetchInterval: (q) => (q.state.data?.status === 'done' || q.state.data?.status === 'failed' ? false : 1000),
  });
}

/** `POST /api/designs/{id}/publish` → the draft product made or updated; refreshes products and the catalogue. */
export function usePublishDesign() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<DesignPublishResponse>(`/designs/${id}/publish`, {}),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: productKeys.store() }),
        qc.invalidateQueries({ queryKey: baseCatalogKeys.store() }),
        qc.invalidateQueries({ queryKey: designKeys.store() }),
      ]),
  });
}
