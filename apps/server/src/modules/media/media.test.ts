/**
 * The media module over HTTP (issue 9 item 5, issue 15 "one media module", issue 14 uploads hardening), on the
 * default storage (DATA_DIR/uploads): uploads checked by content, resized into web sizes, listed per shop,
 * served with immutable and locked-down headers only on the owning shop's host or the admin host.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { NOT_AN_IMAGE_MESSAGE, type UploadedImage } from '@backroom/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createTestApp, login, makeStore, makeUser, type TestContext } from '../../test/harness.js';
import { makeImage, multipartBody } from './test-helpers.js';

let t: TestContext;
let shopA: { id: string; handle: string };
let shopB: { id: string; handle: string };
let ownerA: { headers: Record<string, string> };
let ownerB: { headers: Record<string, string> };
let themesOnly: { headers: Record<string, string> };
let ordersOnly: { headers: Record<string, string> };
let big: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  const a = await makeUser(t.db);
  const b = await makeUser(t.db);
  shopA = await makeStore(t.db, t.config, { ownerId: a.id });
  shopB = await makeStore(t.db, t.config, { ownerId: b.id });
  ownerA = await login(t.app, a.email, a.password, shopA.id);
  ownerB = await login(t.app, b.email, b.password, shopB.id);
  const themer = await makeUser(t.db);
  await addMember(t.db, shopA.id, themer.id, ['themes']);
  themesOnly = await login(t.app, themer.email, themer.password, shopA.id);
  const orders = await makeUser(t.db);
  await addMember(t.db, shopA.id, orders.id, ['orders']);
  ordersOnly = await login(t.app, orders.email, orders.password, shopA.id);
  big = await makeImage(2400, 1200, 'png');
});
afterAll(async () => t?.close());

async function upload(data: Buffer, headers: Record<string, string> = ownerA.headers, o: Parameters<typeof multipartBody>[1] = {}) {
  const body = await multipartBody(data, o);
  return t.app.inject({ method: 'POST', url: '/api/uploads', headers: { ...headers, ...body.headers }, payload: body.payload });
}
const get = (url: string, host = 'localhost:3000') => t.app.inject({ method: 'GET', url, headers: { host } });

describe('POST /api/uploads', () => {
  it('resizes an image into web sizes (WebP, never enlarged) and answers src, width, height and srcset', async () => {
    const res = await upload(big, ownerA.headers, { name: 'hero.png', type: 'image/png' });
    expect(res.statusCode).toBe(200);
    const img = res.json() as UploadedImage;
    expect(img).toMatchObject({ width: 1920, height: 960, contentType: 'image/webp' });
    expect(img.src).toMatch(new RegExp(`^/uploads/${shopA.id}/media/[0-9a-f-]{36}_1920x960\\.webp$`));
    expect(img.sizes.map((s) => s.width)).toEqual([480, 960, 1920]);
    expect(img.srcset).toBe(img.sizes.map((s) => `${s.src} ${s.width}w`).join(', '));
    for (const size of img.sizes) {
      const file = await get(size.src);
      expect(file.statusCode).toBe(200);
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(size.width);
    }
    expect(existsSync(join(t.config.dataDir, 'uploads', img.src.slice('/uploads/'.length)))).toBe(true);

    const small = (await upload(await makeImage(300, 200, 'jpeg'), themesOnly.headers)).json() as UploadedImage;
    expect(small).toMatchObject({ width: 300, height: 200 });
    expect(small.sizes.map((s) => s.width)).toEqual([300]);
    for (const format of ['gif', 'webp', 'avif'] as const) {
      expect((await upload(await makeImage(64, 48, format))).statusCode, format).toBe(200);
    }
  });

  it('keeps the original for print (issue 19: print DPI): its size answered, its bytes stored, never served', async () => {
    const img = (await upload(big, ownerA.headers, { name: 'hero.png', type: 'image/png' })).json() as UploadedImage;
    expect(img.original).toEqual({ width: 2400, height: 1200 });
    const key = `${shopA.id}/media/${img.id}.orig`;
    const file = join(t.config.dataDir, 'uploads', key);
    // upright and within the size limit: the uploaded bytes themselves
    expect(readFileSync(file).equals(big)).toBe(true);
    expect((await get(`/uploads/${key}`)).statusCode).toBe(404);
    expect((await get(`/uploads/${key}`, `${shopA.handle}.${t.config.storefrontSuffix}`)).statusCode).toBe(404);
    // listed with it
    const listed = (await t.app.inject({ method: 'GET', url: '/api/uploads?limit=50', headers: ownerA.headers })).json();
    expect(listed.uploads.find((u: UploadedImage) => u.id === img.id).original).toEqual({ width: 2400, height: 1200 });
  });

  it('an original turned by EXIF is kept upright, and one over 12,000 px is scaled to fit', async () => {
    const turned = await sharp(await makeImage(300, 200, 'jpeg'))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const a = (await upload(turned)).json() as UploadedImage;
    expect([a.width, a.height, a.original]).toEqual([200, 300, { width: 200, height: 300 }]);
    const kept = await sharp(readFileSync(join(t.config.dataDir, 'uploads', `${shopA.id}/media/${a.id}.orig`))).metadata();
    expect([kept.format, kept.width, kept.height, kept.orientation ?? 1]).toEqual(['jpeg', 200, 300, 1]);

    const long = (await upload(await makeImage(12_800, 40, 'png'))).json() as UploadedImage;
    expect(long.original).toEqual({ width: 12_000, height: 38 });
    const kept2 = await sharp(readFileSync(join(t.config.dataDir, 'uploads', `${shopA.id}/media/${long.id}.orig`))).metadata();
    expect([kept2.format, kept2.width, kept2.height]).toEqual(['png', 12_000, 38]);
  });

  it.each([
    ['a text file', Buffer.from('hello, this is not a picture'), 'notes.txt', 'text/plain'],
    [
      'an SVG declared as PNG',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>'),
      'x.png',
      'image/png',
    ],
    ['an SVG with an XML prolog', Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'), 'x.svg', 'image/svg+xml'],
    ['an HTML page', Buffer.from('<!doctype html><script>alert(1)</script>'), 'x.jpg', 'image/jpeg'],
    ['a PDF', Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF'), 'x.png', 'image/png'],
  ])('refuses %s with a message naming file', async (_name, data, name, type) => {
    const res = await upload(data, ownerA.headers, { name, type });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, code: 'BAD_REQUEST', messages: [NOT_AN_IMAGE_MESSAGE] });
  });

  it('refuses a forged image (a PNG signature over garbage) with 400, and an empty file', async () => {
    const forged = Buffer.concat([big.subarray(0, 100), Buffer.alloc(200, 7)]);
    const res = await upload(forged);
    expect(res.statusCode).toBe(400);
    expect(res.json().messages[0]).toMatch(/^file: /);
    expect((await upload(Buffer.alloc(0))).json().messages).toEqual(['file: is empty']);
  });

  it('answers 413 with a message for a file over 10 MB', async () => {
    const res = await upload(Buffer.concat([big, Buffer.alloc(10 * 1024 * 1024)]));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE', messages: ['file: must be at most 10 MB'] });
  });

  it('answers 400 with messages for a body that is not multipart, malformed multipart or another field', async () => {
    const json = await t.app.inject({ method: 'POST', url: '/api/uploads', headers: ownerA.headers, payload: { src: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().messages[0]).toMatch(/^file: /);
    const noBoundary = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...ownerA.headers, 'content-type': 'multipart/form-data' },
      payload: 'garbage',
    });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json().messages[0]).toMatch(/^file: /);
    const wrongBoundary = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...ownerA.headers, 'content-type': 'multipart/form-data; boundary=nope' },
      payload: '--other\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nxx\r\n--other--\r\n',
    });
    expect(wrongBoundary.statusCode).toBe(400);
    expect(wrongBoundary.json().messages[0]).toMatch(/^file: /);
    const field = await upload(big, ownerA.headers, { field: 'image' });
    expect(field.statusCode).toBe(400);
    expect(field.json().messages).toEqual(["file: the image must be sent in the field 'file' (got 'image')"]);
  });

  it('checks authorisation before the body: 401 without a token, 403 without the scope, 404 for another shop', async () => {
    const junk = Buffer.from('not an image at all');
    const anon = await multipartBody(junk);
    expect((await t.app.inject({ method: 'POST', url: '/api/uploads', headers: anon.headers, payload: anon.payload })).statusCode).toBe(
      401,
    );
    expect((await upload(junk, ordersOnly.headers)).statusCode).toBe(403);
    expect((await upload(junk, { ...ownerA.headers, 'x-store-id': shopB.id })).statusCode).toBe(404);
  });
});

describe('GET /api/uploads', () => {
  it("lists the shop's uploaded images newest first, paged, and never another shop's", async () => {
    const b1 = (await upload(await makeImage(100, 80), ownerB.headers)).json() as UploadedImage;
    const list = await t.app.inject({ method: 'GET', url: '/api/uploads?limit=2', headers: ownerA.headers });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.total).toBeGreaterThanOrEqual(5);
    expect(body.uploads).toHaveLength(2);
    expect(body.page).toBe(1);
    const all = (await t.app.inject({ method: 'GET', url: '/api/uploads?limit=100', headers: ownerA.headers })).json();
    expect(all.uploads).toHaveLength(all.total);
    const times = all.uploads.map((u: UploadedImage) => u.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(all.uploads.every((u: UploadedImage) => u.src.startsWith(`/uploads/${shopA.id}/`))).toBe(true);
    const page2 = (await t.app.inject({ method: 'GET', url: '/api/uploads?limit=2&page=2', headers: ownerA.headers })).json();
    expect(page2.uploads[0].id).toBe(all.uploads[2].id);
    const listB = (await t.app.inject({ method: 'GET', url: '/api/uploads', headers: ownerB.headers })).json();
    expect(listB.uploads.map((u: UploadedImage) => u.id)).toEqual([b1.id]);
    expect((await t.app.inject({ method: 'GET', url: '/api/uploads', headers: ordersOnly.headers })).statusCode).toBe(403);
    const bad = await t.app.inject({ method: 'GET', url: '/api/uploads?limit=0', headers: ownerA.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages[0]).toMatch(/limit/);
  });
});

describe('GET /uploads/* (the one media route)', () => {
  let src: string;
  beforeAll(async () => {
    src = ((await upload(await makeImage(120, 90))).json() as UploadedImage).src;
  });

  it('serves with immutable cache, nosniff and CSP default-src none', async () => {
    const res = await get(src);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'");
  });

  it("serves a shop's file on its own host and the admin host only, never on another shop's host", async () => {
    const onA = await get(src, `${shopA.handle}.localhost:3000`);
    expect(onA.statusCode).toBe(200);
    expect(onA.headers['content-security-policy']).toBe("default-src 'none'");
    expect((await get(src, `${shopB.handle}.localhost:3000`)).statusCode).toBe(404);
    expect((await get(src, 'localhost:3000')).statusCode).toBe(200);
  });

  it('never serves an SVG, a file outside the media layout or an unknown file', async () => {
    const dir = join(t.config.dataDir, 'uploads', shopA.id, 'products');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'evil.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    writeFileSync(join(t.config.dataDir, 'uploads', 'secret.png'), 'x');
    expect((await get(`/uploads/${shopA.id}/products/evil.svg`, `${shopA.handle}.localhost:3000`)).statusCode).toBe(404);
    expect((await get(`/uploads/${shopA.id}/products/evil.svg`)).statusCode).toBe(404);
    expect((await get('/uploads/secret.png')).statusCode).toBe(404);
    expect((await get('/uploads/..%2Fjwt-secret')).statusCode).toBe(404);
    expect((await get(`/uploads/${shopA.id}/media/../../../jwt-secret.png`)).statusCode).toBe(404);
    expect((await get(`/uploads/${shopA.id}/media/00000000-0000-4000-8000-000000000000_1x1.webp`)).statusCode).toBe(404);
    const res = await get('/uploads/nope.png');
    expect(res.json().messages).toEqual(['File not found']);
  });
});

describe('OpenAPI', () => {
  it('documents the upload routes with summary, operationId, security and error answers (the file route is not an API route)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { summary?: string; operationId?: string; security?: unknown[]; responses: object }>>;
    };
    const post = doc.paths['/api/uploads']!.post!;
    expect(post).toMatchObject({ summary: 'Upload an image', operationId: 'uploadImage', security: [{ bearer: [] }] });
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404', '413']));
    expect(doc.paths['/api/uploads']!.get).toMatchObject({ operationId: 'listUploads', security: [{ bearer: [] }] });
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/uploads'))).toBe(false);
  });
});
