/**
 * The size fit of a review (issue 13 item 8; the theme's `hideReviewSizes` hides it on the storefront): the fits a
 * shopper may give ('' = not said), how they read, and the one line a review shows. No zod here: the storefront
 * imports this file alone (`@backroom/contracts/review-fit`), as it does `limits`.
 */
export const REVIEW_FITS = ['', 'small', 'true_to_size', 'large'] as const;
export type ReviewFitValue = (typeof REVIEW_FITS)[number];

/** How shoppers and merchants read a fit (the storefront's review and form, the admin's moderation list). */
export const REVIEW_FIT_LABELS: Record<Exclude<ReviewFitValue, ''>, string> = {
  small: 'Runs small',
  true_to_size: 'True to size',
  large: 'Runs large',
};

/** A review's size fit line, "Size bought: M · Fit: Runs large" (either part alone when the other is not given), or null. */
export function reviewSizeFit(r: { size: string; fit: ReviewFitValue }): string | null {
  const parts = [r.size && `Size bought: ${r.size}`, r.fit && `Fit: ${REVIEW_FIT_LABELS[r.fit]}`].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}
