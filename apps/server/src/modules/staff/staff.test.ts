import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PASSWORD_COMMON_MESSAGE, SCOPE_INFO, SCOPES } from '@backroom/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { staffInvitations, storeMemberships } from '../../db/schema/index.js';
import { outboxDir, readOutbox } from '../../lib/mail.js';
import { addMember, createTestApp, makeStore, makeUser, type TestContext } from '../../test/harness.js';
import { STAFF_ERRORS } from './rules.js';

/** The outbox mail to `to`, waited for: mails go through the job queue (issue 14 item 2), after the answer. */
async function mailTo(to: string) {
  return vi.waitFor(
    async () => {
      const m = (await readOutbox(outboxDir(t.config))).find((x) => x.to === to);
      if (!m) throw new Error(`no mail to ${to} yet`);
      return m;
    },
    { timeout: 15_000, interval: 50 },
  );
}

let t: TestContext;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'staff-test-'));
  t = await createTestApp({ dataDir });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** An owner with a store, an admin and a plain staff member, each signed in. */
async function shop(staffScopes: (typeof SCOPES)[number][] = ['orders', 'products']) {
  const owner = await makeUser(t.db, { firstName: 'Olivia', lastName: 'Owner' });
  const store = await makeStore(t.db, t.config, { ownerId: owner.id, name: 'Test Shop' });
  const admin = await makeUser(t.db);
  await addMember(t.db, store.id, admin.id, [], { admin: true });
  const staff = await makeUser(t.db);
  await addMember(t.db, store.id, staff.id, staffScopes);
  const [o, a, s] = [
    await signIn(owner.email, owner.password, store.id),
    await signIn(admin.email, admin.password, store.id),
    await signIn(staff.email, staff.password, store.id),
  ];
  // Each session opens the store, as the admin does right after sign-in (its session check reads /api/users/me).
  for (const x of [o, a, s]) expect((await get('/api/users/me', x.headers)).statusCode).toBe(200);
  return { store, owner, admin, staff, o, a, s };
}

let ipCounter = 0;
/** Signs in like the harness's login, from a new IP each time (the login limiter allows 20 a minute per IP). */
async function signIn(email: string, password: string, storeId?: string) {
  ipCounter += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: `10.1.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`,
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { accessToken: string; refreshToken: string; storeId: string | null };
  return { ...body, headers: { authorization: `Bearer ${body.accessToken}`, 'x-store-id': storeId ?? body.storeId ?? '' } };
}

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers, payload });

describe('GET /api/auth/all-permission', () => {
  it('lists every scope exactly once, grouped in menu order with titles', async () => {
    const { o } = await shop();
    const res = await get('/api/auth/all-permission', { authorization: o.headers.authorization });
    expect(res.statusCode).toBe(200);
    const groups = res.json().groups as { group: string; scopes: { scope: string; title: string }[] }[];
    const flat = groups.flatMap((g) => g.scopes.map((s) => s.scope));
    expect([...flat].sort()).toEqual([...SCOPES].sort());
    expect(groups.map((g) => g.group)).toEqual([
      'Home',
      'Orders',
      'Products',
      'Analytics',
      'Marketing',
      'Customers',
      'Apps',
      'Online Store',
      'Settings',
    ]);
    expect(groups.find((g) => g.group === 'Online Store')!.scopes.map((s) => s.scope)).toEqual([
      'themes',
      'pages',
      'navigations',
      'domains',
      'preferences',
    ]);
    for (const g of groups) for (const s of g.scopes) expect(s.title).toBe(SCOPE_INFO.find((i) => i.scope === s.scope)!.title);
  });
  it('answers 401 without a session', async () => {
    expect((await get('/api/auth/all-permission', {})).statusCode).toBe(401);
  });
});

describe('store-permission and store-staff-info', () => {
  it("returns the caller's role and effective scopes", async () => {
    const { o, s } = await shop();
    const mine = await get('/api/auth/store-permission', s.headers);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ isStoreOwner: false, isStoreAdmin: false, scopes: ['orders', 'products'] });
    const owner = await get('/api/auth/store-permission', o.headers);
    expect(owner.json()).toMatchObject({ isStoreOwner: true, isStoreAdmin: false, scopes: [...SCOPES] });
  });
  it('lets anyone read their own info, and only holders of the store scope read others', async () => {
    const { o, s, owner, staff } = await shop();
    expect((await get(`/api/users/store-staff-info?staff_id=${staff.id}`, s.headers)).json()).toMatchObject({
      id: staff.id,
      isStoreOwner: false,
      isStoreAdmin: false,
      scopes: ['orders', 'products'],
    });
    expect((await get(`/api/users/store-staff-info?staff_id=${owner.id}`, s.headers)).statusCode).toBe(403);
    const asOwner = await get(`/api/users/store-staff-info?staff_id=${staff.id}`, o.headers);
    expect(asOwner.statusCode).toBe(200);
    expect(asOwner.json().email).toBe(staff.email);
  });
  it('answers 400 naming staff_id for a bad id', async () => {
    const { o } = await shop();
    const res = await get('/api/users/store-staff-info?staff_id=nope', o.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().messages).toEqual(['querystring.staff_id: staff_id must be a staff id']);
  });
});

