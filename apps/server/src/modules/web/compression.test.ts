import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pages, products } from '../../db/schema/index.js';
import { createTestApp, makeStore, makeUser, type TestContext } from '../../test/harness.js';

// Issue 16 item 2: built files are sent precompressed (.br/.gz written by scripts/precompress.mjs), HTML and JSON
// above 1 KiB compressed on the fly, none for clients that ask for none. Fixture dist folders stand in for the
// Vite builds, with the compressed copies written the way the build step writes them.
const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i}`))};\n`;
const scriptBr = brotliCompressSync(script);
const scriptGz = gzipSync(script);

function fixtureDist(prefix: string): string {
  const dist = mkdtempSync(join(tmpdir(), prefix));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    `<!doctype html><html><head><title>x</title></head><body><div id="root"></div><!--${'pad '.repeat(400)}--></body></html>`,
  );
  writeFileSync(join(dist, 'assets', 'index-abc.js'), script);
  writeFileSync(join(dist, 'assets', 'index-abc.js.br'), scriptBr);
  writeFileSync(join(dist, 'assets', 'index-abc.js.gz'), scriptGz);
  return dist;
}

let t: TestContext;
let shopHost: string;

beforeAll(async () => {
  t = await createTestApp({ storefrontDist: fixtureDist('sf-gz-') }, { adminDist: fixtureDist('admin-gz-') });
  const owner = await makeUser(t.db);
  const shop = await makeStore(t.db, t.config, { ownerId: owner.id });
  shopHost = `${shop.handle}.localhost:3000`;
  // The pages compressed below exist: a missing product or page is a real 404 since issue 31 item 4.
  await t.db.insert(products).values({ storeId: shop.id, handle: 'any-product', title: 'Any product' });
  await t.db.insert(pages).values({ storeId: shop.id, handle: 'about-us', title: 'About us' });
});
afterAll(() => t.close());

const get = (url: string, host: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: { host, ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) } });

describe.each([
  ['admin', 'localhost:3000'],
  ['storefront', 'shop'],
])('the %s build: precompressed static assets', (_face, hostKey) => {
  const host = () => (hostKey === 'shop' ? shopHost : hostKey);

  it('answers brotli for `br, gzip`, with the immutable caching and the security headers', async () => {
    const r = await get('/assets/index-abc.js', host(), 'br, gzip');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    // The build's copy itself (its length is known), not a stream compressed on the fly (no content-length).
    expect(r.headers['content-length']).toBe(String(scriptBr.length));
    expect(r.headers['content-type']).toMatch(/^(text|application)\/javascript; charset=utf-8$/);
    expect(r.headers.vary).toContain('accept-encoding');
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['content-security-policy']).toBeDefined();
    expect(brotliDecompressSync(r.rawPayload).toString()).toBe(script);
  });

  it('answers gzip for gzip only (and for `*`)', async () => {
    for (const accept of ['gzip', 'gzip, deflate', '*']) {
      const r = await get('/assets/index-abc.js', host(), accept);
      expect(r.headers['content-encoding']).toBe('gzip');
      expect(r.headers['content-length']).toBe(String(scriptGz.length));
      expect(r.headers.vary).toContain('accept-encoding');
      expect(gunzipSync(r.rawPayload).toString()).toBe(script);
    }
  });

  it('answers the file as it is for `identity`, no Accept-Encoding, or only unsupported codings', async () => {
    for (const accept of ['identity', undefined, 'compress']) {
      const r = await get('/assets/index-abc.js', host(), accept);
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-encoding']).toBeUndefined();
      expect(r.headers['content-type']).toMatch(/^(text|application)\/javascript; charset=utf-8$/);
      expect(r.headers.vary).toContain('accept-encoding');
      expect(r.body).toBe(script);
    }
  });
});

describe('on-the-fly compression of HTML and JSON', () => {
  it('compresses a large JSON API answer, br preferred, gzip for gzip only, none for identity', async () => {
    const br = await get('/api/docs/json', 'localhost:3000', 'gzip, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    const doc = JSON.parse(brotliDecompressSync(br.rawPayload).toString()) as { openapi: string };
    expect(doc.openapi).toMatch(/^3\./);
    const gz = await get('/api/docs/json', 'localhost:3000', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(doc);
    for (const accept of ['identity', undefined]) {
      const plain = await get('/api/docs/json', 'localhost:3000', accept);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.json()).toEqual(doc);
    }
  });

  it('leaves a JSON answer under 1 KiB uncompressed', async () => {
    const r = await get('/api/health', 'localhost:3000', 'br, gzip');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.json()).toEqual({ ok: true, db: expect.any(String) });
  });

  it('compresses the storefront page (nonce-stamped per request) with its own CSP and no-cache kept', async () => {
    const r = await get('/', shopHost, 'br, gzip');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers.vary).toContain('accept-encoding');
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(r.headers['content-security-policy']).toContain("'nonce-");
    expect(brotliDecompressSync(r.rawPayload).toString()).toContain('id="sf-bootstrap"');
  });

  // The storefront answers these from its onRequest hook with no route matching the path, so @fastify/compress
  // (which hooks onto routes) never saw them: they went out uncompressed before the storefront compressed them itself.
  it.each(['/collections/all', '/products/any-product', '/pages/about-us'])(
    'compresses the storefront page at %s, a path no route matches: br, gzip, none for identity or no header',
    async (path) => {
      const br = await get(path, shopHost, 'gzip, deflate, br');
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toContain('accept-encoding');
      expect(br.headers['cache-control']).toBe('no-cache');
      expect(br.headers['content-security-policy']).toContain("'nonce-");
      const page = brotliDecompressSync(br.rawPayload).toString();
      expect(page).toContain('id="sf-bootstrap"');
      expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
      expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(page) / 2);
      const gz = await get(path, shopHost, 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toContain('id="sf-bootstrap"');
      for (const accept of ['identity', undefined]) {
        const plain = await get(path, shopHost, accept);
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(plain.headers.vary).toContain('accept-encoding');
        expect(plain.body).toContain('id="sf-bootstrap"');
      }
    },
  );

  it("sends the admin's index.html precompressed when the build has a copy, else compressed on the fly", async () => {
    const r = await get('/admin/products', 'localhost:3000', 'gzip');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(r.rawPayload).toString()).toContain('<div id="root">');
  });
});
