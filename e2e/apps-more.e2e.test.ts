import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { rows, sql } from '../apps/server/src/db/client.js';
import { DEMO_OWNER, newPage, newShopperPage, seriousA11yViolations, signIn, useServerAndBrowser } from './harness';

/**
 * Product widgets, the apps mini navigation, Custom Store and the palette's "Request a payout" (issue 18 items 2, 3
 * and 7, issue 20) in Chromium on the demo shops. The demo owner is made provider staff (the full menu, with its
 * Apps group) and the Custom Store e-mail. A Best sellers widget added on the Product Widget screen shows under the
 * description of a Demo Fashion (newchick) product page; a Recently viewed widget shows the product a shopper saw
 * before on Demo Home (hydro); Demo Home's cart shows a Handpicked widget and an in-cart offer at the server's price,
 * which the cart discounts once taken; a Handpicked widget placed on the home page shows its products, in the
 * merchant's order, on Demo Fashion's home page (and no product-page widget there); every apps route shows the mini
 * navigation in place of the sidebar's Apps group; a shop is created from Demo Fashion and listed; typing `payout` in
 * the palette offers "Request a payout", which opens the payout request dialog. axe finds no serious or critical violation; screenshots go to `$E2E_SHOTS` when set.
 */
const e2e = useServerAndBrowser({
  demoOrders: 60,
  config: { customStoreEmail: DEMO_OWNER.email, providerEmails: [DEMO_OWNER.email] },
});

/** axe on this file's screens, without the search palette's hidden list (judged in search.e2e.test.ts). */
const axe = (page: Page) => seriousA11yViolations(page, { exclude: ['[aria-label="Search"][data-scrollable]'] });

const shot = async (page: Page, name: string) => {
  if (!process.env.E2E_SHOTS) return;
  mkdirSync(process.env.E2E_SHOTS, { recursive: true });
  await page.screenshot({ path: `${process.env.E2E_SHOTS}/${name}.png`, fullPage: true });
};

/** Every apps route of the registry (APPS_NAV) with its tab's name. */
const APPS_ROUTES = [
  ['/admin/apps', 'All apps'],
  ['/admin/apps/product-reviews', 'Reviews'],
  ['/admin/upsell', 'Boost UpSell'],
  ['/admin/apps/widgets', 'Product Widget'],
  ['/admin/notification', 'Telegram'],
  ['/admin/pixels/share', 'Share Pixel'],
  ['/admin/size-chart', 'Size chart'],
] as const;

