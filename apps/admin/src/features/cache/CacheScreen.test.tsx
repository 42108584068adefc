import '../../test/setup-dom';
import { CachePurge, CachePurgeList } from '@backroom/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signInToDemoStore, user } from '../../test/fixtures';
import { handlers } from '../../test/handlers';
import { fail, reply, server } from '../../test/msw';
import { fakeSession, renderApp, SCREEN_LOAD } from '../../test/render-app';

let purges: CachePurge[];
let posted: Record<string, unknown> | null;

beforeEach(() => {
  signInToDemoStore();
  purges = [];
  posted = null;
  server.use(
    handlers.preference(),
    handlers.stores(),
    http.get('/api/cache/purges', () => reply(CachePurgeList, { purges, origin: 'http://demo.localhost' })),
    http.post('/api/cache/purge', async ({ request }) => {
      posted = (await request.json()) as Record<string, unknown>;
      const urls = (posted.urls as string[] | undefined) ?? [];
      if (urls.some((u) => u.includes('other.localhost'))) {
        return fail(400, 'BAD_REQUEST', ['urls.0: http://other.localhost/ is not an address of this shop']);
      }
      const p = {
        id: crypto.randomUUID(),
        // The server answers paths (path + query) of the shop's URLs.
        urls: urls.map((u) => (u.startsWith('/') ? u : new URL(u).pathname)),
        all: posted.all === true,
        purged: 2,
        cdn: 'off' as const,
        source: 'manual' as const,
        createdBy: 'owner@demo.test',
        createdAt: '2026-01-02T10:00:00.000Z',
      };
      purges = [p, ...purges];
      return reply(CachePurge, p);
    }),
  );
});
afterEach(cleanup);

describe('Clear Cache Urls (website.clearCacheUrls, issue 18 item 5)', () => {
  it('clears the typed URLs and lists the purge', async () => {
    renderApp('/admin/clear-cache-urls', fakeSession(user({ scopes: ['products'] })));
    expect(await screen.findByRole('heading', { name: 'Nothing cleared yet' }, SCREEN_LOAD)).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Clear URLs' });
    fireEvent.click(within(form).getByRole('button', { name: 'Clear these URLs' }));
    expect(await within(form).findByText('Enter at least one URL')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('URLs to clear'), {
      target: { value: 'http://demo.localhost/pages/about\n\n/pages/faq ' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Clear these URLs' }));
    await waitFor(() => expect(posted).toEqual({ urls: ['http://demo.localhost/pages/about', '/pages/faq'] }));
    const table = await screen.findByRole('table', { name: 'Last purges' });
    expect(within(table).getByRole('link', { name: '/pages/about' }).getAttribute('href')).toBe('http://demo.localhost/pages/about');
    expect(within(table).getByRole('link', { name: '/pages/faq' })).toBeTruthy();
  });
});
