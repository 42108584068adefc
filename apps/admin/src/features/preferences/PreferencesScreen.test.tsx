import '../../test/setup-dom';
import { StorePreferences as Schema, type StorePreferences } from '@backroom/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signInToDemoStore, user } from '../../test/fixtures';
import { handlers } from '../../test/handlers';
import { calls, reply, server } from '../../test/msw';
import { fakeSession, renderApp, SCREEN_LOAD } from '../../test/render-app';

const provider = user({ scopes: ['preferences', 'products'], isProviderStaff: true });
let saved: StorePreferences;

beforeEach(() => {
  signInToDemoStore();
  saved = Schema.parse({
    storeName: 'Demo Fashion',
    standardTimezone: 'America/Los_Angeles',
    businessType: 'other',
    paymentChoice: { type: 'seller' },
    storeFrontDefaultTheme: '00000000-0000-4000-8000-0000000000f1',
    homeHtml: '<p>Hello <img src=x onerror="window.__pwned=1"></p>',
    cookieConsentBanner: false,
    themes: [{ id: '00000000-0000-4000-8000-0000000000f1', name: 'FASHION', type: 'newchick', published: true }],
  });
  server.use(
    handlers.preference(() => ({ businessType: saved.businessType })),
    handlers.stores(),
    http.get('/api/stores/preferences', () => reply(Schema, saved)),
    http.put('/api/stores/preferences', async ({ request }) => {
      saved = Schema.parse({ ...saved, ...((await request.json()) as object) });
      return reply(Schema, saved);
    }),
  );
});
afterEach(cleanup);

describe('preferences (website.preferences, spec §3)', () => {
  it('previews the home block sanitised, and saving dropship refreshes the page preference the menu follows', async () => {
    renderApp('/admin/preferences', fakeSession(provider));
    const form = await screen.findByRole('form', { name: 'Preferences' }, SCREEN_LOAD);
    expect(await screen.findByDisplayValue('Demo Fashion')).toBeTruthy();
    const preview = screen.getByRole('region', { name: 'Preview' });
    await waitFor(() => expect(preview.textContent).toContain('Hello'));
    expect(preview.querySelector('img')?.getAttribute('onerror')).toBeNull();
    const preferenceReads = () => calls().filter((c) => c.url === '/api/stores/preference').length;
    const before = preferenceReads();
    fireEvent.click(screen.getByRole('radio', { name: /Dropshipping/ }));
    fireEvent.click(screen.getByRole('radio', { name: 'Latte' }));
    fireEvent.click(screen.getByRole('switch', { name: /^Cookie consent banner/ }));
    fireEvent.submit(form);
    await waitFor(() => expect(saved.businessType).toBe('dropship'));
    expect(await screen.findByText('Preferences of Demo Fashion saved')).toBeTruthy();
    const put = JSON.parse(String(calls().find((c) => c.init?.method === 'PUT')!.init!.body));
    expect(put).toMatchObject({
      storeName: 'Demo Fashion',
      businessType: 'dropship',
      paymentChoice: { type: 'latte' },
      cookieConsentBanner: true,
      standardTimezone: 'America/Los_Angeles',
    });
    // The page preference the menu reads is fetched again (shell/menu.ts hides Personalized Product for dropship).
    await waitFor(() => expect(preferenceReads()).toBeGreaterThan(before));
  });

  it('refuses an empty store name with the contract’s message', async () => {
    renderApp('/admin/preferences', fakeSession(provider));
    const name = await screen.findByDisplayValue('Demo Fashion', {}, SCREEN_LOAD);
    fireEvent.change(name, { target: { value: ' ' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Preferences' }));
    expect(await screen.findByText('Store name is required')).toBeTruthy();
  });
});
