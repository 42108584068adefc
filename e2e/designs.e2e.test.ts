import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../apps/server/src/db/client.js';
import { DEMO_OWNER, type E2eServer, launchBrowser, newPage, seriousA11yViolations, signIn, startServer } from './harness';

/**
 * The print-on-demand editors in Chromium (issue 19 items 2–5), on Demo Fashion: from the Catalog the merchant presses
 * Design on the unisex tee; the print-hub editor opens full screen on the Front area; they upload artwork (flagged at
 * 140 DPI until they shrink it), add a curved text "Est. 2026" and drag it back onto the centre (snapping), add a
 * shopper field "Name", delete and nudge and undo twice, switch the mockup to Black, choose colours and sizes and press
 * Save as product: a draft product with its variants, a mockup per colour and the print files. Then a book (title page
 * from a template, a photo slot, the preview with the sample name, Export PDF) and a photo book in spreads (a spread
 * added moves the spine; Export PDFs gives the interior and the cover). Then editing on the canvas itself (a text
 * typed in place is one undo step, a selection box chooses layers that align together, an image cropped in crop mode)
 * and the editors on a 375 px phone (nothing wider than the screen, panels in drawers). Each editor is screenshot
 * (e2e/.screenshots/designs-*.png) and checked with axe.
 */
let server: E2eServer;
let browser: Browser;
let admin: { context: BrowserContext; page: Page };
const SHOTS = join(import.meta.dirname, '.screenshots');
/** The tee design of the first story (the phone check opens it again). */
let teeDesignId = '';

