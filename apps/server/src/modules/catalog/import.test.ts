import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../../db/client.js';
import { addMember, createTestApp, login, makeStore, makeUser, type TestContext } from '../../test/harness.js';
import { settleJob, waitForJob } from '../jobs/index.js';
import { RemoteImages } from './images.js';

const FIXTURES = join(import.meta.dirname, '../../../../../fixtures/shopify-product-csvs');
const apparel = readFileSync(join(FIXTURES, 'apparel.csv'));
const jewelery = readFileSync(join(FIXTURES, 'jewelery.csv'));
const HEADER =
  'Handle,Title,Body (HTML),Vendor,Type,Tags,Published,Option1 Name,Option1 Value,Variant SKU,Variant Price,Variant Inventory Qty,Image Src,Image Position';

/** A multipart/form-data body with one file part, built by the platform's FormData (no form-data package). */
async function multipart(content: string | Buffer, o: { field?: string; filename?: string } = {}) {
  const fd = new FormData();
  fd.append(
    o.field ?? 'file',
    new Blob([typeof content === 'string' ? content : new Uint8Array(content)], { type: 'text/csv' }),
    o.filename ?? 'products.csv',
  );
  const req = new Request('http://localhost/', { method: 'POST', body: fd });
  return { payload: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get('content-type')! };
}

let t: TestContext;
let dataDir: string;
let owner: { headers: Record<string, string> };
let storeId: string;
let imageServer: Server;
let imageBase: string;
let closedPort: number;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'backroom-import-test-'));
  // The picture server of these tests listens on loopback, which the import refuses unless allowed (import-ssrf.test.ts).
  t = await createTestApp({ dataDir, fetchAllowAddresses: ['127.0.0.1'] });
  const u = await makeUser(t.db);
  storeId = (await makeStore(t.db, t.config, { ownerId: u.id })).id;
  owner = await login(t.app, u.email, u.password, storeId);
  imageServer = createServer((req, res) => {
    if (req.url?.startsWith('/img/')) {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(PNG);
    } else if (req.url === '/page.html') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html></html>');
    } else if (req.url?.startsWith('/hang.jpg')) {
      // Never answers: the import must give up on its own.
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((r) => imageServer.listen(0, '127.0.0.1', r));
  imageBase = `http://127.0.0.1:${(imageServer.address() as AddressInfo).port}`;
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise((r) => probe.close(r));
}, 60_000);
afterAll(async () => {
  imageServer?.closeAllConnections();
  await new Promise((r) => imageServer?.close(r));
  await t.close();
});

async function upload(content: string | Buffer, o: { field?: string; headers?: Record<string, string>; store?: string } = {}) {
  const { payload, contentType } = await multipart(content, o);
  const headers = o.headers ?? owner.headers;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/products/import',
    payload,
    headers: { ...headers, 'content-type': contentType },
  });
  // The import runs as a background job (202 + Job): wait for it and read its ImportReport.
  return settleJob(t.app, headers, res);
}

const countOf = async (store = storeId) => {
  const [r] = await rows<{ p: number; v: number; i: number }>(
    t.db,
    sql`select (select count(*)::int from products where store_id = ${store}) as p,
               (select count(*)::int from product_variants where store_id = ${store}) as v,
               (select count(*)::int from product_images where store_id = ${store}) as i`,
  );
  return r!;
};

