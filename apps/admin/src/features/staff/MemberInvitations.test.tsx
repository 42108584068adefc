import '../../test/setup-dom';
import type { AllPermissionResponse, StaffInvitation, StaffMember } from '@backroom/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signInToDemoStore, user } from '../../test/fixtures';
import { handlers } from '../../test/handlers';
import { calls, server } from '../../test/msw';
import { fakeSession, renderApp, SCREEN_LOAD } from '../../test/render-app';
import { setViewportWidth } from '../../test/setup-dom';

/**
 * The Member screen's side of staff consent (issue 14 item 5): adding someone who already has an account sends an
 * invitation (listed as pending, cancellable) instead of a membership; "Sign out" is about this shop only. MSW
 * (test/handlers.ts staff) answers with contract-parsed bodies.
 */
const OWNER = user({ scopes: ['orders', 'products', 'store'], isProviderStaff: true });
const member = (o: Partial<StaffMember>): StaffMember => ({
  id: '00000000-0000-4000-8000-000000000001',
  email: 'owner@demo.test',
  firstName: 'Olivia',
  lastName: 'Owner',
  profilePicture: null,
  isStoreOwner: true,
  isStoreAdmin: false,
  scopes: [],
  lastSignInAt: '2026-01-05T15:04:00.000Z',
  activeSessions: 1,
  addedAt: '2026-01-01T00:00:00.000Z',
  ...o,
});
const GROUPS: AllPermissionResponse['groups'] = [
  { group: 'Orders', scopes: [{ scope: 'orders', title: 'Orders' }] },
  { group: 'Products', scopes: [{ scope: 'products', title: 'Products' }] },
];
const pending = (o: Partial<StaffInvitation>): StaffInvitation => ({
  id: '00000000-0000-4000-8000-00000000f001',
  email: 'pat@elsewhere.test',
  firstName: 'Pat',
  lastName: 'Person',
  isStoreAdmin: false,
  scopes: ['orders'],
  invitedAt: new Date(Date.now() - 86_400_000).toISOString(),
  expiresAt: new Date(Date.now() + 6 * 86_400_000).toISOString(),
  ...o,
});

let state: Parameters<typeof handlers.staff>[0] extends () => infer S ? S : never;
beforeEach(() => {
  setViewportWidth(1440);
  signInToDemoStore();
  state = {
    staffs: [
      member({}),
      member({
        id: '00000000-0000-4000-8000-000000000002',
        email: 'staff@demo.test',
        firstName: 'Sam',
        lastName: 'Staff',
        isStoreOwner: false,
        scopes: ['orders'],
      }),
    ],
    invitations: [],
    canManage: true,
    groups: GROUPS,
    accounts: ['known@elsewhere.test'],
  };
  server.use(handlers.preference(), handlers.stores(), ...handlers.staff(() => state));
});
afterEach(cleanup);

const pendingList = () => screen.findByRole('list', { name: 'Pending invitations' }, SCREEN_LOAD);

describe('Member screen: invitations and per-shop sign-out (issue 14 item 5)', () => {
  it('adding someone who already has an account lists a pending invitation, not a member', async () => {
    renderApp('/admin/member', fakeSession(OWNER));
    fireEvent.click(await screen.findByRole('button', { name: 'Add staff' }, SCREEN_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Add staff' });
    expect(within(dialog).getByText(/Someone who already has an account gets an invitation to accept instead\./)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^First name/), { target: { value: 'Kim' } });
    fireEvent.change(within(dialog).getByLabelText(/^Last name/), { target: { value: 'Known' } });
    fireEvent.change(within(dialog).getByLabelText(/^Email/), { target: { value: 'known@elsewhere.test' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Orders' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add staff' }));
    await screen.findByText(
      'known@elsewhere.test was invited to join Demo Fashion: they become a member when they accept.',
      {},
      SCREEN_LOAD,
    );
    const item = await within(await pendingList()).findByRole('listitem', { name: 'Invitation of known@elsewhere.test' });
    expect(within(item).getByText('Kim Known')).toBeTruthy();
    expect(within(item).getByText('Pending')).toBeTruthy();
    expect(within(item).getByText('Staff · 1 of 2')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Staff' });
    expect(within(table).queryByText('known@elsewhere.test')).toBeNull();
  });

  it('cancels a pending invitation after the confirmation; an expired one says Expired', async () => {
    state.invitations = [
      pending({}),
      pending({ id: '00000000-0000-4000-8000-00000000f002', email: 'old@elsewhere.test', expiresAt: '2025-01-01T00:00:00.000Z' }),
    ];
    renderApp('/admin/member', fakeSession(OWNER));
    const list = await pendingList();
    const old = within(list).getByRole('listitem', { name: 'Invitation of old@elsewhere.test' });
    expect(within(old).getAllByText(/Expired/).length).toBeGreaterThan(0);
    fireEvent.click(within(list).getByRole('button', { name: 'Cancel invitation of pat@elsewhere.test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel invitation?' });
    expect(within(dialog).getByText('pat@elsewhere.test can no longer accept the invitation to this shop.')).toBeTruthy();
    expect(calls().some((c) => c.init?.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel invitation' }));
    await screen.findByText('The invitation was cancelled', {}, SCREEN_LOAD);
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Invitation of pat@elsewhere.test' })).toBeNull());
    expect(calls().find((c) => c.init?.method === 'DELETE')?.url).toBe('/api/users/store-invitations/00000000-0000-4000-8000-00000000f001');
  });

  it('signs a member out of this shop only, and says so', async () => {
    renderApp('/admin/member', fakeSession(OWNER));
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Sam Staff' }, SCREEN_LOAD));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sign out of this shop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out of this shop?' });
    expect(
      within(dialog).getByText(
        'Sam Staff is signed out of this shop on all their devices at their next click. Their other shops are not affected; they can sign in again.',
      ),
    ).toBeTruthy();
  });

  it('a member who cannot manage staff sees no invitations', async () => {
    state.canManage = false;
    state.invitations = [pending({})];
    renderApp('/admin/member', fakeSession(user({ id: '00000000-0000-4000-8000-000000000002', isStoreOwner: false, scopes: ['store'] })));
    await screen.findByRole('table', { name: 'Staff' }, SCREEN_LOAD);
    await screen.findByText('Only the store owner and admins can add staff or change permissions.');
    expect(screen.queryByRole('list', { name: 'Pending invitations' })).toBeNull();
  });
});