describe('GET /api/users/store-staffs', () => {
  it('lists owner first, then admins, then staff, with last sign-in and open sessions in this store', async () => {
    const { o, owner, admin, staff } = await shop();
    const res = await get('/api/users/store-staffs', o.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.canManage).toBe(true);
    expect(body.staffs.map((x: { id: string }) => x.id)).toEqual([owner.id, admin.id, staff.id]);
    const st = body.staffs[2];
    expect(st).toMatchObject({ email: staff.email, scopes: ['orders', 'products'], isStoreOwner: false, activeSessions: 1 });
    expect(Date.now() - Date.parse(st.lastSignInAt)).toBeLessThan(60_000);
  });
  it('needs the store scope (403 for a staff member without it); canManage is false for a plain member', async () => {
    const plain = await shop();
    expect((await get('/api/users/store-staffs', plain.s.headers)).statusCode).toBe(403);
    const withScope = await shop(['store']);
    const res = await get('/api/users/store-staffs', withScope.s.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().canManage).toBe(false);
  });
});

describe('POST /api/users/add-store-staff', () => {
  it('creates an unknown user with the password the owner sets, who can then sign in with only those scopes', async () => {
    const { o, store } = await shop();
    const email = `new-${Date.now()}@example.test`;
    const res = await send('POST', '/api/users/add-store-staff', o.headers, {
      email: `  ${email.toUpperCase()} `,
      firstName: 'Nina',
      lastName: 'New',
      scopes: ['products', 'orders', 'orders'],
      password: 'secret-1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      created: true,
      invited: false,
      staff: { email, scopes: ['orders', 'products'], firstName: 'Nina' },
    });
    const n = await signIn(email, 'secret-1', store.id);
    expect((await get('/api/auth/store-permission', n.headers)).json().scopes).toEqual(['orders', 'products']);
  });
  it('answers 409 for a person who is already a member', async () => {
    const { o, staff } = await shop();
    const again = await send('POST', '/api/users/add-store-staff', o.headers, {
      email: staff.email,
      firstName: 'X',
      lastName: 'Y',
      scopes: ['orders'],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().messages).toEqual(['This person is already a member of this store']);
  });
  it('invites an unknown user without a password: the mailed link joins the shop (issue 31 item 6)', async () => {
    const { o, store } = await shop();
    const email = `invitee-${Date.now()}@example.test`;
    const res = await send('POST', '/api/users/add-store-staff', o.headers, {
      email,
      firstName: 'Ivy',
      lastName: 'Invitee',
      scopes: ['orders'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ created: true, invited: true });
    const mail = await mailTo(email);
    expect(mail.subject).toBe('You are invited to Test Shop on Backroom');
    const link = new URL(mail.links[0]!);
    expect(`${link.origin}${link.pathname}`).toBe(`${t.config.adminOrigin}/auth/join`);
    const token = link.searchParams.get('token')!;
    expect(link.searchParams.get('store')).toBe(store.id);
    // The join screen's facts: the shop, who invited them, the account's e-mail.
    const info = await get(`/api/auth/join${link.search}`, {});
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json()).toEqual({
      email,
      firstName: 'Ivy',
      shopName: 'Test Shop',
      inviter: { name: 'Olivia Owner', email: expect.stringContaining('@') },
    });
    // The password rule (8+, not common) holds here too; a refused password does not spend the link.
    for (const [password, message] of [
      ['short', 'Password must have at least 8 letters.'],
      ['password123', 'This password is one of the most common ones'],
    ]) {
      const bad = await send('POST', '/api/auth/join', {}, { token, store: store.id, password });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().messages.join(' ')).toContain(message);
    }
    // Another shop's id with this token: refused, as for a forged link.
    const { store: elsewhere } = await shop();
    expect((await send('POST', '/api/auth/join', {}, { token, store: elsewhere.id, password: 'chosen-pw' })).statusCode).toBe(400);
    const joined = await send('POST', '/api/auth/join', {}, { token, store: store.id, password: 'chosen-pw' });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().storeId).toBe(store.id);
    const here = { authorization: `Bearer ${joined.json().accessToken}`, 'x-store-id': store.id };
    expect((await get('/api/auth/store-permission', here)).json().scopes).toEqual(['orders']);
    // The link is single use; the password signs in.
    expect((await get(`/api/auth/join${link.search}`, {})).statusCode).toBe(400);
    expect((await send('POST', '/api/auth/join', {}, { token, store: store.id, password: 'chosen-pw' })).statusCode).toBe(400);
    const n = await signIn(email, 'chosen-pw', store.id);
    expect((await get('/api/auth/store-permission', n.headers)).json().scopes).toEqual(['orders']);
  });
  it('rejects bad input with 400 naming the field and rule', async () => {
    const { o } = await shop();
    const res = await send('POST', '/api/users/add-store-staff', o.headers, {
      email: 'nope',
      firstName: ' ',
      lastName: 'L',
      scopes: ['orders', 'root'],
      password: '1234',
    });
    expect(res.statusCode).toBe(400);
    const m = res.json().messages.join('\n');
    expect(m).toContain('body.email: Invalid Email');
    expect(m).toContain('body.firstName: First name is required');
    expect(m).toContain('body.scopes.1');
    expect(m).toContain('body.password: Password must have at least 8 letters.');
  });
  it('only owners and admins add staff; only the owner adds an admin', async () => {
    const { s, a } = await shop(['store', 'orders']);
    const body = { email: `x-${Date.now()}@example.test`, firstName: 'X', lastName: 'Y', scopes: ['orders'], password: 'pass-word' };
    const bySfaff = await send('POST', '/api/users/add-store-staff', s.headers, body);
    expect(bySfaff.statusCode).toBe(403);
    expect(bySfaff.json().messages).toEqual([STAFF_ERRORS.notManager]);
    const adminByAdmin = await send('POST', '/api/users/add-store-staff', a.headers, { ...body, isStoreAdmin: true });
    expect(adminByAdmin.statusCode).toBe(403);
    expect(adminByAdmin.json().messages).toEqual([STAFF_ERRORS.grantAdmin]);
    expect((await send('POST', '/api/users/add-store-staff', a.headers, body)).statusCode).toBe(200);
  });
});

