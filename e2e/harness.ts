import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Frame, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { type App, buildApp } from '../apps/server/src/app.js';
import { type Config, testConfig } from '../apps/server/src/config.js';
import type { Database, Db } from '../apps/server/src/db/client.js';
import { ensureDemoStore } from '../apps/server/src/demo/seed.js';
import { freshDatabase } from '../apps/server/src/test/harness.js';

const ROOT = join(import.meta.dirname, '..');

/** A running Backroom on a free port, with the demo store, and direct access to its database. */
export interface E2eServer {
  app: App;
  db: Db;
  database: Database;
  /** Admin origin, e.g. http://localhost:41234 */
  url: string;
  port: number;
  /** Storefront origin of a shop handle, e.g. http://demo.localhost:41234 */
  storefront(handle: string): string;
  stop(): Promise<void>;
}

/**
 * Starts the built app in this process on a free port (`npm run build` must have run: the test:e2e script does it).
 * The database is fresh (PGlite in memory, or a new PostgreSQL database when TEST_DATABASE_URL is set) and holds the
 * demo store (`config`: settings over the test defaults, e.g. CUSTOM_STORE_EMAIL). `demoOrders`: how many demo orders the seed makes (default the seed's DEFAULT_DEMO_ORDERS, 6000; a
 * file that never looks at orders or figures asks for a few, which takes a fraction of the time on a loaded machine).
 */
export async function startServer(opts: { demoOrders?: number; config?: Partial<Config> } = {}): Promise<E2eServer> {
  const adminDist = join(ROOT, 'apps/admin/dist');
  if (!existsSync(join(adminDist, 'index.html'))) throw new Error('apps/admin/dist is missing: run `npm run build` first');
  const database = await freshDatabase();
  // Uploads and the mail outbox go to a throw-away folder, never the repository's ./data.
  const dataDir = mkdtempSync(join(tmpdir(), 'backroom-e2e-'));
  const config = testConfig({ port: 0, host: '127.0.0.1', dataDir, ...opts.config });
  const app = await buildApp({ config, database, logger: false, adminDist });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  // Links the app prints (storefront URLs, reset links) use the real port.
  config.port = port;
  config.adminOrigin = `http://localhost:${port}`;
  await ensureDemoStore(database.db, config, { log: () => {}, orders: opts.demoOrders });
  return {
    app,
    db: database.db,
    database,
    url: `http://localhost:${port}`,
    port,
    storefront: (handle) => `http://${handle}.${config.storefrontSuffix}:${port}`,
    stop: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The demo store's owner, as the demo seed creates them (shops 'Demo Fashion' and 'Demo Home'). */
export const DEMO_OWNER = { email: 'owner@demo.test', password: 'backroom-demo' } as const;

/**
 * Registers the E2E file's hooks: before all tests a server ({@link startServer} with `opts`) and a browser
 * ({@link launchBrowser}), after all tests both closed. Returns the object whose `server` and `browser` are set once
 * the `beforeAll` ran (read them inside tests and later hooks, never at the file's top level).
 */
export function useServerAndBrowser(opts: { demoOrders?: number; config?: Partial<Config> } = {}): {
  server: E2eServer;
  browser: Browser;
} {
  const e2e = {} as { server: E2eServer; browser: Browser };
  beforeAll(async () => {
    e2e.server = await startServer(opts);
    e2e.browser = await launchBrowser();
  });
  afterAll(async () => {
    await e2e.browser?.close();
    await e2e.server?.stop();
  });
  return e2e;
}

/** Launches Debian's Chromium headless (never a downloaded browser); *.localhost resolves to loopback. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--host-resolver-rules=MAP *.localhost 127.0.0.1, MAP localhost 127.0.0.1',
    ],
  });
}

/**
 * A fresh context (no shared local storage) and page at a viewport; 375×667 is the spec's mobile size. Its `goto`
 * (waiting for `load`, the default) also waits, on a storefront page, until the page is hydrated
 * (`html[data-sf-ready]`): a server-rendered page asks for its script only once it has painted (storefront plugin
 * `afterFirstPaint`), so `load` may come first, and a click right after `goto` would reach a button that has no
 * handler yet. Pages without the storefront's bootstrap (the admin, JSON, a 404) do not wait.
 */
export async function newPage(browser: Browser, viewport = { width: 1440, height: 900 }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, locale: 'en-US', timezoneId: 'America/Los_Angeles' });
  const page = await context.newPage();
  const goto = page.goto.bind(page);
  page.goto = (async (url, options) => {
    const res = await goto(url, options);
    if ((options?.waitUntil ?? 'load') === 'load') {
      await page.locator('html[data-sf-ready], html:not(:has(#sf-bootstrap))').waitFor({ state: 'attached' });
    }
    return res;
  }) as Page['goto'];
  return { context, page };
}

