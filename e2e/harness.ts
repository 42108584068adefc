import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { type App, buildApp } from '../apps/server/src/app.js';
import { testConfig } from '../apps/server/src/config.js';
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
 * demo store.
 */
export async function startServer(): Promise<E2eServer> {
  const adminDist = join(ROOT, 'apps/admin/dist');
  if (!existsSync(join(adminDist, 'index.html'))) throw new Error('apps/admin/dist is missing: run `npm run build` first');
  const database = await freshDatabase();
  // Uploads and the mail outbox go to a throw-away folder, never the repository's ./data.
  const dataDir = mkdtempSync(join(tmpdir(), 'backroom-e2e-'));
  const config = testConfig({ port: 0, host: '127.0.0.1', dataDir });
  const app = await buildApp({ config, database, logger: false, adminDist });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  // Links the app prints (storefront URLs, reset links) use the real port.
  config.port = port;
  config.adminOrigin = `http://localhost:${port}`;
  await ensureDemoStore(database.db, config, { log: () => {} });
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

/** A fresh context (no shared local storage) and page at a viewport; 375×667 is the spec's mobile size. */
export async function newPage(browser: Browser, viewport = { width: 1440, height: 900 }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, locale: 'en-US', timezoneId: 'America/Los_Angeles' });
  const page = await context.newPage();
  return { context, page };
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

/** Runs axe on the page and returns the serious and critical violations (ids and targets), to assert empty. */
export async function seriousA11yViolations(page: Page): Promise<{ id: string; targets: string[] }[]> {
  // Let running transitions (a modal fading in) finish: half-transparent text would fail the contrast rule.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target.join(' ')) }));
}
