import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../apps/server/src/db/client.js';
import { DEMO_OWNER, installClock, newPage, seriousA11yViolations, signIn, useServerAndBrowser } from './harness.js';

/**
 * The merchant's story of issue "Analytics Overview" (spec admin-dashboard §2 Overview screen, §4 Overview, §7, §9):
 * open Analytics, pick both demo shops and 'Last 30 days', read the cards, charts, funnel and 'Order paid' table
 * (figures equal to direct SQL), share the URL, reload, turn on auto refresh, leave.
 */

const e2e = useServerAndBrowser({ demoOrders: 1500 });
let shops: { id: string; name: string }[];
const TZ = 'America/Los_Angeles';
/** Polls wait up to 15 s (first loads on PGlite compile the queries). */
const POLL = { timeout: 15_000 };

beforeAll(async () => {
  shops = await rows<{ id: string; name: string }>(
    e2e.server.db,
    sql`select id, name from stores where handle in ('demo', 'demo-home') order by handle`,
  );
});

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date());
const addDays = (d: string, n: number) => {
  const x = new Date(`${d}T00:00:00Z`);
  x.setUTCDate(x.getUTCDate() + n);
  return x.toISOString().slice(0, 10);
};
const money = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * The Overview figures by direct SQL over the raw tables, with modules/metrics' definitions written out (issue 30):
 * orders whose payment was captured, by created_at; total sales = gross − discounts + shipping + taxes of those
 * orders − refunds MADE in the range (returns on the refund's day); AOV = (gross − discounts) ÷ orders; first-reach
 * sessions; conversion rate = purchasing sessions ÷ sessions.
 */
async function directFigures(ids: string[], from: string, to: string) {
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const start = sql`(${from}::date::timestamp at time zone ${TZ})`;
  const end = sql`((${to}::date + 1)::timestamp at time zone ${TZ})`;
  const counted = sql`financial_status in ('paid', 'partially_refunded', 'refunded')`;
  const [o] = await rows<{ cents: number; n: number; value: number }>(
    e2e.server.db,
    sql`select ((select coalesce(sum(subtotal_cents - discount_cents + shipping_cents + tax_cents), 0) from orders
                  where store_id in (${list}) and ${counted} and created_at >= ${start} and created_at < ${end})
                - (select coalesce(sum(amount_cents), 0) from order_refunds
                    where store_id in (${list}) and created_at >= ${start} and created_at < ${end}))::bigint as cents,
               (select count(*) from orders where store_id in (${list}) and ${counted} and created_at >= ${start} and created_at < ${end})::bigint as n,
               (select coalesce(sum(subtotal_cents - discount_cents), 0) from orders
                  where store_id in (${list}) and ${counted} and created_at >= ${start} and created_at < ${end})::bigint as value`,
  );
  const [f] = await rows<{ s: number; v: number; c: number; k: number; p: number }>(
    e2e.server.db,
    sql`with s as (select store_id, visitor_session_id, min(occurred_at) as first_at,
                          min(occurred_at) filter (where type = 'view_store') as v, min(occurred_at) filter (where type = 'add_to_cart') as c,
                          min(occurred_at) filter (where type = 'reached_checkout') as k, min(occurred_at) filter (where type = 'purchased') as p
                   from storefront_events where store_id in (${list}) group by 1, 2)
        select count(*) filter (where first_at >= ${start} and first_at < ${end})::bigint as s,
               count(*) filter (where v >= ${start} and v < ${end})::bigint as v, count(*) filter (where c >= ${start} and c < ${end})::bigint as c,
               count(*) filter (where k >= ${start} and k < ${end})::bigint as k, count(*) filter (where p >= ${start} and p < ${end})::bigint as p
        from s`,
  );
  const [latest] = await rows<{
    id: string;
    payment_name: string;
    card: string | null;
    captured: Date | string;
    cents: number;
    status: string;
  }>(
    e2e.server.db,
    sql`select id, payment_name, payment_source->'card'->>'type' as card, captured_date as captured, grand_total_cents as cents, financial_status as status from orders where store_id in (${list}) and ${counted} and created_at >= ${start} and created_at < ${end}
        order by created_at desc, id desc limit 1`,
  );
  return {
    totalSales: Number(o!.cents) / 100,
    totalOrders: Number(o!.n),
    aov: Number(o!.n) ? Math.round(Number(o!.value) / Number(o!.n)) / 100 : 0,
    cr: Number(f!.s) ? Math.round((Number(f!.p) / Number(f!.s)) * 10000) / 100 : 0,
    funnel: [Number(f!.v), Number(f!.c), Number(f!.k), Number(f!.p)],
    latest,
  };
}

const card = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const search = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

async function expectCards(page: Page, d: Awaited<ReturnType<typeof directFigures>>) {
  await expect.poll(() => card(page, 'Total sales').textContent(), POLL).toContain(money(d.totalSales));
  await expect.poll(() => card(page, 'Total orders').textContent(), POLL).toContain(d.totalOrders.toLocaleString('en-US'));
  await expect.poll(() => card(page, 'AOV').textContent(), POLL).toContain(money(d.aov));
  await expect.poll(() => card(page, 'CR').textContent(), POLL).toContain(`${d.cr.toFixed(2)}%`);
}

describe('Analytics Overview (issue "Analytics Overview", spec §2, §4)', () => {
  // The fake clock (auto refresh after 300,000 ms) comes from `installClock`: Playwright's own fake Date cannot be
  // subclassed, which breaks the time module's TZDate (see harness.ts).
  it('two shops, Last 30 days: figures equal to SQL, shared URL, reload, auto refresh, leaving', async () => {
    const { context, page } = await newPage(e2e.browser);
    await installClock(page);
    await signIn(page, e2e.server.url, DEMO_OWNER.email, DEMO_OWNER.password, 'Demo Fashion');
    await page.goto(`${e2e.server.url}/admin/analytics`);
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    // The view lands in the URL: today, the current shop, no auto refresh, the store timezone.
    await expect
      .poll(() => search(page), POLL)
      .toEqual({ from_time: today(), to_time: today(), store: shops[0]!.id, refresh: 'false', tz: TZ });
    // Exactly today: the sales chart compares Today with Yesterday.
    await page.getByText('Sales · Today vs Yesterday').waitFor();
    await expectCards(page, await directFigures([shops[0]!.id], today(), today()));

    // Second shop → a new history entry.
    await page.getByRole('combobox', { name: 'Shops' }).click();
    await page.getByRole('option', { name: shops[1]!.name }).click();
    await expect.poll(() => search(page).store, POLL).toBe(`${shops[0]!.id},${shops[1]!.id}`);
    await page.keyboard.press('Escape');

    // 'Last 30 days' from the date picker presets → another history entry.
    await page.getByRole('button', { name: /Date range/ }).click();
    await page.getByRole('button', { name: 'Last 30 days' }).click();
    const from = addDays(today(), -29);
    await expect.poll(() => search(page).from_time, POLL).toBe(from);
    expect(search(page).to_time).toBe(today());
    await page.getByText('Sales', { exact: true }).waitFor();

    const ids = shops.map((s) => s.id);
    const d = await directFigures(ids, from, today());
    expect(d.totalOrders).toBeGreaterThan(7);
    await expectCards(page, d);

    // Charts: 30 day labels ending in 'Today'.
    const orders = page.getByRole('region', { name: 'ORDERS OVERTIME chart' });
    await expect.poll(() => orders.textContent(), POLL).toContain('Today');
    await expect.poll(() => page.getByRole('region', { name: 'AOV chart' }).isVisible()).toBe(true);

    // Funnel: 'N visits' per step equal to SQL.
    const funnel = page.getByRole('region', { name: 'Conversion funnel' });
    for (const [i, step] of ['View Store', 'Added to cart', 'Reached checkout', 'Purchased'].entries()) {
      await expect.poll(() => funnel.textContent(), POLL).toContain(`${step}${d.funnel[i]!.toLocaleString('en-US')} visits`);
    }

    // 'Order paid': newest paid order first, its link, the column formats of §3/§9, 7 rows, paging bounds.
    const table = page.getByRole('region', { name: 'Order paid' });
    await expect.poll(() => table.getByRole('row').count(), POLL).toBe(8);
    const first = table.getByRole('row').nth(1);
    const latest = d.latest!;
    await expect.poll(() => first.getByRole('link').getAttribute('href')).toBe(`/admin/orders/detail/${latest.id}`);
    const cells = await first.getByRole('cell').allTextContents();
    const captured = new Date(latest.captured);
    const p = Object.fromEntries(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: TZ,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      })
        .formatToParts(captured)
        .map((x) => [x.type, x.value]),
    );
    expect(cells[2]).toBe(`${p.day}-${p.month}-${p.year} ${p.hour}:${p.minute}:${p.second}`);
    expect(cells[3]).toBe(`${(Number(latest.cents) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })} USD`);
    expect(cells[4]).toBe(latest.card ? 'Credit/Debit Card' : latest.payment_name);
    expect(cells[5]).toBe(latest.status === 'paid' ? 'Paid' : latest.status === 'refunded' ? 'Refunded' : 'Partially refunded');
    await expect.poll(() => table.textContent(), POLL).toContain('Credit/Debit Card');
    await expect.poll(() => table.getByRole('link', { name: 'View All transactions' }).getAttribute('href')).toBe('/admin/orders');
    const prev = table.getByRole('button', { name: 'Previous' });
    const next = table.getByRole('button', { name: 'Next' });
    await expect.poll(() => prev.isDisabled()).toBe(true);
    const pages = Math.ceil(d.totalOrders / 7);
    await table.getByText(`Page 1 of ${pages}`).waitFor();
    await next.click();
    await table.getByText(`Page 2 of ${pages}`).waitFor();
    await expect.poll(() => prev.isDisabled()).toBe(false);
    await prev.click();
    await table.getByText(`Page 1 of ${pages}`).waitFor();

    // Back goes to the two-shop Today view; forward restores Last 30 days.
    await page.goBack();
    await expect.poll(() => search(page).from_time, POLL).toBe(today());
    expect(search(page).store).toBe(ids.join(','));
    await page.goForward();
    await expect.poll(() => search(page).from_time, POLL).toBe(from);

    // A reload shows the same view.
    const shared = page.url();
    await page.reload();
    await expectCards(page, d);
    expect(page.url()).toBe(shared);

    // A colleague opening the shared URL sees the same view.
    const other = await newPage(e2e.browser);
    await signIn(other.page, e2e.server.url, DEMO_OWNER.email, DEMO_OWNER.password, 'Demo Fashion');
    await other.page.goto(shared);
    await expectCards(other.page, d);
    expect(other.page.url()).toBe(shared);
    await other.context.close();

    // Auto refresh: the toggle writes refresh=true, and the figures are asked again after 300,000 ms.
    await page.getByRole('switch', { name: 'Auto refresh' }).check();
    await expect.poll(() => search(page).refresh, POLL).toBe('true');
    await expectCards(page, d);
    const again = page.waitForRequest((r) => r.url().includes('/api/analytics/dashboard'));
    await page.clock.fastForward(300_000);
    await again;

    // The saved report query follows the view, and keeps only autoRefresh after leaving.
    const saved = JSON.parse((await page.evaluate(() => localStorage.getItem('reportQuery'))) ?? 'null');
    expect(saved).toEqual({ startDate: from, endDate: today(), stores: ids, autoRefresh: true });
    await page.getByRole('link', { name: 'Home' }).first().click();
    await page.waitForURL((u) => u.pathname === '/admin');
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('reportQuery'))) ?? 'null')).toEqual({ autoRefresh: true });
    await page.goto(`${e2e.server.url}/admin/analytics`);
    await expect.poll(() => search(page).refresh, POLL).toBe('true');
    expect(search(page).from_time).toBe(today());
    await context.close();
  });

  it('an empty range shows the empty row; a single past day groups orders in six four-hour blocks', async () => {
    const { context, page } = await newPage(e2e.browser);
    await signIn(page, e2e.server.url, DEMO_OWNER.email, DEMO_OWNER.password, 'Demo Fashion');
    await page.goto(
      `${e2e.server.url}/admin/analytics?from_time=2001-01-01&to_time=2001-01-02&store=${shops[0]!.id}&refresh=false&tz=${TZ}`,
    );
    const table = page.getByRole('region', { name: 'Order paid' });
    await table.getByText('Data available.').waitFor();
    await expect.poll(() => table.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    const yesterday = addDays(today(), -1);
    await page.goto(
      `${e2e.server.url}/admin/analytics?from_time=${yesterday}&to_time=${yesterday}&store=${shops[0]!.id}&refresh=false&tz=${TZ}`,
    );
    const orders = page.getByRole('region', { name: 'ORDERS OVERTIME chart' });
    for (const label of ['0-3 AM', '4-7 AM', '8-11 AM', '12-15 PM', '16-19 PM', '20-23 PM']) {
      await expect.poll(() => orders.textContent(), POLL).toContain(label);
    }
    await expect.poll(() => page.getByRole('region', { name: 'Sales chart' }).textContent(), POLL).toMatch(/12am.*pm/);
    await expect.poll(() => page.getByText('Sales · Today vs Yesterday').count()).toBe(0);
    await context.close();
  });

  it('is readable on a 375 px phone and passes axe', async () => {
    const { context, page } = await newPage(e2e.browser, { width: 375, height: 667 });
    await signIn(page, e2e.server.url, DEMO_OWNER.email, DEMO_OWNER.password, 'Demo Fashion');
    await page.goto(`${e2e.server.url}/admin/analytics`);
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    await page.getByRole('region', { name: 'Order paid' }).getByRole('row').nth(1).waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), POLL).toBeLessThanOrEqual(375);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
    const wide = await newPage(e2e.browser);
    await signIn(wide.page, e2e.server.url, DEMO_OWNER.email, DEMO_OWNER.password, 'Demo Fashion');
    await wide.page.goto(`${e2e.server.url}/admin/analytics`);
    await wide.page.getByRole('region', { name: 'Order paid' }).getByRole('row').nth(1).waitFor();
    expect(await seriousA11yViolations(wide.page)).toEqual([]);
    await wide.context.close();
  });
});
