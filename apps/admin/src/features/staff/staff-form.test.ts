import type { Scope } from '@backroom/contracts';
import { describe, expect, it } from 'vitest';
import { errorOf } from '../../test/form-errors';
import { describeAgent } from './ProfileScreen';
import { AddStaffForm, ChangePasswordForm, canManageMember, groupState, roleOf, toggleGroup } from './staff-form';

const owner = { id: 'o', isStoreOwner: true, isStoreAdmin: false };
const admin = { id: 'a', isStoreOwner: false, isStoreAdmin: true };
const admin2 = { id: 'a2', isStoreOwner: false, isStoreAdmin: true };
const staff = { id: 's', isStoreOwner: false, isStoreAdmin: false };
const staff2 = { id: 's2', isStoreOwner: false, isStoreAdmin: false };

describe('canManageMember (mirrors the server rule)', () => {
  it.each([
    ['owner → staff', owner, staff, true],
    ['owner → admin', owner, admin, true],
    ['owner → self', owner, owner, false],
    ['admin → staff', admin, staff, true],
    ['admin → other admin', admin, admin2, false],
    ['admin → owner', admin, owner, false],
    ['admin → self', admin, admin, false],
    ['staff → staff', staff, staff2, false],
    ['staff → self', staff, staff, false],
  ])('%s: %s', (_name, me, target, expected) => {
    expect(canManageMember(me, target)).toBe(expected);
  });
  it('names roles', () => {
    expect([owner, admin, staff].map(roleOf)).toEqual(['Owner', 'Admin', 'Staff']);
  });
});

describe('group checkboxes', () => {
  const group: Scope[] = ['themes', 'pages', 'navigations'];
  it('reports all / some / none', () => {
    expect(groupState(group, [])).toBe('none');
    expect(groupState(group, ['pages', 'orders'])).toBe('some');
    expect(groupState(group, ['themes', 'pages', 'navigations'])).toBe('all');
  });
  it('turns a partly chosen group fully on, a full one off, keeping other groups', () => {
    expect(toggleGroup(group, ['orders', 'pages']).sort()).toEqual(['navigations', 'orders', 'pages', 'themes']);
    expect(toggleGroup(group, ['orders', 'themes', 'pages', 'navigations'])).toEqual(['orders']);
  });
});

describe('add staff rules', () => {
  const values = (o: Record<string, unknown> = {}) => ({
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@shop.test',
    password: '',
    isStoreAdmin: false,
    scopes: [],
    ...o,
  });
  const addStaffRules = {
    scopes: (scopes: Scope[], v: Record<string, unknown>) => errorOf(AddStaffForm, { ...v, scopes }, 'scopes'),
    password: (password: string) => errorOf(AddStaffForm, values({ password }), 'password'),
    email: (email: string) => errorOf(AddStaffForm, values({ email }), 'email'),
  };
  it('needs a scope unless admin', () => {
    expect(addStaffRules.scopes([], values())).toBe('Choose at least one permission');
    expect(addStaffRules.scopes([], values({ isStoreAdmin: true }))).toBeNull();
    expect(addStaffRules.scopes(['orders'], values())).toBeNull();
  });
  it('takes an empty password (invitation) but not a short or long one', () => {
    expect(addStaffRules.password('')).toBeNull();
    expect(addStaffRules.password('1234')).toBe('Password must have at least 8 letters.');
    expect(addStaffRules.password('x'.repeat(51))).toBe('Password must have at most 50 letters.');
  });
  it('checks the e-mail with the login messages', () => {
    expect(addStaffRules.email('')).toBe('Email is required');
    expect(addStaffRules.email('nobody')).toBe('Invalid Email');
  });
});

describe('change password rules', () => {
  it('needs the current password and a confirmed new one', () => {
    const change = (o: Record<string, string>) => ({ currentPassword: 'old-one', newPassword: 'abcde', confirm: 'abcde', ...o });
    expect(errorOf(ChangePasswordForm, change({ currentPassword: ' ' }), 'currentPassword')).toBe('Current password is required');
    expect(errorOf(ChangePasswordForm, change({ confirm: 'abcdx' }), 'confirm')).toBe('Passwords do not match');
    expect(errorOf(ChangePasswordForm, change({}), 'confirm')).toBeNull();
  });
});

describe('describeAgent', () => {
  it.each([
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36', 'Chrome on Linux'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      'Safari on macOS',
    ],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0', 'Firefox on Windows'],
    ['curl/8.5.0', 'curl/8.5.0'],
    [null, 'Unknown device'],
  ])('%s → %s', (ua, expected) => {
    expect(describeAgent(ua)).toBe(expected);
  });
});
