import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productImages, products, productVariants } from '../../db/schema/index.js';
import { addMember, createTestApp, login, makeStore, makeUser, type TestContext } from '../../test/harness.js';

/** Personalised products and fonts (spec admin-dashboard §7 Personalisation; issue 11 item 4). */

const fixture = (file: string) => readFileSync(join(import.meta.dirname, '../../../../../fixtures/fonts', file));
const TTF = fixture('Rancho-Regular.ttf');
/** Rancho with CFF outlines (`OTTO`), printable ASCII; fixtures/fonts/README.md says how it was made. */
const OTF = fixture('Rancho-Regular.otf');
/** Rancho's Latin WOFF2 exactly as @fontsource/rancho ships it. */
const WOFF2 = fixture('Rancho-Regular.woff2');
/** `ttf` wrapped as WOFF 1.0 (W3C WOFF §3–5), each table stored uncompressed (compLength = origLength, allowed). */
function toWoff(ttf: Buffer): Buffer {
  const n = ttf.readUInt16BE(4);
  const pad = (x: number) => (x + 3) & ~3;
  const tables = Array.from({ length: n }, (_, i) => {
    const at = 12 + 16 * i;
    return {
      tag: ttf.readUInt32BE(at),
      sum: ttf.readUInt32BE(at + 4),
      offset: ttf.readUInt32BE(at + 8),
      length: ttf.readUInt32BE(at + 12),
    };
  });
  let at = 44 + 20 * n;
  const dir = Buffer.alloc(20 * n);
  const data: Buffer[] = [];
  tables.forEach((t, i) => {
    dir.writeUInt32BE(t.tag, 20 * i);
    dir.writeUInt32BE(at, 20 * i + 4);
    dir.writeUInt32BE(t.length, 20 * i + 8);
    dir.writeUInt32BE(t.length, 20 * i + 12);
    dir.writeUInt32BE(t.sum, 20 * i + 16);
    const block = Buffer.alloc(pad(t.length));
    ttf.copy(block, 0, t.offset, t.offset + t.length);
    data.push(block);
    at += block.length;
  });
  const head = Buffer.alloc(44);
  head.write('wOFF', 0, 'latin1');
  head.writeUInt32BE(ttf.readUInt32BE(0), 4);
  head.writeUInt32BE(at, 8);
  head.writeUInt16BE(n, 12);
  head.writeUInt32BE(12 + 16 * n + tables.reduce((a, t) => a + pad(t.length), 0), 16);
  head.writeUInt16BE(1, 20);
  return Buffer.concat([head, dir, ...data]);
}

let t: TestContext;
let headers: Record<string, string>;
let foreignHeaders: Record<string, string>;
let staffHeaders: Record<string, string>;
let shop: { id: string; handle: string };
const ids = { tee: '', teeV: '', mug: '', mugV: '', foreign: '', font: '' };

