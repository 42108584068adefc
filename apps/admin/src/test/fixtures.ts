import { PagePreference, type Scope, StaffMember, User } from '@backroom/contracts';
import { writeLogin, writeStore } from '../lib/session';

/**
 * Shared fixtures of the admin's component tests, each PARSED with its contract schema (so a contract change breaks
 * the fixture, not a screen in production). Build variations with the functions' overrides; answer them through
 * the handlers of test/handlers.ts.
 */

/** The demo store's id. */
export const STORE_ID = '00000000-0000-4000-8000-0000000000aa';

/** A signed-in user of the store (§3 User); by default the owner Olivia with homes, orders and products. */
export function user(o: Partial<User> = {}): User {
  return User.parse({
    id: '00000000-0000-4000-8000-000000000001',
    email: 'owner@demo.test',
    firstName: 'Olivia',
    lastName: 'Owner',
    profilePicture: null,
    isStoreOwner: true,
    isStoreAdmin: false,
    scopes: ['homes', 'orders', 'products'] satisfies Scope[],
    isProviderStaff: false,
    isCustomStoreUser: false,
    ...o,
  });
}

/**
 * A row of the staff list (GET /api/users/store-staffs); by default the owner Olivia (the same person as
 * {@link user}), signed in on 2026-01-05 15:04 UTC, added on 2026-01-01.
 */
export function staffMember(o: Partial<StaffMember> = {}): StaffMember {
  return StaffMember.parse({
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
}

/** The store's page preference (§3); `standardTimezone` defaults to America/Los_Angeles. */
export function preference(o: Partial<PagePreference> = {}): PagePreference {
  return PagePreference.parse({
    businessType: 'other',
    paymentChoice: { type: 'seller' },
    standardTimezone: 'America/Los_Angeles',
    storeFrontDefaultTheme: null,
    storeDetail: { name: 'Demo Fashion' },
    ...o,
  });
}

/**
 * Local storage of a signed-in account with the demo store chosen (§3 account info: tokens 'a' / 'r', store id,
 * domains, name, address and the USD currency).
 */
export function signInToDemoStore(): void {
  localStorage.clear();
  writeLogin({ accessToken: 'a', refreshToken: 'r', storeId: STORE_ID });
  writeStore({
    storeId: STORE_ID,
    storeDomain: 'demo.localhost',
    rDomain: 'demo.localhost',
    info: { storeName: 'Demo Fashion', storeUrl: 'http://demo.localhost:3000', currency: { sign: '$', code: 'USD' } },
  });
}
