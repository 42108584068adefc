import {
  ADDABLE_SECTIONS,
  groupsForPage,
  PREVIEW_PAGE_LABELS,
  PREVIEW_PAGES,
  SECTION_TYPES,
  SECTIONS,
  type SectionType,
  type SettingsGroupId,
  type ThemeType,
} from '@backroom/theme';
import { and, eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Frame, FrameLocator, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stores, themeConfigs, themes } from '../apps/server/src/db/schema/index.js';
import { DEMO_OWNER, type E2eServer, launchBrowser, newPage, signIn, startServer } from './harness';

/**
 * Issue 9's "Done when": every panel of spec theme-editor §2 exists and drives the preview, on both demo themes
 * (FASHION = newchick, DEFAULT = hydro). The panels come from `@backroom/theme`, the declaration the editor
 * generates them from: every section type the theme's home page holds or its add-section picker offers
 * (`ADDABLE_SECTIONS`, which the picker lists), the header, the footer, and every Setting-tab group of every page
 * (`groupsForPage`). Each panel is opened in the editor, one visible setting is changed, and the preview frame shows
 * the change in the same document (no reload). A panel the schema gains without a probe here fails the test.
 * One editor session per theme, nothing saved.
 */
let server: E2eServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  // The editor never reads orders: a few demo orders instead of the seed's thousands.
  server = await startServer({ demoOrders: 40 });
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser));
  // Leaving an editor with unsaved changes asks the browser's "leave site?" (beforeunload): leave.
  page.on('dialog', (d) => void d.accept());
  await signIn(page, server.url, DEMO_OWNER.email, DEMO_OWNER.password, 'Demo Fashion');
}, 360_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const PREVIEW = 'iframe[title="Storefront preview"]';
/** `expect.poll` with room for a loaded machine (the preview answers in well under a second). */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });
const preview = (): FrameLocator => page.frameLocator(PREVIEW);
/** The preview frame itself (for evaluate): the frame whose address asks for the preview. */
const previewFrame = (): Frame => page.frames().find((f) => f.url().includes('preview=1'))!;
const sidebar = () => page.getByRole('navigation', { name: 'Theme editor' });
const back = () => page.getByRole('button', { name: 'Back' }).click();
const panelsShown = () => expect.poll(() => page.getByLabel('Loading the settings').count(), { timeout: 15_000 }).toBe(0);
/** The first textbox labelled exactly `label` in the open panel. */
const textbox = (label: string, scope: Locator = sidebar()) => scope.getByRole('textbox', { name: label, exact: true }).first();
/** Opens the first block of the block list labelled `list` (its rows are collapsed). */
const openFirstBlock = (list: string) =>
  page.getByRole('group', { name: list, exact: true }).locator('[data-block-index] button[aria-expanded]').first().click();

/** The demo shop's theme named `name` with its saved config. */
async function themeOf(name: string) {
  const [shop] = await server.db.select().from(stores).where(eq(stores.handle, 'demo'));
  const [t] = await server.db
    .select()
    .from(themes)
    .where(and(eq(themes.storeId, shop!.id), eq(themes.name, name)));
  const rows = await server.db.select().from(themeConfigs).where(eq(themeConfigs.themeId, t!.id));
  const last = rows.sort((a, b) => b.version - a.version)[0]!;
  return { theme: t!, config: last.config as { pages: { homepage: { sections: { type: SectionType; key: string }[] } } } };
}

/** Marks the preview's current document; `sameDocument` tells whether it is still that one (a reload drops the mark). */
const markDocument = () =>
  previewFrame().evaluate(() => {
    (window as unknown as { __panelMark: boolean }).__panelMark = true;
  });
const sameDocument = () => previewFrame().evaluate(() => (window as unknown as { __panelMark?: boolean }).__panelMark === true);

/** A CSS custom property as the preview's page inherits it (the storefront sets them from the config). */
const previewVar = (name: string) =>
  previewFrame().evaluate(
    (n) =>
      getComputedStyle(document.querySelector('footer') ?? document.body)
        .getPropertyValue(n)
        .trim(),
    name,
  );

/**
 * How a panel is probed: `ready` resolves once the preview shows what the setting drives (the page the panel
 * switches to has loaded); `change` edits one setting in the panel; `shown` polls until the preview reflects it.
 */
interface Probe {
  ready: () => Promise<void>;
  change: () => Promise<void>;
  shown: () => Promise<void>;
}

/** Types `text` into the textbox and waits until the preview `scope` shows it. */
function textProbe(field: () => Locator, text: string, scope: () => Locator, opts: { visible?: boolean } = {}): Probe {
  return {
    ready: () => poll(() => scope().count()).toBeGreaterThan(0),
    change: async () => {
      await field().fill(text);
    },
    shown: () =>
      opts.visible === false
        ? poll(() => scope().getByText(text).count()).toBeGreaterThan(0)
        : poll(() => scope().getByText(text).first().isVisible()).toBe(true),
  };
}

