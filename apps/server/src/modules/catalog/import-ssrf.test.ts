import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../../db/client.js';
import { createTestApp, login, makeStore, makeUser, type TestContext } from '../../test/harness.js';
import { settleJob } from '../jobs/index.js';

/**
 * Issue 14 item 5 "High — server-side request forgery in the CSV import": `Image Src` values pointing at loopback
 * (every spelling the probe used) are not fetched, a loopback answer sent as image/png is not stored or served,
 * and the warnings are the same for an open and a closed port (no port scanner). Default config: no allow list.
 */
let t: TestContext;
let headers: Record<string, string>;
let storeId: string;
let internal: Server;
let openPort: number;
let closedPort: number;
let hits = 0;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  t = await createTestApp({ dataDir: mkdtempSync(join(tmpdir(), 'backroom-ssrf-')) });
  const u = await makeUser(t.db);
  storeId = (await makeStore(t.db, t.config, { ownerId: u.id })).id;
  headers = (await login(t.app, u.email, u.password, storeId)).headers;
  internal = createServer((req, res) => {
    hits += 1;
    if (req.url === '/redirect') res.writeHead(302, { location: `http://127.0.0.1:${openPort}/secret.png` }).end();
    else res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
  });
  await new Promise<void>((r) => internal.listen(0, '127.0.0.1', r));
  openPort = (internal.address() as AddressInfo).port;
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise((r) => probe.close(r));
}, 120_000);
afterAll(async () => {
  internal?.closeAllConnections();
  await new Promise((r) => internal?.close(r));
  await t.close();
});

async function importCsv(lines: string[]) {
  const csv = ['Handle,Title,Variant Price,Image Src,Image Position', ...lines].join('\n');
  const fd = new FormData();
  fd.append('file', new Blob([csv], { type: 'text/csv' }), 'products.csv');
  const req = new Request('http://localhost/', { method: 'POST', body: fd });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/products/import',
    payload: Buffer.from(await req.arrayBuffer()),
    headers: { ...headers, 'content-type': req.headers.get('content-type')! },
  });
  return settleJob(t.app, headers, res);
}

describe('CSV import pictures and the network', () => {
  it('fetches none of the loopback spellings, stores nothing, and warns alike for open and closed ports', async () => {
    hits = 0;
    const hostsOpen = ['127.0.0.1', '127.1', '2130706433', '0x7f000001', '[::1]', 'localhost'].map((h) => `http://${h}:${openPort}/a.png`);
    const urls = [
      ...hostsOpen,
      `http://127.0.0.1:${closedPort}/a.png`,
      'http://localhost:5432/',
      'http://169.254.169.254/latest/meta-data/',
    ];
    const res = await importCsv(urls.map((u, i) => (i === 0 ? `ssrf,SSRF,1.00,${u},1` : `ssrf,,,${u},${i + 1}`)));
    expect(res.statusCode).toBe(200);
    const report = res.json();
    // The URL parser writes 127.1, 2130706433 and 0x7f000001 as 127.0.0.1, so some rows name the same picture.
    expect(report).toMatchObject({ created: 1, imagesStored: 0, rejected: [] });
    expect(report.images).toBeGreaterThanOrEqual(6);
    expect(report.imagesRemote).toBe(report.images);
    expect(hits).toBe(0);
    const warning = (report.warnings as string[]).find((w) => w.startsWith('images:'))!;
    // Every host is reported with the same generic reason: nothing tells an open port from a closed one.
    const reasons = [...warning.split('unreachable: ')[1]!.matchAll(/\(([^)]*)\)/g)].map((m) => m[1]);
    expect(new Set(reasons)).toEqual(new Set(['not reachable']));
    expect(warning).not.toMatch(/ECONNREFUSED|ECONNRESET|EHOSTUNREACH|HTTP \d/);
    const [n] = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from uploads where store_id = ${storeId}`);
    expect(n!.n).toBe(0);
    const imgs = await rows<{ src: string }>(t.db, sql`select src from product_images where store_id = ${storeId} order by position`);
    expect(imgs.every((i) => !i.src.startsWith('/uploads/'))).toBe(true);
  });
});
