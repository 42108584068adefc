import '../../test/setup-dom';
import type { StaffMember, User } from '@backroom/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeLogin, writeStore } from '../../lib/session';
import { fakeSession, renderApp, SCREEN_LOAD } from '../../test/render-app';
import { setViewportWidth } from '../../test/setup-dom';

const user = (o: Partial<User>): User => ({
  id: '00000000-0000-4000-8000-000000000001',
  email: 'owner@demo.test',
  firstName: 'Olivia',
  lastName: 'Owner',
  profilePicture: null,
  isStoreOwner: true,
  isStoreAdmin: false,
  scopes: ['orders', 'products', 'store'],
  isProviderStaff: true,
  isCustomStoreUser: false,
  ...o,
});
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
const GROUPS = [
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
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let calls: { method: string; url: string; body: unknown }[] = [];
let canManage = true;
beforeEach(() => {
  setViewportWidth(1440);
  localStorage.clear();
  calls = [];
  canManage = true;
  writeLogin({ accessToken: 'a', refreshToken: 'r', storeId: 'S1' });
  writeStore({
    storeId: 'S1',
    storeDomain: 'demo.localhost',
    rDomain: 'demo.localhost',
    info: { storeName: 'Demo Fashion', storeUrl: 'http://demo.localhost:3000', currency: { sign: '$', code: 'USD' } },
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.startsWith('/api/users/store-staffs')) return json({ staffs: STAFFS, canManage });
      if (url.startsWith('/api/auth/all-permission')) return json({ groups: GROUPS });
      if (url.startsWith('/api/users/logout-staff-account/')) return json({ ok: true, revoked: 1, messages: ['Signed out 1 session'] });
      if (url.startsWith('/api/users/add-store-staff'))
        return json({ staff: STAFFS[1], created: true, invited: false, messages: ['added'] });
      if (url.startsWith('/api/stores/preference'))
        return json({
          businessType: 'other',
          paymentChoice: { type: 'seller' },
          standardTimezone: 'America/Los_Angeles',
          storeFrontDefaultTheme: null,
          storeDetail: { name: 'Demo Fashion' },
        });
      if (url.startsWith('/api/stores')) return json({ stores: [] });
      return json({ messages: [] }, 404);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

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
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out this person?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/users/logout-staff-account/00000000-0000-4000-8000-000000000002'),
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
    await waitFor(() => expect(calls.find((c) => c.url === '/api/users/add-store-staff')).toBeTruthy());
    expect(calls.find((c) => c.url === '/api/users/add-store-staff')?.body).toEqual({
      firstName: 'Pia',
      lastName: 'Picker',
      email: 'pia@demo.test',
      isStoreAdmin: false,
      scopes: ['orders', 'settings', 'store'],
    });
  });

  it('shows no controls to a member who cannot manage staff', async () => {
    canManage = false;
    renderApp('/admin/member', fakeSession(user({ id: '00000000-0000-4000-8000-000000000002', isStoreOwner: false, scopes: ['store'] })));
    await screen.findByRole('table', { name: 'Staff' }, SCREEN_LOAD);
    await screen.findByText('Only the store owner and admins can add staff or change permissions.');
    expect(screen.queryByRole('button', { name: 'Add staff' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Actions for/ })).toBeNull();
  });
});
