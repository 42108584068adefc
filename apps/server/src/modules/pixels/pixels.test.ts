import { Pixel, PixelListResponse } from '@backroom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../../db/client.js';
import { addMember, createTestApp, login, makeStore, makeUser, type TestContext } from '../../test/harness.js';

let t: TestContext;
let main: { id: string; handle: string };
let second: { id: string; handle: string };
let stranger: { id: string };
let owner: { headers: Record<string, string> };
let ownerSecond: { headers: Record<string, string> };
let staff: { headers: Record<string, string> };
let other: { headers: Record<string, string> };
const TOKEN = 'EAAB-secret-capi-token-0123456789';

beforeAll(async () => {
  t = await createTestApp();
  const o = await makeUser(t.db);
  const s = await makeUser(t.db);
  const x = await makeUser(t.db);
  main = await makeStore(t.db, t.config, { ownerId: o.id, name: 'Main shop' });
  second = await makeStore(t.db, t.config, { ownerId: o.id, name: 'Second shop' });
  stranger = await makeStore(t.db, t.config, { ownerId: x.id, name: 'Stranger shop' });
  await addMember(t.db, main.id, s.id, ['orders']);
  owner = await login(t.app, o.email, o.password, main.id);
  // One session serves both shops of the owner: the store is the X-Store-Id header.
  ownerSecond = { headers: { ...owner.headers, 'x-store-id': second.id } };
  staff = await login(t.app, s.email, s.password, main.id);
  other = await login(t.app, x.email, x.password, stranger.id);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers, payload });

describe('pixels API (issue 17 item 6)', () => {
  it('validates each network with messages naming the field', async () => {
    const cases: [object, string[]][] = [
      [{ network: 'meta', pixelId: 'abc' }, ['body.pixelId: a Meta pixel ID is 5 to 20 digits']],
      [{ network: 'tiktok', pixelId: 'c1-x' }, ['body.pixelId: a TikTok pixel ID is 10 to 30 capital letters and digits']],
      [{ network: 'google', pixelId: 'UA-1234' }, ['body.pixelId: a GA4 measurement ID looks like G-XXXXXXX']],
      [
        { network: 'google', pixelId: 'G-ABC123', adsConversionId: 'AW-123456789' },
        ['body.adsConversionLabel: give both the conversion ID and label, or neither'],
      ],
      [
        { network: 'tiktok', pixelId: 'C1234567890ABC', accessToken: TOKEN },
        ['body.accessToken: only Meta pixels take a Conversions API token'],
      ],
      [{ network: 'snap', pixelId: '1' }, ['body.network: Invalid option: expected one of "meta"|"tiktok"|"google"']],
      [{ network: 'meta', pixelId: '' }, ['body.pixelId: is required']],
    ];
    for (const [body, messages] of cases) {
      const r = await call('POST', '/api/pixels', owner.headers, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().messages).toEqual(messages);
    }
  });

  it('stores the Conversions API token encrypted and never answers it', async () => {
    const r = await call('POST', '/api/pixels', owner.headers, { network: 'meta', pixelId: '1234567890', accessToken: TOKEN });
    expect(r.statusCode).toBe(201);
    expect(r.body).not.toContain(TOKEN);
    const p = Pixel.parse(r.json());
    expect(p).toMatchObject({
      network: 'meta',
      pixelId: '1234567890',
      hasAccessToken: true,
      owner: { id: main.id, name: 'Main shop' },
      sharedWithThisShop: false,
    });
    const [stored] = await rows<{ s: string }>(t.db, sql`select access_token_sealed as s from pixels where id = ${p.id}::uuid`);
    expect(stored!.s).toMatch(/^v1\./);
    expect(stored!.s).not.toContain(TOKEN);
    const list = await call('GET', '/api/pixels', owner.headers);
    expect(list.body).not.toContain(TOKEN);
    expect(list.body).not.toContain(stored!.s);
    // PUT without accessToken keeps it; null removes it.
    const kept = await call('PUT', `/api/pixels/${p.id}`, owner.headers, { network: 'meta', pixelId: '1234567890' });
    expect(kept.json().hasAccessToken).toBe(true);
    const removed = await call('PUT', `/api/pixels/${p.id}`, owner.headers, { network: 'meta', pixelId: '1234567890', accessToken: null });
    expect(removed.json().hasAccessToken).toBe(false);
    const dup = await call('POST', '/api/pixels', owner.headers, { network: 'meta', pixelId: '1234567890' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().messages).toEqual(['pixelId: this shop already has the meta pixel 1234567890']);
  });

  it('shares a pixel with another shop of the same owner only; there it fires and is read-only', async () => {
    const list = PixelListResponse.parse((await call('GET', '/api/pixels', owner.headers)).json());
    expect(list.shareableShops).toEqual([{ id: second.id, name: 'Second shop' }]);
    const refused = await call('POST', '/api/pixels', owner.headers, {
      network: 'tiktok',
      pixelId: 'C1234567890ABC',
      sharedWith: [stranger.id],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().messages).toEqual([`sharedWith: ${stranger.id} is not another shop of the same owner`]);
    const made = await call('POST', '/api/pixels', owner.headers, {
      network: 'tiktok',
      pixelId: 'C1234567890ABC',
      sharedWith: [second.id],
    });
    expect(made.statusCode).toBe(201);
    const p = Pixel.parse(made.json());
    expect(p.sharedWith).toEqual([{ id: second.id, name: 'Second shop' }]);
    const there = PixelListResponse.parse((await call('GET', '/api/pixels', ownerSecond.headers)).json());
    expect(there.pixels.map((x) => [x.pixelId, x.sharedWithThisShop])).toEqual([['C1234567890ABC', true]]);
    expect((await call('DELETE', `/api/pixels/${p.id}`, ownerSecond.headers)).statusCode).toBe(404);
    const sf = await t.app.inject({
      method: 'GET',
      url: '/api/storefront/pixels',
      headers: { host: `${second.handle}.${t.config.storefrontSuffix}` },
    });
    expect(sf.json()).toEqual({
      pixels: [{ network: 'tiktok', pixelId: 'C1234567890ABC', adsConversionId: null, adsConversionLabel: null }],
    });
  });

  it('refuses a member without the report scope (403) and hides another shop’s pixels (404)', async () => {
    expect((await call('GET', '/api/pixels', staff.headers)).statusCode).toBe(403);
    expect((await call('GET', '/api/pixels', { ...other.headers, 'x-store-id': main.id })).statusCode).toBe(404);
    const mine = PixelListResponse.parse((await call('GET', '/api/pixels', owner.headers)).json()).pixels[0]!;
    const body = { network: 'meta', pixelId: '99999999' };
    expect((await call('PUT', `/api/pixels/${mine.id}`, other.headers, body)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/pixels/${mine.id}`, other.headers)).statusCode).toBe(404);
    expect(PixelListResponse.parse((await call('GET', '/api/pixels', other.headers)).json()).pixels).toEqual([]);
  });
});
