import '../../test/setup-dom';
import { type Review, ReviewBulkResult, ReviewListResponse } from '@backroom/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signInToDemoStore, user } from '../../test/fixtures';
import { handlers } from '../../test/handlers';
import { reply, server, urls } from '../../test/msw';
import { fakeSession, renderApp, SCREEN_LOAD } from '../../test/render-app';

const owner = user({ scopes: ['apps'] });
const review = (o: Partial<Review>): Review => ({
  id: crypto.randomUUID(),
  product: { id: crypto.randomUUID(), title: 'Wool hoodie', handle: 'wool-hoodie' },
  author: 'Ada',
  email: 'ada@example.test',
  rating: 4,
  title: 'Warm',
  body: 'Lovely and warm.',
  size: '',
  fit: '',
  status: 'pending',
  reply: '',
  repliedAt: null,
  source: 'storefront',
  createdAt: '2026-01-02T00:00:00.000Z',
  ...o,
});
let reviews: Review[] = [];
let patched: { id: string; body: unknown } | null = null;
let bulked: { ids: string[]; action: string } | null = null;

beforeEach(() => {
  signInToDemoStore();
  reviews = [review({ size: 'M', fit: 'true_to_size' }), review({ author: 'Linus', rating: 2, status: 'published', body: 'Pilled.' })];
  patched = null;
  bulked = null;
  server.use(
    handlers.preference(),
    handlers.stores(),
    http.get('/api/reviews', ({ request }) => {
      const status = new URL(request.url).searchParams.get('status');
      const hits = reviews.filter((r) => !status || r.status === status);
      const n = (s: string) => reviews.filter((r) => r.status === s).length;
      return reply(ReviewListResponse, {
        reviews: hits,
        total: hits.length,
        page: 1,
        limit: 20,
        counts: { pending: n('pending'), published: n('published'), hidden: n('hidden') },
      });
    }),
    http.patch('/api/reviews/:id', async ({ params, request }) => {
      patched = { id: String(params.id), body: await request.json() };
      const r = reviews.find((x) => x.id === params.id)!;
      Object.assign(r, patched.body);
      return reply(ReviewListResponse.shape.reviews.element, r);
    }),
    http.post('/api/reviews/bulk', async ({ request }) => {
      bulked = (await request.json()) as { ids: string[]; action: string };
      for (const r of reviews) if (bulked.ids.includes(r.id)) r.status = bulked.action === 'publish' ? 'published' : 'hidden';
      return reply(ReviewBulkResult, { action: bulked.action as 'publish', count: bulked.ids.length });
    }),
  );
});
afterEach(cleanup);

describe('Reviews (website.apps.product-review.list, issue 13 item 8)', () => {
  it('lists reviews with stars and status, counts per tab, and publishes a pending one', async () => {
    renderApp('/admin/apps/product-reviews', fakeSession(owner));
    expect(await screen.findByRole('heading', { name: 'Reviews' }, SCREEN_LOAD)).toBeTruthy();
    expect(await screen.findByRole('tab', { name: 'Pending (1)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'All (2)' })).toBeTruthy();
    expect(screen.getByLabelText('4 of 5 stars')).toBeTruthy();
    // The size bought and the fit the shopper gave (theme setting hideReviewSizes only hides them on the storefront).
    expect(screen.getByText('Size bought: M · Fit: True to size')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Publish review by Ada' }));
    await waitFor(() => expect(patched).toEqual({ id: reviews[0]!.id, body: { status: 'published' } }));
    expect(await screen.findByRole('tab', { name: 'Published (2)' })).toBeTruthy();
  });

  it('a tab asks the server for that status', async () => {
    renderApp('/admin/apps/product-reviews', fakeSession(owner));
    fireEvent.click(await screen.findByRole('tab', { name: 'Published (1)' }, SCREEN_LOAD));
    await waitFor(() => expect(urls().some((u) => u.includes('status=published'))).toBe(true));
    await waitFor(() => expect(screen.queryByText('Lovely and warm.')).toBeNull());
    expect(screen.getByText('Pilled.')).toBeTruthy();
  });

  it('ticks several reviews and hides them in one request, with a specific notification', async () => {
    renderApp('/admin/apps/product-reviews', fakeSession(owner));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select all reviews on this page' }, SCREEN_LOAD));
    expect(screen.getByText('2 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select review by Linus' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select review by Linus' }));
    fireEvent.click(screen.getByRole('button', { name: 'Hide selected' }));
    await waitFor(() => expect(bulked).toEqual({ ids: reviews.map((r) => r.id), action: 'hide' }));
    expect(await screen.findByText('2 reviews hidden')).toBeTruthy();
    expect(await screen.findByRole('tab', { name: 'Hidden (2)' })).toBeTruthy();
    expect(screen.queryByText('2 selected')).toBeNull();
  });

  it('reads its filters from the address and writes them back (status, rating, product)', async () => {
    const product = reviews[1]!.product;
    const { router } = renderApp('/admin/apps/product-reviews?status=published&rating=2', fakeSession(owner));
    expect(await screen.findByRole('tab', { name: 'Published (1)', selected: true }, SCREEN_LOAD)).toBeTruthy();
    await waitFor(() => expect(urls().some((u) => u.includes('status=published') && u.includes('rating=2'))).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: `Show the reviews of ${product.title}` }));
    await waitFor(() => expect(urls().some((u) => u.includes(`productId=${product.id}`))).toBe(true));
    expect(router.state.location.search).toMatchObject({ status: 'published', rating: 2, productId: product.id });
    expect(screen.getByText(`Product: ${product.title}`)).toBeTruthy();
  });
});
