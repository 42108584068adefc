import '../../test/setup-dom';
import type { MyInvitation, StoreSummary } from '@backroom/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeLogin } from '../../lib/session';
import { user } from '../../test/fixtures';
import { handlers } from '../../test/handlers';
import { calls, server } from '../../test/msw';
import { fakeSession, renderApp, SCREEN_LOAD } from '../../test/render-app';

/**
 * The shop-choice screen's invitations (issue 14 item 5): an existing account joins a shop only by accepting the
 * invitation there, after signing in; declining leaves it out. Served by MSW (test/handlers.ts myInvitations).
 */
const HOME: StoreSummary = {
  id: '00000000-0000-4000-8000-0000000000aa',
  name: 'Demo Fashion',
  handle: 'demo',
  domain: 'demo.localhost',
  rDomain: 'demo.localhost',
  url: 'http://demo.localhost:3000',
  currency: 'USD',
};
const invitation = (o: Partial<MyInvitation> = {}): MyInvitation => ({
  id: '00000000-0000-4000-8000-00000000f001',
  storeId: '00000000-0000-4000-8000-0000000000bb',
  storeName: 'Boutique Two',
  storeDomain: 'boutique-two.localhost',
  invitedBy: 'Olivia Owner',
  invitedByEmail: 'owner@boutique.test',
  isStoreAdmin: false,
  scopes: ['orders', 'products'],
  invitedAt: '2026-01-05T10:00:00.000Z',
  expiresAt: '2026-01-12T10:00:00.000Z',
  ...o,
});

let state: { invitations: MyInvitation[]; stores: StoreSummary[] };
beforeEach(() => {
  localStorage.clear();
  writeLogin({ accessToken: 'AT', refreshToken: 'RT', storeId: HOME.id });
  state = { invitations: [invitation()], stores: [HOME] };
  server.use(...handlers.myInvitations(() => state));
});
afterEach(cleanup);

const invitationCard = () => screen.findByRole('listitem', { name: 'Invitation to Boutique Two' }, SCREEN_LOAD);

describe('shop choice: invitations to join a shop', () => {
  it('shows who invites to which shop and with what role; Accept joins it and lists the shop', async () => {
    renderApp('/auth/shop?invitation=00000000-0000-4000-8000-00000000f001', fakeSession(user()));
    const card = await invitationCard();
    expect(within(card).getByText('boutique-two.localhost')).toBeTruthy();
    expect(
      within(card).getByText('Olivia Owner (owner@boutique.test) invited you to join Boutique Two as staff with 2 permissions.'),
    ).toBeTruthy();
    // Not a shop of theirs before they accept.
    expect(screen.queryByRole('button', { name: 'Boutique Two, boutique-two.localhost' })).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Accept' }));
    await screen.findByText('You joined Boutique Two', {}, SCREEN_LOAD);
    expect(await screen.findByRole('button', { name: 'Boutique Two, boutique-two.localhost' }, SCREEN_LOAD)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Invitation to Boutique Two' })).toBeNull());
    const accept = calls().find((c) => c.url === '/api/users/invitations/00000000-0000-4000-8000-00000000f001/accept');
    expect(accept?.init?.method).toBe('POST');
    // Not about the chosen shop: no X-Store-Id.
    expect((accept!.init!.headers as Record<string, string>)['x-store-id']).toBeUndefined();
  });

  it('Decline removes the invitation and joins nothing; an admin invitation says so', async () => {
    state.invitations = [invitation({ isStoreAdmin: true, scopes: [] })];
    renderApp('/auth/shop', fakeSession(user()));
    const card = await invitationCard();
    expect(within(card).getByText(/invited you to join Boutique Two as an admin\.$/)).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Decline' }));
    await screen.findByText('You declined the invitation to Boutique Two', {}, SCREEN_LOAD);
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Invitation to Boutique Two' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Boutique Two, boutique-two.localhost' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Demo Fashion, demo.localhost' })).toBeTruthy();
  });

  it('shows no invitations section when there is none', async () => {
    state.invitations = [];
    renderApp('/auth/shop', fakeSession(user()));
    await screen.findByRole('button', { name: 'Demo Fashion, demo.localhost' }, SCREEN_LOAD);
    expect(screen.queryByRole('heading', { name: 'Invitations' })).toBeNull();
  });
});
