import '../../test/setup-dom';
import {
  BALANCE_REFRESH_MS,
  Balance,
  EMPTY_PROXY_REPOLL_MS,
  OnboardingStatus,
  PAYMENT_GATEWAY_WARNING,
  PayoutCard,
  PayoutCardList,
  PayoutConfig,
  PayoutConfigAnswer,
  PayoutRequest,
  PayoutRequestList,
  ProxyList,
  Subscription,
} from '@backroom/contracts';
import { notifications } from '@mantine/notifications';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROUTES } from '../../routes';
import { captureDownloads } from '../../test/downloads';
import { STORE_ID, signInToDemoStore, user } from '../../test/fixtures';
import { handlers } from '../../test/handlers';
import { calls, fail, reply, server, urls } from '../../test/msw';
import { fakeSession, renderApp, SCREEN_LOAD } from '../../test/render-app';
import { setViewportWidth } from '../../test/setup-dom';

/**
 * Getting paid in the admin (issue 10; spec admin-dashboard §1, §4, §8, §9): the onboarding guide, the 'Notify'
 * dialog and its 2-minute re-poll, the trial banner, and the payout screen's balance and request form.
 */

const owner = user({ scopes: ['homes', 'orders', 'products', 'settings'] });
const step = (
  field: OnboardingStatus['currentConfig']['field'],
  name: string,
  button: string,
  path = '/admin/products/create',
): OnboardingStatus => ({
  currentConfig: { field, name, description: `Your shop is at {domain}. ${name}.`, button, path },
  remaining: 3,
  done: 3,
  skipped: 0,
  total: 6,
  steps: [],
});
const empty: ProxyList = { proxies: [], total: 0, page: 1, limit: 10 };
const one: ProxyList = {
  proxies: [
    {
      id: crypto.randomUUID(),
      provider: 'stripe',
      displayName: 'Stripe EU',
      accountId: 'acct_1',
      status: 'active',
      groups: [],
      via: 'direct',
    },
  ],
  total: 1,
  page: 1,
  limit: 10,
};
let proxies: ProxyList = empty;
let status: OnboardingStatus = step('add_product', 'Add your first product', 'Add product');

beforeEach(() => {
  signInToDemoStore();
  proxies = empty;
  status = step('add_product', 'Add your first product', 'Add product');
  server.use(
    handlers.preference(),
    handlers.stores(),
    ...handlers.home({ totalSales: 0, totalOrders: 0, openOrders: 0, products: { count: 0, variants: 0, collections: 0 }, homeHtml: '' }),
    http.get('/api/stores/config/status', () => reply(OnboardingStatus, status)),
    http.put('/api/stores/config/skip', () =>
      reply(OnboardingStatus, step('connect_domain', 'Connect a domain', 'Connect domain', '/admin/domains')),
    ),
    http.get('/api/stores/payout/proxy/store-proxies', () => reply(ProxyList, proxies)),
    http.get('/api/stores/subscription', () =>
      reply(Subscription, {
        plan: null,
        status: 'trial',
        trialEndsAt: '2030-01-01T00:00:00.000Z',
        daysLeft: 9,
        plans: [{ id: 'basic', name: 'Basic', monthlyPrice: 29, description: 'Start' }],
      }),
    ),
    http.get('/api/stores/payout/v2/balance', () =>
      reply(Balance, { availableToPayout: 111.74, unsettled: 48.25, pendingPayouts: 0, paidPayouts: 0, currency: 'USD' }),
    ),
  );
});
afterEach(() => {
  cleanup();
  // The notifications store outlives a render: earlier tests' notifications would fill its limit and queue this test's.
  notifications.clean();
  notifications.cleanQueue();
  vi.useRealTimers();
});

