import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DesignDocument, Layer } from '@backroom/design';
import pixelmatch from 'pixelmatch';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OWNER, type E2eServer, launchBrowser, newPage, signIn, startServer } from './harness';

/**
 * Issue 19 Tests: "the server render of a document compared with the editor's canvas export of the same document
 * (pixel difference under a small threshold)". One print-hub design on the unisex tee's front (12 × 16 in, 300 DPI)
 * holds an uploaded picture (rotated), a shape with a stroke, a rotated ellipse, a two-line text in a theme family
 * and a curved text in the shop's own uploaded font (Rancho, fixtures/fonts). The print-hub editor opens it in
 * Chromium; the Konva group that holds the design's layers (the canvas minus guides, checkerboard and transformer)
 * is exported over the trim at the print size (3600 × 4800 px); the server's print render of the same design
 * (`POST /api/designs/{id}/renders`, the job queue) gives `front.png`. Both are compared with pixelmatch (YIQ
 * threshold 0.1, anti-aliased pixels not counted): the share of differing pixels must stay under MAX_DIFF (measured:
 * 0.005 %; before the curved-text baseline was fixed on the server it was 0.23 %, the text 1.4 mm low). The figure is printed, and the diff image is written to e2e/.screenshots/designs-pixels-diff.png.
 */

/** Largest share of differing pixels accepted (of 3600 × 4800). */
const MAX_DIFF = 0.0005;

let server: E2eServer;
let browser: Browser;
let admin: { context: BrowserContext; page: Page };
let headers: { authorization: string; 'x-store-id': string };
const SHOTS = join(import.meta.dirname, '.screenshots');
const FONT = join(import.meta.dirname, '../fixtures/fonts/Rancho-Regular.ttf');

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
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** An API call as the demo owner (JSON or multipart); answers the parsed body, failing on a non-2xx status. */
async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const form = body instanceof FormData;
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...headers, ...(body !== undefined && !form ? { 'content-type': 'application/json' } : {}) },
    body: form ? body : body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  expect(res.ok, `${method} ${path}: ${res.status} ${text}`).toBe(true);
  return JSON.parse(text) as T;
}

/** A 1200 × 900 PNG: a diagonal gradient with a yellow disc and a dark bar (sharp draws it from SVG). */
function artworkPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ff6b6b"/><stop offset="1" stop-color="#4c6ef5"/></linearGradient></defs>
    <rect width="1200" height="900" fill="url(#g)"/><circle cx="600" cy="450" r="260" fill="#ffd43b"/>
    <rect x="120" y="700" width="960" height="90" fill="#212529"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const base = (id: string, x: number, y: number, width: number, height: number, rotation = 0) => ({
  id,
  name: id,
  x,
  y,
  width,
  height,
  rotation,
  opacity: 1,
  locked: false,
  hidden: false,
});
const style = {
  fontId: null as string | null,
  fontWeight: 400,
  italic: false,
  color: '#1b1b1b',
  align: 'center' as const,
  letterSpacing: 0,
  lineHeight: 1.2,
  curveRadius: 0,
};

