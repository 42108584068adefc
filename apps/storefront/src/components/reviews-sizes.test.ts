import type { StorefrontReviewsResponse } from '@backroom/contracts';
import { reviewSizeFit } from '@backroom/contracts/review-fit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ReviewsSection } from './product-extras';

/**
 * The theme's product setting `hideReviewSizes` (spec theme-editor "Product page settings"): the reviews section
 * shows each review's size fit line ("Size bought: M · Fit: Runs large") unless it is on. Server-rendered, as the
 * product page is.
 */

const data: StorefrontReviewsResponse = {
  average: 4,
  count: 2,
  page: 1,
  reviews: [
    {
      id: crypto.randomUUID(),
      author: 'Fitz',
      rating: 4,
      title: 'Cosy',
      body: 'Warm.',
      size: 'M',
      fit: 'large',
      reply: '',
      createdAt: '2026-01-02T10:00:00Z',
    },
    {
      id: crypto.randomUUID(),
      author: 'Ada',
      rating: 4,
      title: '',
      body: 'Nice.',
      size: '',
      fit: '',
      reply: '',
      createdAt: '2026-01-01T10:00:00Z',
    },
  ],
};

function render(hideSizes: boolean | undefined): string {
  const qc = new QueryClient();
  qc.setQueryData(['reviews', 'wool-hoodie', 1], data);
  return renderToString(
    createElement(QueryClientProvider, { client: qc }, createElement(ReviewsSection, { handle: 'wool-hoodie', hideSizes })),
  );
}

describe('review sizes on the product page', () => {
  it('shows the size fit line of a review that has one, by default', () => {
    const html = render(undefined);
    expect(html).toContain('<p class="sf-reviews__fit">Size bought: M · Fit: Runs large</p>');
    expect(html.match(/sf-reviews__fit/g)).toHaveLength(1);
  });

  it('hides every size fit line when the theme hides review sizes', () => {
    const html = render(true);
    expect(html).not.toContain('sf-reviews__fit');
    expect(html).not.toContain('Size bought');
    expect(html).toContain('Warm.');
  });

  it('words either part alone', () => {
    expect(reviewSizeFit({ size: 'L', fit: '' })).toBe('Size bought: L');
    expect(reviewSizeFit({ size: '', fit: 'true_to_size' })).toBe('Fit: True to size');
    expect(reviewSizeFit({ size: '', fit: '' })).toBeNull();
  });
});
