import '../../test/setup-dom';
import { PixelListResponse, Subscription, TelegramSettings } from '@backroom/contracts';
import { cleanup, screen } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signInToDemoStore, user } from '../../test/fixtures';
import { handlers } from '../../test/handlers';
import { reply, server } from '../../test/msw';
import { fakeSession, renderApp, SCREEN_LOAD } from '../../test/render-app';

beforeEach(() => {
  signInToDemoStore();
  server.use(
    handlers.preference(),
    handlers.stores(),
    http.get('/api/stores/subscription', () =>
      reply(Subscription, { plan: null, status: 'trial', trialEndsAt: '2026-01-10T00:00:00.000Z', daysLeft: 9, plans: [] }),
    ),
    http.get('/api/notifications/telegram', () =>
      reply(TelegramSettings, {
        configured: false,
        transport: 'off',
        botUsername: null,
        connected: false,
        chatTitle: null,
        connectedAt: null,
        disabledReason: null,
        events: [],
        lowStockThreshold: 5,
        dailySummaryHour: 9,
        timezone: 'UTC',
      }),
    ),
  );
});
afterEach(cleanup);

describe('Settings hub (website.settings, issue 18 item 6)', () => {
  it('links every settings area with a line of state, locked without its scope', async () => {
    renderApp('/admin/settings', fakeSession(user({ scopes: ['settings'] })));
    expect(await screen.findByRole('link', { name: 'Plan: Plan: trial, 9 days left' }, SCREEN_LOAD)).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Notifications: Telegram: needs a bot token on the server' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Domains: no access' }).getAttribute('href')).toContain('/admin/no-access');
    for (const area of ['Store details and preferences', 'Payouts', 'Payment gateways', 'Staff', 'Pixels']) {
      expect(screen.getByText(area)).toBeTruthy();
    }
    expect(screen.getByRole('link', { name: 'Pixels: no access' })).toBeTruthy();
  });

  it('gives Pixels a line of state from the pixels API (issue 18 item 6)', async () => {
    const owner = { id: '00000000-0000-4000-8000-0000000000aa', name: 'Other shop' };
    const pixel = (id: string, network: 'meta' | 'tiktok', shared: boolean) => ({
      id,
      network,
      pixelId: network === 'meta' ? '1234567890' : 'C1234567890ABC',
      hasAccessToken: false,
      adsConversionId: null,
      adsConversionLabel: null,
      owner,
      sharedWithThisShop: shared,
      sharedWith: [],
      updatedAt: '2026-01-02T10:00:00.000Z',
    });
    server.use(
      http.get('/api/pixels', () =>
        reply(PixelListResponse, {
          pixels: [
            pixel('00000000-0000-4000-8000-0000000000b1', 'meta', false),
            pixel('00000000-0000-4000-8000-0000000000b2', 'tiktok', true),
          ],
          shareableShops: [],
        }),
      ),
    );
    renderApp('/admin/settings', fakeSession(user({ scopes: ['settings', 'report'] })));
    expect(await screen.findByRole('link', { name: 'Pixels: 2 pixels: Meta, TikTok (1 shared with this shop)' }, SCREEN_LOAD)).toBeTruthy();
  });
});
