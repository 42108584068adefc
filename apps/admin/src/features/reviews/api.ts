import {
  type OkResponse,
  REVIEWS_PAGE_SIZE,
  type Review,
  type ReviewBulkBody,
  type ReviewBulkResult,
  type ReviewImportReport,
  type ReviewListResponse,
  type ReviewStatus,
  type ReviewUpdateBody,
} from '@backroom/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, emitApiEvent } from '../../lib/api';
import { reviewKeys } from '../../lib/query-keys';

// The reviews data layer (route website.apps.product-review.list, scope `apps`; issue 13 item 8).

/** The list filters the screen keeps in its address (route-search.ts REVIEWS_SEARCH). */
export interface ReviewFilters {
  status?: ReviewStatus;
  rating?: number;
  productId?: string;
  search?: string;
  page: number;
}

/** `GET /api/reviews?status&rating&productId&search&page&limit` → a page and the per-status counts; key `reviewKeys.list(q)`. */
export function reviewListOptions(q: ReviewFilters) {
  const params = { ...q, limit: REVIEWS_PAGE_SIZE, search: q.search || undefined };
  return queryOptions({
    queryKey: reviewKeys.list(params),
    queryFn: ({ signal }) => api.get<ReviewListResponse>('/reviews', { query: params, signal }),
    placeholderData: keepPreviousData,
  });
}
export const useReviews = (q: ReviewFilters) => useQuery(reviewListOptions(q));

const reviews = (n: number) => (n === 1 ? 'Review' : `${n} reviews`);
const DONE = { publish: 'published', hide: 'hidden', delete: 'deleted' } as const;

/** The notification of one PATCH: what changed ("Review by Ada published", "Reply saved"). */
function updateMessage(r: Review, body: ReviewUpdateBody): string {
  if (body.status) return `Review by ${r.author} ${body.status === 'pending' ? 'moved to pending' : body.status}`;
  return body.reply ? 'Reply saved' : 'Reply removed';
}

/**
 * PATCH (publish / hide / reply), DELETE, the bulk moderation (`POST /api/reviews/bulk`, one transaction) and the CSV
 * import (multipart `file`); each refreshes the lists and says what it did ("3 reviews published").
 */
export function useReviewMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: reviewKeys.store() });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: string; body: ReviewUpdateBody }) => api.patch<Review>(`/reviews/${id}`, body),
    onSuccess: (r, { body }) => {
      emitApiEvent('api-success', [updateMessage(r, body)]);
      return done();
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.delete<OkResponse>(`/reviews/${id}`),
    onSuccess: () => {
      emitApiEvent('api-success', ['Review deleted']);
      return done();
    },
  });
  const bulk = useMutation({
    mutationFn: (body: ReviewBulkBody) => api.post<ReviewBulkResult>('/reviews/bulk', body),
    onSuccess: (r) => {
      emitApiEvent('api-success', [`${reviews(r.count)} ${DONE[r.action]}`]);
      return done();
    },
  });
  const importCsv = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api.post<ReviewImportReport>('/reviews/import', form);
    },
    onSuccess: done,
  });
  return { update, remove, bulk, importCsv };
}
