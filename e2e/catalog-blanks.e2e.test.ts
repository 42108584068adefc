import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../apps/server/src/db/client.js';
import { DEMO_OWNER, type E2eServer, launchBrowser, newPage, signIn, startServer } from './harness';

/**
 * Issue 31 item 5 in Chromium, on Demo Fashion: Design on the Personalised Children's Hardcover Book lands in
 * book-editor (not the print-hub editor's "is not a print_hub base product"), and Design on the Layflat Photo Book in
 * book2-editor; opening them stores no draft.
 */
let server: E2eServer;
let browser: Browser;
let admin: { context: BrowserContext; page: Page };

beforeAll(async () => {
  server = await startServer({ demoOrders: 10 });
  browser = await launchBrowser();
  admin = await newPage(browser);
  await signIn(admin.page, server.url, DEMO_OWNER.email, DEMO_OWNER.password, 'Demo Fashion');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const designCount = async () => Number((await rows<{ n: number }>(server.db, sql`select count(*)::int as n from designs`))[0]!.n);

describe('catalogue blanks open in their editor (issue 31 item 5)', () => {
  it('Design on a book lands in book-editor and on a photo book in book2-editor, with no draft stored', async () => {
    const page = admin.page;
    const before = await designCount();
    for (const [title, path, canvas] of [
      ["Personalised Children's Hardcover Book", '/admin/book-editor', 'Book page'],
      ['Layflat Photo Book', '/admin/book2-editor', 'Book spread'],
    ] as const) {
      await page.goto(`${server.url}/admin/catalog`);
      await page.getByRole('link', { name: `Design ${title}` }).click();
      await expect.poll(() => page.getByRole('application', { name: canvas }).isVisible(), { timeout: 30_000 }).toBe(true);
      expect(new URL(page.url()).pathname).toBe(path);
      expect(await page.getByText('is not a print_hub base product').count()).toBe(0);
    }
    expect(await designCount()).toBe(before);
  });
});
