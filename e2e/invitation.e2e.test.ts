import { describe, expect, it } from 'vitest';
import { DEMO_OWNER, newPage, seriousA11yViolations, useServerAndBrowser } from './harness';

/**
 * A new colleague's invitation in Chromium (issue 31 item 6), at 1440 and 375 px: the owner adds a person without a
 * password, the e-mailed link opens "Join Demo Fashion on Backroom" naming who invited them (not the password-reset
 * screen), a common password is refused, and a good one signs them in to Demo Fashion's admin.
 */
const e2e = useServerAndBrowser({ demoOrders: 0 });

/** The owner's API headers for Demo Fashion (signed in through the API). */
async function ownerHeaders() {
  const res = await e2e.server.app.inject({ method: 'POST', url: '/api/auth/login', payload: DEMO_OWNER });
  const { accessToken } = res.json() as { accessToken: string };
  const stores = (
    await e2e.server.app.inject({ method: 'GET', url: '/api/stores', headers: { authorization: `Bearer ${accessToken}` } })
  ).json() as { stores: { id: string; name: string }[] };
  const shop = stores.stores.find((s) => s.name === 'Demo Fashion')!;
  return { authorization: `Bearer ${accessToken}`, 'x-store-id': shop.id };
}

describe('staff invitation (issue 31 item 6)', () => {
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 375, height: 667 },
  ]) {
    it(`welcomes the invited person into the shop at ${viewport.width} px`, async () => {
      const email = `joiner-${viewport.width}@demo.test`;
      const added = await e2e.server.app.inject({
        method: 'POST',
        url: '/api/users/add-store-staff',
        headers: await ownerHeaders(),
        payload: { email, firstName: 'Jo', lastName: 'Iner', scopes: ['orders'] },
      });
      expect(added.statusCode, added.body).toBe(200);
      let link = '';
      await expect
        .poll(async () => {
          const { mails } = (await (await fetch(`${e2e.server.url}/api/dev/outbox`)).json()) as { mails: { to: string; text: string }[] };
          link = /https?:\/\/\S+\/auth\/join\?\S+/.exec(mails.find((m) => m.to === email)?.text ?? '')?.[0] ?? '';
          return link;
        })
        .not.toBe('');

      const { context, page } = await newPage(e2e.browser, viewport);
      await page.goto(link.replace(/^https?:\/\/[^/]+/, e2e.server.url));
      await page.getByRole('heading', { name: 'Join Demo Fashion on Backroom' }).waitFor();
      await page.getByText(`(${DEMO_OWNER.email}) invited you to join the staff of Demo Fashion.`).waitFor();
      expect(await page.getByText('Every device signed in').count()).toBe(0);
      expect(await seriousA11yViolations(page)).toEqual([]);

      await page.getByLabel(/^Password/).fill('sunshine');
      await page.getByLabel(/^Confirm password/).fill('sunshine');
      await page.getByRole('button', { name: 'Join Demo Fashion' }).click();
      await page.getByText(/one of the most common ones/).waitFor();

      await page.getByLabel(/^Password/).fill('Maple-Harbour-42');
      await page.getByLabel(/^Confirm password/).fill('Maple-Harbour-42');
      await page.getByRole('button', { name: 'Join Demo Fashion' }).click();
      await page.waitForURL((u) => u.pathname.startsWith('/admin'));
      // Signed in to Demo Fashion: its admin (the page title names the shop; a phone's shell takes a while to load).
      await expect.poll(() => page.title(), { timeout: 30_000 }).toContain('Demo Fashion');
      await context.close();
    });
  }
});