/** Flips the checkbox labelled `label` and waits until `target` in the preview appears or disappears with it. */
function toggleProbe(label: string, target: () => Locator): Probe {
  const box = () => sidebar().getByRole('checkbox', { name: label, exact: true }).first();
  let was = false;
  return {
    ready: async () => {
      was = await box().isChecked();
      await poll(async () => (await target().count()) > 0).toBe(was);
    },
    change: () => box().setChecked(!was),
    shown: () => poll(async () => (await target().count()) > 0).toBe(!was),
  };
}

/** Sets a number or colour field and waits until the preview's custom property `cssVar` is `expected`. */
function varProbe(field: () => Locator, value: string, cssVar: string, expected: string): Probe {
  return {
    ready: () => poll(async () => (await previewVar(cssVar)) !== '').toBe(true),
    change: async () => {
      await field().fill(value);
      await field().press('Enter');
    },
    shown: () => poll(async () => (await previewVar(cssVar)).toLowerCase()).toBe(expected),
  };
}

/** The probe of a section panel: its heading (a top-level one, or the first block's), shown in that section. */
function sectionProbe(type: SectionType, key: string, marker: string): Probe {
  const section = () => preview().locator(`[data-section-key="${key}"]`);
  if (type === 'head-image') {
    // The first desktop slide's heading text (slides rotate: present in the section, not necessarily on screen).
    const probe = textProbe(() => textbox('Text'), marker, section, { visible: false });
    return { ...probe, change: () => openFirstBlock('Desktop slides').then(probe.change) };
  }
  const blockList = { image_with_text: 'Rows', 'slider-product': 'Sliders' } as Partial<Record<SectionType, string>>;
  const probe = textProbe(() => textbox('Heading'), marker, section);
  const list = blockList[type];
  return list ? { ...probe, change: () => openFirstBlock(list).then(probe.change) } : probe;
}

/** The probe of each Setting-tab group, by group id; a group the schema declares without one here fails the test. */
function groupProbe(id: SettingsGroupId, marker: string): Probe | undefined {
  const f = preview;
  const probes: Record<SettingsGroupId, () => Probe> = {
    colors: () => varProbe(() => textbox('Add to cart button'), '#1A5E20', '--c-cart-btn', '#1a5e20'),
    typography: () => varProbe(() => textbox('Price size'), '23', '--fz-price', '23px'),
    style: () => varProbe(() => textbox('Product title lines (lists)'), '4', '--lines-product', '4'),
    element: () => {
      // A search suggestion: the header's search box rotates through them as its placeholder.
      const placeholders = () => f().locator('header input[type=search]');
      return {
        ready: () => poll(() => placeholders().count()).toBeGreaterThan(0),
        change: async () => {
          await openFirstBlock('Search suggestions');
          await textbox('Suggestion').fill(marker);
        },
        shown: () =>
          expect
            .poll(async () => (await placeholders().evaluateAll((els) => els.map((e) => (e as HTMLInputElement).placeholder))).join('|'), {
              timeout: 20_000,
            })
            .toContain(marker),
      };
    },
    currency: () => toggleProbe('Enable currency selector', () => f().locator('header select[aria-label="Currency"]')),
    popup: () => {
      // The preview opens a popup that is switched on while this group is open: the discount popup, with its title.
      const discount = () => sidebar().getByRole('group', { name: 'Discount popup', exact: true });
      return {
        ready: () => poll(() => discount().count()).toBe(1),
        change: async () => {
          await discount().getByRole('checkbox', { name: 'Show', exact: true }).check();
          await textbox('Title', discount()).fill(marker);
        },
        shown: () => poll(() => f().getByRole('dialog').getByText(marker).first().isVisible()).toBe(true),
      };
    },
    product: () => toggleProbe('Show variant description', () => f().locator('.sf-variant-desc')),
    category: () => toggleProbe('Show banner', () => f().locator('.sf-banner')),
    cart: () => toggleProbe('Show trust badge', () => f().locator('img.sf-trust')),
    cart_goal: () => toggleProbe('Show cart goal', () => f().locator('.sf-goal')),
    checkout: () => toggleProbe('Allow a customer note', () => f().locator('textarea[name="note"]')),
    thankpage: () => toggleProbe('Show steps', () => f().locator('ol[aria-label="Order steps"]')),
  };
  return probes[id]?.();
}