describe('PUT /api/users/update-store-staff/{id}', () => {
  it('the owner changes scopes and the admin flag', async () => {
    const { o, staff, s } = await shop();
    const res = await send('PUT', `/api/users/update-store-staff/${staff.id}`, o.headers, { scopes: ['customers', 'orders'] });
    expect(res.statusCode).toBe(200);
    expect(res.json().scopes).toEqual(['orders', 'customers']);
    expect((await get('/api/auth/store-permission', s.headers)).json().scopes).toEqual(['orders', 'customers']);
    const promote = await send('PUT', `/api/users/update-store-staff/${staff.id}`, o.headers, { isStoreAdmin: true });
    expect(promote.json().isStoreAdmin).toBe(true);
    expect((await get('/api/auth/store-permission', s.headers)).json().scopes).toEqual([...SCOPES]);
  });
  it('a staff member cannot escalate: not their own scopes, not anyone else', async () => {
    const { s, staff, admin } = await shop(['store', 'orders']);
    const own = await send('PUT', `/api/users/update-store-staff/${staff.id}`, s.headers, { scopes: [...SCOPES] });
    expect(own.statusCode).toBe(403);
    const flag = await send('PUT', `/api/users/update-store-staff/${staff.id}`, s.headers, { isStoreAdmin: true });
    expect(flag.statusCode).toBe(403);
    const other = await send('PUT', `/api/users/update-store-staff/${admin.id}`, s.headers, { isStoreAdmin: false });
    expect(other.statusCode).toBe(403);
    expect((await get('/api/auth/store-permission', s.headers)).json().scopes).toEqual(['orders', 'store']);
  });
  it('an admin cannot change themselves, the owner or another admin, nor grant the admin role', async () => {
    const { a, admin, owner, staff, store } = await shop();
    const admin2 = await makeUser(t.db);
    await addMember(t.db, store.id, admin2.id, [], { admin: true });
    const cases: [string, object, string][] = [
      [admin.id, { scopes: ['orders'] }, STAFF_ERRORS.self],
      [owner.id, { scopes: ['orders'] }, STAFF_ERRORS.owner],
      [admin2.id, { isStoreAdmin: false }, STAFF_ERRORS.adminByAdmin],
      [staff.id, { isStoreAdmin: true }, STAFF_ERRORS.grantAdmin],
    ];
    for (const [id, body, msg] of cases) {
      const res = await send('PUT', `/api/users/update-store-staff/${id}`, a.headers, body);
      expect(res.statusCode, msg).toBe(403);
      expect(res.json().messages).toEqual([msg]);
    }
    expect((await send('PUT', `/api/users/update-store-staff/${staff.id}`, a.headers, { scopes: ['themes'] })).statusCode).toBe(200);
  });
  it('answers 404 for a person of another store (cross-store), 400 for an empty body', async () => {
    const one = await shop();
    const two = await shop();
    for (const [method, url] of [
      ['PUT', `/api/users/update-store-staff/${two.staff.id}`],
      ['DELETE', `/api/users/logout-staff-account/${two.staff.id}`],
      ['DELETE', `/api/users/delete-staff-account?staff_id=${two.staff.id}`],
      ['GET', `/api/users/store-staff-info?staff_id=${two.staff.id}`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: one.o.headers, payload: method === 'PUT' ? { scopes: [] } : undefined });
      expect(res.statusCode, url).toBe(404);
    }
    // The other store's staff is untouched and still signed in.
    expect((await get('/api/auth/store-permission', two.s.headers)).statusCode).toBe(200);
    const empty = await send('PUT', `/api/users/update-store-staff/${one.staff.id}`, one.o.headers, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().messages).toEqual(['body: scopes or isStoreAdmin is required']);
  });
});