describe('print = what the editor showed', () => {
  it("the editor's canvas export at print size and the server's print render of the same document differ in under 0.05 % of pixels", async () => {
    const fd = new FormData();
    fd.append('file', new Blob([new Uint8Array(readFileSync(FONT))], { type: 'font/ttf' }), 'Rancho-Regular.ttf');
    fd.append('name', 'Rancho');
    const font = await api<{ id: string; family: string }>('POST', '/api/personalizes/font', fd);
    const up = new FormData();
    up.append('file', new Blob([new Uint8Array(await artworkPng())], { type: 'image/png' }), 'art.png');
    const img = await api<{ id: string; src: string; width: number; height: number }>('POST', '/api/uploads', up);

    const design = await api<{ id: string; version: number; document: DesignDocument }>('POST', '/api/designs', {
      kind: 'print_hub',
      title: 'Pixel check',
      baseProductId: 'unisex-softstyle-tee',
    });
    const doc = design.document;
    const layers: Layer[] = [
      {
        ...base('art', 40, 60, 220, 165, 8),
        type: 'image',
        uploadId: img.id,
        src: img.src,
        pixelWidth: img.width,
        pixelHeight: img.height,
        crop: null,
      },
      {
        ...base('box', 30, 250, 240, 60),
        type: 'shape',
        shape: 'rect',
        fill: '#2b8a3e',
        stroke: '#f08c00',
        strokeWidth: 3,
        cornerRadius: 8,
      },
      {
        ...base('dot', 200, 320, 70, 40, 30),
        type: 'shape',
        shape: 'ellipse',
        fill: '#e64980',
        stroke: null,
        strokeWidth: 0,
        cornerRadius: 0,
      },
      {
        ...base('title', 20, 330, 180, 50),
        ...style,
        type: 'text',
        fontFamily: 'Poppins',
        fontWeight: 700,
        fontSize: 40,
        text: 'Bold line\nsecond line',
      },
      {
        ...base('curve', 52.4, 8, 200, 50),
        ...style,
        type: 'text',
        fontFamily: font.family,
        fontId: font.id,
        fontSize: 60,
        color: '#5f3dc4',
        curveRadius: 160,
        text: 'Est. 2026',
      },
    ];
    doc.surfaces[0]!.layers = layers;
    await api('PUT', `/api/designs/${design.id}`, { document: doc, version: design.version });

    // The server's print file of the document, through the job queue.
    const { id: renderId } = await api<{ id: string }>('POST', `/api/designs/${design.id}/renders`, { kind: 'print' });

    // The editor on the same design: wait until the picture and both fonts are drawn.
    const page = admin.page;
    await page.goto(`${server.url}/admin/print-hub-editor?design=${design.id}`);
    await page.getByRole('application', { name: /print area/ }).waitFor({ timeout: 30_000 });
    await expect
      .poll(
        () =>
          page.evaluate(async (family) => {
            const K = (window as unknown as { Konva?: { stages: KonvaStage[] } }).Konva;
            const stage = K?.stages.find((s) => s.findOne('.design-layer'));
            if (!stage) return 'no stage';
            const images = stage.find('Image');
            if (!images.length || images.some((n) => !n.image())) return 'image loading';
            if (!document.fonts.check(`40px "${family}"`)) return 'shop font loading';
            if (!document.fonts.check('700 40px "Poppins"')) return 'theme font loading';
            return 'ready';
          }, `bk-font-${font.id}`),
        { timeout: 30_000 },
      )
      .toBe('ready');
    // One frame more, so text nodes keyed by the fonts' arrival are drawn with them.
    await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
    const W = 3600;
    const H = 4800;
    const editorPng = Buffer.from(
      (
        await page.evaluate(
          ([w, h, mmW, mmH]) => {
            const K = (window as unknown as { Konva: { stages: KonvaStage[] } }).Konva;
            const stage = K.stages.find((s) => s.findOne('.design-layer'))!;
            // The group holding the layer nodes: drawn in mm, clipped to the surface (Canvas.tsx).
            const group = stage.findOne('.design-layer')!.getParent()!;
            const t = group.getAbsoluteTransform();
            const p0 = t.point({ x: 0, y: 0 });
            const p1 = t.point({ x: mmW, y: mmH });
            const ratio = w / (p1.x - p0.x);
            // Half a pixel more than the print size: the canvas truncates width × ratio, so it ends at exactly w × h.
            return group.toDataURL({ x: p0.x, y: p0.y, width: (w + 0.5) / ratio, height: (h + 0.5) / ratio, pixelRatio: ratio });
          },
          [W, H, doc.surfaces[0]!.width, doc.surfaces[0]!.height] as const,
        )
      ).split(',')[1]!,
      'base64',
    );

    let render: { status: string; files: { name: string; url: string }[] } = { status: 'queued', files: [] };
    await expect
      .poll(
        async () => {
          render = await api('GET', `/api/designs/${design.id}/renders/${renderId}`);
          return render.status;
        },
        { timeout: 60_000, interval: 250 },
      )
      .toBe('done');
    const file = render.files.find((f) => f.name === 'front.png')!;
    const serverPng = Buffer.from(await (await fetch(`${server.url}${file.url}`)).arrayBuffer());

    const raw = (png: Buffer) => sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const [a, b] = await Promise.all([raw(editorPng), raw(serverPng)]);
    expect([a.info.width, a.info.height]).toEqual([W, H]);
    expect([b.info.width, b.info.height]).toEqual([W, H]);
    const diff = Buffer.alloc(W * H * 4);
    const differing = pixelmatch(a.data, b.data, diff, W, H, { threshold: 0.1 });
    const share = differing / (W * H);
    const inked = countInk(b.data);
    await sharp(diff, { raw: { width: W, height: H, channels: 4 } })
      .resize(900)
      .png()
      .toFile(join(SHOTS, 'designs-pixels-diff.png'));
    writeFileSync(join(SHOTS, 'designs-pixels-editor.png'), await sharp(editorPng).resize(900).png().toBuffer());
    console.log(
      `designs-pixels: ${differing} of ${W * H} pixels differ (${(share * 100).toFixed(3)} %; ${((differing / inked) * 100).toFixed(2)} % of the ${inked} inked pixels)`,
    );
    // The comparison is not vacuous: the design covers a good part of the area, and an empty export would differ.
    expect(inked).toBeGreaterThan(W * H * 0.15);
    expect(share).toBeLessThan(MAX_DIFF);
  });
});

/** Pixels with ink (alpha over half). */
function countInk(rgba: Buffer): number {
  let n = 0;
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i]! > 128) n++;
  return n;
}

/** The bits of Konva's stage the test reads in the page (window.Konva, the editor's own Konva instance). */
interface KonvaNode {
  getParent(): KonvaNode | null;
  getAbsoluteTransform(): { point(p: { x: number; y: number }): { x: number; y: number } };
  toDataURL(o: { x: number; y: number; width: number; height: number; pixelRatio: number }): string;
  image(): unknown;
}
interface KonvaStage {
  findOne(selector: string): KonvaNode | undefined;
  find(selector: string): KonvaNode[];
}
