import type { ReviewFit, StorefrontReviewsResponse } from '@backroom/contracts';
import { REVIEW_FIT_LABELS, reviewSizeFit } from '@backroom/contracts/review-fit';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { StarIcon } from '../layout/icons';
import { ApiError, api } from '../lib/api';
import { useHydrated } from '../lib/cart';
import { formatShortDate } from '../lib/format';

/** Published reviews of a product, first page (issue 13 item 8): the count and average the product page shows. */
export function useReviews(handle: string, page = 1) {
  return useQuery<StorefrontReviewsResponse>({
    queryKey: ['reviews', handle, page],
    queryFn: () => api.reviews(handle, page),
    staleTime: 60_000,
  });
}

/** Five stars for a rating (rounded), read out as "4.5 out of 5 stars". */
export function Stars({ rating, color }: { rating: number; color?: string }) {
  return (
    <span className="sf-stars" role="img" aria-label={`${rating} out of 5 stars`} style={{ color }}>
      {[1, 2, 3, 4, 5].map((n) => (
        <StarIcon key={n} filled={n <= Math.round(rating)} />
      ))}
    </span>
  );
}

/**
 * The product's size chart (issue 13 item 7): a "Size chart" disclosure with the table, its unit and how to measure;
 * nothing when no chart applies to the product.
 */
export function SizeChart({ handle }: { handle: string }) {
  const q = useQuery({ queryKey: ['size-chart', handle], queryFn: () => api.sizeChart(handle), staleTime: 60_000 });
  const c = q.data?.sizeChart;
  if (!c) return null;
  return (
    <details className="sf-sizechart">
      <summary>Size chart</summary>
      <div className="sf-sizechart__body">
        <table>
          <caption>
            {c.title} ({c.unit})
          </caption>
          <thead>
            <tr>
              {c.columns.map((h, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: headings may repeat
                <th key={j} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {c.rows.map((r, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id
              <tr key={i}>
                {r.map((cell, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells have no id
                  <td key={j}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {c.note && <p>{c.note}</p>}
      </div>
    </details>
  );
}

/**
 * The reviews section under the product (issue 13 item 8): average and count, published reviews with the shop's
 * replies, "more" pages, and the form a shopper writes a review with (name, e-mail, 1–5 stars, title, review, and
 * the size bought and its fit). A sent review is held for moderation; the server's messages (field rules, 429 rate
 * limit) are shown as they come. `hideSizes` (the theme's product setting `hideReviewSizes`, spec theme-editor
 * "Product page settings") leaves out the size fit line of every review and the size and fit fields of the form.
 */
export function ReviewsSection({ handle, hideSizes = false }: { handle: string; hideSizes?: boolean }) {
  const [page, setPage] = useState(1);
  const q = useReviews(handle, page);
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const [rating, setRating] = useState(5);
  const [done, setDone] = useState<string | null>(null);
  // Dates in the shopper's time zone, written once hydrated (the server's zone may differ; issue 16 item 1).
  const hydrated = useHydrated();
  const send = useMutation({
    mutationFn: (body: { author: string; email: string; rating: number; title: string; body: string; size?: string; fit?: ReviewFit }) =>
      api.submitReview(handle, body),
    onSuccess: (r) => {
      setDone(r.message);
      setOpen(false);
      void qc.invalidateQueries({ queryKey: ['reviews', handle] });
    },
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    send.mutate({
      author: String(f.get('author') ?? ''),
      email: String(f.get('email') ?? ''),
      rating,
      title: String(f.get('title') ?? ''),
      body: String(f.get('body') ?? ''),
      ...(hideSizes ? {} : { size: String(f.get('size') ?? ''), fit: String(f.get('fit') ?? '') as ReviewFit }),
    });
  };
  const d = q.data;
  const pages = d ? Math.max(1, Math.ceil(d.count / 10)) : 1;
  return (
    <section className="sf-reviews" aria-labelledby="sf-reviews-title">
      <h2 id="sf-reviews-title">Customer reviews</h2>
      {d && d.count > 0 && d.average != null ? (
        <p className="sf-reviews__summary">
          <Stars rating={d.average} /> <b>{d.average.toFixed(1)}</b> out of 5 · {d.count} {d.count === 1 ? 'review' : 'reviews'}
        </p>
      ) : (
        <p className="sf-reviews__summary">No reviews yet. Be the first to write one.</p>
      )}
      {done && (
        <p className="sf-reviews__done" role="status">
          {done}
        </p>
      )}
      {!open && (
        <button type="button" className="sf-btn sf-btn--outline" onClick={() => setOpen(true)}>
          Write a review
        </button>
      )}
      {open && (
        <form className="sf-reviews__form" onSubmit={submit} aria-label="Write a review">
          <fieldset className="sf-reviews__rating">
            <legend>Rating</legend>
            {[1, 2, 3, 4, 5].map((n) => (
              <label key={n}>
                <input type="radio" name="rating" value={n} checked={rating === n} onChange={() => setRating(n)} /> {n}
              </label>
            ))}
          </fieldset>
          <label>
            Name
            <input name="author" required maxLength={80} autoComplete="name" />
          </label>
          <label>
            E-mail
            <input name="email" type="email" required maxLength={255} autoComplete="email" />
          </label>
          <label>
            Title
            <input name="title" maxLength={120} />
          </label>
          <label>
            Review
            <textarea name="body" required maxLength={5000} rows={4} />
          </label>
          {!hideSizes && (
            <>
              <label>
                Size bought (optional)
                <input name="size" maxLength={40} />
              </label>
              <fieldset className="sf-reviews__rating">
                <legend>Fit (optional)</legend>
                {(Object.keys(REVIEW_FIT_LABELS) as (keyof typeof REVIEW_FIT_LABELS)[]).map((k) => (
                  <label key={k}>
                    <input type="radio" name="fit" value={k} /> {REVIEW_FIT_LABELS[k]}
                  </label>
                ))}
              </fieldset>
            </>
          )}
          {send.error && (
            <p className="sf-error" role="alert">
              {send.error instanceof ApiError ? send.error.messages.join(' ') : 'The review could not be sent.'}
            </p>
          )}
          <div className="sf-reviews__actions">
            <button type="submit" className="sf-btn" disabled={send.isPending}>
              Submit review
            </button>
            <button type="button" className="sf-textlink" onClick={() => setOpen(false)}>
              Cancel
            </button>
          </div>
        </form>
      )}
      <ul className="sf-reviews__list">
        {d?.reviews.map((r) => (
          <li key={r.id}>
            <Stars rating={r.rating} />
            {r.title && <h3>{r.title}</h3>}
            <p>{r.body}</p>
            {!hideSizes && reviewSizeFit(r) && <p className="sf-reviews__fit">{reviewSizeFit(r)}</p>}
            <small>
              {r.author}
              {hydrated && ` · ${formatShortDate(new Date(r.createdAt), true)}`}
            </small>
            {r.reply && (
              <blockquote>
                <b>Reply from the shop:</b> {r.reply}
              </blockquote>
            )}
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <nav className="sf-pager" aria-label="Review pages">
          {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
            <button key={n} type="button" aria-current={n === page ? 'page' : undefined} onClick={() => setPage(n)}>
              {n}
            </button>
          ))}
        </nav>
      )}
    </section>
  );
}
