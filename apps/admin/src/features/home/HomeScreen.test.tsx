import '../../test/setup-dom';
import type { User } from '@backroom/contracts';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeLogin, writeStore } from '../../lib/session';
import { fakeSession, renderApp, SCREEN_LOAD } from '../../test/render-app';

const STORE = '00000000-0000-4000-8000-0000000000aa';
const owner: User = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'owner@demo.test',
  firstName: 'Olivia',
  lastName: 'Owner',
  profilePicture: null,
  isStoreOwner: true,
  isStoreAdmin: false,
  scopes: ['homes', 'orders', 'products'],
  isProviderStaff: false,
  isCustomStoreUser: false,
};
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let urls: string[] = [];
let timezone = 'Asia/Kolkata';
beforeEach(() => {
  localStorage.clear();
  writeLogin({ accessToken: 'a', refreshToken: 'r', storeId: STORE });
  writeStore({
    storeId: STORE,
    storeDomain: 'demo.localhost',
    rDomain: 'demo.localhost',
    info: { storeName: 'Demo Fashion', storeUrl: 'http://demo.localhost:3000', currency: { sign: '$', code: 'USD' } },
  });
  urls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      const path = url.split('?')[0];
      switch (path) {
        case '/api/stores/preference':
          return json(200, {
            businessType: 'other',
            paymentChoice: { type: 'seller' },
            standardTimezone: timezone,
            storeFrontDefaultTheme: null,
            storeDetail: { name: 'Demo Fashion' },
          });
        case '/api/stores':
          return json(200, { stores: [] });
        case '/api/reports/total-sales':
          return json(200, { total_sales: 1234.5 });
        case '/api/reports/total-orders':
          return json(200, { total_orders: 17 });
        case '/api/orders/count':
          return json(200, { count: 474 });
        case '/api/products/count':
          return json(200, { count: 64, variants: 310, collections: 9 });
        case '/api/helpbase/public/customHTML':
          return json(200, { homeHtml: '<h2>Welcome in</h2><img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>' });
        default:
          return json(404, { messages: [] });
      }
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
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
    const sales = urls.find((u) => u.startsWith('/api/reports/total-sales'))!;
    expect(new URL(sales, 'http://x').searchParams.toString()).toBe(
      new URLSearchParams({ fromTime: '2025-06-03', toTime: '2025-06-03', stores: STORE, timezone: 'Asia/Kolkata' }).toString(),
    );
    expect(urls.some((u) => u.startsWith('/api/reports/total-orders?fromTime=2025-06-03&toTime=2025-06-03'))).toBe(true);
    expect(urls).toContain('/api/orders/count?fulfillmentStatus=unfulfilled');
    expect(screen.getByRole('link', { name: 'View orders to fulfill' }).getAttribute('href')).toBe('/admin/orders');
  });

  it('uses the afternoon greeting from 12:00 in the store timezone', async () => {
    timezone = 'America/Los_Angeles';
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-06-02T19:00:00Z')); // 12:00 in LA
    renderApp('/admin', fakeSession(owner));
    expect(await screen.findByRole('heading', { name: 'Good Afternoon, Olivia Owner' }, SCREEN_LOAD)).toBeTruthy();
    await waitFor(() => expect(urls.some((u) => u.includes('fromTime=2025-06-02'))).toBe(true));
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