beforeAll(async () => {
  server = await startServer({ demoOrders: 10 });
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
  admin = await newPage(browser);
  await signIn(admin.page, server.url, DEMO_OWNER.email, DEMO_OWNER.password, 'Demo Fashion');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Screenshots the page and asserts no serious/critical axe violation. */
async function look(name: string) {
  await admin.page.screenshot({ path: join(SHOTS, `designs-${name}.png`) });
  expect(await seriousA11yViolations(admin.page)).toEqual([]);
}

/** A PNG of `w` × `h` px drawn in the browser (a gradient with a circle), as a file to upload. */
async function artwork(page: Page, w: number, h: number) {
  const b64 = await page.evaluate(
    ([w, h]) => {
      const c = document.createElement('canvas');
      c.width = w;
      c.height = h;
      const g = c.getContext('2d')!;
      const grad = g.createLinearGradient(0, 0, w, h);
      grad.addColorStop(0, '#ff6b6b');
      grad.addColorStop(1, '#4c6ef5');
      g.fillStyle = grad;
      g.fillRect(0, 0, w, h);
      g.fillStyle = '#ffd43b';
      g.beginPath();
      g.arc(w / 2, h / 2, w / 4, 0, Math.PI * 2);
      g.fill();
      return c.toDataURL('image/png').split(',')[1]!;
    },
    [w, h] as const,
  );
  return { name: 'artwork.png', mimeType: 'image/png', buffer: Buffer.from(b64, 'base64') };
}

/** The inspector's number field `label` as a number. */
async function numberIn(page: Page, label: string): Promise<number> {
  return Number(await page.getByRole('textbox', { name: label, exact: true }).inputValue());
}

describe('print-on-demand editors', () => {
  it('print-hub-editor: the tee designed (artwork with its DPI, curved text snapped to the centre, a shopper field, undo) and saved as a product with mockups and print files', async () => {
    const page = admin.page;
    await page.goto(`${server.url}/admin/catalog`);
    await page.getByRole('link', { name: 'Design Unisex Softstyle T-Shirt' }).click();
    const canvas = page.getByRole('application', { name: 'Unisex Softstyle T-Shirt print area' });
    await expect.poll(() => canvas.isVisible(), { timeout: 30_000 }).toBe(true);
    // Opening the blank stores nothing (issue 31 item 5); the first edit creates the design and names it in the address.
    expect(new URL(page.url()).searchParams.get('design')).toBeNull();
    // The Front area is open, back and sleeves are tabs.
    await expect.poll(() => page.getByRole('tab', { name: /Front/ }).getAttribute('aria-selected')).toBe('true');
    for (const tab of [/Back/, /Left sleeve/]) await expect.poll(() => page.getByRole('tab', { name: tab }).count()).toBe(1);

    // Artwork from the shop's uploads: 1680 × 2240 px over the 12 × 16 in front is 140 DPI, flagged.
    await page.getByRole('button', { name: 'Image', exact: true }).click();
    await page.locator('input[type="file"]').setInputFiles(await artwork(page, 1680, 2240));
    await expect.poll(() => page.getByText('140 DPI at this size').isVisible(), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => new URL(page.url()).searchParams.get('design'), { timeout: 30_000 }).toMatch(/^[0-9a-f-]{36}$/);
    await page.getByRole('textbox', { name: 'Width (in)', exact: true }).fill('8');
    await expect.poll(() => page.getByText('210 DPI').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('140 DPI at this size').count()).toBe(0);

    // A curved text, then dragged off the centre and back near it: it snaps onto the centre.
    await page.getByRole('button', { name: 'Curved text' }).click();
    await page.getByRole('textbox', { name: 'Text', exact: true }).fill('Est. 2026');
    const centred = await numberIn(page, 'X (in)');
    const box = (await canvas.boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    await page.mouse.move(cx + 60, cy + 40, { steps: 8 });
    await page.mouse.move(cx + 3, cy + 2, { steps: 8 });
    await page.mouse.up();
    await expect.poll(() => numberIn(page, 'X (in)')).toBe(centred);
    expect(
      await page
        .getByRole('status')
        .filter({ hasText: /saved|Saving|Unsaved/ })
        .count(),
    ).toBe(1);

    // A shopper field "Name" (10 characters at most), moved below the text.
    await page.getByRole('button', { name: 'Shopper field' }).click();
    await expect.poll(() => page.getByRole('textbox', { name: 'Shopper sees' }).inputValue()).toBe('Name');
    await expect.poll(() => page.getByRole('textbox', { name: 'Max characters' }).inputValue()).toBe('10');
    await page.getByRole('textbox', { name: 'Y (in)', exact: true }).fill('11');

    // Delete it and nudge the text, then undo twice: both come back.
    await canvas.click({ position: { x: 5, y: 5 } });
    await page.getByRole('button', { name: 'Field: Name', exact: true }).click();
    await page.keyboard.press('Delete');
    await expect.poll(() => page.getByRole('button', { name: 'Field: Name', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Est. 2026', exact: true }).click();
    await page.keyboard.press('Shift+ArrowRight');
    await expect.poll(() => numberIn(page, 'X (in)')).toBeGreaterThan(centred);
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+z');
    await expect.poll(() => page.getByRole('button', { name: 'Field: Name', exact: true }).count()).toBe(1);
    await page.getByRole('button', { name: 'Est. 2026', exact: true }).click();
    expect(await numberIn(page, 'X (in)')).toBe(centred);

    // Mockup in black, heather and white; variants: three colours × S, M, L with a $12 margin.
    const mockup = page.getByRole('img', { name: /Unisex Softstyle T-Shirt in/ });
    await page.getByRole('button', { name: 'Black', exact: true }).click();
    await expect.poll(() => mockup.getAttribute('src')).toContain('color=Black');
    await page.getByRole('button', { name: 'Sport Grey', exact: true }).click();
    await expect.poll(() => mockup.getAttribute('src')).toContain('color=Sport%20Grey');
    for (const c of ['White', 'Black', 'Sport Grey']) await page.getByRole('checkbox', { name: c, exact: true }).check();
    for (const s of ['S', 'M', 'L']) await page.getByRole('checkbox', { name: s, exact: true }).check();
    await page.getByRole('textbox', { name: 'Your margin per item' }).fill('12');
    const prices = page.getByRole('table', { name: 'Prices per size' });
    await expect.poll(() => prices.getByRole('row').nth(1).textContent()).toMatch(/S\s*\$9\.25\s*\$21\.25\s*56 %/);
    await look('print-hub');

    // Save as product: the draft product with 3 × 3 variants, one mockup per colour, print files per area.
    await page.getByRole('button', { name: 'Save as product' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save as product' });
    await expect.poll(() => dialog.getByText('Draft product created').isVisible(), { timeout: 60_000 }).toBe(true);
    await expect.poll(() => dialog.getByRole('img', { name: /^Mockup / }).count()).toBe(3);
    await expect.poll(() => dialog.getByText('Print files ready').isVisible(), { timeout: 90_000 }).toBe(true);
    await expect.poll(() => dialog.getByRole('link', { name: 'front.png' }).count()).toBe(1);
    await look('print-hub-saved');
    const designId = new URL(page.url()).searchParams.get('design')!;
    teeDesignId = designId;
    const [p] = await rows<{ status: string; variants: number; images: number }>(
      server.db,
      sql`select p.status, (select count(*)::int from product_variants v where v.product_id = p.id) as variants,
                 (select count(*)::int from product_images i where i.product_id = p.id) as images
          from designs d join products p on p.id = d.product_id where d.id = ${designId}`,
    );
    expect(p).toEqual({ status: 'draft', variants: 9, images: 3 });
    await page.keyboard.press('Escape');
  });

  it('book-editor: a title page from a template with {child_name}, a photo slot, the preview with the sample name and the print PDF', async () => {
    const page = admin.page;
    await page.goto(`${server.url}/admin/book-editor`);
    await page.getByRole('button', { name: 'New book' }).click();
    const canvas = page.getByRole('application', { name: 'Book page' });
    await expect.poll(() => canvas.isVisible(), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => page.getByRole('heading', { name: 'Pages (20)' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Add page' }).click();
    await page.getByRole('menuitem', { name: 'Title page' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Pages (21)' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Photo slot' }).click();
    // The placeholder became a shopper field with a sample; the photo slot too.
    await expect.poll(() => page.getByRole('textbox', { name: 'Sample' }).first().inputValue()).toBe('Maya');
    await look('book');
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('dialog', { name: 'Preview' });
    await preview.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => preview.getByText('Page 1 · 2 of 22').isVisible()).toBe(true);
    await expect.poll(() => preview.getByRole('img', { name: 'Page 1 preview' }).count()).toBe(1);
    await preview.getByRole('textbox', { name: 'Child name' }).fill('Theo');
    await page.screenshot({ path: join(SHOTS, 'designs-book-preview.png') });
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Export PDF' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export PDF' });
    await expect.poll(() => dialog.getByText('Print PDF ready').isVisible(), { timeout: 120_000 }).toBe(true);
    const href = await dialog.getByRole('link', { name: 'book.pdf' }).getAttribute('href');
    const pdf = await fetch(new URL(href!, server.url));
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await page.keyboard.press('Escape');
  });

  it('book2-editor: spreads across the gutter, the cover wrap whose spine follows the page count, interior and cover PDFs', async () => {
    const page = admin.page;
    await page.goto(`${server.url}/admin/book2-editor`);
    await page.getByRole('button', { name: 'New photo book' }).click();
    const canvas = page.getByRole('application', { name: 'Book spread' });
    await expect.poll(() => canvas.isVisible(), { timeout: 30_000 }).toBe(true);
    const spine = async () => (await page.getByText(/spine [\d.]+ mm for \d+ pages/).textContent()) ?? '';
    const before = await spine();
    await page.getByRole('button', { name: 'Add spread' }).click();
    await page.getByRole('button', { name: 'Previous spread' }).click();
    const after = await spine();
    expect(after).not.toBe(before);
    expect(after).toMatch(/for (\d+) pages/);
    expect(Number(/for (\d+) pages/.exec(after)![1])).toBe(Number(/for (\d+) pages/.exec(before)![1]) + 2);
    await page.getByRole('button', { name: 'Text', exact: true }).click();
    await look('book2-cover');
    await page.getByRole('button', { name: 'Next spread' }).click();
    await page.getByRole('button', { name: 'Text', exact: true }).click();
    await look('book2-spread');
    await page.getByRole('button', { name: 'Export PDFs' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export PDFs' });
    await expect.poll(() => dialog.getByText('Print PDF ready').isVisible(), { timeout: 120_000 }).toBe(true);
    await expect.poll(() => dialog.getByRole('link', { name: 'interior.pdf' }).count()).toBe(1);
    await expect.poll(() => dialog.getByRole('link', { name: 'cover.pdf' }).count()).toBe(1);
  });

  it('on the canvas: a text typed in place is one undo step, a selection box chooses layers that align and move together, an image is cropped', async () => {
    const page = admin.page;
    await page.goto(`${server.url}/admin/book-editor`);
    await page.getByRole('button', { name: 'New book' }).click();
    const canvas = page.getByRole('application', { name: 'Book page' });
    await expect.poll(() => canvas.isVisible(), { timeout: 30_000 }).toBe(true);
    let box = (await canvas.boundingBox())!;
    // A new text lands in the middle of the page: double-click it, type, Enter. The double-click is repeated until
    // the in-place field opens (the layer is drawn a frame or more after the click that adds it; the page may still
    // be settling its size).
    await page.getByRole('button', { name: 'Text', exact: true }).click();
    const inPlace = page.getByRole('textbox', { name: 'Text of the layer' });
    await expect
      .poll(
        async () => {
          if (await inPlace.isVisible()) return true;
          box = (await canvas.boundingBox())!;
          await page.mouse.dblclick(box.x + box.width / 2, box.y + box.height / 2);
          return inPlace.isVisible();
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    await page.keyboard.type('Hello Maya');
    await page.keyboard.press('Enter');
    await expect.poll(() => inPlace.count()).toBe(0);
    expect(await page.getByRole('textbox', { name: 'Text', exact: true }).inputValue()).toBe('Hello Maya');
    await page.keyboard.press('Control+z');
    await expect.poll(() => page.getByRole('textbox', { name: 'Text', exact: true }).inputValue()).toBe('Your text');
    await page.keyboard.press('Control+Shift+z');

    // Two small rectangles low on the page at different heights; a box drawn from the empty corner chooses both.
    for (const [x, y] of [
      [1, 6],
      [4, 6.5],
    ]) {
      await page.getByRole('button', { name: 'Shape' }).click();
      await page.getByRole('menuitem', { name: 'Rectangle' }).click();
      await page.getByRole('textbox', { name: 'Width (in)', exact: true }).fill('1');
      await page.getByRole('textbox', { name: 'X (in)', exact: true }).fill(String(x));
      await page.getByRole('textbox', { name: 'Y (in)', exact: true }).fill(String(y));
    }
    await page.mouse.move(box.x + 8, box.y + box.height - 8);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.75, box.y + box.height * 0.7, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => page.getByRole('heading', { name: '2 layers chosen' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Align top' }).click();
    const ys: number[] = [];
    for (const i of [0, 1]) {
      await page.getByRole('button', { name: 'Rectangle', exact: true }).nth(i).click();
      ys.push(await numberIn(page, 'Y (in)'));
    }
    expect(ys).toEqual([6, 6]);
    // Both chosen again; dragging one moves both by the same amount, and the layer order stays.
    const order = await page.getByRole('listitem').allTextContents();
    await page.getByRole('button', { name: 'Rectangle', exact: true }).nth(0).click();
    await page
      .getByRole('button', { name: 'Rectangle', exact: true })
      .nth(1)
      .click({ modifiers: ['Shift'] });
    await expect.poll(() => page.getByRole('heading', { name: '2 layers chosen' }).count()).toBe(1);
    const rects = await page.evaluate(() => {
      type Rect = { x: number; y: number; width: number; height: number };
      type K = { stages: { container(): HTMLElement; find(s: string): { getClassName(): string; getClientRect(): Rect }[] }[] };
      const stage = (window as unknown as { Konva: K }).Konva.stages.find((s) => s.container().closest('[role=application]'));
      return stage?.find('.design-layer').map((n) => n.getClientRect());
    });
    const r = rects!.at(-1)!;
    await page.mouse.move(box.x + r.x + r.width / 2, box.y + r.y + r.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + r.x + r.width / 2 + 40, box.y + r.y + r.height / 2, { steps: 5 });
    await page.mouse.up();
    const xs: number[] = [];
    for (const i of [0, 1]) {
      await page.getByRole('button', { name: 'Rectangle', exact: true }).nth(i).click();
      xs.push(await numberIn(page, 'X (in)'));
    }
    expect(xs[0]! - 4).toBeGreaterThan(0.1);
    expect(Math.round((xs[0]! - 4) * 100)).toBe(Math.round((xs[1]! - 1) * 100));
    expect(await page.getByRole('listitem').allTextContents()).toEqual(order);

    // Crop mode: the right handle of the crop window pulled left narrows the image, the file's part is stored.
    await page.getByRole('button', { name: 'Image', exact: true }).click();
    await page.locator('input[type="file"]').setInputFiles(await artwork(page, 800, 400));
    await expect.poll(() => page.getByRole('button', { name: 'Crop', exact: true }).isVisible(), { timeout: 30_000 }).toBe(true);
    const width = await numberIn(page, 'Width (in)');
    await page.getByRole('button', { name: 'Crop', exact: true }).click();
    const handle = await page.evaluate(() => {
      type Rect = { x: number; y: number; width: number; height: number };
      type K = { stages: { container(): HTMLElement; find(s: string): { getClientRect(): Rect }[] }[] };
      const stage = (window as unknown as { Konva: K }).Konva.stages.find((s) => s.container().closest('[role=application]'));
      return stage?.find('.middle-right').map((n) => n.getClientRect())[0];
    });
    await page.mouse.move(box.x + handle!.x + handle!.width / 2, box.y + handle!.y + handle!.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + handle!.x - 80, box.y + handle!.y + handle!.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => numberIn(page, 'Width (in)')).toBeLessThan(width);
    expect(await page.getByRole('button', { name: 'Remove crop' }).count()).toBe(1);
    await look('canvas-crop');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('button', { name: 'Crop', exact: true }).count()).toBe(1);
  });

  it('on a 375 px phone: the editors fit the screen, the tools are a row and the panels are drawers', async () => {
    const page = admin.page;
    await page.setViewportSize({ width: 375, height: 667 });
    const fits = () =>
      page.evaluate(() => {
        const editor = document.querySelector('.br-design-editor');
        return Math.max(document.documentElement.scrollWidth, editor?.scrollWidth ?? 0) <= window.innerWidth;
      });
    try {
      await page.goto(`${server.url}/admin/print-hub-editor?design=${teeDesignId}`);
      await expect.poll(() => page.getByRole('toolbar', { name: 'Editor tools' }).isVisible(), { timeout: 30_000 }).toBe(true);
      await expect.poll(() => page.getByRole('application', { name: 'Unisex Softstyle T-Shirt print area' }).isVisible()).toBe(true);
      expect(await fits()).toBe(true);
      expect(await page.getByRole('button', { name: 'Save as product' }).isVisible()).toBe(true);
      await look('phone-print-hub');

      await page.goto(`${server.url}/admin/book-editor`);
      await page.getByRole('button', { name: 'New book' }).click();
      await expect.poll(() => page.getByRole('application', { name: 'Book page' }).isVisible(), { timeout: 30_000 }).toBe(true);
      expect(await fits()).toBe(true);
      await page.getByRole('button', { name: 'Layers', exact: true }).click();
      const layers = page.getByRole('dialog', { name: 'Add and layers' });
      await expect.poll(() => layers.getByRole('heading', { name: 'Pages (20)' }).isVisible()).toBe(true);
      expect(await fits()).toBe(true);
      await look('phone-book-layers');
      // Adding a text closes the drawer: the canvas shows it; its properties are the other drawer.
      await layers.getByRole('button', { name: 'Text', exact: true }).click();
      await expect.poll(() => layers.count()).toBe(0);
      await page.getByRole('button', { name: 'Properties', exact: true }).click();
      const props = page.getByRole('dialog', { name: 'Properties' });
      await expect.poll(() => props.getByRole('textbox', { name: 'Text', exact: true }).inputValue()).toBe('Your text');
      expect(await fits()).toBe(true);
      await look('phone-book-properties');
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
    }
  });
});
