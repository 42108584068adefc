import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DesignDocument, Layer } from '@backroom/design';
import pixelmatch from 'pixelmatch';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePng, renderSurface } from '../apps/server/src/modules/designs/render.js';
import { renderContext } from '../apps/server/src/modules/designs/service.js';
import { mediaStorageFor } from '../apps/server/src/modules/media/index.js';
import { DEMO_OWNER, type E2eServer, launchBrowser, newPage, newShopperPage, seriousA11yViolations, signIn, startServer } from './harness';

/**
 * Issue 19: "A shopper types 'MAYA' on the product page and sees it on the tee; when the order is paid, a print file
 * with MAYA in it is rendered for that order line" (Tests: "a shopper field filled on the storefront and rendered into
 * the order's print file"). A print-hub design on the unisex tee (a text and the shopper field "Name", 10 characters
 * at most, sample ALEX) is saved as a product and made active; a shopper opens it on the demo storefront, types a
 * name (cut at 10 characters, drawn live on the mockup), checks out in test mode (paid at once); the order line gets
 * its print render through the job queue and the order detail lists `front.png` for download. That file is exactly
 * a direct server render of the published document with {name: MAYA} (0 differing pixels), and differs from the
 * render with the field left empty in the Name's box.
 */
let server: E2eServer;
let browser: Browser;
let admin: { context: BrowserContext; page: Page };
let headers: { authorization: string; 'x-store-id': string };
let storeId: string;
const SHOTS = join(import.meta.dirname, '.screenshots');

beforeAll(async () => {
  server = await startServer({ demoOrders: 5 });
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
  admin = await newPage(browser);
  await signIn(admin.page, server.url, DEMO_OWNER.email, DEMO_OWNER.password, 'Demo Fashion');
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_OWNER),
  });
  const body = (await res.json()) as { accessToken: string; storeId: string };
  headers = { authorization: `Bearer ${body.accessToken}`, 'x-store-id': body.storeId };
  storeId = body.storeId;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A JSON API call as the demo owner; answers the parsed body, failing on a non-2xx status. */
async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  expect(res.ok, `${method} ${path}: ${res.status} ${text}`).toBe(true);
  return JSON.parse(text) as T;
}

const textStyle = {
  fontFamily: 'Poppins',
  fontId: null,
  fontWeight: 700,
  italic: false,
  color: '#222222',
  align: 'center' as const,
  letterSpacing: 0,
  lineHeight: 1.2,
  curveRadius: 0,
  opacity: 1,
  rotation: 0,
  locked: false,
  hidden: false,
};

