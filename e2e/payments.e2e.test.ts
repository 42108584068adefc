import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PAYMENT_GATEWAY_WARNING } from '@backroom/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStore, makeUser } from '../apps/server/src/test/harness.js';
import { DEMO_OWNER, type E2eServer, launchBrowser, newPage, seriousA11yViolations, settled, signIn, startServer } from './harness';

/**
 * Getting paid end to end (issue 10; spec admin-dashboard §1, §4, §8): a merchant signs up through the partner link
 * and sees the onboarding guide, the trial banner and the 'Notify' dialog; provider staff add a gateway to the pool,
 * put it in a new gateway group and assign it to that shop, and the warning is gone; the demo owner requests a payout and finds it pending in the history.
 */
// A few hundred demo orders are plenty for a balance (the file never reads the figures): the seed stays quick.
const e2e = {} as { server: E2eServer; browser: Browser };
beforeAll(async () => {
  e2e.server = await startServer({ demoOrders: 300 });
  e2e.browser = await launchBrowser();
});
afterAll(async () => {
  await e2e.browser?.close();
  await e2e.server?.stop();
});
const SHOTS = join(import.meta.dirname, '.screenshots');

describe('getting paid', () => {
  it('new shop: guide, trial and Notify; provider staff assign a gateway; the warning stops', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const { db, config, url } = { db: e2e.server.db, config: e2e.server.app.config, url: e2e.server.url };
    const ops = await makeUser(db, { email: `ops@${config.providerDomain}`, password: 'ops-pass-12', firstName: 'Opal', lastName: 'Ops' });
    await makeStore(db, config, { ownerId: ops.id, name: 'Provider Desk', handle: 'provider-desk' });

    // The merchant signs up through the partner link (/auth/register?sk=…), answers the survey and lands on Home.
    const shop = await newPage(e2e.browser);
    await shop.page.goto(`${url}/auth/register?sk=${encodeURIComponent(config.registerPartnerKey)}`);
    await shop.page.getByLabel('First name').fill('Nova');
    await shop.page.getByLabel('Last name').fill('Merchant');
    await shop.page.getByLabel('Email').fill('nova@example.test');
    await shop.page.getByLabel('Store name').fill('Nova Goods');
    await shop.page.getByLabel(/^Password/).fill('nova-pass-1');
    await shop.page.getByLabel('Confirm password').fill('nova-pass-1');
    await shop.page.getByRole('button', { name: 'Create store' }).click();
    await shop.page.waitForURL(/\/auth\/survey\?/);
    for (const answer of ['Print-on-demand, my own products or something else', 'Just starting out', 'Up to 50', 'Print-on-demand']) {
      await shop.page.getByRole('radio', { name: answer, exact: true }).check();
    }
    await shop.page.getByRole('button', { name: 'Continue to dashboard' }).click();
    await shop.page.waitForURL(/\/admin$/);
    const notify = shop.page.getByRole('dialog', { name: 'Notify' });
    await notify.waitFor();
    await expect.poll(() => notify.textContent()).toContain(PAYMENT_GATEWAY_WARNING);
    expect(await seriousA11yViolations(shop.page)).toEqual([]);
    await shop.page.screenshot({ path: join(SHOTS, 'payments-notify.png') });
    await notify.getByRole('button', { name: 'CLOSE' }).click();
    await notify.waitFor({ state: 'hidden' });
    const guide = shop.page.getByRole('region', { name: 'Setup guide' });
    await guide.getByRole('heading', { name: 'Add your first product' }).waitFor();
    await guide.getByRole('button', { name: 'Skip this step' }).click();
    await guide.getByRole('heading', { name: 'Customize your theme' }).waitFor();
    await expect.poll(() => guide.textContent()).toContain('nova-goods.localhost');
    // The skipped step is listed as Skipped and not counted as done.
    expect(await guide.textContent()).toContain('0 of 6 done · 1 skipped');
    expect(await guide.getByRole('list', { name: 'Setup steps' }).getByRole('listitem').first().textContent()).toBe(
      'Add your first productSkipped',
    );
    const trial = shop.page.getByRole('region', { name: 'Trial' });
    await expect.poll(() => trial.textContent()).toContain('Your free trial ends in 14 days.');
    expect(await seriousA11yViolations(shop.page)).toEqual([]);
    await shop.page.screenshot({ path: join(SHOTS, 'payments-home.png'), fullPage: true });
    await shop.page.setViewportSize({ width: 375, height: 812 });
    await shop.page.screenshot({ path: join(SHOTS, 'payments-home-375.png'), fullPage: true });
    await shop.page.setViewportSize({ width: 1440, height: 900 });

    // Provider staff: add a gateway to the pool and assign it to Nova Goods.
    const desk = await newPage(e2e.browser);
    await signIn(desk.page, url, ops.email, ops.password, 'Provider Desk');
    await desk.page.getByRole('dialog', { name: 'Notify' }).getByRole('button', { name: 'CLOSE' }).click();
    await desk.page.goto(`${url}/admin/settings/payout`);
    const pool = desk.page.getByRole('region', { name: 'Gateway pool (provider staff)' });
    const add = pool.getByRole('form', { name: 'Add a gateway to the pool' });
    await add.getByLabel('Display name').fill('Stripe Nova');
    await add.getByLabel('Account id').fill('acct_nova_1');
    await add.getByLabel('Credentials').fill('sk_live_secret');
    await add.getByRole('button', { name: 'Add to pool' }).click();
    // A gateway group: create it, add the new gateway to it (the group editor's lists are pages of 10).
    await pool.getByLabel('New group').fill('Europe');
    await pool.getByRole('button', { name: 'Create group' }).click();
    const rest = pool.getByRole('table', { name: 'Gateways not in Europe' });
    await rest.getByRole('button', { name: 'Add Stripe Nova' }).click();
    await pool.getByRole('table', { name: 'Gateways in Europe' }).getByRole('button', { name: 'Remove Stripe Nova' }).waitFor();
    await desk.page.getByText('Stripe Nova added to group Europe').waitFor();
    await pool
      .getByRole('table', { name: 'Gateway groups' })
      .getByRole('row', { name: /Europe\s*1\s*0/ })
      .waitFor();
    await pool.getByLabel('Find a shop').fill('nova');
    await pool.getByRole('button', { name: 'Nova Goods (0)' }).click();
    await pool.getByRole('button', { name: 'Assign Stripe Nova' }).click();
    await pool.getByRole('table', { name: 'Gateways of Nova Goods' }).getByRole('button', { name: 'Remove Stripe Nova' }).waitFor();
    expect(await seriousA11yViolations(desk.page)).toEqual([]);

    // The merchant's next check finds the gateway: no warning any more.
    // Listen before the reload: the check may answer before the guide is drawn (waiting after it cost 30 s).
    const checked = shop.page.waitForResponse((r) => r.url().includes('/api/stores/payout/proxy/store-proxies'));
    await shop.page.reload();
    await shop.page.getByRole('region', { name: 'Setup guide' }).waitFor();
    await checked;
    await settled(shop.page);
    await expect.poll(() => shop.page.getByRole('dialog', { name: 'Notify' }).count()).toBe(0);
    await shop.page.getByRole('link', { name: 'Select a plan' }).click();
    await shop.page.getByRole('button', { name: 'Choose Growth' }).click();
    await shop.page.getByRole('button', { name: 'Selected' }).waitFor();
    await expect.poll(() => shop.page.getByRole('region', { name: 'Trial' }).count()).toBe(0);
    for (const p of [shop, desk]) await p.context.close();
  });

  it('the demo owner requests a payout and follows it in the history', async () => {
    const { page, context } = await newPage(e2e.browser);
    await signIn(page, e2e.server.url, DEMO_OWNER.email, DEMO_OWNER.password, 'Demo Fashion');
    await page.goto(`${e2e.server.url}/admin/settings/payout`);
    await page.getByLabel('Amount (USD)').fill('75');
    await page.getByRole('button', { name: 'Request payout' }).click();
    const history = page.getByRole('table', { name: 'Payout requests' });
    await expect.poll(() => history.textContent()).toContain('$75.00');
    await expect.poll(() => history.textContent()).toContain('Pending');
    await expect.poll(() => history.textContent()).toContain('Visa •••• 4242');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'payments-payout.png'), fullPage: true });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: join(SHOTS, 'payments-payout-375.png'), fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    // The owner moves payouts to a bank account (the hidden PayPal e-mail, empty, must not block the save).
    const method = page.getByRole('form', { name: 'Payout method' });
    await method.getByText('Bank account', { exact: true }).click();
    await method.getByLabel('Account holder').fill('Olivia Owner');
    await method.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
    await method.getByRole('button', { name: 'Save payout method' }).click();
    await expect.poll(() => method.textContent()).toContain('Payouts go to: Bank account DE89 **** **** **** **30 00 (Olivia Owner)');
    await context.close();
  });
});
