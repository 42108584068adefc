/**
 * What a storefront page carries for ad pixels (issue 17 item 6): `<script id="sf-pixels">` with the shop's own and
 * shared pixels (never a token) and its cookie-banner preference, only when there is one of them; the page's CSP
 * opening each configured network's origins and nothing for a shop without pixels; no pixels in the editor's
 * preview; and the Preferences setting `cookieConsentBanner` (saved, kept when omitted, validated).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StorefrontPixelsConfig } from '@backroom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, makeStore, makeUser, type TestContext } from '../../test/harness.js';

const dist = mkdtempSync(join(tmpdir(), 'sf-dist-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>');

let t: TestContext;
let h: Record<string, string>;
let hosts: { main: string; second: string; plain: string };
let plainId: string;
const TOKEN = 'EAAB-secret-capi-token-0123456789';

beforeAll(async () => {
  t = await createTestApp({ storefrontDist: dist });
  const owner = await makeUser(t.db);
  const main = await makeStore(t.db, t.config, { ownerId: owner.id, name: 'Main' });
  const second = await makeStore(t.db, t.config, { ownerId: owner.id, name: 'Second' });
  const plain = await makeStore(t.db, t.config, { ownerId: owner.id, name: 'Plain' });
  hosts = { main: `${main.handle}.localhost`, second: `${second.handle}.localhost`, plain: `${plain.handle}.localhost` };
  plainId = plain.id;
  h = (await login(t.app, owner.email, owner.password, main.id)).headers;
  for (const payload of [
    { network: 'meta', pixelId: '123456789012345', accessToken: TOKEN, sharedWith: [second.id] },
    { network: 'google', pixelId: 'G-ABC1234', adsConversionId: 'AW-123456789', adsConversionLabel: 'buy_1' },
  ]) {
    const r = await t.app.inject({ method: 'POST', url: '/api/pixels', headers: h, payload });
    expect(r.statusCode, r.body).toBe(201);
  }
});
afterAll(() => t.close());

const page = (host: string, url = '/') => t.app.inject({ method: 'GET', url, headers: { host } });
const inlined = (body: string): StorefrontPixelsConfig | null => {
  const m = /<script id="sf-pixels" type="application\/json">(.*?)<\/script>/s.exec(body);
  return m ? (JSON.parse(m[1]!) as StorefrontPixelsConfig) : null;
};
const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `)) ?? null;

describe('storefront page and ad pixels', () => {
  it('inlines the shop’s pixels without the token and opens exactly their networks’ origins', async () => {
    const r = await page(hosts.main);
    expect(r.statusCode).toBe(200);
    expect(r.body).not.toContain(TOKEN);
    expect(inlined(r.body)).toEqual({
      pixels: [
        { network: 'meta', pixelId: '123456789012345', adsConversionId: null, adsConversionLabel: null },
        { network: 'google', pixelId: 'G-ABC1234', adsConversionId: 'AW-123456789', adsConversionLabel: 'buy_1' },
      ],
      consentBanner: false,
    });
    const csp = String(r.headers['content-security-policy']);
    expect(directive(csp, 'script-src')).toMatch(
      /^script-src 'nonce-[^']+' 'strict-dynamic' 'self' https:\/\/connect\.facebook\.net https:\/\/www\.googletagmanager\.com$/,
    );
    expect(directive(csp, 'connect-src')).toBe(
      "connect-src 'self' https://connect.facebook.net https://www.facebook.com https://www.googletagmanager.com https://*.google-analytics.com https://*.analytics.google.com https://*.g.doubleclick.net https://www.google.com",
    );
    expect(directive(csp, 'frame-src')).toBe("frame-src 'self' https://td.doubleclick.net https://www.googletagmanager.com");
  });

  it('fires a shared pixel on the other shop of the owner, and nothing on a shop without pixels', async () => {
    const shared = await page(hosts.second);
    expect(inlined(shared.body)?.pixels.map((p) => p.network)).toEqual(['meta']);
    const csp = String(shared.headers['content-security-policy']);
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self' https://connect.facebook.net https://www.facebook.com");
    expect(directive(csp, 'frame-src')).toBeNull();

    const plain = await page(hosts.plain);
    expect(plain.body).not.toContain('sf-pixels');
    const closed = String(plain.headers['content-security-policy']);
    expect(directive(closed, 'connect-src')).toBe("connect-src 'self'");
    expect(directive(closed, 'script-src')).toMatch(/^script-src 'nonce-[^']+' 'strict-dynamic' 'self'$/);
  });

  it('never carries pixels in the editor’s preview frame', async () => {
    const r = await page(hosts.main, '/?preview=1');
    expect(r.body).not.toContain('sf-pixels');
    expect(directive(String(r.headers['content-security-policy']), 'connect-src')).toBe("connect-src 'self'");
  });

  it('saves the cookie banner preference, keeps it when omitted, validates it, and the page carries it', async () => {
    const plainHeaders = { ...h, 'x-store-id': plainId };
    const base = { storeName: 'Plain', standardTimezone: 'America/Los_Angeles', businessType: 'other', paymentChoice: { type: 'seller' } };
    const put = (payload: object) => t.app.inject({ method: 'PUT', url: '/api/stores/preferences', headers: plainHeaders, payload });
    const before = await t.app.inject({ method: 'GET', url: '/api/stores/preferences', headers: plainHeaders });
    expect(before.json().cookieConsentBanner).toBe(false);
    const on = await put({ ...base, cookieConsentBanner: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().cookieConsentBanner).toBe(true);
    // Omitted: unchanged.
    expect((await put(base)).json().cookieConsentBanner).toBe(true);
    const bad = await put({ ...base, cookieConsentBanner: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages).toEqual(['body.cookieConsentBanner: cookieConsentBanner must be true or false']);
    // A shop with the banner and no pixel still gets the config: the banner is shown, nothing else loads.
    const r = await page(hosts.plain);
    expect(inlined(r.body)).toEqual({ pixels: [], consentBanner: true });
    expect(directive(String(r.headers['content-security-policy']), 'connect-src')).toBe("connect-src 'self'");
  });
});