describe('home dashboard: onboarding guide (§1, §3, §4)', () => {
  it('shows the step with {domain} replaced, its button to the path, Skip moves to the next step, close hides it', async () => {
    renderApp('/admin', fakeSession(owner));
    const guide = await screen.findByRole('region', { name: 'Setup guide' }, SCREEN_LOAD);
    expect(guide.textContent).toContain('Your shop is at demo.localhost. Add your first product.');
    expect(screen.getByRole('link', { name: 'Add product' }).getAttribute('href')).toBe('/admin/products/create');
    fireEvent.click(screen.getByRole('button', { name: 'Skip this step' }));
    expect(await screen.findByRole('heading', { name: 'Connect a domain' })).toBeTruthy();
    const put = calls().find((c) => c.url === '/api/stores/config/skip');
    expect(JSON.parse(String(put?.init?.body))).toEqual({ field: 'add_product' });
    fireEvent.click(screen.getByRole('button', { name: 'Close the setup guide' }));
    expect(screen.queryByRole('region', { name: 'Setup guide' })).toBeNull();
  });

  it('lists a skipped step as Skipped and does not count it as done (1 of 6 done · 1 skipped)', async () => {
    const names = [
      'Add your first product',
      'Customize your theme',
      'Connect a domain',
      'Get a payment gateway',
      'Set up payouts',
      'Place a test order',
    ];
    const fields = ['add_product', 'customize_theme', 'connect_domain', 'payment_gateway', 'set_up_payouts', 'test_order'] as const;
    const states = ['done', 'skipped', 'todo', 'todo', 'todo', 'todo'] as const;
    status = {
      ...step('connect_domain', 'Connect a domain', 'Connect domain', '/admin/domains'),
      remaining: 4,
      done: 1,
      skipped: 1,
      steps: fields.map((field, i) => ({ field, name: names[i]!, state: states[i]! })),
    };
    renderApp('/admin', fakeSession(owner));
    const guide = await screen.findByRole('region', { name: 'Setup guide' }, SCREEN_LOAD);
    expect(guide.textContent).toContain('Setup guide · 1 of 6 done · 1 skipped');
    const progress = screen.getByRole('progressbar', { name: 'Setup progress' });
    expect(Number(progress.getAttribute('aria-valuenow'))).toBeCloseTo(100 / 6, 5);
    const items = within(screen.getByRole('list', { name: 'Setup steps' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Add your first productDone',
      'Customize your themeSkipped',
      'Connect a domain',
      'Get a payment gateway',
      'Set up payouts',
      'Place a test order',
    ]);
  });

  it("on 'Back to Home' Skip only hides the box, without a skip call", async () => {
    status = step('done', 'Your shop is ready', 'Back to Home', '/admin');
    renderApp('/admin', fakeSession(owner));
    await screen.findByRole('region', { name: 'Setup guide' }, SCREEN_LOAD);
    fireEvent.click(screen.getByRole('button', { name: 'Skip this step' }));
    expect(screen.queryByRole('region', { name: 'Setup guide' })).toBeNull();
    expect(urls()).not.toContain('/api/stores/config/skip');
  });

  it('a failed status fetch shows nothing and raises no error notification (§8)', async () => {
    server.use(http.get('/api/stores/config/status', () => fail(500, 'INTERNAL', ['boom'])));
    renderApp('/admin', fakeSession(owner));
    await screen.findByRole('region', { name: 'Total sales today' }, SCREEN_LOAD);
    await waitFor(() => expect(urls()).toContain('/api/stores/config/status'));
    expect(screen.queryByRole('region', { name: 'Setup guide' })).toBeNull();
    expect(screen.queryByText('boom')).toBeNull();
  });
});

describe("home dashboard: the 'Notify' dialog (§4, §8, §9)", () => {
  const proxyCalls = () => urls().filter((u) => u.startsWith('/api/stores/payout/proxy/store-proxies')).length;

  it('loads proxies with limit 10, page 1 and storeId; warns while there are none, re-polling every 2 minutes; stops once a gateway is assigned', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    renderApp('/admin', fakeSession(owner));
    const dialog = await screen.findByRole('dialog', { name: 'Notify' }, SCREEN_LOAD);
    expect(dialog.textContent).toContain(PAYMENT_GATEWAY_WARNING);
    expect(urls()).toContain(`/api/stores/payout/proxy/store-proxies?limit=10&page=1&storeId=${STORE_ID}`);
    fireEvent.click(screen.getByRole('button', { name: 'CLOSE' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notify' })).toBeNull());
    const before = proxyCalls();
    await act(() => vi.advanceTimersByTimeAsync(EMPTY_PROXY_REPOLL_MS - 5_000));
    expect(proxyCalls()).toBe(before);
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(proxyCalls()).toBe(before + 1));
    expect(await screen.findByRole('dialog', { name: 'Notify' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'CLOSE' }));
    proxies = one;
    await act(() => vi.advanceTimersByTimeAsync(EMPTY_PROXY_REPOLL_MS));
    await waitFor(() => expect(proxyCalls()).toBe(before + 2));
    await act(() => vi.advanceTimersByTimeAsync(3 * EMPTY_PROXY_REPOLL_MS));
    expect(proxyCalls()).toBe(before + 2);
    expect(screen.queryByRole('dialog', { name: 'Notify' })).toBeNull();
  });

  it('never shows with a gateway', async () => {
    proxies = one;
    renderApp('/admin', fakeSession(owner));
    await screen.findByRole('region', { name: 'Total sales today' }, SCREEN_LOAD);
    await waitFor(() => expect(urls().some((u) => u.startsWith('/api/stores/payout/proxy/store-proxies'))).toBe(true));
    expect(screen.queryByRole('dialog', { name: 'Notify' })).toBeNull();
  });

  it('a failed proxy fetch shows no dialog and no error notification (§8)', async () => {
    server.use(http.get('/api/stores/payout/proxy/store-proxies', () => fail(500, 'INTERNAL', ['proxy boom'])));
    renderApp('/admin', fakeSession(owner));
    await screen.findByRole('region', { name: 'Total sales today' }, SCREEN_LOAD);
    await waitFor(() => expect(urls().some((u) => u.startsWith('/api/stores/payout/proxy/store-proxies'))).toBe(true));
    // The guide is drawn from another fetch: once it shows, the failed proxy answer has been handled too.
    await screen.findByRole('region', { name: 'Setup guide' }, SCREEN_LOAD);
    expect(screen.queryByRole('dialog', { name: 'Notify' })).toBeNull();
    expect(screen.queryByText('proxy boom')).toBeNull();
  });
});

describe('trial banner and balance (§1, §4)', () => {
  it('shows the days left and Select a plan on shell screens, and the balance on the home dashboard', async () => {
    renderApp('/admin', fakeSession(owner));
    const trial = await screen.findByRole('region', { name: 'Trial' }, SCREEN_LOAD);
    expect(trial.textContent).toContain('Your free trial ends in 9 days.');
    expect(screen.getByRole('link', { name: 'Select a plan' }).getAttribute('href')).toBe('/admin/settings/account');
    await waitFor(() => expect(urls()).toContain('/api/stores/payout/v2/balance'));
    const balance = await screen.findByRole('region', { name: 'Balance' }, SCREEN_LOAD);
    expect(balance.textContent).toContain('$111.74');
    expect(balance.textContent).toContain('$48.25 settling');
  });
});

describe('balance refresh and failures (§4, §8, §9)', () => {
  const balanceCalls = () => urls().filter((u) => u === '/api/stores/payout/v2/balance').length;

  it('refreshes the dashboard balance every 15 minutes, not sooner', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    renderApp('/admin', fakeSession(owner));
    await screen.findByRole('region', { name: 'Balance' }, SCREEN_LOAD);
    const before = balanceCalls();
    await act(() => vi.advanceTimersByTimeAsync(BALANCE_REFRESH_MS - 10_000));
    expect(balanceCalls()).toBe(before);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await waitFor(() => expect(balanceCalls()).toBe(before + 1));
    expect(BALANCE_REFRESH_MS).toBe(15 * 60 * 1000);
  });

  it('a failed balance fetch shows no balance and no error notification (§8)', async () => {
    server.use(http.get('/api/stores/payout/v2/balance', () => fail(500, 'INTERNAL', ['balance boom'])));
    renderApp('/admin', fakeSession(owner));
    await screen.findByRole('region', { name: 'Setup guide' }, SCREEN_LOAD);
    await waitFor(() => expect(urls()).toContain('/api/stores/payout/v2/balance'));
    await screen.findByRole('region', { name: 'Trial' });
    expect(screen.queryByRole('region', { name: 'Balance' })).toBeNull();
    expect(screen.queryByText('balance boom')).toBeNull();
  });

  it('the trial banner is not drawn in full-screen editors, the theme editor’s layout (§4)', async () => {
    expect(ROUTES['website.themes.editor'].layout).toBe('fullscreen');
    renderApp('/admin/book-editor', fakeSession(owner));
    expect(await screen.findByRole('heading', { name: 'Books' }, SCREEN_LOAD)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Trial' })).toBeNull();
  });
});

describe('payout screen (§7 Payout)', () => {
  it('shows the balance and sends a payout request in major units; the server’s refusal is shown', async () => {
    const request = PayoutRequest.parse({
      id: crypto.randomUUID(),
      storeId: STORE_ID,
      amount: 50,
      currency: 'USD',
      status: 'pending',
      method: 'bank',
      destination: 'Bank account DE89 **** **** **** **30 00 (Ada)',
      reason: null,
      createdAt: '2026-01-02T10:00:00.000Z',
      updatedAt: '2026-01-02T10:00:00.000Z',
    });
    let list: PayoutRequest[] = [];
    server.use(
      http.get('/api/stores/payout/card/', () => reply(PayoutCardList, { cards: [] })),
      http.get('/api/stores/payout/config', () => reply(PayoutConfigAnswer, { config: null })),
      http.get('/api/stores/payout/request-payouts', () =>
        reply(PayoutRequestList, { requests: list, total: list.length, page: 1, limit: 10 }),
      ),
      http.get('/api/stores/payout/proxy/get-store-proxies', () => reply(ProxyList, empty)),
      http.post('/api/stores/payout/v2/payout-request', async ({ request: r }) => {
        const body = (await r.json()) as { amount: number };
        if (body.amount > 111.74)
          return fail(400, 'BAD_REQUEST', ['body.amount: amount is more than your available balance of 111.74 USD']);
        list = [request];
        return reply(PayoutRequest, request);
      }),
    );
    renderApp('/admin/settings/payout', fakeSession(owner));
    expect(await screen.findByText('$111.74', undefined, SCREEN_LOAD)).toBeTruthy();
    const amount = screen.getByLabelText('Amount (USD)');
    fireEvent.change(amount, { target: { value: '200' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request payout' }));
    expect(await screen.findByText('body.amount: amount is more than your available balance of 111.74 USD')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request payout' }));
    await waitFor(() => expect(screen.getByRole('table', { name: 'Payout requests' }).textContent).toContain('$50.00'));
    const posts = calls().filter((c) => c.url === '/api/stores/payout/v2/payout-request');
    expect(posts.map((c) => JSON.parse(String(c.init?.body)))).toEqual([{ amount: 200 }, { amount: 50 }]);
    expect(screen.getByRole('table', { name: 'Payout requests' }).textContent).toContain('Pending');
  });

  it('explains a negative balance (a refund after a payout) and offers no request form until it is positive (issue 30 item 6)', async () => {
    server.use(
      http.get('/api/stores/payout/v2/balance', () =>
        reply(Balance, { availableToPayout: -0.97, unsettled: 0, pendingPayouts: 96.8, paidPayouts: 0, currency: 'USD' }),
      ),
      http.get('/api/stores/payout/card/', () => reply(PayoutCardList, { cards: [] })),
      http.get('/api/stores/payout/config', () => reply(PayoutConfigAnswer, { config: null })),
      http.get('/api/stores/payout/request-payouts', () => reply(PayoutRequestList, { requests: [], total: 0, page: 1, limit: 10 })),
      http.get('/api/stores/payout/proxy/get-store-proxies', () => reply(ProxyList, empty)),
    );
    renderApp('/admin/settings/payout', fakeSession(owner));
    const notice = await screen.findByRole('alert', undefined, SCREEN_LOAD);
    expect(notice.textContent).toContain('No payout can be requested yet');
    expect(notice.textContent).toContain('-$0.97 — will be deducted from your next payout');
    expect(screen.queryByRole('form', { name: 'Request a payout' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Request payout' })).toBeNull();
  });

  it('adds a card (the number goes to the server, only brand and last 4 come back) and saves a bank account', async () => {
    let cards: PayoutCard[] = [];
    let config: PayoutConfig | null = null;
    server.use(
      http.get('/api/stores/payout/card/', () => reply(PayoutCardList, { cards })),
      http.post('/api/stores/payout/card/', async ({ request: r }) => {
        const b = (await r.json()) as { holderName: string; expMonth: number; expYear: number };
        const card = {
          id: crypto.randomUUID(),
          holderName: b.holderName,
          brand: 'Visa',
          last4: '4242',
          expMonth: b.expMonth,
          expYear: b.expYear,
          createdAt: '2026-01-02T10:00:00.000Z',
        };
        cards = [card];
        return reply(PayoutCard, card);
      }),
      http.get('/api/stores/payout/config', () => reply(PayoutConfigAnswer, { config })),
      http.post('/api/stores/payout/config', async () => {
        config = {
          id: crypto.randomUUID(),
          method: 'bank',
          cardId: null,
          accountHolder: 'Ada Lovelace',
          ibanMasked: 'DE89 **** **** **** **30 00',
          paypalEmail: null,
          minimumAmount: 10,
          schedule: 'weekly',
          destination: 'Bank account DE89 **** **** **** **30 00 (Ada Lovelace)',
        };
        return reply(PayoutConfig, config);
      }),
      http.get('/api/stores/payout/request-payouts', () => reply(PayoutRequestList, { requests: [], total: 0, page: 1, limit: 10 })),
      http.get('/api/stores/payout/proxy/get-store-proxies', () => reply(ProxyList, empty)),
    );
    renderApp('/admin/settings/payout', fakeSession(owner));
    const add = await screen.findByRole('form', { name: 'Add a card' }, SCREEN_LOAD);
    fireEvent.change(within(add).getByLabelText('Card holder'), { target: { value: 'Ada Lovelace' } });
    fireEvent.change(within(add).getByLabelText('Card number'), { target: { value: '4242 4242 4242 4242' } });
    fireEvent.change(within(add).getByLabelText('Month'), { target: { value: '12' } });
    fireEvent.change(within(add).getByLabelText('Year'), { target: { value: '2035' } });
    fireEvent.click(within(add).getByRole('button', { name: 'Add card' }));
    await waitFor(() => expect(screen.getByRole('table', { name: 'Payout cards' }).textContent).toContain('Visa •••• 4242'));
    const cardPost = calls().find((c) => c.url === '/api/stores/payout/card/' && c.init?.method === 'POST')!;
    expect(JSON.parse(String(cardPost.init?.body))).toEqual({
      holderName: 'Ada Lovelace',
      number: '4242 4242 4242 4242',
      expMonth: 12,
      expYear: 2035,
    });
    // The form forgets the number once the card is added.
    await waitFor(() => expect((within(add).getByLabelText('Card number') as HTMLInputElement).value).toBe(''));

    const method = screen.getByRole('form', { name: 'Payout method' });
    fireEvent.change(within(method).getByLabelText('Account holder'), { target: { value: 'Ada Lovelace' } });
    fireEvent.change(within(method).getByLabelText('IBAN'), { target: { value: 'DE89 3704 0044 0532 0130 00' } });
    fireEvent.click(within(method).getByRole('button', { name: /^Save/ }));
    expect(await screen.findByText('Bank account DE89 **** **** **** **30 00 (Ada Lovelace)')).toBeTruthy();
    const cfgPost = calls().find((c) => c.url === '/api/stores/payout/config' && c.init?.method === 'POST')!;
    expect(JSON.parse(String(cfgPost.init?.body))).toMatchObject({ method: 'bank', accountHolder: 'Ada Lovelace' });
  });

  it('exports the filtered history through GET …/request-payouts/export (every page), saved as payouts.csv', async () => {
    const saved = captureDownloads();
    const csv =
      'Requested at,Amount,Currency,Status,Method,Destination,Reason\r\n2026-01-02T10:00:00.000Z,10.00,USD,rejected,paypal,PayPal a@b.c,Sorry\r\n';
    const request = PayoutRequest.parse({
      id: crypto.randomUUID(),
      storeId: STORE_ID,
      amount: 10,
      currency: 'USD',
      status: 'rejected',
      method: 'paypal',
      destination: 'PayPal a@b.c',
      reason: 'Sorry',
      createdAt: '2026-01-02T10:00:00.000Z',
      updatedAt: '2026-01-02T10:00:00.000Z',
    });
    server.use(
      http.get('/api/stores/payout/card/', () => reply(PayoutCardList, { cards: [] })),
      http.get('/api/stores/payout/config', () => reply(PayoutConfigAnswer, { config: null })),
      http.get('/api/stores/payout/request-payouts', () => reply(PayoutRequestList, { requests: [request], total: 1, page: 1, limit: 10 })),
      http.get('/api/stores/payout/request-payouts/export', () => HttpResponse.text(csv, { headers: { 'content-type': 'text/csv' } })),
      http.get('/api/stores/payout/proxy/get-store-proxies', () => reply(ProxyList, empty)),
    );
    renderApp('/admin/settings/payout', fakeSession(owner));
    await waitFor(() => expect(screen.getByRole('table', { name: 'Payout requests' }).textContent).toContain('PayPal a@b.c'), SCREEN_LOAD);
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Exported 1 payout request to payouts.csv')).toBeTruthy();
    const call = calls().find((c) => c.url.includes('/request-payouts/export'))!;
    expect(new URL(call.url, 'http://x').searchParams.has('page')).toBe(false);
    await waitFor(() => expect(saved).toEqual([{ name: 'payouts.csv', text: csv }]));
  });

  it('at 375 px the history is a list of cards (amount, date, destination, status and reason), not a table that scrolls sideways', async () => {
    setViewportWidth(375);
    try {
      const request = (amount: number, status: PayoutRequest['status'], reason: string | null) =>
        PayoutRequest.parse({
          id: crypto.randomUUID(),
          storeId: STORE_ID,
          amount,
          currency: 'USD',
          status,
          method: 'card',
          destination: 'Visa •••• 4242',
          reason,
          createdAt: '2026-01-02T10:00:00.000Z',
          updatedAt: '2026-01-02T10:00:00.000Z',
        });
      server.use(
        http.get('/api/stores/payout/card/', () => reply(PayoutCardList, { cards: [] })),
        http.get('/api/stores/payout/config', () => reply(PayoutConfigAnswer, { config: null })),
        http.get('/api/stores/payout/request-payouts', () =>
          reply(PayoutRequestList, {
            requests: [request(120, 'pending', null), request(10, 'rejected', 'Card expired')],
            total: 2,
            page: 1,
            limit: 10,
          }),
        ),
        http.get('/api/stores/payout/proxy/get-store-proxies', () => reply(ProxyList, empty)),
      );
      renderApp('/admin/settings/payout', fakeSession(owner));
      const list = await screen.findByRole('list', { name: 'Payout requests' }, SCREEN_LOAD);
      expect(screen.queryByRole('table', { name: 'Payout requests' })).toBeNull();
      expect(screen.queryByRole('region', { name: 'Payout requests, scrolls sideways' })).toBeNull();
      const [first, second] = within(list).getAllByRole('listitem');
      expect(first!.textContent).toContain('$120.00');
      expect(first!.textContent).toContain('Visa •••• 4242');
      expect(first!.textContent).toContain('Pending');
      expect(second!.textContent).toContain('$10.00');
      expect(second!.textContent).toContain('Rejected');
      expect(second!.textContent).toContain('Card expired');
    } finally {
      setViewportWidth(1440);
    }
  });
});
