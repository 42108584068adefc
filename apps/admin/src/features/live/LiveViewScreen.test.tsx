import '../../test/setup-dom';
import { LiveSummary } from '@backroom/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signInToDemoStore, user } from '../../test/fixtures';
import { handlers } from '../../test/handlers';
import { calls, reply, server } from '../../test/msw';
import { fakeSession, renderApp, SCREEN_LOAD } from '../../test/render-app';

const viewer = user({ scopes: ['live_view'] });
const base: LiveSummary = {
  at: '2026-03-02T10:00:00.000Z',
  timezone: 'America/Los_Angeles',
  today: '2026-03-02',
  visitorsNow: 3,
  sessionsToday: 40,
  ordersToday: 2,
  totalSalesToday: 120.5,
  currency: 'USD',
  activeCarts: 1,
  checkingOut: 0,
  purchased: 0,
  topLandingPages: [],
  topSources: [],
  topCountries: [{ label: 'US', count: 2 }],
};

/** The stream's controller: the test pushes `summary` events through it. */
let push: ((s: LiveSummary, id: string) => void) | null = null;

beforeEach(() => {
  signInToDemoStore();
  push = null;
  server.use(
    handlers.preference(),
    handlers.stores(),
    http.get('/api/live/summary', () => reply(LiveSummary, base)),
    http.get('/api/live/stream', () => {
      const encoder = new TextEncoder();
      const stream = new ReadableStream<Uint8Array>({
        start(ctrl) {
          push = (s, id) => ctrl.enqueue(encoder.encode(`id: ${id}\nevent: summary\ndata: ${JSON.stringify(LiveSummary.parse(s))}\n\n`));
        },
      });
      return new HttpResponse(stream, { headers: { 'content-type': 'text/event-stream' } });
    }),
  );
});
afterEach(cleanup);

describe('Live View (website.live-view, issue 17 item 5)', () => {
  it('shows the figures, then moves with each stream event without a reload', async () => {
    renderApp('/admin/live-view', fakeSession(viewer));
    const visitors = await screen.findByRole('group', { name: 'Visitors right now' }, SCREEN_LOAD);
    expect(within(visitors).getByText('3')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Total sales' })).getByText('$120.50')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Top locations' })).getByText('US')).toBeTruthy();
    expect(screen.getByText('No sources recorded today yet.')).toBeTruthy();
    await waitFor(() => expect(push).not.toBeNull());
    // The stream's state is a live region (the shell has others, e.g. the search palette's announcements).
    expect((await screen.findByText('Live')).closest('[role="status"]')).not.toBeNull();
    push!({ ...base, visitorsNow: 4, ordersToday: 3, totalSalesToday: 150 }, '1700000000001');
    await waitFor(() => expect(within(screen.getByRole('group', { name: 'Visitors right now' })).getByText('4')).toBeTruthy());
    expect(within(screen.getByRole('group', { name: 'Orders' })).getByText('3')).toBeTruthy();
    // Landing pages and sources arrive with the stream too; a referrer class reads as Shopify names it, a UTM source as sent.
    push!(
      {
        ...base,
        topLandingPages: [{ label: '/collections/new-arrivals', count: 5 }],
        topSources: [
          { label: 'tiktok', count: 4 },
          { label: 'direct', count: 2 },
        ],
      },
      '1700000000002',
    );
    const sources = await screen.findByRole('region', { name: 'Top sources' });
    await waitFor(() => expect(within(sources).getByText('Direct')).toBeTruthy());
    expect(within(sources).getByText('tiktok')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Top landing pages' })).getByText('/collections/new-arrivals')).toBeTruthy();
    // The stream is authorised like every call: bearer token and store id in headers (EventSource could not send them).
    const streamCall = calls().find((c) => c.url.includes('/api/live/stream'));
    const headers = streamCall?.init?.headers as Record<string, string>;
    expect(headers.authorization).toBe('Bearer a');
    expect(headers['x-store-id']).toBeTruthy();
  });

  it('hides the top bar', async () => {
    renderApp('/admin/live-view', fakeSession(viewer));
    await screen.findByRole('group', { name: 'Visitors right now' }, SCREEN_LOAD);
    expect(screen.queryByRole('banner')).toBeNull();
  });
});