describe('revoking sessions', () => {
  it('signed-out sessions are refused for the store on the next request (a renewal does not help) and recorded in their history', async () => {
    const { o, s, staff, store } = await shop();
    expect((await get('/api/orders/count', s.headers)).statusCode).toBe(200);
    const res = await send('DELETE', `/api/users/logout-staff-account/${staff.id}`, o.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, revoked: 1, messages: ['Signed out of this shop (1 session)'] });
    const next = await get('/api/orders/count', s.headers);
    expect(next.statusCode).toBe(401);
    expect(next.json().messages).toEqual(['You were signed out of this shop, please sign in again']);
    // Issue 14 item 5: the session itself lives on (it may serve other shops), but not for this one.
    const renewed = await send('POST', '/api/auth/refresh', {}, { refreshToken: s.refreshToken });
    expect(renewed.statusCode).toBe(200);
    expect((await get('/api/orders/count', { ...s.headers, authorization: `Bearer ${renewed.json().accessToken}` })).statusCode).toBe(401);
    const again = await signIn(staff.email, staff.password, store.id);
    expect((await get('/api/orders/count', again.headers)).statusCode).toBe(200);
    const hist = (await get('/api/auth/history/', again.headers)).json();
    const ev = hist.items.find((e: { type: string }) => e.type === 'session_revoked');
    expect(ev).toMatchObject({ ip: '127.0.0.1', detail: { reason: 'revoked_by_store_admin', count: 1 } });
  });
  it('logout-all signs out every member the caller manages, never the caller or the owner', async () => {
    const { a, o, s } = await shop();
    const res = await send('DELETE', '/api/users/logout-all-staff-account', a.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().revoked).toBe(1);
    expect((await get('/api/auth/store-permission', s.headers)).statusCode).toBe(401);
    expect((await get('/api/auth/store-permission', a.headers)).statusCode).toBe(200);
    expect((await get('/api/auth/store-permission', o.headers)).statusCode).toBe(200);
    const byOwner = await send('DELETE', '/api/users/logout-all-staff-account', o.headers);
    expect(byOwner.json().revoked).toBe(1);
    expect((await get('/api/auth/store-permission', a.headers)).statusCode).toBe(401);
    expect((await get('/api/auth/store-permission', o.headers)).statusCode).toBe(200);
  });
  it('the owner cannot be signed out by others; a plain member cannot sign anyone out', async () => {
    const { a, o, s, owner, admin } = await shop(['store']);
    const res = await send('DELETE', `/api/users/logout-staff-account/${owner.id}`, a.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().messages).toEqual([STAFF_ERRORS.owner]);
    expect((await send('DELETE', `/api/users/logout-staff-account/${admin.id}`, s.headers)).statusCode).toBe(403);
    expect((await send('DELETE', '/api/users/logout-all-staff-account', s.headers)).statusCode).toBe(403);
    expect((await get('/api/auth/store-permission', o.headers)).statusCode).toBe(200);
    expect((await get('/api/auth/store-permission', a.headers)).statusCode).toBe(200);
  });
});

describe('DELETE /api/users/delete-staff-account', () => {
  it('removes a member: their next call for the store answers 404', async () => {
    const { o, s, staff } = await shop();
    const res = await send('DELETE', `/api/users/delete-staff-account?staff_id=${staff.id}`, o.headers);
    expect(res.statusCode).toBe(200);
    expect((await get('/api/orders/count', s.headers)).statusCode).toBe(404);
    expect((await get('/api/users/store-staffs', o.headers)).json().staffs.map((x: { id: string }) => x.id)).not.toContain(staff.id);
  });
  it('the owner cannot be removed, by an admin or by themselves', async () => {
    const { a, o, owner } = await shop();
    const byAdmin = await send('DELETE', `/api/users/delete-staff-account?staff_id=${owner.id}`, a.headers);
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().messages).toEqual([STAFF_ERRORS.owner]);
    const bySelf = await send('DELETE', `/api/users/delete-staff-account?staff_id=${owner.id}`, o.headers);
    expect(bySelf.statusCode).toBe(403);
    expect(bySelf.json().messages).toEqual([STAFF_ERRORS.self]);
    expect((await get('/api/auth/store-permission', o.headers)).json().isStoreOwner).toBe(true);
  });
});