describe('product widgets, apps navigation, Custom Store and the payout action', () => {
  it('every apps route shows the mini navigation in place of the sidebar’s Apps group', async () => {
    const { context, page } = await newPage(e2e.browser);
    await signIn(page, e2e.server.url, DEMO_OWNER.email, DEMO_OWNER.password, 'Demo Fashion');
    const sidebar = page.getByRole('navigation', { name: 'Main navigation' });
    // Outside the apps routes the full menu has its Apps group.
    await page.goto(`${e2e.server.url}/admin/orders`);
    await sidebar.getByRole('button', { name: 'Apps' }).waitFor();
    for (const [path, tab] of APPS_ROUTES) {
      await page.goto(`${e2e.server.url}${path}`);
      const nav = page.getByRole('navigation', { name: 'Apps' });
      await nav.getByRole('tab', { name: tab, selected: true }).waitFor();
      expect(await nav.getByRole('tab').count(), path).toBe(APPS_ROUTES.length);
      await sidebar.getByRole('button', { name: 'Orders' }).waitFor();
      expect(await sidebar.getByRole('button', { name: 'Apps' }).count(), path).toBe(0);
    }
    await context.close();
  });

  it('a Best sellers widget added on the Product Widget screen shows under a product’s description (newchick)', async () => {
    const { context, page } = await newPage(e2e.browser);
    await signIn(page, e2e.server.url, DEMO_OWNER.email, DEMO_OWNER.password, 'Demo Fashion');
    await page.goto(`${e2e.server.url}/admin/apps/widgets`);
    await page.getByText('Add your first widget').waitFor();
    await shot(page, 'widgets-empty-1440');
    await page.getByRole('button', { name: 'Add widget' }).click();
    const form = page.getByRole('form', { name: 'Add widget' });
    await form.getByLabel('Title').fill('Our best sellers');
    await form.getByLabel('Products shown').fill('4');
    await form.getByLabel('Orders of the last (days)').fill('365');
    expect(await axe(page)).toEqual([]);
    await shot(page, 'widgets-dialog-1440');
    await form.getByRole('button', { name: 'Save widget' }).click();
    await page.getByText('Widget “Our best sellers” added', { exact: false }).waitFor();
    const table = page.getByRole('table', { name: 'Widgets' });
    await table.getByText('Product page, below the description').waitFor();
    await shot(page, 'widgets-1440');
    expect(await axe(page)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 667 });
    await table.getByText('Our best sellers').waitFor();
    await shot(page, 'widgets-375');
    expect(await axe(page)).toEqual([]);

    // The shop's best sellers of the year, straight from the orders: units sold less units refunded from each line
    // (order_refunds.lines, lineId = the line's 1-based position), products refunded in full left out (the widget
    // also leaves out the page's product).
    const [store] = await rows<{ id: string }>(e2e.server.db, sql`select id from stores where handle = 'demo'`);
    const best = await rows<{ handle: string; title: string }>(
      e2e.server.db,
      sql`select p.handle, p.title from orders o cross join lateral jsonb_array_elements(o.line_items) with ordinality li(line, n)
            join products p on p.id::text = li.line->>'productId' and p.published
            left join lateral (select sum((rl->>'quantity')::int) as qty from order_refunds r
                                 cross join lateral jsonb_array_elements(r.lines) rl
                                where r.order_id = o.id and (rl->>'lineId')::int = li.n) rf on true
          where o.store_id = ${store!.id}::uuid and o.financial_status in ('paid', 'partially_refunded', 'refunded')
            and o.created_at >= now() - interval '365 days'
            and exists (select 1 from product_variants v where v.product_id = p.id)
          group by p.id, p.handle, p.title having sum((li.line->>'quantity')::int - coalesce(rf.qty, 0)) > 0
          order by sum((li.line->>'quantity')::int - coalesce(rf.qty, 0)) desc, p.title, p.id limit 5`,
    );
    expect(best.length).toBeGreaterThan(2);
    const shopper = await newShopperPage(e2e.browser);
    await shopper.page.goto(`${e2e.server.storefront('demo')}/products/${best[0]!.handle}`);
    const widget = shopper.page.getByRole('region', { name: 'Our best sellers' });
    await widget.waitFor();
    const titles = await widget.locator('.sf-card__title').allTextContents();
    expect(titles).toEqual(best.slice(1, 5).map((b) => b.title));
    await shot(shopper.page, 'widget-product-newchick');
    expect(await seriousA11yViolations(shopper.page, { include: ['.sf-widgets'] })).toEqual([]);
    await shopper.context.close();
    await context.close();
  });

  it('a Recently viewed widget shows the product the shopper saw before (hydro)', async () => {
    const [home] = await rows<{ id: string }>(e2e.server.db, sql`select id from stores where handle = 'demo-home'`);
    await rows(
      e2e.server.db,
      sql`insert into product_widgets (store_id, kind, placement, title, "limit")
          values (${home!.id}::uuid, 'recently_viewed', 'product_above_description', 'Recently viewed', 4)`,
    );
    const products = await rows<{ handle: string; title: string }>(
      e2e.server.db,
      sql`select handle, title from products p where store_id = ${home!.id}::uuid and published
            and exists (select 1 from product_variants v where v.product_id = p.id)
          order by handle limit 2`,
    );
    const shopper = await newShopperPage(e2e.browser);
    await shopper.page.goto(`${e2e.server.storefront('demo-home')}/products/${products[0]!.handle}`);
    await shopper.page.getByRole('heading', { name: products[0]!.title, level: 1 }).first().waitFor();
    // A first visit has nothing viewed before: no widget.
    await shopper.page.waitForFunction(() => localStorage.getItem('sf-recently-viewed') !== null);
    await expect.poll(() => shopper.page.getByRole('region', { name: 'Recently viewed' }).count()).toBe(0);
    await shopper.page.goto(`${e2e.server.storefront('demo-home')}/products/${products[1]!.handle}`);
    const widget = shopper.page.getByRole('region', { name: 'Recently viewed' });
    await widget.waitFor();
    expect(await widget.locator('.sf-card__title').allTextContents()).toEqual([products[0]!.title]);
    await shot(shopper.page, 'widget-product-hydro');
    await shopper.context.close();
  });

  it('the cart shows a Handpicked widget and an in-cart offer at the server’s price, which the cart then discounts (hydro)', async () => {
    const [home] = await rows<{ id: string }>(e2e.server.db, sql`select id from stores where handle = 'demo-home'`);
    // Published single-variant products that can be sold, A→Z: one for the cart, two handpicked, one offered.
    const picks = await rows<{ id: string; handle: string; title: string; price: number }>(
      e2e.server.db,
      sql`select p.id, p.handle, p.title, min(v.price_cents)::int as price from products p join product_variants v on v.product_id = p.id
          where p.store_id = ${home!.id}::uuid and p.published and p.title not like '%''%'
          group by p.id having count(v.*) = 1 and bool_and(v.inventory_policy = 'continue' or v.inventory_qty > 5)
          order by p.title limit 4`,
    );
    expect(picks).toHaveLength(4);
    const [inCart, hand1, hand2, offered] = picks as [(typeof picks)[0], (typeof picks)[0], (typeof picks)[0], (typeof picks)[0]];
    await rows(
      e2e.server.db,
      sql`insert into product_widgets (store_id, kind, placement, title, "limit", product_ids)
          values (${home!.id}::uuid, 'handpicked', 'cart', 'Handpicked for you', 4, ${`{${hand1.id},${hand2.id}}`}::uuid[])`,
    );
    await rows(
      e2e.server.db,
      sql`insert into upsell_offers (store_id, title, type, product_ids, offer_product_ids, discount_type, discount_value)
          values (${home!.id}::uuid, 'Complete the look', 'in_cart', '{}'::uuid[], ${`{${offered.id}}`}::uuid[], 'percentage', 1500)`,
    );
    const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
    const shopper = await newShopperPage(e2e.browser);
    const origin = e2e.server.storefront('demo-home');
    await shopper.page.goto(`${origin}/products/${inCart.handle}`);
    await shopper.page.locator('.sf-pdp__buttons .sf-btn--cart').click();
    await shopper.page.goto(`${origin}/cart`);
    const widget = shopper.page.getByRole('region', { name: 'Handpicked for you' });
    await widget.waitFor();
    await expect.poll(() => widget.locator('.sf-card__title').allTextContents()).toEqual([hand1.title, hand2.title]);
    const offer = shopper.page.getByRole('region', { name: 'Complete the look' });
    await offer.waitFor();
    const offerCents = offered.price - Math.round((offered.price * 15) / 100);
    await expect.poll(() => offer.locator('.sf-offer__price').textContent()).toContain(money(offerCents));
    await shot(shopper.page, 'cart-widget-offer-hydro');
    expect(await seriousA11yViolations(shopper.page, { include: ['.sf-widgets', '.sf-offers'] })).toEqual([]);
    await offer.getByRole('button', { name: `Add ${offered.title}` }).click();
    const row = shopper.page.locator('.sf-cart__summary .sf-row--discount', { hasText: 'Complete the look' });
    await expect.poll(() => row.textContent()).toBe(`Complete the look−${money(offered.price - offerCents)}`);
    await shopper.context.close();
  });

  it('a Handpicked widget placed on the home page shows its products, in order, on the storefront home page (newchick)', async () => {
    const [fashion] = await rows<{ id: string }>(e2e.server.db, sql`select id from stores where handle = 'demo'`);
    const picks = await rows<{ id: string; title: string }>(
      e2e.server.db,
      sql`select id, title from products where store_id = ${fashion!.id}::uuid and published order by title desc limit 3`,
    );
    expect(picks).toHaveLength(3);
    // Stored in the merchant's order, not the titles' order: the widget keeps it.
    const chosen = [picks[1]!, picks[0]!, picks[2]!];
    await rows(
      e2e.server.db,
      sql`insert into product_widgets (store_id, kind, placement, title, "limit", product_ids)
          values (${fashion!.id}::uuid, 'handpicked', 'home', 'Picked for your home', 4, ${`{${chosen.map((p) => p.id).join(',')}}`}::uuid[])`,
    );
    const shopper = await newShopperPage(e2e.browser);
    await shopper.page.goto(`${e2e.server.storefront('demo')}/`);
    const widget = shopper.page.locator('.sf-home').getByRole('region', { name: 'Picked for your home' });
    await widget.waitFor();
    await expect.poll(() => widget.locator('.sf-card__title').allTextContents()).toEqual(chosen.map((p) => p.title));
    // Only the home placement's widgets: the product-page Best sellers widget of the first test is not here.
    await expect.poll(() => shopper.page.locator('.sf-widgets > section').count()).toBe(1);
    await shot(shopper.page, 'widget-home-newchick');
    await shopper.context.close();
  });

  it('creates a Custom Store shop from Demo Fashion and lists it', async () => {
    const { context, page } = await newPage(e2e.browser);
    await signIn(page, e2e.server.url, DEMO_OWNER.email, DEMO_OWNER.password, 'Demo Fashion');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Custom Store' }).click();
    await page.waitForURL('**/admin/custom-store');
    await page.getByText('No shop built yet').waitFor();
    const form = page.getByRole('form', { name: 'Create a shop' });
    await form.getByLabel('Shop name').fill('Client Boutique');
    await form.getByLabel("Owner's e-mail").fill('owner@client.test');
    await form.getByRole('button', { name: 'Create shop and invite owner' }).click();
    await page.getByText('Client Boutique created with', { exact: false }).waitFor();
    const table = page.getByRole('table', { name: 'Shops created with Custom Store' });
    await table.getByText('owner@client.test').waitFor();
    await table.getByText('Invitation sent').waitFor();
    await shot(page, 'custom-store-1440');
    expect(await axe(page)).toEqual([]);
    // The new shop's storefront shows the template's catalogue.
    const [made] = await rows<{ handle: string; products: number }>(
      e2e.server.db,
      sql`select s.handle, (select count(*)::int from products p where p.store_id = s.id) as products
          from custom_stores c join stores s on s.id = c.store_id`,
    );
    expect(made!.products).toBeGreaterThan(0);
    const shopper = await newShopperPage(e2e.browser);
    await shopper.page.goto(`${e2e.server.storefront(made!.handle)}/collections/all`);
    await shopper.page.locator('.sf-card').first().waitFor();
    await shopper.context.close();
    // At 375 px the screen stays usable.
    await page.setViewportSize({ width: 375, height: 667 });
    await table.getByText('owner@client.test').waitFor();
    await shot(page, 'custom-store-375');
    expect(await axe(page)).toEqual([]);
    await context.close();
  });

  it('the palette offers "Request a payout" for `payout`, which opens the payout request dialog', async () => {
    const { context, page } = await newPage(e2e.browser);
    await signIn(page, e2e.server.url, DEMO_OWNER.email, DEMO_OWNER.password, 'Demo Fashion');
    await page.goto(`${e2e.server.url}/admin/profile`);
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await page.keyboard.press('Control+k');
    const field = page.getByRole('textbox', { name: 'Search', exact: true });
    await field.waitFor();
    // Typed keys go to the field once it holds the focus (the palette focuses it as it opens).
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('payout');
    const action = page.locator('.mantine-Spotlight-action', { hasText: 'Request a payout' });
    await action.waitFor();
    await page.locator('.mantine-Spotlight-action', { hasText: 'Payout' }).first().waitFor();
    await shot(page, 'palette-payout');
    await action.click();
    await page.waitForURL('**/admin/settings/payout/request');
    const dialog = page.getByRole('dialog', { name: 'Request a payout' });
    await dialog.getByLabel(/^Amount/).waitFor();
    await shot(page, 'payout-request-dialog');
    expect(await axe(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/settings/payout');
    await context.close();
  });
});