/** Runs a probe on the open panel: the preview is ready, one change, the preview shows it in the same document. */
async function drive(probe: Probe) {
  await panelsShown();
  await probe.ready();
  await markDocument();
  await probe.change();
  await probe.shown();
  expect(await sameDocument()).toBe(true);
}

/** Opens the editor of the theme `name` from the Themes screen and waits for the preview's ready handshake. */
async function openEditor(name: string) {
  await page.goto(`${server.url}/admin/themes`);
  await page.getByRole('link', { name: `Customize ${name}` }).click();
  await page.getByRole('list', { name: 'Sections of the home page' }).waitFor({ timeout: 60_000 });
  await expect.poll(() => page.getByText('Loading preview…').isVisible(), { timeout: 60_000 }).toBe(false);
}

describe.each([
  { name: 'FASHION', type: 'newchick' as ThemeType },
  { name: 'DEFAULT', type: 'hydro' as ThemeType },
])('every panel of $name drives the preview', ({ name, type }) => {
  it('each section type, the header, the footer and each Setting group: one change reaches the preview without a reload', async () => {
    const { theme, config } = await themeOf(name);
    expect(theme.type).toBe(type);
    await openEditor(name);
    const done: string[] = [];

    // The add-section picker offers exactly the schema's list for this theme.
    await page.locator('.br-section-row').first().hover();
    await page.locator('.br-section-row').first().getByRole('button', { name: 'Add section below' }).click();
    const picker = page.getByRole('list', { name: 'Sections you can add' });
    await poll(async () => (await picker.getByRole('button').allTextContents()).map((t) => t.trim())).toEqual(
      ADDABLE_SECTIONS[type].map((t) => SECTIONS[t].label),
    );
    await back();

    // Every section type the home page holds or the picker offers (an offered one not on the page is added).
    const onPage = new Map<SectionType, string>();
    for (const s of config.pages.homepage.sections) if (!onPage.has(s.type)) onPage.set(s.type, s.key);
    const types = SECTION_TYPES.filter((t) => onPage.has(t) || ADDABLE_SECTIONS[type].includes(t));
    expect(types.length).toBeGreaterThan(0);
    for (const t of types) {
      const label = SECTIONS[t].label;
      let key = onPage.get(t);
      if (key) {
        await page.locator(`.br-section-row[data-section-key="${key}"] .br-section-open`).click();
      } else {
        await page.locator('.br-section-row').first().hover();
        await page.locator('.br-section-row').first().getByRole('button', { name: 'Add section below' }).click();
        await picker.getByRole('button', { name: label, exact: true }).click();
        await poll(() => page.locator('.br-section-row').nth(1).getAttribute('data-section-key')).not.toBeNull();
        key = (await page.locator('.br-section-row').nth(1).getAttribute('data-section-key'))!;
      }
      await poll(() => sidebar().getByRole('heading', { name: label, level: 2 }).isVisible()).toBe(true);
      await drive(sectionProbe(t, key, `${name} ${label} panel`));
      await back();
      done.push(`section ${t}`);
    }

    // The header and the footer (their two variants: the theme's own).
    await page.getByRole('button', { name: 'Header', exact: true }).click();
    await drive(
      textProbe(
        () => textbox('Top bar text'),
        `${name} header panel`,
        () => preview().locator('header'),
      ),
    );
    await back();
    await page.getByRole('button', { name: 'Footer', exact: true }).click();
    await drive(
      textProbe(
        () => textbox('Copyright'),
        `${name} footer panel`,
        () => preview().locator('footer'),
      ),
    );
    await back();
    done.push('header', 'footer');

    // Every Setting-tab group of every page (spec §2 table), each opened from its page's list.
    await page.getByRole('tab', { name: 'Setting' }).click();
    for (const p of PREVIEW_PAGES) {
      const groups = groupsForPage(p, type);
      if (!groups.length) continue;
      await page.getByRole('combobox', { name: 'Page', exact: true }).first().click();
      await page.getByRole('option', { name: PREVIEW_PAGE_LABELS[p], exact: true }).click();
      const list = page.getByRole('list', { name: `Settings of the ${PREVIEW_PAGE_LABELS[p]}` });
      for (const g of groups) {
        const probe = groupProbe(g.id as SettingsGroupId, `${name} ${g.label} panel`);
        expect(probe, `a probe for the group ${g.id}`).toBeDefined();
        await list.getByRole('button', { name: g.label, exact: true }).click();
        await poll(() => sidebar().getByRole('heading', { name: g.label, level: 2 }).isVisible()).toBe(true);
        await drive(probe!);
        await back();
        done.push(`group ${g.id}`);
      }
    }
    expect(done.length).toBe(types.length + 2 + PREVIEW_PAGES.flatMap((p) => groupsForPage(p, type)).length);
  });
});