describe('a shopper field typed on the storefront ends in the order print file', () => {
  it('MAYA typed on the product page is drawn on the tee, and the paid order line prints it (the same pixels as a direct render with Name = MAYA)', async () => {
    const design = await api<{ id: string; version: number; document: DesignDocument }>('POST', '/api/designs', {
      kind: 'print_hub',
      title: 'Name tee',
      baseProductId: 'unisex-softstyle-tee',
    });
    const doc = design.document;
    doc.surfaces[0]!.layers = [
      { ...textStyle, id: 'est', name: 'Est', type: 'text', x: 52.4, y: 40, width: 200, height: 40, fontSize: 72, text: 'Est. 2026' },
      {
        ...textStyle,
        id: 'name',
        name: 'Name',
        type: 'field',
        x: 2.4,
        y: 200,
        width: 300,
        height: 60,
        fontSize: 110,
        key: 'name',
        label: 'Name',
        maxLength: 10,
        required: true,
        sample: 'ALEX',
      },
    ] as Layer[];
    doc.product = { baseProductId: 'unisex-softstyle-tee', colors: ['White'], sizes: ['M'], marginCents: 1200 };
    await api('PUT', `/api/designs/${design.id}`, { document: doc, version: design.version });
    const { productId } = await api<{ productId: string }>('POST', `/api/designs/${design.id}/publish`);
    const product = await api<{ handle: string }>('PUT', `/api/products/${productId}`, { status: 'active' });

    // The shopper: the name is cut at 10 characters and drawn live over the tee's mockup.
    const sf = (await newShopperPage(browser)).page;
    await sf.goto(`${server.storefront('demo')}/products/${product.handle}`);
    const name = sf.getByLabel(/^Name/);
    await name.fill('MAYA-ROSE LEE');
    await expect.poll(() => name.inputValue()).toBe('MAYA-ROSE ');
    await name.fill('MAYA');
    const drawn = sf.locator('.sf-perso__svg text[data-field="Name"]');
    await expect.poll(() => drawn.textContent()).toBe('MAYA');
    // The tee's picture carries the design but not the field's sample (ALEX would show under MAYA): ink where the
    // "Est. 2026" text sits, none around the Name field's place.
    const src = (await sf.locator('.sf-perso__canvas img').getAttribute('src'))!;
    expect(src).toMatch(/^\/uploads\//);
    const perso = await api<{ fields: { id: string; x: number; y: number }[] }>('GET', `/api/personalizes/product/${productId}`);
    const at = perso.fields.find((f) => f.id === 'name')!;
    const picture = await sharp(Buffer.from(await (await fetch(new URL(src, server.url))).arrayBuffer()))
      .removeAlpha()
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const darkAround = (xPct: number, yPct: number) => {
      const { width, height } = picture.info;
      let n = 0;
      for (let y = Math.round(((yPct - 3) / 100) * height); y < ((yPct + 3) / 100) * height; y++)
        for (let x = Math.round(((xPct - 12) / 100) * width); x < ((xPct + 12) / 100) * width; x++)
          if (picture.data[y * width + x]! < 100) n++;
      return n;
    };
    expect(darkAround(at.x, at.y)).toBe(0);
    // "Est. 2026" sits 170 mm above the field's centre on the 406.4 mm front, whose height is 29.25 % of the mockup
    // (45 % of the tee's 520 px box on the 800 px drawing): 12.2 % higher.
    expect(darkAround(50, at.y - 12.2)).toBeGreaterThan(50);
    // Where the shopper sees the name: its centre in percent of the picture (compared with the print file below).
    const [tb, ib] = [(await drawn.boundingBox())!, (await sf.locator('.sf-perso__canvas img').boundingBox())!];
    const seen = { x: ((tb.x + tb.width / 2 - ib.x) / ib.width) * 100, y: ((tb.y + tb.height / 2 - ib.y) / ib.height) * 100 };
    await sf.locator('.sf-perso__canvas').screenshot({ path: join(SHOTS, 'designs-order-storefront.png') });
    expect(await seriousA11yViolations(sf)).toEqual([]);

    // Test-mode checkout: the order is paid when placed.
    await sf.getByRole('button', { name: 'Add to cart' }).filter({ visible: true }).first().click();
    if (!/\/(cart|checkout)$/.test(new URL(sf.url()).pathname)) await sf.goto(`${server.storefront('demo')}/cart`);
    if (new URL(sf.url()).pathname === '/cart') {
      await sf.getByText('MAYA', { exact: true }).first().waitFor();
      await sf.getByRole('link', { name: 'Check out' }).click();
    }
    await sf.waitForURL(/\/checkout$/);
    await sf.getByLabel('Email').fill('maya.lee@example.test');
    await sf.getByLabel('First name').fill('Maya');
    await sf.getByLabel('Last name').fill('Lee');
    await sf.getByLabel('Address').fill('1 Main St');
    await sf.getByLabel('City').fill('Austin');
    await sf.getByLabel('ZIP code').fill('78701');
    for (let i = 0; i < 3; i++) {
      const cont = sf.getByRole('button', { name: /^Continue to/ });
      if (!(await cont.isVisible().catch(() => false))) break;
      await cont.click();
    }
    await sf.getByRole('button', { name: 'Place order' }).click();
    await sf.waitForURL(/\/thank-you\//);
    const orderId = new URL(sf.url()).pathname.split('/').pop()!;
    await sf.context().close();

    // The line's print render runs in the job queue; then the order detail lists its file for download.
    await expect
      .poll(
        async () =>
          (await api<{ printFiles: { lineItemId: number; status: string }[] }>('GET', `/api/orders/${orderId}`)).printFiles.map(
            (p) => `${p.lineItemId}:${p.status}`,
          ),
        { timeout: 60_000, interval: 250 },
      )
      .toEqual(['1:done']);
    const page = admin.page;
    await page.goto(`${server.url}/admin/orders/detail/${orderId}`);
    const files = page.getByTestId('print-files');
    await expect.poll(() => files.getByRole('link', { name: 'front.png' }).count(), { timeout: 30_000 }).toBe(1);
    const link = files.getByRole('link', { name: 'front.png' });
    expect(await link.getAttribute('download')).toBe('front.png');
    expect((await page.getByText('Name:').first().textContent())?.replace(/\s+/g, ' ')).toBe('Name: MAYA');
    await page.screenshot({ path: join(SHOTS, 'designs-order-detail.png') });
    expect(await seriousA11yViolations(page)).toEqual([]);
    const orderPng = Buffer.from(await (await fetch(new URL((await link.getAttribute('href'))!, server.url))).arrayBuffer());

    // The same pixels as the server's render of the published document with Name = MAYA; not those without it.
    const storage = mediaStorageFor(server.app.config);
    const direct = async (values: Record<string, string>) =>
      encodePng(await renderSurface(doc.surfaces[0]!, doc, renderContext(server.db, storage, storeId, values, 'empty')));
    const raw = (png: Buffer) => sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const [got, maya, blank] = await Promise.all([raw(orderPng), raw(await direct({ name: 'MAYA' })), raw(await direct({}))]);
    const { width: W, height: H } = got.info;
    expect([W, H]).toEqual([3600, 4800]);
    expect(pixelmatch(got.data, maya.data, undefined, W, H, { threshold: 0 })).toBe(0);
    // The name prints where the shopper saw it: the ink's centre in the print file, placed on the mockup where the
    // catalogue puts the front, within 0.3 % of the picture of the storefront's drawing (measured 0.03 %; fonts differ:
    // the storefront draws fields in the theme's heading font).
    const front = (
      await api<{ printAreas: { key: string; mockup: { left: number; top: number; width: number; height: number } }[] }>(
        'GET',
        '/api/catalog/base-products/unisex-softstyle-tee',
      )
    ).printAreas.find((a) => a.key === 'front')!.mockup;
    let [x0, y0, x1, y1] = [W, H, 0, 0];
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++)
        if (got.data[(y * W + x) * 4 + 3]! > 128 && y > H / 3) {
          x0 = Math.min(x0, x);
          x1 = Math.max(x1, x);
          y0 = Math.min(y0, y);
          y1 = Math.max(y1, y);
        }
    const printed = { x: front.left + ((x0 + x1) / 2 / W) * front.width, y: front.top + ((y0 + y1) / 2 / H) * front.height };
    console.log(
      `designs-order: name seen at ${seen.x.toFixed(2)} %, ${seen.y.toFixed(2)} %; printed at ${printed.x.toFixed(2)} %, ${printed.y.toFixed(2)} %`,
    );
    expect(Math.abs(printed.x - seen.x)).toBeLessThan(0.3);
    expect(Math.abs(printed.y - seen.y)).toBeLessThan(0.3);

    // Without the name it differs by a name's worth of pixels, all of them in the Name's box (y 200–260 mm).
    expect(pixelmatch(got.data, blank.data, undefined, W, H, { threshold: 0.1 })).toBeGreaterThan(20_000);
    const top = Math.round((200 / 25.4) * 300);
    const bottom = Math.round((260 / 25.4) * 300);
    const blankPng = await direct({});
    for (const band of [
      { left: 0, top: 0, width: W, height: top },
      { left: 0, top: bottom, width: W, height: H - bottom },
    ]) {
      const crop = (png: Buffer) => sharp(png).extract(band).ensureAlpha().raw().toBuffer();
      const [a, b] = await Promise.all([crop(orderPng), crop(blankPng)]);
      expect(pixelmatch(a, b, undefined, band.width, band.height, { threshold: 0 })).toBe(0);
    }
  });
});