describe('profile', () => {
  it('PUT /api/users updates the trimmed names; 400 names the field', async () => {
    const { s, staff } = await shop();
    const res = await send('PUT', '/api/users', s.headers, { firstName: '  Sam ', lastName: 'Staff' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: staff.id, firstName: 'Sam', lastName: 'Staff' });
    const bad = await send('PUT', '/api/users', s.headers, {
      firstName: '',
      lastName: 'x'.repeat(51),
      profilePicture: 'javascript:alert(1)',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages).toEqual([
      'body.firstName: First name is required',
      'body.lastName: Last name must have at most 50 letters.',
      'body.profilePicture: profilePicture must be an uploaded picture or an http(s) address',
    ]);
  });

  const multipart = (name: string, type: string, data: Buffer) => {
    const boundary = '----backroomtest';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    );
    return {
      payload: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    };
  };
  // A real 1 × 1 PNG: the media policy recognises an image by decoding its signature and chunks (file-type).
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

  it('uploads a picture, keeps it under DATA_DIR/uploads and serves it', async () => {
    const { s } = await shop();
    const body = multipart('me.png', 'image/png', png);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/profile-picture',
      headers: { ...s.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    const url = res.json().profilePicture as string;
    expect(url).toMatch(/^\/api\/users\/profile-picture\/[a-f0-9-]{36}\.png$/);
    const img = await t.app.inject({ method: 'GET', url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(png)).toBe(true);
    expect((await get('/api/users/me', s.headers)).json().profilePicture).toBe(url);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/profile-picture/..%2F..%2Fjwt-secret' })).statusCode).toBe(400);
  });
  it('refuses a non-image (an SVG declared as PNG) and a file over 2 MB with 400 naming file', async () => {
    const { s } = await shop();
    const svg = multipart('x.png', 'image/png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'));
    const r1 = await t.app.inject({
      method: 'POST',
      url: '/api/users/profile-picture',
      headers: { ...s.headers, ...svg.headers },
      payload: svg.payload,
    });
    expect(r1.statusCode).toBe(400);
    expect(r1.json().messages).toEqual(['file: must be a PNG, JPEG, GIF or WebP image']);
    const big = multipart('big.png', 'image/png', Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]));
    const r2 = await t.app.inject({
      method: 'POST',
      url: '/api/users/profile-picture',
      headers: { ...s.headers, ...big.headers },
      payload: big.payload,
    });
    expect(r2.statusCode).toBe(400);
    expect(r2.json().messages).toEqual(['file: must be at most 2 MB']);
  });
});

describe('PUT /api/users/change-password', () => {
  it('checks the current password, then ends the OTHER sessions and keeps this one', async () => {
    const { staff, store } = await shop();
    const here = await signIn(staff.email, staff.password, store.id);
    const elsewhere = await signIn(staff.email, staff.password, store.id);
    const wrong = await send('PUT', '/api/users/change-password', here.headers, { currentPassword: 'wrong-one', newPassword: 'brand-new' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().messages).toEqual(['currentPassword: Current password is incorrect']);
    const short = await send('PUT', '/api/users/change-password', here.headers, { currentPassword: staff.password, newPassword: '1234' });
    expect(short.statusCode).toBe(400);
    expect(short.json().messages).toEqual(['body.newPassword: Password must have at least 8 letters.']);
    // The same rule as every new password (issue 31 item 6): a common breached one is refused.
    const common = await send('PUT', '/api/users/change-password', here.headers, {
      currentPassword: staff.password,
      newPassword: 'Password123',
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().messages).toEqual([`body.newPassword: ${PASSWORD_COMMON_MESSAGE}`]);
    const res = await send('PUT', '/api/users/change-password', here.headers, {
      currentPassword: staff.password,
      newPassword: 'brand-new',
    });
    expect(res.statusCode).toBe(200);
    // The shop() login and `elsewhere` end; `here` stays.
    expect(res.json().revoked).toBe(2);
    expect((await get('/api/auth/store-permission', elsewhere.headers)).statusCode).toBe(401);
    expect((await get('/api/auth/store-permission', here.headers)).statusCode).toBe(200);
    await expect(signIn(staff.email, staff.password)).rejects.toThrow(/401/);
    await signIn(staff.email, 'brand-new');
  });
});

describe('GET /api/auth/history/', () => {
  it('lists sign-ins, failures, password changes and revocations with IP and user agent, paged', async () => {
    const u = await makeUser(t.db);
    const st = await makeStore(t.db, t.config, { ownerId: u.id });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: u.email, password: 'wrong-pass' },
      remoteAddress: '10.9.8.7',
    });
    const l = await signIn(u.email, u.password, st.id);
    await t.app.inject({
      method: 'PUT',
      url: '/api/users/change-password',
      headers: { ...l.headers, 'user-agent': 'HistoryTest/1.0' },
      payload: { currentPassword: u.password, newPassword: 'next-password' },
    });
    const all = (await get('/api/auth/history/?limit=100', l.headers)).json();
    expect(all.items.map((e: { type: string }) => e.type)).toEqual(['password_changed', 'sign_in', 'sign_in_failed']);
    expect(all.items[0].userAgent).toBe('HistoryTest/1.0');
    expect(all.items[2].ip).toBe('10.9.8.7');
    const p2 = (await get('/api/auth/history/?page=2&limit=2', l.headers)).json();
    expect(p2).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(p2.items.map((e: { type: string }) => e.type)).toEqual(['sign_in_failed']);
    const bad = await get('/api/auth/history/?limit=101', l.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages).toEqual(['querystring.limit: limit must be at most 100']);
  });
  it('shows only the caller’s own events', async () => {
    const { s, o } = await shop();
    const mine = (await get('/api/auth/history', s.headers)).json();
    const theirs = (await get('/api/auth/history', o.headers)).json();
    const theirIds = theirs.items.map((e: { id: string }) => e.id);
    expect(mine.items.filter((e: { id: string }) => theirIds.includes(e.id))).toEqual([]);
    expect(mine.total).toBe(1);
  });
});