describe('POST /api/products/import with the shared Shopify exports', () => {
  it('imports apparel.csv: every product and variant, pictures kept as remote links (no internet here)', async () => {
    const res = await upload(apparel);
    expect(res.statusCode).toBe(200);
    const r = res.json();
    const records = parse(apparel, { columns: true, bom: true }) as Record<string, string>[];
    expect(r).toMatchObject({
      rows: records.length,
      created: new Set(records.map((x) => x.Handle)).size,
      updated: 0,
      skipped: 0,
      variants: records.filter((x) => x['Variant Price']).length,
      images: 20,
      imagesStored: 0,
      imagesRemote: 20,
      encoding: 'utf-8',
      rejected: [],
    });
    expect(r.warnings.join(' ')).toMatch(
      /20 picture\(s\) could not be fetched and are kept as remote links; unreachable: burst\.shopifycdn\.com/,
    );
    expect(await countOf()).toEqual({ p: 20, v: 22, i: 20 });
    const [img] = await rows<{ src: string; remote_src: string }>(
      t.db,
      sql`select i.src, i.remote_src from product_images i join products p on p.id = i.product_id where p.handle = 'ocean-blue-shirt'`,
    );
    expect(img).toEqual({
      src: 'https://burst.shopifycdn.com/photos/young-man-in-bright-fashion_925x.jpg',
      remote_src: 'https://burst.shopifycdn.com/photos/young-man-in-bright-fashion_925x.jpg',
    });
    const [top] = await rows<{ title: string; tags: string[]; published: boolean; option_names: string[]; prices: number[] }>(
      t.db,
      sql`select p.title, p.tags, p.published, p.option_names, array_agg(v.price_cents order by v.position) as prices
          from products p join product_variants v on v.product_id = p.id where p.handle = 'classic-varsity-top' group by p.id`,
    );
    expect(top).toEqual({
      title: 'Classic Varsity Top',
      tags: ['women'],
      published: true,
      option_names: ['Size'],
      prices: [6000, 6000, 6000],
    });
  });

  it('answers 202 with the import job at once; the job reports records read of the total, then the report', async () => {
    const { payload, contentType } = await multipart(apparel);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products/import',
      payload,
      headers: { ...owner.headers, 'content-type': contentType },
    });
    expect(res.statusCode).toBe(202);
    const job = res.json();
    expect(job).toMatchObject({ type: 'catalog.import', result: null, error: null });
    expect(['queued', 'running']).toContain(job.state);
    const done = await waitForJob(t.app, owner.headers, job.id);
    const rowsInFile = parse(apparel, { columns: true, skip_empty_lines: true }).length;
    expect(done).toMatchObject({ state: 'completed', progress: { done: rowsInFile, total: rowsInFile }, attempts: 1 });
    const report = done.result as { rows: number; created: number; updated: number; skipped: number; rejected: unknown[] };
    expect(report).toMatchObject({ rows: rowsInFile, rejected: [] });
    expect(report.created + report.updated + report.skipped).toBe(20);
    const list = await t.app.inject({ method: 'GET', url: '/api/jobs?type=catalog.import', headers: owner.headers });
    expect(list.json().items[0]).toMatchObject({ id: job.id, state: 'completed' });
  });

  it('re-importing the same file updates instead of duplicating', async () => {
    const res = await upload(apparel);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ created: 0, updated: 0, skipped: 20, variants: 0, images: 0, rejected: [] });
    expect(await countOf()).toEqual({ p: 20, v: 22, i: 20 });
  });

  it('applies changed rows of a re-imported file and adds new variants', async () => {
    const lines = apparel.toString('utf8').split('\n');
    const i = lines.findIndex((l) => l.startsWith('ocean-blue-shirt,'));
    lines[i] = lines[i]!.replace(',Ocean Blue Shirt,', ',Ocean Blue Shirt (new),').replace(',50,,true,true,', ',55.5,,true,true,');
    const varsity = lines.filter((l) => l.startsWith('classic-varsity-top,,')).at(-1)!;
    lines.splice(lines.indexOf(varsity) + 1, 0, varsity.replace(',Large,', ',XL,'));
    const res = await upload(lines.join('\n'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ created: 0, updated: 2, skipped: 18, variants: 2, rejected: [] });
    const [shirt] = await rows<{ title: string; price_cents: number }>(
      t.db,
      sql`select p.title, v.price_cents from products p join product_variants v on v.product_id = p.id
          where p.store_id = ${storeId} and p.handle = 'ocean-blue-shirt'`,
    );
    expect(shirt).toEqual({ title: 'Ocean Blue Shirt (new)', price_cents: 5550 });
    expect(await countOf()).toEqual({ p: 20, v: 23, i: 20 });
  });

  it('imports jewelery.csv: 20 products, 23 variants, 41 pictures (variant pictures among them)', async () => {
    const res = await upload(jewelery);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ rows: 41, created: 20, updated: 0, skipped: 0, variants: 23, images: 41, rejected: [] });
    const [anchor] = await rows<{ n: number; imgs: number; variant_srcs: string[] }>(
      t.db,
      sql`select (select count(*)::int from product_variants v where v.product_id = p.id) as n,
                 (select count(*)::int from product_images i where i.product_id = p.id) as imgs,
                 (select array_agg(v.image_src order by v.position) from product_variants v where v.product_id = p.id) as variant_srcs
          from products p where p.store_id = ${storeId} and p.handle = 'leather-anchor'`,
    );
    expect(anchor).toEqual({
      n: 2,
      imgs: 3,
      variant_srcs: [
        'https://burst.shopifycdn.com/photos/anchor-bracelet-mens_925x.jpg',
        'https://burst.shopifycdn.com/photos/anchor-bracelet-for-men_925x.jpg',
      ],
    });
  });
});

