import '../../test/setup-dom';
import type { AllPermissionResponse, User } from '@backroom/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { user as fixtureUser, signInToDemoStore, staffMember } from '../../test/fixtures';
import { handlers } from '../../test/handlers';
import { calls, server } from '../../test/msw';
import { fakeSession, renderApp, SCREEN_LOAD } from '../../test/render-app';
import { setViewportWidth } from '../../test/setup-dom';

const user = (o: Partial<User>): User => fixtureUser({ scopes: ['orders', 'products', 'store'], isProviderStaff: true, ...o });
const member = staffMember;
const STAFFS = [
  member({}),
  member({
    id: '00000000-0000-4000-8000-000000000002',
    email: 'staff@demo.test',
    firstName: 'Sam',
    lastName: 'Staff',
    isStoreOwner: false,
    scopes: ['orders', 'products'],
    lastSignInAt: null,
    activeSessions: 0,
  }),
];
const GROUPS: AllPermissionResponse['groups'] = [
  { group: 'Orders', scopes: [{ scope: 'orders', title: 'Orders' }] },
  { group: 'Products', scopes: [{ scope: 'products', title: 'Products' }] },
  {
    group: 'Settings',
    scopes: [
      { scope: 'settings', title: 'Settings' },
      { scope: 'store', title: 'Store members' },
    ],
  },
];
/** The staff API's state (test/handlers.ts `staff`): the list above, the groups, and whether the caller manages staff. */
let state: Parameters<typeof handlers.staff>[0] extends () => infer S ? S : never;
beforeEach(() => {
  setViewportWidth(1440);
  signInToDemoStore();
  state = { staffs: structuredClone(STAFFS), invitations: [], canManage: true, groups: GROUPS, accounts: [] };
  server.use(handlers.preference(), handlers.stores(), ...handlers.staff(() => state));
});
afterEach(cleanup);

describe('Member screen', () => {
  it('lists name, e-mail, role, permission count and last sign-in; the owner gets the controls', async () => {
    renderApp('/admin/member', fakeSession(user({})));
    const table = await screen.findByRole('table', { name: 'Staff' }, SCREEN_LOAD);
    const row = (await within(table).findByText('staff@demo.test')).closest('tr')!;
    expect(within(row).getByText('Sam Staff')).toBeTruthy();
    expect(within(row).getByText('Staff')).toBeTruthy();
    await waitFor(() => expect(within(row).getByText('2 of 4')).toBeTruthy());
    expect(within(row).getByText('Never')).toBeTruthy();
    // No actions on oneself (the owner row).
    expect(screen.queryByRole('button', { name: 'Actions for Olivia Owner' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add staff' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign out all staff' })).toBeTruthy();
  });

  it('signs a member out only after the confirmation', async () => {
    renderApp('/admin/member', fakeSession(user({})));
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Sam Staff' }, SCREEN_LOAD));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sign out of this shop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out of this shop?' });
    expect(calls().some((c) => c.init?.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    await waitFor(() =>
      expect(calls().find((c) => c.init?.method === 'DELETE')?.url).toBe(
        '/api/users/logout-staff-account/00000000-0000-4000-8000-000000000002',
      ),
    );
  });

  it('adds staff with the scopes chosen per group', async () => {
    renderApp('/admin/member', fakeSession(user({})));
    fireEvent.click(await screen.findByRole('button', { name: 'Add staff' }, SCREEN_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Add staff' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add staff' }));
    expect(await within(dialog).findByText('Choose at least one permission')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^First name/), { target: { value: 'Pia' } });
    fireEvent.change(within(dialog).getByLabelText(/^Last name/), { target: { value: 'Picker' } });
    fireEvent.change(within(dialog).getByLabelText(/^Email/), { target: { value: 'pia@demo.test' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Orders' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'All of Settings' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add staff' }));
    await waitFor(() => expect(calls().find((c) => c.url === '/api/users/add-store-staff')).toBeTruthy());
    expect(JSON.parse(String(calls().find((c) => c.url === '/api/users/add-store-staff')?.init?.body))).toEqual({
      firstName: 'Pia',
      lastName: 'Picker',
      email: 'pia@demo.test',
      isStoreAdmin: false,
      scopes: ['orders', 'settings', 'store'],
    });
  });

  it('shows no controls to a member who cannot manage staff', async () => {
    state.canManage = false;
    renderApp('/admin/member', fakeSession(user({ id: '00000000-0000-4000-8000-000000000002', isStoreOwner: false, scopes: ['store'] })));
    await screen.findByRole('table', { name: 'Staff' }, SCREEN_LOAD);
    await screen.findByText('Only the store owner and admins can add staff or change permissions.');
    expect(screen.queryByRole('button', { name: 'Add staff' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Actions for/ })).toBeNull();
  });
});
