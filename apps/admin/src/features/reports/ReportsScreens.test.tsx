import '../../test/setup-dom';
import { AdSpendEntry, AdSpendList, ProfitReport, SalesReport, UtmReport } from '@backroom/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { captureDownloads } from '../../test/downloads';
import { signInToDemoStore, user } from '../../test/fixtures';
import { handlers } from '../../test/handlers';
import { calls, reply, server } from '../../test/msw';
import { fakeSession, renderApp, SCREEN_LOAD } from '../../test/render-app';

/** The first render of a file also compiles the lazy report chunk and the charts: allow twice the usual wait. */
const FIRST_LOAD = { timeout: 2 * SCREEN_LOAD.timeout };

// The report screens (issue 17 items 2–4): figures of the API formatted with the admin's money and count helpers, the
// grouping and comparison sent to the API, the CSV export, ad spend added with a specific notification.

const figures = { orders: 3, gross_sales: 120, discounts: 10, returns: 5, net_sales: 105, shipping: 6, taxes: 2.4, total_sales: 113.4 };
const sales: SalesReport = {
  fromTime: '2026-03-02',
  toTime: '2026-03-03',
  groupBy: 'day',
  timezone: 'America/Los_Angeles',
  currency: 'USD',
  rows: [
    { key: '2026-03-02', label: '2026-03-02', ...figures },
    {
      key: '2026-03-03',
      label: '2026-03-03',
      ...figures,
      orders: 0,
      gross_sales: 0,
      discounts: 0,
      returns: 0,
      net_sales: 0,
      shipping: 0,
      taxes: 0,
      total_sales: 0,
    },
  ],
  totals: figures,
};
const profitFigures = {
  net_sales: 105,
  cost_of_goods_sold: 40,
  payment_fees: 3.9,
  shipping: 6,
  shipping_costs: 6,
  ad_spend: 20,
  estimated_profit: 41.1,
  margin: 39.14,
  lines_without_cost: 2,
};
const profit: ProfitReport = {
  fromTime: '2026-03-02',
  toTime: '2026-03-02',
  groupBy: 'day',
  timezone: 'America/Los_Angeles',
  currency: 'USD',
  rows: [{ key: '2026-03-02', label: '2026-03-02', ...profitFigures }],
  totals: profitFigures,
};
const utmFigures = { sessions: 412, add_to_cart: 40, reached_checkout: 15, orders: 9, sales: 540, conversion_rate: 2.18, aov: 60 };
const utm: UtmReport = {
  fromTime: '2026-03-02',
  toTime: '2026-03-08',
  groupBy: 'campaign',
  timezone: 'America/Los_Angeles',
  currency: 'USD',
  rows: [{ key: 'spring-drop', label: 'spring-drop', ...utmFigures }],
  totals: utmFigures,
};

beforeEach(() => {
  signInToDemoStore();
  server.use(
    handlers.preference(),
    handlers.stores(),
    http.get('/api/reports/sales', ({ request }) =>
      new URL(request.url).searchParams.get('format') === 'csv'
        ? new HttpResponse('group,orders\nTotal,3\n', { headers: { 'content-type': 'text/csv' } })
        : reply(SalesReport, sales),
    ),
    http.get('/api/reports/profit', () => reply(ProfitReport, profit)),
    http.get('/api/reports/utm', () => reply(UtmReport, utm)),
    http.get('/api/reports/ad-spend', () => reply(AdSpendList, { items: [], total: 0 })),
    http.post('/api/reports/ad-spend', async ({ request }) => {
      const b = (await request.json()) as { date: string; channel: 'facebook'; amount: number };
      return reply(
        AdSpendEntry,
        { id: '00000000-0000-4000-8000-0000000000ad', createdAt: '2026-03-02T10:00:00.000Z', ...b },
        { status: 201 },
      );
    }),
  );
});
afterEach(cleanup);

describe('Sales reports (website.sales-reports)', () => {
  it(
    'shows the figures and totals, sends grouping and comparison, exports CSV',
    async () => {
      const saved = captureDownloads();
      renderApp('/admin/sales-reports?from_time=2026-03-02&to_time=2026-03-03', fakeSession(user({ scopes: ['sale_reports'] })));
      const table = await screen.findByRole('table', { name: 'Sales reports table' }, FIRST_LOAD);
      const total = within(table).getByRole('rowheader', { name: 'Total' }).closest('tr')!;
      expect(within(total).getByText('$113.40')).toBeTruthy();
      expect(within(total).getByText('$105.00')).toBeTruthy();
      const first = calls().find((c) => c.url.includes('/api/reports/sales'))!;
      expect(first.url).toContain('fromTime=2026-03-02');
      expect(first.url).toContain('groupBy=day');
      fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(saved.map((s) => s.name)).toEqual(['sales_report_2026-03-02_2026-03-03.csv']));
      expect(await screen.findByText('Sales reports from 2026-03-02 to 2026-03-03 exported as CSV')).toBeTruthy();
    },
    4 * SCREEN_LOAD.timeout,
  );

  it(
    'reads grouping and comparison from the address',
    async () => {
      renderApp(
        '/admin/sales-reports?from_time=2026-03-02&to_time=2026-03-03&group_by=product&compare=previous_year',
        fakeSession(user({ scopes: ['sale_reports'] })),
      );
      await screen.findByRole('table', { name: 'Sales reports table' }, FIRST_LOAD);
      const call = calls().find((c) => c.url.includes('/api/reports/sales'))!;
      expect(call.url).toContain('groupBy=product');
      expect(call.url).toContain('compare=previous_year');
    },
    4 * SCREEN_LOAD.timeout,
  );
});

describe('Estimated profit (website.estimated-profit)', () => {
  it(
    'shows profit, margin and lines without cost, and adds ad spend with a specific message',
    async () => {
      renderApp('/admin/estimated-profit?from_time=2026-03-02&to_time=2026-03-02', fakeSession(user({ scopes: ['estimated_profit'] })));
      const table = await screen.findByRole('table', { name: 'Estimated profit table' }, FIRST_LOAD);
      const total = within(table).getByRole('rowheader', { name: 'Total' }).closest('tr')!;
      expect(within(total).getByText('$41.10')).toBeTruthy();
      expect(within(total).getByText('39.14 %')).toBeTruthy();
      expect(screen.getByText(/2 lines were sold without a cost per item/)).toBeTruthy();
      fireEvent.change(screen.getByRole('textbox', { name: 'Amount (USD)' }), { target: { value: '12.5' } });
      fireEvent.click(screen.getByRole('button', { name: 'Add spend' }));
      expect(await screen.findByText('Facebook ad spend of $12.50 on Mar 2, 2026 added')).toBeTruthy();
    },
    4 * SCREEN_LOAD.timeout,
  );
});

describe('UTM Analytics (website.utm-analystics)', () => {
  it(
    'shows sessions, orders, sales and conversion rate of a campaign',
    async () => {
      renderApp('/admin/utm-analytics?group_by=campaign', fakeSession(user({ scopes: ['utm_analystics'] })));
      const table = await screen.findByRole('table', { name: 'UTM Analytics table' }, FIRST_LOAD);
      const row = within(table).getByText('spring-drop').closest('tr')!;
      expect(within(row).getByText('412')).toBeTruthy();
      expect(within(row).getByText('$540.00')).toBeTruthy();
      expect(within(row).getByText('2.18 %')).toBeTruthy();
    },
    4 * SCREEN_LOAD.timeout,
  );
});