describe('rejected rows and broken files', () => {
  it('rejects a bad price with its row number and imports the good rows', async () => {
    const csv = [
      HEADER,
      'good-one,Good One,,Acme,Mug,"a, b",true,Title,Default Title,G1,12.50,4,,',
      'bad-price,Bad Price,,Acme,Mug,,true,Title,Default Title,B1,abc,1,,',
      ',No Handle,,Acme,Mug,,true,Title,Default Title,N1,3,1,,',
      'good-two,Good Two,,Acme,Mug,,FALSE,Size,S,G2-S,7,1,,',
      'good-two,,,,,,,,M,G2-M,,1,,',
      'good-two,,,,,,,,S,G2-S2,8,1,,',
      'no-title,,,,,,,,Default Title,X,5,1,,',
    ].join('\r\n');
    const res = await upload(csv);
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r).toMatchObject({ rows: 7, created: 2, variants: 2 });
    expect(r.rejected).toEqual([
      { row: 3, handle: 'bad-price', reason: "Variant Price: 'abc' is not a price" },
      { row: 4, handle: null, reason: 'Handle: is required' },
      { row: 6, handle: 'good-two', reason: 'Variant Price: is required for a new variant' },
      { row: 7, handle: 'good-two', reason: "Option1 Value: 'S' repeats the variant of row 5" },
      { row: 8, handle: 'no-title', reason: "Title: is required to create product 'no-title' (on its first row)" },
    ]);
    const got = await rows<{ handle: string; published: boolean; tags: string[]; price_cents: number }>(
      t.db,
      sql`select p.handle, p.published, p.tags, v.price_cents from products p join product_variants v on v.product_id = p.id
          where p.store_id = ${storeId} and p.handle in ('good-one', 'good-two', 'bad-price', 'no-title') order by 1`,
    );
    expect(got).toEqual([
      { handle: 'good-one', published: true, tags: ['a', 'b'], price_cents: 1250 },
      { handle: 'good-two', published: false, tags: [], price_cents: 700 },
    ]);
  });

  it('answers 400 naming the missing Handle header', async () => {
    const res = await upload('Title,Variant Price\nMug,5\n');
    expect(res.statusCode).toBe(400);
    expect(res.json().messages[0]).toMatch(/^file: the 'Handle' column is missing/);
  });

  it("answers 400 'file: the CSV is empty' for an empty file", async () => {
    const res = await upload('');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, code: 'BAD_REQUEST', messages: ['file: the CSV is empty'] });
  });

  it('reads a Windows-1252 file and says so', async () => {
    const res = await upload(Buffer.from(`${HEADER}\ncafe-creme,Caf\xe9 cr\xe8me,,,,,true,Title,Default Title,C1,4.5,1,,\n`, 'latin1'));
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r).toMatchObject({ encoding: 'windows-1252', created: 1 });
    expect(r.warnings[0]).toMatch(/^file: not valid UTF-8 \(first at line 2\); it was read as Windows-1252/);
    const [p] = await rows<{ title: string }>(t.db, sql`select title from products where store_id = ${storeId} and handle = 'cafe-creme'`);
    expect(p!.title).toBe('Café crème');
  });

  it('answers 400 without a file part, with a wrong field name, or with a JSON body', async () => {
    const wrong = await upload(apparel, { field: 'csv' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().messages).toEqual(["file: the CSV must be sent in the field 'file' (got 'csv')"]);
    const json = await t.app.inject({ method: 'POST', url: '/api/products/import', payload: { a: 1 }, headers: owner.headers });
    expect(json.statusCode).toBe(400);
    expect(json.json().messages).toEqual(["file: send the CSV as multipart/form-data in the field 'file'"]);
  });

  it('imports a 50 MB file by streaming it', async () => {
    const body = `<p>${'Soft organic cotton, cut for an easy fit. '.repeat(380)}</p>`;
    const parts: string[] = [HEADER];
    let size = HEADER.length;
    let i = 0;
    while (size < 50 * 1024 * 1024) {
      i += 1;
      const line = `big-${i},Big ${i},"${body}",Acme,Tee,big,true,Title,Default Title,BIG-${i},${(i % 90) + 10}.99,${i % 7},,`;
      parts.push(line);
      size += line.length + 1;
    }
    const csv = parts.join('\n');
    expect(csv.length).toBeGreaterThanOrEqual(50 * 1024 * 1024);
    const res = await upload(csv);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ rows: i, created: i, rejected: [] });
    const [c] = await rows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from products where store_id = ${storeId} and handle like 'big-%'`,
    );
    expect(c!.n).toBe(i);
  }, 600_000);

  it('answers 413 for a file over 60 MB', async () => {
    const res = await upload(Buffer.alloc(61 * 1024 * 1024, 'a'));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      statusCode: 413,
      code: 'PAYLOAD_TOO_LARGE',
      messages: ['file: the CSV is larger than the 60 MB limit; split it into smaller files'],
    });
  }, 120_000);
});

describe('pictures', () => {
  it('stores reachable pictures in the shop storage and serves them; keeps unreachable ones as remote links', async () => {
    const csv = [
      HEADER,
      `pic-one,Pic One,,,,,true,Title,Default Title,P1,9,1,${imageBase}/img/one.png,1`,
      `pic-one,,,,,,,,,,,,http://127.0.0.1:${closedPort}/gone.jpg,2`,
      'pic-one,,,,,,,,,,,,http://no-such-host.invalid/x.jpg,3',
      `pic-one,,,,,,,,,,,,${imageBase}/page.html,4`,
    ].join('\n');
    const res = await upload(csv);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ created: 1, images: 4, imagesStored: 1, imagesRemote: 3, rejected: [] });
    const imgs = await rows<{ position: number; src: string; remote_src: string }>(
      t.db,
      sql`select i.position, i.src, i.remote_src from product_images i join products p on p.id = i.product_id
          where p.store_id = ${storeId} and p.handle = 'pic-one' order by i.position`,
    );
    expect(imgs[0]!.src).toMatch(new RegExp(`^/uploads/${storeId}/products/[0-9a-f]{40}\\.png$`));
    expect(imgs[0]!.remote_src).toBe(`${imageBase}/img/one.png`);
    expect(imgs.slice(1).map((i) => i.src)).toEqual([
      `http://127.0.0.1:${closedPort}/gone.jpg`,
      'http://no-such-host.invalid/x.jpg',
      `${imageBase}/page.html`,
    ]);
    expect(existsSync(join(dataDir, imgs[0]!.src))).toBe(true);
    const served = await t.app.inject({ method: 'GET', url: imgs[0]!.src });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    const [up] = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from uploads where store_id = ${storeId}`);
    expect(up!.n).toBe(1);
  });

  it('gives up on an unreachable host once: 100 pictures cost one timeout', async () => {
    const images = new RemoteImages({ dataDir, storeId, timeoutMs: 400, allow: ['127.0.0.1'] });
    const started = Date.now();
    const out = await Promise.all(Array.from({ length: 100 }, (_, i) => images.resolve(`${imageBase}/hang.jpg?${i}`)));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(out.every((o) => !o.stored && o.src === o.remoteSrc)).toBe(true);
    expect([...images.failedHosts.values()]).toEqual(['no answer within 0.4 s']);
  });

  it('serves the committed demo pictures', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/demo-assets/products/demo/linen-wrap-dress-1.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.body).toContain('<title>Linen Wrap Dress</title>');
  });
});

describe('catalog reads and permissions', () => {
  it('counts products, variants and collections of the store (scope products or homes)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/products/count', headers: owner.headers });
    expect(res.statusCode).toBe(200);
    const c = await countOf();
    const [cols] = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from collections where store_id = ${storeId}`);
    expect(res.json()).toEqual({ count: c.p, variants: c.v, collections: cols!.n });
    const homes = await makeUser(t.db);
    await addMember(t.db, storeId, homes.id, ['homes']);
    const h = await login(t.app, homes.email, homes.password, storeId);
    expect((await t.app.inject({ method: 'GET', url: '/api/products/count', headers: h.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/products', headers: h.headers })).statusCode).toBe(403);
    expect((await upload(apparel, { headers: h.headers })).statusCode).toBe(403);
  });

  it('lists products by page with search, and collections filed by a Collection column', async () => {
    const csv = [
      'Handle,Title,Vendor,Collection,Variant Price,Option1 Value',
      'col-a,Alpha Lamp,Lumen,Lighting,10,Default Title',
      'col-b,Beta Lamp,Lumen,Lighting,20.5,Default Title',
    ].join('\n');
    expect((await upload(csv)).json()).toMatchObject({ created: 2, rejected: [] });
    const page = await t.app.inject({ method: 'GET', url: '/api/products?search=lamp&limit=1&page=2', headers: owner.headers });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      total: 2,
      page: 2,
      limit: 1,
      products: [{ title: 'Beta Lamp', handle: 'col-b', vendor: 'Lumen', priceMin: 20.5, priceMax: 20.5, variantsCount: 1 }],
    });
    const withImage = await t.app.inject({ method: 'GET', url: '/api/products?search=varsity', headers: owner.headers });
    expect(withImage.json().products[0]).toMatchObject({
      title: 'Classic Varsity Top',
      image: { src: 'https://burst.shopifycdn.com/photos/casual-fashion-woman_925x.jpg' },
      variantsCount: 4,
      priceMin: 60,
      priceMax: 60,
    });
    const cols = await t.app.inject({ method: 'GET', url: '/api/collections?search=light', headers: owner.headers });
    expect(cols.json()).toMatchObject({
      total: 1,
      collections: [{ title: 'Lighting', handle: 'lighting', productsCount: 2, image: null }],
    });
    const inCol = await t.app.inject({ method: 'GET', url: '/api/products?collection=lighting', headers: owner.headers });
    expect(inCol.json().products.map((p: { handle: string }) => p.handle)).toEqual(['col-a', 'col-b']);
    const bad = await t.app.inject({ method: 'GET', url: '/api/products?limit=0', headers: owner.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages.join(' ')).toMatch(/limit must be between 1 and 250/);
  });

  it('keeps stores apart: another store sees none of these products and imports its own copy', async () => {
    const u = await makeUser(t.db);
    const other = (await makeStore(t.db, t.config, { ownerId: u.id })).id;
    const o = await login(t.app, u.email, u.password, other);
    const list = await t.app.inject({ method: 'GET', url: '/api/products', headers: o.headers });
    expect(list.json()).toMatchObject({ total: 0, products: [] });
    const res = await upload(apparel, { headers: o.headers });
    expect(res.json()).toMatchObject({ created: 20 });
    expect(await countOf(other)).toEqual({ p: 20, v: 22, i: 20 });
    const cross = await t.app.inject({ method: 'GET', url: '/api/products', headers: { ...o.headers, 'x-store-id': storeId } });
    expect(cross.statusCode).toBe(404);
  });
});
