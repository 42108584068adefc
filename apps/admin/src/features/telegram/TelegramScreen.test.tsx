import '../../test/setup-dom';
import {
  PixelListResponse,
  SizeChartListResponse,
  TelegramConnectResponse,
  TelegramSettings,
  type UpsellOffer,
  UpsellOfferList,
} from '@backroom/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signInToDemoStore, user } from '../../test/fixtures';
import { handlers } from '../../test/handlers';
import { reply, server } from '../../test/msw';
import { fakeSession, renderApp, SCREEN_LOAD } from '../../test/render-app';

const base: TelegramSettings = {
  configured: true,
  transport: 'polling',
  botUsername: 'backroom_bot',
  connected: false,
  chatTitle: null,
  connectedAt: null,
  disabledReason: null,
  events: ['new_order'],
  lowStockThreshold: 5,
  dailySummaryHour: 9,
  timezone: 'America/Los_Angeles',
};
let settings: TelegramSettings;
let saved: Record<string, unknown> | null;

beforeEach(() => {
  signInToDemoStore();
  settings = { ...base };
  saved = null;
  server.use(
    handlers.preference(),
    handlers.stores(),
    http.get('/api/notifications/telegram', () => reply(TelegramSettings, settings)),
    http.put('/api/notifications/telegram', async ({ request }) => {
      saved = (await request.json()) as Record<string, unknown>;
      settings = { ...settings, ...(saved as Partial<TelegramSettings>) };
      return reply(TelegramSettings, settings);
    }),
    http.post('/api/notifications/telegram/connect', () =>
      reply(TelegramConnectResponse, { url: 'https://t.me/backroom_bot?start=abc123', expiresAt: '2026-01-01T00:15:00.000Z' }),
    ),
    http.get('/api/size-charts', () => reply(SizeChartListResponse, { sizeCharts: [] })),
  );
});
afterEach(cleanup);

describe('Telegram (website.notification, issue 18 item 4)', () => {
  it('says how to set a bot token when the server has none', async () => {
    settings = { ...base, configured: false, transport: 'off', botUsername: null };
    renderApp('/admin/notification', fakeSession(user({ scopes: ['settings'] })));
    expect(await screen.findByText('Telegram is not set up on this server', undefined, SCREEN_LOAD)).toBeTruthy();
    expect(screen.getByText('TELEGRAM_BOT_TOKEN=<token>')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Connect Telegram' })).toBeNull();
  });

  it('shows the connect link and its QR code, then the connected chat once Start was pressed', async () => {
    renderApp('/admin/notification', fakeSession(user({ scopes: ['settings'] })));
    fireEvent.click(await screen.findByRole('button', { name: 'Connect Telegram' }, SCREEN_LOAD));
    const open = await screen.findByRole('link', { name: 'Open Telegram' });
    expect(open.getAttribute('href')).toBe('https://t.me/backroom_bot?start=abc123');
    expect(screen.getByTitle('QR code of the Telegram connect link')).toBeTruthy();
    settings = { ...base, connected: true, chatTitle: 'Ann', connectedAt: '2026-01-01T00:01:00.000Z' };
    expect(await screen.findByText('Connected', undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send test message' })).toBeTruthy();
  });

  it('shows why a link was disabled and saves the chosen events', async () => {
    settings = {
      ...base,
      chatTitle: 'Ann',
      connectedAt: '2026-01-01T00:01:00.000Z',
      disabledReason: 'Telegram refused our messages (403: Forbidden: bot was blocked by the user). Connect again to resume notifications.',
    };
    renderApp('/admin/notification', fakeSession(user({ scopes: ['settings'] })));
    expect(await screen.findByText(/bot was blocked by the user/, undefined, SCREEN_LOAD)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Connect again' })).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Telegram events' });
    fireEvent.click(within(form).getByRole('checkbox', { name: /Low stock/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save events' }));
    await waitFor(() => expect(saved).toEqual({ events: ['new_order', 'low_stock'], lowStockThreshold: 5, dailySummaryHour: 9 }));
  });
});

describe('Apps hub (website.apps, issue 18 item 3)', () => {
  it('lists the six apps with their state and the apps mini navigation', async () => {
    settings = { ...base, connected: true, chatTitle: 'Ann', connectedAt: '2026-01-01T00:01:00.000Z' };
    const offer = (status: UpsellOffer['status']): UpsellOffer => ({
      id: crypto.randomUUID(),
      title: `Offer ${status}`,
      type: 'bundle',
      productIds: [],
      collectionIds: [],
      offerProductIds: [crypto.randomUUID()],
      discount: { type: 'percentage', value: 10 },
      tiers: [],
      active: status !== 'inactive',
      priority: 0,
      startsAt: null,
      endsAt: null,
      status,
      stats: { views: 0, adds: 0, orders: 0, revenue: 0, conversionRate: 0 },
      createdAt: '2026-06-01T07:00:00.000Z',
      updatedAt: '2026-06-01T07:00:00.000Z',
    });
    server.use(
      http.get('/api/upsell/offers', () => reply(UpsellOfferList, { offers: [offer('active'), offer('active'), offer('expired')] })),
      http.get('/api/pixels', () => reply(PixelListResponse, { pixels: [], shareableShops: [] })),
    );
    renderApp('/admin/apps', fakeSession(user({ scopes: ['apps', 'settings', 'products', 'discounts', 'report'] })));
    for (const name of ['Product Reviews', 'Boost UpSell', 'Product Widgets', 'Telegram', 'Pixels', 'Size charts']) {
      expect(await screen.findByRole('heading', { name }, SCREEN_LOAD)).toBeTruthy();
    }
    const telegram = screen.getByRole('article', { name: 'Telegram' });
    expect(await within(telegram).findByText('Sending to Ann')).toBeTruthy();
    expect(within(telegram).getByText('Enabled')).toBeTruthy();
    // Every app says whether it is in use: offers live, pixels firing.
    const upsell = screen.getByRole('article', { name: 'Boost UpSell' });
    expect(await within(upsell).findByText('2 offers live of 3')).toBeTruthy();
    expect(within(upsell).getByText('Enabled')).toBeTruthy();
    const pixels = screen.getByRole('article', { name: 'Pixels' });
    expect(await within(pixels).findByText('No pixel yet')).toBeTruthy();
    expect(within(pixels).getByText('Not in use')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Apps' });
    expect(
      within(nav)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['All apps', 'Reviews', 'Boost UpSell', 'Product Widget', 'Telegram', 'Share Pixel', 'Size chart']);
  });
});
