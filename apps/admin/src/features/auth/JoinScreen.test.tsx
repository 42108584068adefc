import '../../test/setup-dom';
import { type JoinBody, JoinInfo, LoginResponse, type StoreSummary } from '@backroom/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readAccount } from '../../lib/session';
import { user } from '../../test/fixtures';
import { handlers } from '../../test/handlers';
import { fail, reply, server } from '../../test/msw';
import { fakeSession, renderApp, SCREEN_LOAD } from '../../test/render-app';

/**
 * The invitation screen of a NEW staff account (issue 31 item 6): "Join {shop} on Backroom" with who invited them,
 * a password that follows the one rule (8+ characters, not a common one: refused before any request), then signed
 * in to that shop and landed; a dead link says so. Served by MSW.
 */
const SHOP: StoreSummary = {
  id: '00000000-0000-4000-8000-0000000000bb',
  name: 'Boutique Two',
  handle: 'boutique-two',
  domain: 'boutique-two.localhost',
  rDomain: 'boutique-two.localhost',
  url: 'http://boutique-two.localhost:3000',
  currency: 'USD',
};
const TOKEN = 'tok-0123456789abcdef';
const PATH = `/auth/join?token=${TOKEN}&store=${SHOP.id}&by=00000000-0000-4000-8000-00000000000a`;

let posted: JoinBody[];
beforeEach(() => {
  localStorage.clear();
  posted = [];
  server.use(
    http.get('/api/auth/join', ({ request }) =>
      new URL(request.url).searchParams.get('token') === TOKEN
        ? reply(JoinInfo, {
            email: 'ivy@example.test',
            firstName: 'Ivy',
            shopName: 'Boutique Two',
            inviter: { name: 'Olivia Owner', email: 'owner@boutique.test' },
          })
        : fail(400, 'BAD_REQUEST', ['token: This link is invalid or has expired. Please ask for a new one.']),
    ),
    http.post('/api/auth/join', async ({ request }) => {
      posted.push((await request.json()) as JoinBody);
      return reply(LoginResponse, { accessToken: 'AT', refreshToken: 'RT', storeId: SHOP.id });
    }),
    handlers.stores([SHOP]),
  );
});
afterEach(cleanup);

describe('/auth/join (issue 31 item 6)', () => {
  it('welcomes the invited person to the shop, refuses a weak password, then signs them in to that shop', async () => {
    const { router } = renderApp(PATH, fakeSession(user({ isStoreOwner: false, scopes: ['orders'] })));
    await screen.findByRole('heading', { name: 'Join Boutique Two on Backroom' }, SCREEN_LOAD);
    expect(screen.getByText('Olivia Owner (owner@boutique.test) invited you to join the staff of Boutique Two.')).toBeTruthy();
    expect(screen.getByText(/Choose a password for ivy@example\.test: 8 to 50 characters/)).toBeTruthy();
    // Not the reset screen's wording.
    expect(screen.queryByText(/Every device signed in/)).toBeNull();

    const password = screen.getByLabelText(/^Password/, { selector: 'input' });
    const confirm = screen.getByLabelText(/^Confirm password/, { selector: 'input' });
    const join = screen.getByRole('button', { name: 'Join Boutique Two' });
    fireEvent.change(password, { target: { value: 'short' } });
    fireEvent.change(confirm, { target: { value: 'short' } });
    fireEvent.click(join);
    expect(await screen.findByText('Password must have at least 8 letters.')).toBeTruthy();
    fireEvent.change(password, { target: { value: 'sunshine' } });
    fireEvent.change(confirm, { target: { value: 'sunshine' } });
    fireEvent.click(join);
    expect(await screen.findByText(/one of the most common ones/)).toBeTruthy();
    expect(posted).toEqual([]);

    fireEvent.change(password, { target: { value: 'Maple-Harbour-42' } });
    fireEvent.change(confirm, { target: { value: 'Maple-Harbour-42' } });
    fireEvent.click(join);
    await waitFor(() => expect(posted).toEqual([{ token: TOKEN, store: SHOP.id, password: 'Maple-Harbour-42' }]), SCREEN_LOAD);
    await waitFor(() => expect(router.state.location.pathname.startsWith('/admin')).toBe(true), SCREEN_LOAD);
    expect(readAccount().storeId).toBe(SHOP.id);
  });

  it('says when the link no longer works', async () => {
    renderApp(`/auth/join?token=used-token-000000&store=${SHOP.id}`, fakeSession(null));
    await screen.findByText('This invitation link no longer works', {}, SCREEN_LOAD);
    expect(screen.queryByRole('button', { name: /Join/ })).toBeNull();
  });
});
