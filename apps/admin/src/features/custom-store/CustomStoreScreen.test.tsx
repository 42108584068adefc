import '../../test/setup-dom';
import { CustomStore, CustomStoreList } from '@backroom/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STORE_ID, signInToDemoStore, user } from '../../test/fixtures';
import { handlers } from '../../test/handlers';
import { reply, server } from '../../test/msw';
import { fakeSession, renderApp, SCREEN_LOAD } from '../../test/render-app';

const maker = user({ isProviderStaff: true, isCustomStoreUser: true, scopes: ['store'] });
let made: CustomStore[] = [];
let posted: Record<string, unknown> | null = null;

beforeEach(() => {
  signInToDemoStore();
  made = [];
  posted = null;
  server.use(
    handlers.preference(),
    handlers.stores(),
    http.get('/api/custom-stores', () => reply(CustomStoreList, { customStores: made })),
    http.post('/api/custom-stores', async ({ request }) => {
      posted = (await request.json()) as Record<string, unknown>;
      const s: CustomStore = {
        storeId: '00000000-0000-4000-8000-0000000000d1',
        name: String(posted.name),
        handle: 'client-boutique',
        templateStoreId: STORE_ID,
        templateName: 'Demo Fashion',
        ownerEmail: String(posted.ownerEmail),
        ownerJoined: false,
        copied: { themes: 2, pages: 5, menus: 3, collections: 4, products: 12 },
        createdAt: '2026-01-03T00:00:00.000Z',
      };
      made = [s];
      return reply(CustomStore, s, { status: 201 });
    }),
  );
});
afterEach(cleanup);

describe('Custom Store (website.custom-store, issue 18 item 7)', () => {
  it('creates a shop from the current shop as template and lists it with its owner', async () => {
    renderApp('/admin/custom-store', fakeSession(maker));
    expect(await screen.findByText('No shop built yet', undefined, SCREEN_LOAD)).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Create a shop' });
    fireEvent.click(within(form).getByRole('button', { name: 'Create shop and invite owner' }));
    expect(await within(form).findByText('ownerEmail must be an e-mail address')).toBeTruthy();
    expect(posted).toBeNull();
    fireEvent.change(within(form).getByLabelText(/^Shop name/), { target: { value: 'Client Boutique' } });
    fireEvent.change(within(form).getByLabelText(/^Owner's e-mail/), { target: { value: 'owner@client.test' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create shop and invite owner' }));
    await waitFor(() => expect(posted).toEqual({ name: 'Client Boutique', templateStoreId: STORE_ID, ownerEmail: 'owner@client.test' }));
    expect(
      await screen.findByText(
        'Client Boutique created with 12 products, 4 collections, 5 pages, 3 menus and 2 themes; owner@client.test is invited to own it',
      ),
    ).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Shops created with Custom Store' });
    expect(within(table).getByText('Invitation sent')).toBeTruthy();
  });

  it('does not open for any other e-mail, even by its address', async () => {
    renderApp('/admin/custom-store', fakeSession(user({ isProviderStaff: true, isCustomStoreUser: false, scopes: ['store'] })));
    expect(await screen.findByText("You don't have access to this page", undefined, SCREEN_LOAD)).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main navigation' }).textContent).not.toContain('Custom Store');
  });
});
