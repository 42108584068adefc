import { and, eq } from 'drizzle-orm';
import type { Browser, FrameLocator, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stores, themeConfigs, themes } from '../apps/server/src/db/schema/index.js';
import { type E2eServer, launchBrowser, newPage, seriousA11yViolations, signIn, startServer } from './harness';

/**
 * The merchant's story of issue 9 in Chromium, on both themes of the demo shop: Themes screen → Customize → add a
 * Featured Collection below the head image, pick its collection, move it with the mouse and with the keyboard, type
 * its heading and see the preview change, mobile preview 375 × 667, Setting → Colors (the preview jumps to the
 * product page), undo two changes, Save, reload → saved. Then the 409 conflict from a second tab, the draft offered
 * back after a reload, and axe on the Themes screen and the editor.
 */
let server: E2eServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const OWNER = { email: 'owner@demo.test', password: 'backroom-demo' };
const PREVIEW = 'iframe[title="Storefront preview"]';

async function themeOf(name: string) {
  const [shop] = await server.db.select().from(stores).where(eq(stores.handle, 'demo'));
  const [t] = await server.db
    .select()
    .from(themes)
    .where(and(eq(themes.storeId, shop!.id), eq(themes.name, name)));
  return t!;
}

/** The current saved config of a theme, read from the database. */
async function savedConfig(themeId: string) {
  const rows = await server.db.select().from(themeConfigs).where(eq(themeConfigs.themeId, themeId));
  const last = rows.sort((a, b) => b.version - a.version)[0]!;
  return {
    version: last.version,
    config: last.config as {
      pages: { homepage: { sections: { type: string; key: string; settings: Record<string, unknown> }[] } };
      settings: Record<string, Record<string, unknown>>;
    },
  };
}

/** Opens the editor of `name` from the Themes screen and waits for the preview's ready handshake. */
async function openEditor(page: Page, name: string) {
  await page.goto(`${server.url}/admin/themes`);
  await page.getByRole('link', { name: `Customize ${name}` }).click();
  await page.waitForURL('**/admin/themes/editor/**');
  await expect.poll(() => page.getByText('Loading preview…').isVisible(), { timeout: 60_000 }).toBe(false);
  await page.getByRole('list', { name: 'Sections of the home page' }).waitFor();
}

const rows = (page: Page) => page.locator('.br-section-row');
/** The section list as labels, top to bottom. */
const order = async (page: Page) => (await rows(page).locator('.br-section-open').allTextContents()).map((t) => t.trim());

async function dragBelow(page: Page, handle: Locator, target: Locator) {
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  const steps = 12;
  const y = to.y + to.height * 0.8;
  for (let i = 1; i <= steps; i += 1) await page.mouse.move(from.x + from.width / 2, from.y + ((y - from.y) * i) / steps);
  await page.waitForTimeout(150);
  await page.mouse.up();
}

const preview = (page: Page): FrameLocator => page.frameLocator(PREVIEW);

