import '../../test/setup-dom';
import { METRIC_HELP } from '@backroom/contracts';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORE_ID as STORE, signInToDemoStore, user } from '../../test/fixtures';
import { handlers } from '../../test/handlers';
import { server, urls } from '../../test/msw';
import { fakeSession, renderApp, SCREEN_LOAD } from '../../test/render-app';

const owner = user();

let timezone = 'Asia/Kolkata';
beforeEach(() => {
  signInToDemoStore();
  server.use(
    handlers.preference(() => ({ standardTimezone: timezone })),
    handlers.stores(),
    ...handlers.home({
      totalSales: 1234.5,
      totalOrders: 17,
      openOrders: 474,
      products: { count: 64, variants: 310, collections: 9 },
      homeHtml: '<h2>Welcome in</h2><img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>',
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('home dashboard (spec §1, §7)', () => {
  it("greets by the store's local hour and shows today's figures of the store timezone", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-06-02T20:00:00Z')); // 01:30 on June 3 in Kolkata, 13:00 June 2 in LA
    renderApp('/admin', fakeSession(owner));
    expect(await screen.findByRole('heading', { name: 'Good Morning, Olivia Owner' }, SCREEN_LOAD)).toBeTruthy();
    expect(await screen.findByText('$1,234.50')).toBeTruthy();
    expect(screen.getByText('17')).toBeTruthy();
    expect(screen.getByText('474')).toBeTruthy();
    expect(screen.getByText('64')).toBeTruthy();
    expect(screen.getByText('310 variants in 9 collections')).toBeTruthy();
    const sales = urls().find((u) => u.startsWith('/api/reports/total-sales'))!;
    expect(new URL(sales, 'http://x').searchParams.toString()).toBe(
      new URLSearchParams({ fromTime: '2025-06-03', toTime: '2025-06-03', stores: STORE, timezone: 'Asia/Kolkata' }).toString(),
    );
    expect(urls().some((u) => u.startsWith('/api/reports/total-orders?fromTime=2025-06-03&toTime=2025-06-03'))).toBe(true);
    expect(urls()).toContain('/api/orders/count?fulfillmentStatus=unfulfilled');
    // The link opens the Unfulfilled tab, the filter the count reads (issue 30).
    expect(screen.getByRole('link', { name: 'View orders to fulfill' }).getAttribute('href')).toBe('/admin/orders?tab=unfulfilled');
    // Each shared figure says what it counts (modules/metrics' help texts).
    for (const key of ['totalSales', 'orders', 'openOrders'] as const)
      expect(screen.getByRole('button', { name: METRIC_HELP[key] })).toBeTruthy();
  });

  it('uses the afternoon greeting from 12:00 in the store timezone', async () => {
    timezone = 'America/Los_Angeles';
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-06-02T19:00:00Z')); // 12:00 in LA
    renderApp('/admin', fakeSession(owner));
    expect(await screen.findByRole('heading', { name: 'Good Afternoon, Olivia Owner' }, SCREEN_LOAD)).toBeTruthy();
    await waitFor(() => expect(urls().some((u) => u.includes('fromTime=2025-06-02'))).toBe(true));
  });

  it('renders the homeHtml block sanitised again', async () => {
    renderApp('/admin', fakeSession(owner));
    const block = await screen.findByRole('region', { name: 'From your store' }, SCREEN_LOAD);
    expect(block.querySelector('h2')?.textContent).toBe('Welcome in');
    expect(block.querySelector('script')).toBeNull();
    expect(block.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
  });
});
