import { describe, expect, it } from 'vitest';
import { makeStore, makeUser } from '../apps/server/src/test/harness.js';
import { DEMO_OWNER, newPage, seriousA11yViolations, signIn, useServerAndBrowser } from './harness';

/**
 * Access control end to end (issue "Access control"; spec admin-dashboard §6, DESIGN.md "Sessions"): an owner adds a
 * staff member with only orders + products; that person sees only Orders and Products in the menu; typing
 * /admin/analytics goes to no-access; the owner signs them out and their next request sends their browser to login.
 */
const e2e = useServerAndBrowser({ demoOrders: 40 });

const OWNER = DEMO_OWNER;
const NEW_STAFF = { email: 'picker@demo.test', password: 'picker-pass', first: 'Pia', last: 'Picker' };
const TOP_LEVEL = ['Home', 'Orders', 'Products', 'Analytics', 'Marketing', 'Customers', 'Apps', 'Online Store', 'Settings'];

describe('staff access control', () => {
  it('owner adds orders+products staff; they see only those; no-access for analytics; revocation sends them to login', async () => {
    const owner = await newPage(e2e.browser);
    await signIn(owner.page, e2e.server.url, OWNER.email, OWNER.password, 'Demo Fashion');
    await owner.page.goto(`${e2e.server.url}/admin/member`);
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
    await expect.poll(() => row.textContent()).toContain(`${NEW_STAFF.first} ${NEW_STAFF.last}`);

    // The staff member signs in: the menu holds only Orders and Products.
    const staff = await newPage(e2e.browser);
    await signIn(staff.page, e2e.server.url, NEW_STAFF.email, NEW_STAFF.password, 'Demo Fashion');
    const nav = staff.page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByText('Orders', { exact: true }).first().waitFor();
    const shown: string[] = [];
    for (const title of TOP_LEVEL) if (await nav.getByText(title, { exact: true }).first().isVisible()) shown.push(title);
    expect(shown).toEqual(['Orders', 'Products']);

    // Typing an address they may not open goes to no-access.
    await staff.page.goto(`${e2e.server.url}/admin/analytics`);
    await staff.page.waitForURL((u) => u.pathname === '/admin/no-access');
    await staff.page.getByRole('heading', { name: "You don't have access to this page" }).waitFor();

    // The owner signs them out everywhere (with a confirmation).
    await row.getByRole('button', { name: `Actions for ${NEW_STAFF.first} ${NEW_STAFF.last}` }).click();
    await owner.page.getByRole('menuitem', { name: 'Sign out of this shop' }).click();
    const confirm = owner.page.getByRole('dialog', { name: 'Sign out of this shop?' });
    await confirm.getByRole('button', { name: 'Sign out' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await expect.poll(() => row.textContent()).not.toContain('active session');

    // Their next request to this shop (opening Products) ends on the login screen.
    await staff.page.goto(`${e2e.server.url}/admin/products`);
    await staff.page.waitForURL((u) => u.pathname === '/auth/login', { timeout: 15_000 });
    await staff.page.getByRole('heading', { name: 'Sign in to Dashboard' }).waitFor();
    expect(await staff.page.evaluate(() => localStorage.length)).toBe(0);

    // The owner is still signed in.
    await owner.page.reload();
    await staffTable.getByText(OWNER.email).waitFor();
    await owner.context.close();
    await staff.context.close();
  });

  it('an existing account is invited, accepts on the shop choice, and a sign-out ends only this shop (issue 14 item 5)', async () => {
    // Pat already has an account and a shop of their own.
    const pat = await makeUser(e2e.server.db, {
      email: 'pat@elsewhere.test',
      password: 'pat-password',
      firstName: 'Pat',
      lastName: 'Person',
    });
    await makeStore(e2e.server.db, e2e.server.app.config, { ownerId: pat.id, name: 'Pat Goods' });

    const owner = await newPage(e2e.browser);
    await signIn(owner.page, e2e.server.url, OWNER.email, OWNER.password, 'Demo Fashion');
    await owner.page.goto(`${e2e.server.url}/admin/member`);
    await owner.page.getByRole('button', { name: 'Add staff' }).click();
    const dialog = owner.page.getByRole('dialog', { name: 'Add staff' });
    await dialog.getByLabel('First name').fill('Pat');
    await dialog.getByLabel('Last name').fill('Person');
    await dialog.getByLabel('Email').fill(pat.email);
    await dialog.getByRole('checkbox', { name: 'Orders' }).check();
    await dialog.getByRole('button', { name: 'Add staff' }).click();
    await owner.page.getByText(`${pat.email} was invited to join Demo Fashion: they become a member when they accept.`).waitFor();
    const pendingList = owner.page.getByRole('list', { name: 'Pending invitations' });
    await pendingList.getByRole('listitem', { name: `Invitation of ${pat.email}` }).waitFor();
    await expect.poll(() => owner.page.getByRole('table', { name: 'Staff' }).textContent()).not.toContain(pat.email);
    expect(await seriousA11yViolations(owner.page)).toEqual([]);

    // Pat signs in: the shop choice shows the invitation; Demo Fashion is not theirs until they accept.
    const device = await newPage(e2e.browser);
    await device.page.goto(`${e2e.server.url}/auth/login`);
    await device.page.getByLabel('Email').fill(pat.email);
    await device.page.getByLabel('Password', { exact: true }).fill(pat.password);
    await device.page.getByRole('button', { name: 'Sign In' }).click();
    await device.page.waitForURL('**/auth/shop');
    const invitation = device.page.getByRole('listitem', { name: 'Invitation to Demo Fashion' });
    await invitation.waitFor();
    await expect.poll(() => device.page.getByRole('button', { name: /^Demo Fashion,/ }).count()).toBe(0);
    expect(await seriousA11yViolations(device.page)).toEqual([]);
    await invitation.getByRole('button', { name: 'Accept' }).click();
    await device.page.getByText('You joined Demo Fashion').waitFor();
    await device.page.getByRole('button', { name: /^Demo Fashion,/ }).click();
    await device.page.waitForURL((u) => u.pathname === '/admin/orders');

    // A second device of Pat's works in Pat's own shop with its own session.
    const other = await newPage(e2e.browser);
    await signIn(other.page, e2e.server.url, pat.email, pat.password, 'Pat Goods');

    // The owner signs Pat out of Demo Fashion.
    await owner.page.reload();
    const row = owner.page.getByRole('table', { name: 'Staff' }).getByRole('row').filter({ hasText: pat.email });
    await row.getByRole('button', { name: 'Actions for Pat Person' }).click();
    await owner.page.getByRole('menuitem', { name: 'Sign out of this shop' }).click();
    await owner.page.getByRole('dialog', { name: 'Sign out of this shop?' }).getByRole('button', { name: 'Sign out' }).click();
    await owner.page.getByText('Signed out of this shop (1 session)').waitFor();

    // Pat's next request to Demo Fashion (opening Orders loads the list) ends on the login screen…
    await device.page.reload();
    await device.page.waitForURL((u) => u.pathname === '/auth/login', { timeout: 15_000 });
    // …while the other device's session keeps working in Pat's own shop.
    await other.page.reload();
    await other.page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    expect(new URL(other.page.url()).pathname.startsWith('/admin')).toBe(true);
    for (const p of [owner, device, other]) await p.context.close();
  });
});
