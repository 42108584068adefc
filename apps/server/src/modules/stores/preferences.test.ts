import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createTestApp, login, makeStore, makeUser, type TestContext } from '../../test/harness.js';
import { seedDemoThemes } from '../themes/index.js';

/** Preferences (spec admin-dashboard §3 Page preference, §1 homeHtml; issue 11 item 5). */

let t: TestContext;
let headers: Record<string, string>;
let staffHeaders: Record<string, string>;
let foreignTheme = '';
let shop: { id: string; handle: string };

beforeAll(async () => {
  t = await createTestApp();
  const owner = await makeUser(t.db);
  shop = await makeStore(t.db, t.config, { ownerId: owner.id, name: 'Shop One' });
  await seedDemoThemes(t.db, shop);
  headers = (await login(t.app, owner.email, owner.password, shop.id)).headers;
  const staff = await makeUser(t.db);
  await addMember(t.db, shop.id, staff.id, ['themes']);
  staffHeaders = (await login(t.app, staff.email, staff.password, shop.id)).headers;
  const other = await makeStore(t.db, t.config, { ownerId: owner.id });
  await seedDemoThemes(t.db, other);
  const theirs = await t.app.inject({ method: 'GET', url: '/api/themes', headers: { ...headers, 'x-store-id': other.id } });
  foreignTheme = theirs.json().themes[0].id;
});
afterAll(() => t.close());

const body = (o: object = {}) => ({
  storeName: 'Shop Renamed',
  standardTimezone: 'Asia/Kathmandu',
  businessType: 'dropship',
  paymentChoice: { type: 'latte' },
  storeFrontDefaultTheme: null,
  homeHtml: '<h2>Hi</h2><img src=x onerror="alert(1)"><script>alert(2)</script>',
  ...o,
});

describe('preferences', () => {
  it('reads the defaults and the shop’s themes', async () => {
    const r = (await t.app.inject({ method: 'GET', url: '/api/stores/preferences', headers })).json();
    expect(r).toMatchObject({
      storeName: 'Shop One',
      standardTimezone: 'America/Los_Angeles',
      businessType: 'other',
      paymentChoice: { type: 'seller' },
    });
    expect(r.themes.map((x: { type: string }) => x.type).sort()).toEqual(['hydro', 'newchick']);
    expect(r.storeFrontDefaultTheme).toBe(r.themes.find((x: { published: boolean }) => x.published).id);
  });

  it('saves name, timezone, business type, payment choice and a sanitised home block; the page preference follows', async () => {
    const r = await t.app.inject({ method: 'PUT', url: '/api/stores/preferences', headers, payload: body() });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      storeName: 'Shop Renamed',
      standardTimezone: 'Asia/Kathmandu',
      businessType: 'dropship',
      homeHtml: '<h2>Hi</h2><img src="x" />',
    });
    const pref = (await t.app.inject({ method: 'GET', url: '/api/stores/preference', headers })).json();
    expect(pref).toEqual({
      businessType: 'dropship',
      paymentChoice: { type: 'latte' },
      standardTimezone: 'Asia/Kathmandu',
      storeFrontDefaultTheme: 'hydro',
      storeDetail: { name: 'Shop Renamed' },
    });
    const home = (await t.app.inject({ method: 'GET', url: '/api/helpbase/public/customHTML', headers })).json();
    expect(home.homeHtml).toBe('<h2>Hi</h2><img src="x" />');
  });

  it('publishes the chosen default theme', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/stores/preferences', headers })).json();
    const other = before.themes.find((x: { published: boolean }) => !x.published);
    const r = (
      await t.app.inject({ method: 'PUT', url: '/api/stores/preferences', headers, payload: body({ storeFrontDefaultTheme: other.id }) })
    ).json();
    expect(r.storeFrontDefaultTheme).toBe(other.id);
    const pref = (await t.app.inject({ method: 'GET', url: '/api/stores/preference', headers })).json();
    expect(pref.storeFrontDefaultTheme).toBe(other.type);
  });

  it('names the field and the rule; refuses another shop’s theme and members without the scope', async () => {
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/stores/preferences',
      headers,
      payload: body({ storeName: ' ', standardTimezone: 'Mars/Olympus', businessType: 'wholesale', paymentChoice: { type: 'cash' } }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages).toEqual(
      expect.arrayContaining([
        'body.storeName: Store name is required',
        'body.standardTimezone: standardTimezone must be an IANA time zone, e.g. America/Los_Angeles',
        'body.businessType: businessType must be dropship or other',
        'body.paymentChoice.type: paymentChoice.type must be seller, latte or other',
      ]),
    );
    const foreign = await t.app.inject({
      method: 'PUT',
      url: '/api/stores/preferences',
      headers,
      payload: body({ storeFrontDefaultTheme: foreignTheme }),
    });
    expect(foreign.json().messages).toEqual(['body.storeFrontDefaultTheme: not a theme of this store']);
    // Node's time-zone list knows US/Pacific-New, PostgreSQL's does not: refused, and nothing saved.
    const before = (await t.app.inject({ method: 'GET', url: '/api/stores/preferences', headers })).json();
    const unknown = await t.app.inject({
      method: 'PUT',
      url: '/api/stores/preferences',
      headers,
      payload: body({ standardTimezone: 'US/Pacific-New', storeName: 'Renamed?' }),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().messages).toEqual([
      'body.standardTimezone: US/Pacific-New is not a time zone this database knows; choose another',
    ]);
    const after = (await t.app.inject({ method: 'GET', url: '/api/stores/preferences', headers })).json();
    expect(after).toEqual(before);
    expect((await t.app.inject({ method: 'GET', url: '/api/stores/preferences', headers: staffHeaders })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: '/api/stores/preferences', headers: staffHeaders, payload: body() })).statusCode).toBe(
      403,
    );
  });
});
