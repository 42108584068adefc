import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eServer, launchBrowser, newPage, seriousA11yViolations, signIn, startServer } from './harness';

/**
 * Access control end to end (issue "Access control"; spec admin-dashboard §6, DESIGN.md "Sessions"): an owner adds a
 * staff member with only orders + products; that person sees only Orders and Products in the menu; typing
 * /admin/analytics goes to no-access; the owner signs them out and their next request sends their browser to login.
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
const NEW_STAFF = { email: 'picker@demo.test', password: 'picker-pass', first: 'Pia', last: 'Picker' };
const TOP_LEVEL = ['Home', 'Orders', 'Products', 'Analytics', 'Marketing', 'Customers', 'Apps', 'Online Store', 'Settings'];

describe('staff access control', () => {
  it('owner adds orders+products staff; they see only those; no-access for analytics; revocation sends them to login', async () => {
    const owner = await newPage(browser);
    await signIn(owner.page, server.url, OWNER.email, OWNER.password, 'Demo Fashion');
    await owner.page.goto(`${server.url}/admin/member`);
    const staffTable = owner.page.getByRole('table', { name: 'Staff' });
    await staffTable.getByText(OWNER.email).waitFor();
    expect(await seriousA11yViolations(owner.page)).toEqual([]);

    // Add the staff member with only Orders and Products.
    await owner.page.getByRole('button', { name: 'Add staff' }).click();
    const dialog = owner.page.getByRole('dialog', { name: 'Add staff' });
    await dialog.getByLabel('First name').fill(NEW_STAFF.first);
    await dialog.getByLabel('Last name').fill(NEW_STAFF.last);
    await dialog.getByLabel('Email').fill(NEW_STAFF.email);
    await dialog.getByLabel('Password', { exact: true }).fill(NEW_STAFF.password);
    await dialog.getByRole('checkbox', { name: 'Orders' }).check();
    await dialog.getByRole('checkbox', { name: 'Products' }).check();
    expect(await seriousA11yViolations(owner.page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Add staff' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = staffTable.getByRole('row').filter({ hasText: NEW_STAFF.email });
    await expect.poll(() => row.textContent()).toContain('2 of 19');
    expect(await row.textContent()).toContain(`${NEW_STAFF.first} ${NEW_STAFF.last}`);

    // The staff member signs in: the menu holds only Orders and Products.
    const staff = await newPage(browser);
    await signIn(staff.page, server.url, NEW_STAFF.email, NEW_STAFF.password, 'Demo Fashion');
    const nav = staff.page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByText('Orders', { exact: true }).first().waitFor();
    const shown: string[] = [];
    for (const title of TOP_LEVEL) if (await nav.getByText(title, { exact: true }).first().isVisible()) shown.push(title);
    expect(shown).toEqual(['Orders', 'Products']);

    // Typing an address they may not open goes to no-access.
    await staff.page.goto(`${server.url}/admin/analytics`);
    await staff.page.waitForURL((u) => u.pathname === '/admin/no-access');
    await staff.page.getByRole('heading', { name: "You don't have access to this page" }).waitFor();

    // The owner signs them out everywhere (with a confirmation).
    await row.getByRole('button', { name: `Actions for ${NEW_STAFF.first} ${NEW_STAFF.last}` }).click();
    await owner.page.getByRole('menuitem', { name: 'Sign out everywhere' }).click();
    const confirm = owner.page.getByRole('dialog', { name: 'Sign out this person?' });
    await confirm.getByRole('button', { name: 'Sign out' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await expect.poll(() => row.textContent()).not.toContain('active session');

    // Their next request (opening their profile loads its history) ends on the login screen.
    await staff.page.getByRole('button', { name: `Account menu of ${NEW_STAFF.email}` }).click();
    await staff.page.getByRole('menuitem', { name: 'Profile' }).click();
    await staff.page.waitForURL((u) => u.pathname === '/auth/login', { timeout: 15_000 });
    await staff.page.getByRole('heading', { name: 'Sign in to Dashboard' }).waitFor();
    expect(await staff.page.evaluate(() => localStorage.length)).toBe(0);

    // The owner is still signed in.
    await owner.page.reload();
    await staffTable.getByText(OWNER.email).waitFor();
    await owner.context.close();
    await staff.context.close();
  });
});