/** A person with their own store (so their account exists and is used elsewhere), signed in there. */
async function outsider() {
  const user = await makeUser(t.db, { firstName: 'Pat', lastName: 'Person' });
  const home = await makeStore(t.db, t.config, { ownerId: user.id, name: 'Home Shop' });
  return { user, home, session: await signIn(user.email, user.password, home.id) };
}
const inStore = (session: { accessToken: string }, storeId: string) => ({
  authorization: `Bearer ${session.accessToken}`,
  'x-store-id': storeId,
});

describe('an existing account is invited and must accept (issue 14 item 5)', () => {
  it('adding an existing account creates an invitation, not a membership; the mail links to the shop choice', async () => {
    const { o, store, owner } = await shop();
    const p = await outsider();
    const res = await send('POST', '/api/users/add-store-staff', o.headers, {
      email: p.user.email,
      firstName: 'Typed',
      lastName: 'Name',
      scopes: ['orders'],
      password: 'ignored-pass',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      created: false,
      invited: true,
      invitation: { email: p.user.email, firstName: 'Typed', lastName: 'Name', scopes: ['orders'], isStoreAdmin: false },
      messages: [`${p.user.email} was invited to join Test Shop: they become a member when they accept.`],
    });
    expect(body.staff).toBeUndefined();
    const invitationId = body.invitation.id as string;
    // No membership yet: the store is not theirs, the list shows a pending invitation, not a member.
    expect((await get('/api/auth/store-permission', inStore(p.session, store.id))).statusCode).toBe(404);
    const list = (await get('/api/users/store-staffs', o.headers)).json();
    expect(list.staffs.map((x: { id: string }) => x.id)).not.toContain(p.user.id);
    expect(list.invitations).toEqual([expect.objectContaining({ id: invitationId, email: p.user.email })]);
    // Their password was not touched.
    await signIn(p.user.email, p.user.password);
    // The mail names the shop and the inviter and links to the shop choice with the invitation.
    const mail = await mailTo(p.user.email);
    expect(mail.subject).toBe('Test Shop invites you to join its staff on Backroom');
    expect(mail.text).toContain(owner.email);
    expect(mail.links).toEqual([`${t.config.adminOrigin}/auth/shop?invitation=${invitationId}`]);
  });

  it('the invited person sees the invitation after sign-in and accepting makes them a member with those permissions', async () => {
    const { o, store } = await shop();
    const p = await outsider();
    await send('POST', '/api/users/add-store-staff', o.headers, {
      email: p.user.email,
      firstName: 'A',
      lastName: 'B',
      scopes: ['orders', 'products'],
    });
    const mine = await get('/api/users/invitations', { authorization: p.session.headers.authorization });
    expect(mine.statusCode).toBe(200);
    const [inv] = mine.json().invitations;
    expect(inv).toMatchObject({
      storeId: store.id,
      storeName: 'Test Shop',
      invitedBy: 'Olivia Owner',
      isStoreAdmin: false,
      scopes: ['orders', 'products'],
    });
    const accepted = await send('POST', `/api/users/invitations/${inv.id}/accept`, { authorization: p.session.headers.authorization });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ ok: true, storeId: store.id, messages: ['You joined Test Shop'] });
    expect((await get('/api/auth/store-permission', inStore(p.session, store.id))).json().scopes).toEqual(['orders', 'products']);
    expect((await get('/api/users/invitations', p.session.headers)).json().invitations).toEqual([]);
    const list = (await get('/api/users/store-staffs', o.headers)).json();
    expect(list.invitations).toEqual([]);
    expect(list.staffs.find((x: { id: string }) => x.id === p.user.id)).toMatchObject({ firstName: 'Pat', scopes: ['orders', 'products'] });
    // Accepting twice: the invitation is gone.
    expect((await send('POST', `/api/users/invitations/${inv.id}/accept`, p.session.headers)).statusCode).toBe(404);
  });

  it('declining removes the invitation without a membership; nobody else can accept or decline it', async () => {
    const { o, store, s } = await shop();
    const p = await outsider();
    const inv = (
      await send('POST', '/api/users/add-store-staff', o.headers, {
        email: p.user.email,
        firstName: 'A',
        lastName: 'B',
        scopes: ['orders'],
      })
    ).json().invitation;
    const other = await outsider();
    for (const who of [other.session, s, o])
      for (const action of ['accept', 'decline']) {
        const r = await send('POST', `/api/users/invitations/${inv.id}/${action}`, { authorization: who.headers.authorization });
        expect(r.statusCode, action).toBe(404);
        expect(r.json().messages).toEqual(['Invitation not found']);
      }
    const declined = await send('POST', `/api/users/invitations/${inv.id}/decline`, p.session.headers);
    expect(declined.statusCode).toBe(200);
    expect(declined.json().messages).toEqual(['You declined the invitation to Test Shop']);
    expect((await get('/api/auth/store-permission', inStore(p.session, store.id))).statusCode).toBe(404);
    expect((await get('/api/users/store-staffs', o.headers)).json().invitations).toEqual([]);
  });

  it('inviting again while pending re-sends it with the new permissions; an expired invitation cannot be accepted', async () => {
    const { o } = await shop();
    const p = await outsider();
    const body = { email: p.user.email, firstName: 'A', lastName: 'B', scopes: ['orders'] };
    const first = (await send('POST', '/api/users/add-store-staff', o.headers, body)).json().invitation;
    const second = await send('POST', '/api/users/add-store-staff', o.headers, { ...body, scopes: ['customers'] });
    expect(second.statusCode).toBe(200);
    expect(second.json().invitation).toMatchObject({ id: first.id, scopes: ['customers'] });
    expect((await get('/api/users/store-staffs', o.headers)).json().invitations).toHaveLength(1);
    await t.db
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvitations.id, first.id));
    expect((await get('/api/users/invitations', p.session.headers)).json().invitations).toEqual([]);
    expect((await send('POST', `/api/users/invitations/${first.id}/accept`, p.session.headers)).statusCode).toBe(404);
  });

  it('owners and admins cancel a pending invitation; a plain member or another store cannot', async () => {
    const { o, s } = await shop(['store']);
    const two = await shop();
    const p = await outsider();
    const inv = (
      await send('POST', '/api/users/add-store-staff', o.headers, {
        email: p.user.email,
        firstName: 'A',
        lastName: 'B',
        scopes: ['orders'],
      })
    ).json().invitation;
    const byStaff = await send('DELETE', `/api/users/store-invitations/${inv.id}`, s.headers);
    expect(byStaff.statusCode).toBe(403);
    expect(byStaff.json().messages).toEqual([STAFF_ERRORS.notManager]);
    expect((await send('DELETE', `/api/users/store-invitations/${inv.id}`, two.o.headers)).statusCode).toBe(404);
    const res = await send('DELETE', `/api/users/store-invitations/${inv.id}`, o.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().messages).toEqual(['The invitation was cancelled']);
    expect((await get('/api/users/invitations', p.session.headers)).json().invitations).toEqual([]);
    expect((await send('POST', `/api/users/invitations/${inv.id}/accept`, p.session.headers)).statusCode).toBe(404);
  });

  it('an admin cannot invite an admin; scopes beyond the inviter are refused', async () => {
    const { a } = await shop();
    const p = await outsider();
    const r = await send('POST', '/api/users/add-store-staff', a.headers, {
      email: p.user.email,
      firstName: 'A',
      lastName: 'B',
      scopes: [],
      isStoreAdmin: true,
    });
    expect(r.statusCode).toBe(403);
    expect(r.json().messages).toEqual([STAFF_ERRORS.grantAdmin]);
  });
});