/**
 * A new storefront shopper page whose visit already closed the theme's popups (theme-editor §3: discount, welcome,
 * subscribe open once per visit after `POPUP_DELAY_MS` and closing one is remembered in sessionStorage under
 * `sf-popup:<kind>`). Without it a popup opening mid-story covers the button the test clicks next, which made the
 * checkout stories flaky; the popup itself is covered by the storefront's own tests.
 */
export async function newShopperPage(
  browser: Browser,
  viewport = { width: 1280, height: 900 },
): Promise<{ context: BrowserContext; page: Page }> {
  const shopper = await newPage(browser, viewport);
  await shopper.page.addInitScript(() => {
    for (const kind of ['discount', 'welcome', 'subscribe']) sessionStorage.setItem(`sf-popup:${kind}`, '1');
  });
  return shopper;
}

/**
 * Installs Playwright's fake clock on the page (`page.clock.install()`: timers, `Date`, `performance`, `Intl`
 * follow a clock the test moves with `page.clock.fastForward(ms)`), and makes its fake `Date` subclassable again.
 *
 * Why: Playwright's fake `Date` is a plain function whose `new` returns a native Date, so a `class X extends Date`
 * created while the clock is installed gets a plain Date back from `super()` and loses its own methods
 * (microsoft/playwright#35314, open; sinon's fake-timers had the same bug and fixed it by making its fake `Date` a
 * subclass of the native one, sinonjs/fake-timers#480). The admin's time module reads dates in a zone through
 * `@date-fns/tz`'s `TZDate`, a `Date` subclass, so under Playwright's clock every zone reading is wrong
 * (`isLocalDate('2026-11-23')` is false, the Overview throws). In a real browser `Date` is subclassable, so the fault
 * is the tool's: this init script, added after the clock's, replaces the fake `Date` by a subclass of the native
 * one whose "now" is still the fake clock's, which is what sinon does.
 */
export async function installClock(page: Page): Promise<void> {
  await page.clock.install();
  await page.addInitScript(() => {
    const Fake = globalThis.Date;
    // `new Fake()` is a native Date: its prototype's constructor is the native `Date` the clock hides.
    const Native = Object.getPrototypeOf(new Fake(0)).constructor as DateConstructor;
    if (Native === Fake) return;
    const now = () => Fake.now();
    // The native `Date` (same prototype and statics) whose "now" is the fake clock's and whose `new` honours
    // `new.target`, so `super()` in a subclass builds an instance of that subclass.
    globalThis.Date = new Proxy(Native, {
      construct: (target, args, newTarget) => Reflect.construct(target, args.length ? args : [now()], newTarget),
      // `Date()` without `new` answers the current time as a string (ECMA-262 §21.4.2.1).
      apply: () => new Native(now()).toString(),
      get: (target, key, receiver) => (key === 'now' ? now : Reflect.get(target, key, receiver)),
    });
  });
}

/** Signs in through the login screen and picks the shop named `shopName` (or the first one). Ends on /admin. */
export async function signIn(page: Page, url: string, email: string, password: string, shopName?: string): Promise<void> {
  await page.goto(`${url}/auth/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/auth/shop');
  const card = shopName ? page.getByRole('button', { name: new RegExp(shopName) }) : page.getByRole('button').first();
  await card.first().click();
  await page.waitForURL((u) => u.pathname.startsWith('/admin'));
}

/**
 * Runs axe on the page and returns the serious and critical violations (ids and targets), to assert empty.
 * `include`: CSS selectors of the only parts analysed (a panel or dialog that just opened on a page analysed before:
 * a run costs seconds per page on a loaded machine); `exclude`: parts not analysed (an embedded frame analysed before).
 */
export async function seriousA11yViolations(
  page: Page,
  opts: { include?: string[]; exclude?: string[] } = {},
): Promise<{ id: string; targets: string[] }[]> {
  // Let running transitions (a modal fading in) finish: half-transparent text would fail the contrast rule.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  const builder = new AxeBuilder({ page });
  for (const selector of opts.include ?? []) builder.include(selector);
  for (const selector of opts.exclude ?? []) builder.exclude(selector);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

/**
 * Resolves once the page has handled every task queued before the call and painted twice: what a test waits for
 * when it checks that something did NOT happen after an event it already awaited (a message, a response) — the
 * reaction, if any, runs in those tasks and renders in the next frame. State, not time: it lasts as long as the page
 * needs, whatever the machine's load (issue 28 item 3, no `waitForTimeout`).
 */
export async function settled(page: Page | Frame): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        // A window message posted now is delivered after every window message queued before it (one task source):
        // the page's own handlers of those have run when it arrives. Handlers ignore this unknown string.
        const marker = `settled-${Math.random()}`;
        const onMessage = (event: MessageEvent) => {
          if (event.data !== marker) return;
          window.removeEventListener('message', onMessage);
          requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
        };
        window.addEventListener('message', onMessage);
        window.postMessage(marker, '*');
      }),
  );
}

/** Sets the viewport and waits until the page has laid itself out at the new width (a resize, then two frames). */
export async function resize(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await page.waitForFunction((w) => window.innerWidth === w, size.width);
  await settled(page);
}
