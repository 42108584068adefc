import '../../test/setup-dom';
import type { Scope, StoreSummary, User } from '@backroom/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppSession } from '../../lib/router-context';
import { readAccount, writeLogin } from '../../lib/session';
import { handlers } from '../../test/handlers';
import { server } from '../../test/msw';
import { fakeSession, renderApp, SCREEN_LOAD } from '../../test/render-app';

const STORE: StoreSummary = {
  id: '00000000-0000-4000-8000-0000000000aa',
  name: 'Demo Fashion',
  handle: 'demo',
  domain: 'demo.localhost',
  rDomain: 'demo.localhost',
  url: 'http://demo.localhost:3000',
  currency: 'USD',
};
const member = (scopes: Scope[]): User => ({
  id: '00000000-0000-4000-8000-000000000002',
  email: 'picker@demo.test',
  firstName: 'Pia',
  lastName: 'Picker',
  profilePicture: null,
  isStoreOwner: false,
  isStoreAdmin: false,
  scopes,
  isProviderStaff: false,
  isCustomStoreUser: false,
});

beforeEach(() => {
  localStorage.clear();
  writeLogin({ accessToken: 'AT', refreshToken: 'RT', storeId: STORE.id });
  // The shop list only; the landing screen's own requests get the API's 404 (test/msw.ts fallback).
  server.use(handlers.stores([STORE]));
});
afterEach(cleanup);

async function pick(session: AppSession) {
  const app = renderApp('/auth/shop', session);
  fireEvent.click(await screen.findByRole('button', { name: 'Demo Fashion, demo.localhost' }, SCREEN_LOAD));
  return app;
}

describe('shop selection lands on the first permitted route (spec §4, §6)', () => {
  it('the orders+products staff member lands on Orders, not on no-access', async () => {
    const { router } = await pick(fakeSession(member(['orders', 'products'])));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/orders'), SCREEN_LOAD);
    expect(readAccount()).toMatchObject({ storeId: STORE.id, storeDomain: 'demo.localhost', rDomain: 'demo.localhost' });
  });

  it('a products-only staff member lands on All products', async () => {
    const { router } = await pick(fakeSession(member(['products'])));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/products'), SCREEN_LOAD);
  });

  it('a member with the home scope lands on the home dashboard', async () => {
    const { router } = await pick(fakeSession(member(['homes', 'orders'])));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'), SCREEN_LOAD);
  });

  it('checks the session of the picked store first, and follows its redirect when it fails', async () => {
    const session = fakeSession(member(['orders']));
    const ensure = vi.fn(async () => ({ ok: false as const, to: '/auth/login' }));
    session.ensure = ensure;
    const { router } = await pick(session);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'), SCREEN_LOAD);
    expect(ensure).toHaveBeenCalled();
  });
});
