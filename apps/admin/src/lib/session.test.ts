import { beforeEach, describe, expect, it } from 'vitest';
import { accessToken, refreshToken } from '../test/tokens';
import { SESSION_RECHECK_MS, STORAGE_KEYS } from './constants';
import {
  clearAccount,
  currencySign,
  decideSurvey,
  decideTokens,
  decideUser,
  hasDashboardAccount,
  isTokenValid,
  msUntilRenewal,
  readAccount,
  tokenExpiryMs,
  writeLogin,
  writeStore,
  writeTokens,
} from './session';

const NOW = Date.UTC(2025, 5, 1, 12, 0, 0);
const valid = (ms = 10 * 60_000) => NOW + ms;
const expired = NOW - 1000;

describe('token expiry (spec §4 "Tokens are decoded and their expiry is compared with the current time")', () => {
  it('reads exp of an access JWT and of the server-shaped refresh token, in ms', () => {
    expect(tokenExpiryMs(accessToken(valid()))).toBe(Math.floor(valid() / 1000) * 1000);
    expect(tokenExpiryMs(refreshToken(valid()))).toBe(Math.floor(valid() / 1000) * 1000);
  });
  it.each([null, '', 'garbage', 'a.b', 'a.%%%.c'])('an undecodable token %j has no expiry and is not valid', (t) => {
    expect(tokenExpiryMs(t)).toBeNull();
    expect(isTokenValid(t, NOW)).toBe(false);
  });
  it('is valid strictly before its expiry', () => {
    const exp = NOW + 60_000;
    expect(isTokenValid(accessToken(exp), exp - 1000)).toBe(true);
    expect(isTokenValid(accessToken(exp), exp)).toBe(false);
  });
});

describe('decideTokens (§4 Session)', () => {
  it.each([
    ['both valid → restore', accessToken(valid()), refreshToken(valid(30 * 86400_000)), 'restore'],
    ['access expired → renew', accessToken(expired), refreshToken(valid()), 'renew'],
    ['access missing → renew', null, refreshToken(valid()), 'renew'],
    ['access invalid → renew', 'nope', refreshToken(valid()), 'renew'],
    ['refresh missing → logout', accessToken(valid()), null, 'logout'],
    ['refresh invalid → logout', accessToken(valid()), 'x.y', 'logout'],
    ['refresh expired → logout', accessToken(valid()), refreshToken(expired), 'logout'],
    ['nothing → logout', null, null, 'logout'],
  ] as const)('%s', (_label, access, refresh, expected) => {
    expect(decideTokens(access, refresh, NOW)).toBe(expected);
  });
});

describe('msUntilRenewal (renew shortly before access expiry)', () => {
  it('is 60 s before the expiry', () => {
    expect(msUntilRenewal(accessToken(NOW + 15 * 60_000), NOW)).toBe(14 * 60_000);
  });
  it('is 0 when the expiry is closer than 60 s or past', () => {
    expect(msUntilRenewal(accessToken(NOW + 30_000), NOW)).toBe(0);
    expect(msUntilRenewal(accessToken(NOW - 30_000), NOW)).toBe(0);
  });
  it('is null without a readable expiry', () => {
    expect(msUntilRenewal(null, NOW)).toBeNull();
  });
  it('the re-check period is 23 hours', () => {
    expect(SESSION_RECHECK_MS).toBe(82_800_000);
    expect(SESSION_RECHECK_MS).toBe(23 * 3600 * 1000);
  });
});

describe('hasDashboardAccount (§8 missing store domain, token or store id → login)', () => {
  const full = { storeDomain: 'demo.localhost', accessToken: 'a', refreshToken: 'r', storeId: 's' };
  it('accepts a complete account', () => expect(hasDashboardAccount(full)).toBe(true));
  it.each(['storeDomain', 'storeId'] as const)('rejects an account without %s', (k) => {
    expect(hasDashboardAccount({ ...full, [k]: null })).toBe(false);
  });
  it('rejects an account without any token', () => {
    expect(hasDashboardAccount({ ...full, accessToken: null, refreshToken: null })).toBe(false);
  });
});

describe('decideSurvey (§4 survey check)', () => {
  it.each([
    [200, 'Demo', 'ok'],
    [200, null, 'ok'],
    [409, 'Demo Fashion', 'survey'],
    [404, 'Demo Fashion', 'survey'],
    [500, 'Demo Fashion', 'survey'],
    [0, 'Demo Fashion', 'survey'],
    [409, null, 'login'],
    [409, '   ', 'login'],
    [404, undefined, 'login'],
  ] as const)('status %i with store name %j → %s', (status, name, expected) => {
    expect(decideSurvey(status, name)).toBe(expected);
  });
});

describe('decideUser (§4 no scopes → logout, route not permitted → no-access)', () => {
  it.each([
    [[], null, 'logout'],
    [[], 'orders', 'logout'],
    [['orders'], 'orders', 'ok'],
    [['orders'], 'dashboards', 'no-access'],
    [['orders'], null, 'ok'],
  ] as const)('scopes %j on a route of scope %j → %s', (scopes, scope, expected) => {
    expect(decideUser([...scopes], scope)).toBe(expected);
  });
});

describe('account storage (§3 Account info)', () => {
  beforeEach(() => localStorage.clear());
  it('login stores accessToken, refreshToken and storeId under their keys, clearing what was there', () => {
    localStorage.setItem(STORAGE_KEYS.storeDomain, 'old.localhost');
    writeLogin({ accessToken: 'A', refreshToken: 'R', storeId: 'S' });
    expect(localStorage.getItem('accessToken')).toBe('A');
    expect(localStorage.getItem('refreshToken')).toBe('R');
    expect(localStorage.getItem('storeId')).toBe('S');
    expect(localStorage.getItem('storeDomain')).toBeNull();
  });
  it('shop pick stores storeId, storeDomain, rDomain and the account info', () => {
    writeStore({
      storeId: 'S2',
      storeDomain: 'demo.localhost',
      rDomain: 'shop.example.com',
      info: { storeName: 'Demo', storeUrl: 'http://demo.localhost:3000', currency: { sign: '$', code: 'USD' } },
    });
    expect(readAccount()).toEqual({
      accessToken: null,
      refreshToken: null,
      storeId: 'S2',
      storeDomain: 'demo.localhost',
      rDomain: 'shop.example.com',
      info: { storeName: 'Demo', storeUrl: 'http://demo.localhost:3000', currency: { sign: '$', code: 'USD' } },
    });
  });
  it('renewal replaces both tokens (rotation)', () => {
    writeLogin({ accessToken: 'A', refreshToken: 'R', storeId: 'S' });
    writeTokens('A2', 'R2');
    expect(readAccount()).toMatchObject({ accessToken: 'A2', refreshToken: 'R2', storeId: 'S' });
  });
  it('logout clears local storage', () => {
    writeLogin({ accessToken: 'A', refreshToken: 'R', storeId: 'S' });
    localStorage.setItem('somethingElse', '1');
    clearAccount();
    expect(localStorage.length).toBe(0);
  });
  it('a corrupt account info reads as null', () => {
    localStorage.setItem(STORAGE_KEYS.accountInfo, '{not json');
    expect(readAccount().info).toBeNull();
  });
});

describe('currencySign (§9 default $ / USD)', () => {
  it.each([
    ['USD', '$'],
    ['EUR', '€'],
    [null, '$'],
  ])('%s → %s', (code, sign) => expect(currencySign(code)).toBe(sign));
});
