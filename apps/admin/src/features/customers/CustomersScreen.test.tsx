import '../../test/setup-dom';
import { CustomerDetail, type CustomerRow } from '@backroom/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { captureDownloads } from '../../test/downloads';
import { signInToDemoStore, user } from '../../test/fixtures';
import { handlers } from '../../test/handlers';
import { calls, reply, server } from '../../test/msw';
import { fakeSession, renderApp, SCREEN_LOAD } from '../../test/render-app';

const member = user({ scopes: ['customers'] });
let list: CustomerRow[];

const customer = (n: number, first: string, last: string): CustomerRow => ({
  id: `00000000-0000-4000-8000-00000000c00${n}`,
  name: `${first} ${last}`,
  firstName: first,
  lastName: last,
  email: `${first.toLowerCase()}@example.test`,
  phone: '',
  location: 'Springfield, United States',
  ordersCount: 3,
  totalSpent: 154.5,
  currency: 'USD',
  lastOrderAt: '2026-01-02T18:00:00.000Z',
  createdAt: '2025-12-01T18:00:00.000Z',
  tags: [],
});

beforeEach(() => {
  signInToDemoStore();
  list = [customer(1, 'Ada', 'Buyer'), customer(2, 'Ben', 'Shopper')];
  server.use(handlers.preference(), handlers.stores(), ...handlers.customers(() => list));
});
afterEach(cleanup);

describe('customers (website.customer, issue 12 item 4)', () => {
  it('lists customers with orders and amount spent, each linked to its detail', async () => {
    renderApp('/admin/customers', fakeSession(member));
    const link = await screen.findByRole('link', { name: 'Ada Buyer' }, SCREEN_LOAD);
    expect(link.getAttribute('href')).toBe(`/admin/customers/${list[0]!.id}`);
    expect(screen.getByText('2 customers')).toBeTruthy();
    expect(screen.getAllByText('$154.50')).toHaveLength(2);
  });

  it('exports the customers the filters select: GET /api/customers/export with them, saved as customers_export.csv', async () => {
    const saved = captureDownloads();
    renderApp('/admin/customers?search=a&ordersMin=2&spentMin=100&page=3', fakeSession(member));
    const button = await screen.findByRole('button', { name: 'Export' }, SCREEN_LOAD);
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    expect(await screen.findByText('Exported 2 customers to customers_export.csv')).toBeTruthy();
    const call = calls().find((c) => c.url.includes('/api/customers/export'))!;
    expect(Object.fromEntries(new URL(call.url, 'http://x').searchParams)).toEqual({ search: 'a', ordersMin: '2', spentMin: '100' });
    await waitFor(() =>
      expect(saved).toEqual([
        { name: 'customers_export.csv', text: 'First Name,Last Name,Email\nAda,Buyer,ada@example.test\nBen,Shopper,ben@example.test\n' },
      ]),
    );
  });

  it('offers no export of an empty list', async () => {
    list = [];
    renderApp('/admin/customers', fakeSession(member));
    expect(await screen.findByText('No customers found', {}, SCREEN_LOAD)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Export' }) as HTMLButtonElement).disabled).toBe(true);
  });
  it('shows a customer: amount spent, orders linked to their detail, addresses; saves the note with PATCH', async () => {
    const base = customer(1, 'Ada', 'Buyer');
    let detail: CustomerDetail = CustomerDetail.parse({
      ...base,
      note: '',
      averageOrder: 51.5,
      addresses: [{ name: 'Ada Buyer', address1: '1 Main St', city: 'Springfield', zip: '12345', country: 'United States', phone: '' }],
      orders: [
        {
          id: '00000000-0000-4000-8000-00000000f001',
          orderNumber: 1042,
          orderName: '#1042',
          createdAt: '2026-01-02T18:00:00.000Z',
          customer: { id: base.id, name: 'Ada Buyer', email: base.email, phone: '', ordersCount: 3 },
          total: 50,
          currency: 'USD',
          financialStatus: 'partially_refunded',
          fulfillmentStatus: 'fulfilled',
          paymentName: 'Stripe',
          paymentLabel: 'Credit/Debit Card',
          itemsCount: 2,
          tags: [],
          sourceName: 'online_store',
          cancelledAt: null,
          closedAt: null,
        },
      ],
    });
    server.use(
      http.get('/api/customers/:id', () => reply(CustomerDetail, detail)),
      http.patch('/api/customers/:id', async ({ request }) => {
        const body = (await request.json()) as { note?: string };
        detail = { ...detail, note: body.note ?? detail.note };
        return reply(CustomerDetail, detail);
      }),
    );
    renderApp(`/admin/customers/${base.id}`, fakeSession(member));
    expect(await screen.findByRole('heading', { name: 'Ada Buyer' }, SCREEN_LOAD)).toBeTruthy();
    expect(screen.getByText('$154.50')).toBeTruthy();
    expect(screen.getByText('$51.50')).toBeTruthy();
    expect(screen.getByRole('link', { name: '#1042' }).getAttribute('href')).toBe(
      '/admin/orders/detail/00000000-0000-4000-8000-00000000f001',
    );
    expect(screen.getByText('Partially refunded')).toBeTruthy();
    expect(screen.getByText(/1 Main St/).textContent).toBe('Ada Buyer\n1 Main St\n12345 Springfield\nUnited States');
    fireEvent.change(screen.getByLabelText('Notes'), { target: { value: 'Prefers e-mail' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Notes and tags of Ada Buyer saved')).toBeTruthy();
    const patch = calls().find((c) => c.url === `/api/customers/${base.id}` && c.init?.method === 'PATCH')!;
    expect(JSON.parse(String(patch.init?.body))).toEqual({ note: 'Prefers e-mail' });
  });
});