beforeAll(async () => {
  t = await createTestApp();
  const owner = await makeUser(t.db);
  shop = await makeStore(t.db, t.config, { ownerId: owner.id });
  headers = (await login(t.app, owner.email, owner.password, shop.id)).headers;
  const stranger = await makeUser(t.db);
  const theirs = await makeStore(t.db, t.config, { ownerId: stranger.id });
  foreignHeaders = (await login(t.app, stranger.email, stranger.password, theirs.id)).headers;
  const staff = await makeUser(t.db);
  await addMember(t.db, shop.id, staff.id, ['pages']);
  staffHeaders = (await login(t.app, staff.email, staff.password, shop.id)).headers;
  const ps = await t.db
    .insert(products)
    .values([
      { storeId: shop.id, handle: 'tee', title: 'Tee' },
      { storeId: shop.id, handle: 'mug', title: 'Mug' },
      { storeId: theirs.id, handle: 'x', title: 'X' },
    ])
    .returning();
  [ids.tee, ids.mug, ids.foreign] = ps.map((p) => p.id) as [string, string, string];
  const vs = await t.db
    .insert(productVariants)
    .values([
      { storeId: shop.id, productId: ids.tee, priceCents: 2000, inventoryQty: 1000 },
      { storeId: shop.id, productId: ids.mug, priceCents: 900, inventoryQty: 1000 },
    ])
    .returning();
  [ids.teeV, ids.mugV] = vs.map((v) => v.id) as [string, string];
  await t.db.insert(productImages).values({ storeId: shop.id, productId: ids.tee, position: 1, src: '/uploads/tee-front.webp' });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, h = headers) =>
  t.app.inject({ method, url, headers: h, ...(payload ? { payload } : {}) });
async function upload(data: Buffer, name: string, h = headers, file = { name: 'font.ttf', type: 'font/ttf' }) {
  const fd = new FormData();
  fd.append('name', name);
  fd.append('file', new Blob([new Uint8Array(data)], { type: file.type }), file.name);
  const req = new Request('http://localhost/', { method: 'POST', body: fd });
  const payload = Buffer.from(await req.arrayBuffer());
  return t.app.inject({
    method: 'POST',
    url: '/api/personalizes/font',
    headers: { ...h, 'content-type': req.headers.get('content-type')! },
    payload,
  });
}

const fields = () => [
  {
    id: 'name',
    type: 'text',
    label: 'Name',
    maxLength: 12,
    fontId: ids.font,
    color: '#ffffff',
    fontSize: 80,
    align: 'center',
    x: 50,
    y: 40,
  },
  { id: 'photo', type: 'image', label: 'Photo', required: false, x: 50, y: 70, width: 30, height: 20 },
];

describe('fonts', () => {
  it('uploads a TTF: the family is read from the file, served from the shop’s storage as a font', async () => {
    const r = await upload(TTF, 'Chest font');
    expect(r.statusCode, r.body).toBe(200);
    const f = r.json();
    expect(f).toMatchObject({ name: 'Chest font', family: 'Rancho', format: 'ttf', bytes: TTF.length });
    expect(f.fontUrl).toMatch(new RegExp(`^/uploads/${shop.id}/fonts/[0-9a-f-]{36}\\.ttf$`));
    ids.font = f.id;
    const file = await t.app.inject({ method: 'GET', url: f.fontUrl, headers: { host: `${shop.handle}.localhost` } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('font/ttf');
    expect(file.rawPayload.equals(TTF)).toBe(true);
    expect((await call('GET', '/api/personalizes/font')).json().fonts.map((x: { id: string }) => x.id)).toEqual([f.id]);
  });

  it('takes a WOFF too, checked by its content: the family read from it, served as font/woff', async () => {
    const woff = toWoff(TTF);
    const r = await upload(woff, 'Web copy');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ name: 'Web copy', family: 'Rancho', format: 'woff', bytes: woff.length });
    expect(r.json().fontUrl).toMatch(/\.woff$/);
    const file = await t.app.inject({ method: 'GET', url: r.json().fontUrl, headers: { host: `${shop.handle}.localhost` } });
    expect(file.headers['content-type']).toBe('font/woff');
    expect((await call('DELETE', `/api/personalizes/font/${r.json().id}`)).statusCode).toBe(200);
  });

  it.each([
    ['OTF', 'otf', () => OTF],
    ['WOFF2', 'woff2', () => WOFF2],
  ] as const)('takes a real %s, checked by its content: the family read from it, served as font/%s', async (_, ext, data) => {
    const bytes = data();
    const r = await upload(bytes, `${ext} copy`, headers, { name: `Rancho.${ext}`, type: `font/${ext}` });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ name: `${ext} copy`, family: 'Rancho', format: ext, bytes: bytes.length });
    expect(r.json().fontUrl).toMatch(new RegExp(`^/uploads/${shop.id}/fonts/[0-9a-f-]{36}\\.${ext}$`));
    const file = await t.app.inject({ method: 'GET', url: r.json().fontUrl, headers: { host: `${shop.handle}.localhost` } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe(`font/${ext}`);
    expect(file.rawPayload.equals(bytes)).toBe(true);
    expect((await call('DELETE', `/api/personalizes/font/${r.json().id}`)).statusCode).toBe(200);
  });

  it('refuses a non-font renamed .otf / .woff2 (and sent as a font type), naming the field and the rule', async () => {
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#00ff00' } })
      .png()
      .toBuffer();
    // A WOFF2 signature over the rest of a text file: the signature alone is not enough.
    const fakeWoff2 = Buffer.concat([Buffer.from('wOF2'), Buffer.from('not really a font, just text renamed '.repeat(8))]);
    for (const [data, ext] of [
      [png, 'otf'],
      [png, 'woff2'],
      [fakeWoff2, 'woff2'],
      [Buffer.from('%PDF-1.4 renamed pdf, not a font at all'), 'otf'],
    ] as const) {
      const r = await upload(data, 'Renamed', headers, { name: `Rancho.${ext}`, type: `font/${ext}` });
      expect(r.statusCode, `${ext}: ${r.body}`).toBe(400);
      expect(r.json().messages).toEqual(['file: is not a font (TTF, OTF, WOFF or WOFF2)']);
    }
    expect((await call('GET', '/api/personalizes/font')).json().fonts.map((x: { id: string }) => x.id)).toEqual([ids.font]);
  });

  it('refuses a file that is not a font, by content, with a message', async () => {
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    expect((await upload(png, 'Fake')).json().messages).toEqual(['file: is not a font (TTF, OTF, WOFF or WOFF2)']);
    // A TTF signature with garbage after it.
    const fake = Buffer.concat([Buffer.from([0, 1, 0, 0]), Buffer.alloc(200, 7)]);
    expect((await upload(fake, 'Fake')).json().messages).toEqual(['file: is not a font (TTF, OTF, WOFF or WOFF2)']);
    const big = Buffer.concat([TTF, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await upload(big, 'Big');
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().messages).toEqual(['file: must be at most 5 MB']);
  });
});

describe('personalizes', () => {
  let id = '';

  it('attaches text and image fields to a product and reads them by id and by product', async () => {
    const r = await call('POST', '/api/personalizes', { productId: ids.tee, name: 'Name on chest', fields: fields() });
    expect(r.statusCode, r.body).toBe(200);
    const p = r.json();
    id = p.id;
    expect(p).toMatchObject({
      productId: ids.tee,
      product: { title: 'Tee', handle: 'tee', imageSrc: '/uploads/tee-front.webp' },
      name: 'Name on chest',
    });
    expect(p.fields[0]).toMatchObject({ type: 'text', label: 'Name', maxLength: 12, required: true, fontId: ids.font });
    expect(p.fonts.map((f: { family: string }) => f.family)).toEqual(['Rancho']);
    expect((await call('GET', `/api/personalizes/${id}`)).json()).toEqual(p);
    expect((await call('GET', `/api/personalizes/product/${ids.tee}`)).json().id).toBe(id);
    expect((await call('GET', '/api/personalizes/count')).json()).toEqual({ count: 1 });
    const list = (await call('GET', '/api/personalizes/?search=tee')).json();
    expect(list).toMatchObject({ total: 1, page: 1, limit: 20 });
  });

  it('names the field and rule; one per product; foreign product and font refused', async () => {
    const dup = await call('POST', '/api/personalizes', { productId: ids.tee, name: 'Again', fields: fields() });
    expect(dup.json().messages).toEqual(['body.productId: this product already has a personalization']);
    const foreign = await call('POST', '/api/personalizes', { productId: ids.foreign, name: 'X', fields: fields() });
    expect(foreign.json().messages).toEqual(['body.productId: not a product of this store']);
    const bad = await call('POST', '/api/personalizes', {
      productId: ids.mug,
      name: 'Mug',
      fields: [{ id: 'a', type: 'text', label: 'A', maxLength: 500, x: 120, color: 'white' }],
    });
    expect(bad.json().messages).toEqual(
      expect.arrayContaining([
        'body.fields.0.maxLength: maxLength must be between 1 and 100',
        'body.fields.0.x: x must be between 0 and 100',
        'body.fields.0.color: color must be a hex colour like #ffffff',
      ]),
    );
    const twice = await call('POST', '/api/personalizes', {
      productId: ids.mug,
      name: 'Mug',
      fields: [
        { id: 'a', type: 'text', label: 'Name', maxLength: 5 },
        { id: 'b', type: 'text', label: 'name', maxLength: 5 },
      ],
    });
    expect(twice.json().messages).toEqual(["body.fields.1.label: another field is already labelled 'name'"]);
    const font = await call('POST', '/api/personalizes', {
      productId: ids.mug,
      name: 'Mug',
      fields: [{ id: 'a', type: 'text', label: 'Name', maxLength: 5, fontId: '00000000-0000-4000-8000-000000000000' }],
    });
    expect(font.json().messages).toEqual(['body.fields.0.fontId: not a font of this store']);
  });

  it('updates a personalization with PUT; lists them in pages', async () => {
    const mug = await call('POST', '/api/personalizes', {
      productId: ids.mug,
      name: 'Mug text',
      fields: [{ id: 'a', type: 'text', label: 'Initials', maxLength: 3 }],
    });
    expect(mug.statusCode, mug.body).toBe(200);
    const put = await call('PUT', `/api/personalizes/${mug.json().id}`, {
      productId: ids.mug,
      name: 'Mug initials',
      fields: [{ id: 'a', type: 'text', label: 'Initials', maxLength: 4, color: '#000000' }],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      id: mug.json().id,
      name: 'Mug initials',
      fields: [{ label: 'Initials', maxLength: 4, color: '#000000' }],
    });
    expect((await call('GET', `/api/personalizes/${mug.json().id}`)).json().name).toBe('Mug initials');
    const taken = await call('PUT', `/api/personalizes/${mug.json().id}`, { productId: ids.tee, name: 'x', fields: fields() });
    expect(taken.json().messages).toEqual(['body.productId: this product already has a personalization']);
    const p1 = (await call('GET', '/api/personalizes/?limit=1&page=1')).json();
    const p2 = (await call('GET', '/api/personalizes/?limit=1&page=2')).json();
    expect([p1.total, p1.personalizes.length, p2.personalizes.length]).toEqual([2, 1, 1]);
    expect(p1.personalizes[0].id).not.toBe(p2.personalizes[0].id);
    expect((await call('GET', '/api/personalizes/?limit=0')).json().messages).toEqual([
      'querystring.limit: limit must be between 1 and 100',
    ]);
    expect((await call('DELETE', `/api/personalizes/${mug.json().id}`)).statusCode).toBe(200);
  });

  it('scope refusal and foreign shop 404', async () => {
    expect((await call('GET', '/api/personalizes/', undefined, staffHeaders)).statusCode).toBe(403);
    expect((await upload(TTF, 'x', staffHeaders)).statusCode).toBe(403);
    expect((await call('GET', `/api/personalizes/${id}`, undefined, foreignHeaders)).statusCode).toBe(404);
    expect(
      (await call('PUT', `/api/personalizes/${id}`, { productId: ids.tee, name: 'x', fields: fields() }, foreignHeaders)).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/personalizes/font/${ids.font}`, undefined, foreignHeaders)).statusCode).toBe(404);
    expect((await call('GET', `/api/personalizes/product/${ids.tee}`, undefined, foreignHeaders)).statusCode).toBe(404);
  });

  it('serves the fields to the storefront and checks the values at checkout; the order line carries them', async () => {
    const host = `${shop.handle}.localhost`;
    const sf = await t.app.inject({ method: 'GET', url: `/api/storefront/personalizes/${ids.tee}`, headers: { host } });
    expect(sf.json().fonts).toMatchObject([{ id: ids.font, family: 'Rancho' }]);
    expect((await t.app.inject({ method: 'GET', url: `/api/storefront/personalizes/${ids.mug}`, headers: { host } })).json()).toBeNull();
    const checkout = (lines: object[]) =>
      t.app.inject({
        method: 'POST',
        url: '/api/storefront/checkout',
        headers: { host },
        payload: {
          lines,
          customer: { email: 'ann@example.test', firstName: 'Ann', lastName: 'Lee', address1: '1 St', city: 'X', country: 'US' },
          visitorSessionId: 'visitor-personal-1',
        },
      });
    const tooLong = await checkout([{ variantId: ids.teeV, quantity: 1, properties: [{ name: 'Name', value: 'ALEXANDRA-MARIE' }] }]);
    expect(tooLong.json().messages).toEqual(['lines.0.properties: Name must have at most 12 characters']);
    const missing = await checkout([{ variantId: ids.teeV, quantity: 1 }]);
    expect(missing.json().messages).toEqual(['lines.0.properties: Name is required']);
    const unknown = await checkout([
      {
        variantId: ids.teeV,
        quantity: 1,
        properties: [
          { name: 'Name', value: 'A' },
          { name: 'Colour', value: 'red' },
        ],
      },
    ]);
    expect(unknown.json().messages).toEqual(["lines.0.properties: 'Colour' is not a field of this product"]);
    const photo = await checkout([
      {
        variantId: ids.teeV,
        quantity: 1,
        properties: [
          { name: 'Name', value: 'A' },
          { name: 'Photo', value: 'javascript:x' },
        ],
      },
    ]);
    expect(photo.json().messages).toEqual(['lines.0.properties: Photo must be a picture uploaded to this shop']);
    const plain = await checkout([{ variantId: ids.mugV, quantity: 1, properties: [{ name: 'Name', value: 'A' }] }]);
    expect(plain.json().messages).toEqual(['lines.0.properties: this product takes no personalization']);
    const ok = await checkout([
      { variantId: ids.teeV, quantity: 1, properties: [{ name: 'Name', value: ' ANN ' }] },
      { variantId: ids.mugV, quantity: 2 },
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().lines.map((l: { title: string; properties: unknown }) => [l.title, l.properties])).toEqual([
      ['Tee', [{ name: 'Name', value: 'ANN' }]],
      ['Mug', []],
    ]);
  });

  it('takes a shopper photo on the shop host: image checked by content, size limited, rate limited; the order takes its URL', async () => {
    const host = `${shop.handle}.localhost`;
    const send = async (data: Buffer, opts: { field?: string; ip?: string; h?: string } = {}) => {
      const fd = new FormData();
      fd.append(opts.field ?? 'file', new Blob([new Uint8Array(data)], { type: 'image/png' }), 'me.png');
      const req = new Request('http://localhost/', { method: 'POST', body: fd });
      return t.app.inject({
        method: 'POST',
        url: '/api/storefront/personalizes/photos',
        headers: { host: opts.h ?? host, 'content-type': req.headers.get('content-type')! },
        payload: Buffer.from(await req.arrayBuffer()),
        remoteAddress: opts.ip ?? '203.0.113.7',
      });
    };
    const png = await sharp({ create: { width: 1600, height: 800, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const ok = await send(png);
    expect(ok.statusCode, ok.body).toBe(200);
    const photo = ok.json();
    expect(photo).toMatchObject({ width: 1200, height: 600 });
    expect(photo.src).toMatch(new RegExp(`^/uploads/${shop.id}/personalize/[0-9a-f-]{36}_1200x600\\.webp$`));
    const served = await t.app.inject({ method: 'GET', url: photo.src, headers: { host } });
    expect(served.headers['content-type']).toBe('image/webp');
    // Not an image by content (a font named .png), another field, too large, off a shop's host.
    expect((await send(TTF)).json().messages).toEqual([
      'file: must be a JPEG, PNG, WebP, GIF or AVIF image (SVG and other files are not accepted)',
    ]);
    expect((await send(png, { field: 'photo', ip: '203.0.113.8' })).json().messages).toEqual([
      "file: the photo must be sent in the field 'file' (got 'photo')",
    ]);
    const big = await send(Buffer.alloc(5 * 1024 * 1024 + 1, 1), { ip: '203.0.113.8' });
    expect([big.statusCode, big.json().messages]).toEqual([413, ['file: must be at most 5 MB']]);
    expect((await send(png, { h: 'localhost', ip: '203.0.113.9' })).statusCode).toBe(404);
    // 10 uploads a visitor per 10 minutes: the first went through above, 8 more failed or passed; the 11th is refused.
    for (let i = 0; i < 8; i++) await send(TTF);
    const limited = await send(png);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().messages[0]).toMatch(/^Too many photo uploads, please try again in \d+ seconds$/);
    // Another visitor is not affected; the uploaded photo is a valid value of the image field at checkout.
    expect((await send(png, { ip: '203.0.113.10' })).statusCode).toBe(200);
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/storefront/checkout',
      headers: { host },
      payload: {
        lines: [
          {
            variantId: ids.teeV,
            quantity: 1,
            properties: [
              { name: 'Name', value: 'ANN' },
              { name: 'Photo', value: photo.src },
            ],
          },
        ],
        customer: { email: 'ann@example.test', firstName: 'Ann', lastName: 'Lee', address1: '1 St', city: 'X', country: 'US' },
        visitorSessionId: 'visitor-personal-2',
      },
    });
    expect(order.statusCode, order.body).toBe(200);
    expect(order.json().lines[0].properties).toEqual([
      { name: 'Name', value: 'ANN' },
      { name: 'Photo', value: photo.src },
    ]);
  });

  it('deletes a personalization and a font', async () => {
    expect((await call('DELETE', `/api/personalizes/${id}`)).json()).toEqual({ ok: true, messages: ['Personalization deleted'] });
    expect((await call('GET', `/api/personalizes/${id}`)).json().messages).toEqual(['Personalization not found']);
    expect((await call('DELETE', `/api/personalizes/font/${ids.font}`)).json()).toEqual({ ok: true, messages: ['Font deleted'] });
  });
});