describe('signing out ends access to THIS store only (issue 14 item 5)', () => {
  /** P is a member of store A (with its owner oA) and owns store B; one session of P used both. */
  async function twoStores() {
    const a = await shop();
    const p = await outsider();
    await addMember(t.db, a.store.id, p.user.id, ['orders']);
    expect((await get('/api/users/me', inStore(p.session, a.store.id))).statusCode).toBe(200);
    expect((await get('/api/users/me', inStore(p.session, p.home.id))).statusCode).toBe(200);
    return { a, p };
  }

  it("revoking refuses this store on the next request while the same session keeps working for the person's other stores", async () => {
    const { a, p } = await twoStores();
    const res = await send('DELETE', `/api/users/logout-staff-account/${p.user.id}`, a.o.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, revoked: 1 });
    const next = await get('/api/orders/count', inStore(p.session, a.store.id));
    expect(next.statusCode).toBe(401);
    expect(next.json()).toMatchObject({ code: 'STORE_SIGNED_OUT', messages: ['You were signed out of this shop, please sign in again'] });
    // The same access token still opens their own store, and the session still renews.
    expect((await get('/api/orders/count', inStore(p.session, p.home.id))).statusCode).toBe(200);
    const renewed = await send('POST', '/api/auth/refresh', {}, { refreshToken: p.session.refreshToken });
    expect(renewed.statusCode).toBe(200);
    // A renewed token of that session is still refused for store A; a new sign-in opens it again.
    expect((await get('/api/orders/count', inStore(renewed.json(), a.store.id))).statusCode).toBe(401);
    // The admin's survey check (a route about no one store) says the same for store A.
    const survey = await get(`/api/auth/survey?storeId=${a.store.id}`, { authorization: p.session.headers.authorization });
    expect(survey.statusCode).toBe(401);
    expect(survey.json().code).toBe('STORE_SIGNED_OUT');
    const again = await signIn(p.user.email, p.user.password, a.store.id);
    expect((await get('/api/orders/count', again.headers)).statusCode).toBe(200);
  });

  it('a signed-out session cannot read that store through a multi-store report either', async () => {
    const { a, p } = await twoStores();
    await send('DELETE', `/api/users/logout-staff-account/${p.user.id}`, a.o.headers);
    await t.db
      .update(storeMemberships)
      .set({ scopes: ['homes'] })
      .where(eq(storeMemberships.userId, p.user.id));
    const q = `fromTime=2026-01-01&toTime=2026-01-02&stores=${a.store.id},${p.home.id}`;
    const res = await get(`/api/reports/total-sales?${q}`, { authorization: p.session.headers.authorization });
    expect(res.statusCode).toBe(404);
    expect(
      (await get(`/api/reports/total-sales?fromTime=2026-01-01&toTime=2026-01-02&stores=${p.home.id}`, p.session.headers)).statusCode,
    ).toBe(200);
  });

  it('sign out all staff ends this store only for each of them', async () => {
    const { a, p } = await twoStores();
    const res = await send('DELETE', '/api/users/logout-all-staff-account', a.o.headers);
    // The admin's, the staff member's and P's sessions had opened store A.
    expect(res.json().revoked).toBe(3);
    expect((await get('/api/orders/count', inStore(p.session, a.store.id))).statusCode).toBe(401);
    expect((await get('/api/orders/count', inStore(p.session, p.home.id))).statusCode).toBe(200);
    expect((await get('/api/orders/count', a.o.headers)).statusCode).toBe(200);
  });

  it("the staff list shows only this store's sign-ins and sessions, never what the person does in other stores", async () => {
    const a = await shop();
    const p = await outsider();
    // P signs in twice more and works in their own store only.
    await signIn(p.user.email, p.user.password);
    await addMember(t.db, a.store.id, p.user.id, ['orders']);
    const row = async () =>
      (
        (await get('/api/users/store-staffs', a.o.headers)).json().staffs as {
          id: string;
          lastSignInAt: string | null;
          activeSessions: number;
        }[]
      ).find((x) => x.id === p.user.id)!;
    expect(await row()).toMatchObject({ lastSignInAt: null, activeSessions: 0 });
    // Working in their own store with the same session says nothing to store A; opening store A does.
    await get('/api/users/me', inStore(p.session, p.home.id));
    await get('/api/orders/count', inStore(p.session, a.store.id));
    expect(await row()).toMatchObject({ lastSignInAt: null, activeSessions: 0 });
    const before = Date.now();
    await get('/api/users/me', inStore(p.session, a.store.id));
    const seen = await row();
    expect(seen.activeSessions).toBe(1);
    expect(Date.parse(seen.lastSignInAt!)).toBeGreaterThanOrEqual(before - 1000);
    await send('DELETE', `/api/users/logout-staff-account/${p.user.id}`, a.o.headers);
    expect((await row()).activeSessions).toBe(0);
    // Their own store's list still counts that session (never signed out there) and the new one.
    const home = await signIn(p.user.email, p.user.password, p.home.id);
    await get('/api/users/me', home.headers);
    const mine = (await get('/api/users/store-staffs', home.headers)).json().staffs[0];
    expect(mine.activeSessions).toBe(2);
  });
});

vi.setConfig({ testTimeout: 60_000 });