describe.each([
  { name: 'FASHION', anchor: 'Flash Deals', anchorType: 'flash_deals' },
  { name: 'DEFAULT', anchor: 'Image with text', anchorType: 'image_with_text' },
])('the merchant customises $name', ({ name, anchor, anchorType }) => {
  it('adds, fills, moves (mouse and keyboard), previews live, undoes, saves and finds it all after a reload', async () => {
    const theme = await themeOf(name);
    const before = await savedConfig(theme.id);
    const { context, page } = await newPage(browser);
    try {
      await signIn(page, server.url, OWNER.email, OWNER.password, 'Demo Fashion');
      await openEditor(page, name);
      const start = await order(page);
      expect(start[0]).toBe('Head Image');

      // Add a Featured Collection below the head image (hover link of spec §2) → its panel opens.
      await rows(page).first().hover();
      await rows(page).first().getByRole('button', { name: 'Add section below' }).click();
      await page.getByRole('list', { name: 'Sections you can add' }).getByRole('button', { name: 'Featured Collection' }).click();
      await expect.poll(() => page.getByRole('heading', { name: 'Featured Collection' }).isVisible()).toBe(true);

      // Pick a collection with the search.
      const collection = page.getByRole('combobox', { name: 'Collection' });
      await collection.click();
      await collection.fill('Dress');
      await page.getByRole('option', { name: /Dress/ }).first().click();

      // Type the heading: the preview shows it without a reload.
      const heading = page.getByRole('textbox', { name: 'Heading', exact: true });
      await heading.fill('');
      await heading.pressSequentially('Summer picks', { delay: 20 });
      await expect.poll(() => preview(page).getByText('Summer picks').first().isVisible(), { timeout: 10_000 }).toBe(true);
      await page.getByRole('button', { name: 'Back' }).click();

      // The new section is second; drag it with the mouse below the anchor, then one up with the keyboard.
      let now = await order(page);
      expect(now.slice(0, 2)).toEqual(['Head Image', 'Featured Collection']);
      const anchorIndex = now.indexOf(anchor);
      await dragBelow(
        page,
        rows(page)
          .nth(1)
          .getByRole('button', { name: /Drag to reorder/ }),
        rows(page).nth(anchorIndex),
      );
      await expect.poll(async () => (await order(page)).indexOf(anchor)).toBe(anchorIndex - 1);
      now = await order(page);
      expect(now[anchorIndex]).toBe('Featured Collection');
      const handle = rows(page)
        .nth(anchorIndex)
        .getByRole('button', { name: /Drag to reorder/ });
      await handle.focus();
      // dnd-kit's keyboard sensor: Space lifts, an arrow moves one place, Space drops (it measures between keys).
      for (const key of ['Space', 'ArrowUp', 'Space']) {
        await page.keyboard.press(key);
        await page.waitForTimeout(300);
      }
      await expect.poll(async () => (await order(page))[anchorIndex]).toBe(anchor);
      expect((await order(page))[anchorIndex - 1]).toBe('Featured Collection');

      // Click the anchor section in the preview: its panel opens in the sidebar (click-to-select).
      const anchorKey = before.config.pages.homepage.sections.find((x) => x.type === anchorType)!.key;
      await preview(page).locator(`[data-section-key="${anchorKey}"]`).click();
      await expect.poll(() => page.getByRole('heading', { name: anchor, level: 2 }).isVisible(), { timeout: 10_000 }).toBe(true);
      await page.getByRole('button', { name: 'Back' }).click();

      // Mobile preview 375 × 667.
      await page.locator('label', { hasText: /^Mobile$/ }).click();
      await expect.poll(async () => (await page.locator(PREVIEW).boundingBox())?.width).toBe(375);
      expect((await page.locator(PREVIEW).boundingBox())?.height).toBe(667);

      // Setting → Colors → the cart button colour: the preview jumps to the product page (spec §2 special entries).
      await page.getByRole('tab', { name: 'Setting' }).click();
      await page.getByRole('button', { name: 'Colors' }).click();
      const frame = page.frames().find((f) => f.url().includes('preview=1'))!;
      await expect.poll(() => new URL(frame.url()).pathname, { timeout: 10_000 }).toMatch(/^\/(products|collections)\//);
      const cart = page.getByRole('textbox', { name: 'Add to cart button', exact: true });
      const cartBefore = await cart.inputValue();
      await cart.fill('#AA3300');
      await cart.press('Enter');
      await expect.poll(() => page.getByRole('button', { name: 'Undo' }).isEnabled()).toBe(true);

      // Undo the last two changes (the colour and the keyboard move), with the buttons and with Ctrl+Z.
      await page.getByRole('button', { name: 'Undo' }).click();
      await expect.poll(() => cart.inputValue()).toBe(cartBefore);
      await page.locator('body').click({ position: { x: 5, y: 300 } });
      await page.keyboard.press('Control+z');
      await page.getByRole('tab', { name: 'Sections' }).click();
      await page.getByRole('combobox', { name: 'Page' }).click();
      await page.getByRole('option', { name: 'Home page' }).click();
      await expect.poll(async () => (await order(page))[anchorIndex]).toBe('Featured Collection');
      // The history list shows every step and jumps.
      await page.getByRole('button', { name: 'History' }).click();
      const history = page.getByRole('list', { name: 'Edit history' });
      await expect.poll(() => history.getByText('Colors · Add to cart button').isVisible()).toBe(true);
      await page.keyboard.press('Escape');

      // Save (Ctrl+S), then reload: the draft is what the server has.
      await page.keyboard.press('Control+s');
      await expect.poll(() => page.getByText(`${name} saved (version ${before.version + 1})`).isVisible(), { timeout: 20_000 }).toBe(true);
      const after = await savedConfig(theme.id);
      expect(after.version).toBe(before.version + 1);
      const types = after.config.pages.homepage.sections.map((s) => s.type);
      const added = after.config.pages.homepage.sections[anchorIndex]!;
      expect(types[0]).toBe('head-image');
      expect(added.type).toBe('featured-collection');
      expect(added.settings.heading).toBe('Summer picks');
      expect(String(added.settings.collection)).toMatch(/dress/);
      expect(after.config.settings.colors!.color_cart_button).toBe(before.config.settings.colors!.color_cart_button);

      await page.reload();
      await page.getByRole('list', { name: 'Sections of the home page' }).waitFor({ timeout: 60_000 });
      expect(await page.getByText('Restore unsaved changes?').isVisible()).toBe(false);
      expect((await order(page))[anchorIndex]).toBe('Featured Collection');
      await expect.poll(() => preview(page).getByText('Summer picks').first().isVisible(), { timeout: 10_000 }).toBe(true);
    } finally {
      await context.close();
    }
  });
});

describe('safety', () => {
  it('a save from a second tab is shown section by section, and Overwrite keeps my changes', async () => {
    const theme = await themeOf('DEFAULT');
    const { context, page } = await newPage(browser);
    try {
      await signIn(page, server.url, OWNER.email, OWNER.password, 'Demo Fashion');
      await openEditor(page, 'DEFAULT');
      const other = await context.newPage();
      await openEditor(other, 'DEFAULT');

      // Me: the header's top bar text.
      await page.getByRole('button', { name: 'Header', exact: true }).click();
      await page.getByRole('textbox', { name: 'Top bar text' }).fill('Mine');
      // The colleague: the Collection List heading, saved first.
      await other.getByRole('button', { name: 'Collection List', exact: true }).click();
      const h = other.getByRole('textbox', { name: 'Heading', exact: true });
      await h.fill('Theirs');
      await other.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => other.getByText(/DEFAULT saved/).isVisible(), { timeout: 20_000 }).toBe(true);
      const saved = await savedConfig(theme.id);

      await page.getByRole('button', { name: 'Save' }).click();
      const dialog = page.getByRole('dialog', { name: 'Someone else saved this theme' });
      await expect.poll(() => dialog.isVisible(), { timeout: 20_000 }).toBe(true);
      const table = dialog.getByRole('table', { name: 'What differs, section by section' });
      await expect.poll(() => table.getByRole('row', { name: /Collection List/ }).textContent()).toContain('Heading');
      expect(await table.getByRole('row', { name: /Header/ }).textContent()).toContain('Top bar text');
      await dialog.getByRole('button', { name: 'Overwrite' }).click();
      await expect.poll(() => page.getByText(`DEFAULT saved (version ${saved.version + 1})`).isVisible(), { timeout: 20_000 }).toBe(true);
      const mine = await savedConfig(theme.id);
      expect(mine.version).toBe(saved.version + 1);
      expect(JSON.stringify(mine.config)).toContain('"Mine"');
    } finally {
      await context.close();
    }
  });

  it('the draft and its undo history are offered back after a reload', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signIn(page, server.url, OWNER.email, OWNER.password, 'Demo Fashion');
      await openEditor(page, 'FASHION');
      await page.getByRole('button', { name: 'Header', exact: true }).click();
      const top = page.getByRole('textbox', { name: 'Top bar text' });
      const was = await top.inputValue();
      await top.fill('Crash test');
      await expect.poll(() => page.getByText('Unsaved changes').isVisible()).toBe(true);
      await page.waitForTimeout(1000);
      await page.reload();
      const offer = page.getByRole('dialog', { name: 'Restore unsaved changes?' });
      await expect.poll(() => offer.isVisible(), { timeout: 60_000 }).toBe(true);
      await offer.getByRole('button', { name: 'Restore' }).click();
      await expect.poll(() => page.getByText('Loading preview…').isVisible(), { timeout: 60_000 }).toBe(false);
      await page.getByRole('button', { name: 'Header', exact: true }).click();
      expect(await page.getByRole('textbox', { name: 'Top bar text' }).inputValue()).toBe('Crash test');
      await expect.poll(() => preview(page).getByText('Crash test').first().isVisible(), { timeout: 10_000 }).toBe(true);
      await page.getByRole('button', { name: 'Undo' }).click();
      expect(await page.getByRole('textbox', { name: 'Top bar text' }).inputValue()).toBe(was);
    } finally {
      await context.close();
    }
  });

  it('a heading typed in place in the preview is ONE undo step and reaches the panel', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signIn(page, server.url, OWNER.email, OWNER.password, 'Demo Fashion');
      await openEditor(page, 'FASHION');
      const editable = preview(page).locator('[contenteditable]').first();
      const was = (await editable.textContent()) ?? '';
      await editable.click();
      await editable.press('End');
      await editable.pressSequentially(' now', { delay: 30 });
      await editable.press('Enter');
      await expect.poll(() => page.getByText('Unsaved changes').isVisible()).toBe(true);
      await page.getByRole('button', { name: 'History' }).click();
      const steps = page.getByRole('list', { name: 'Edit history' }).getByRole('listitem');
      expect(await steps.count()).toBe(2);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Undo' }).click();
      await expect.poll(() => editable.textContent()).toBe(was);
      expect(await page.getByRole('button', { name: 'Undo' }).isDisabled()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('axe finds no serious or critical violation on the Themes screen and in the editor', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signIn(page, server.url, OWNER.email, OWNER.password, 'Demo Fashion');
      await page.goto(`${server.url}/admin/themes`);
      await page.getByRole('link', { name: 'Customize FASHION' }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await openEditor(page, 'FASHION');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await rows(page).nth(1).getByRole('button').nth(1).click();
      expect(await seriousA11yViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
