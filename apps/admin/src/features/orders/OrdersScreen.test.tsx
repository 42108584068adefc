import '../../test/setup-dom';
import { OrderDetail, OrderListResponse } from '@backroom/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { captureDownloads } from '../../test/downloads';
import { signInToDemoStore, user } from '../../test/fixtures';
import { handlers } from '../../test/handlers';
import { calls, reply, server, urls } from '../../test/msw';
import { fakeSession, renderApp, SCREEN_LOAD } from '../../test/render-app';

const owner = user({ scopes: ['orders'] });
const ID = '00000000-0000-4000-8000-00000000f001';
let order: OrderDetail;

function makeOrder(): OrderDetail {
  const line = (id: number, title: string, variant: string, price: number) => ({
    id,
    productId: null,
    variantId: null,
    title,
    variantTitle: variant,
    sku: '',
    options: variant ? [{ name: 'Size', value: variant }] : [],
    properties: id === 2 ? [{ name: 'Name on back', value: 'ADA' }] : [],
    imageSrc: null,
    quantity: 1,
    price,
    total: price,
    fulfilledQuantity: 0,
    refundedQuantity: 0,
    fulfillableQuantity: 1,
    refundableQuantity: 1,
  });
  return {
    id: ID,
    orderNumber: 1042,
    orderName: '#1042',
    createdAt: '2026-01-02T18:00:00.000Z',
    customer: { id: null, name: 'Ada Buyer', email: 'ada@example.test', phone: '', ordersCount: 1 },
    total: 50,
    currency: 'USD',
    financialStatus: 'paid',
    fulfillmentStatus: 'unfulfilled',
    paymentName: 'Stripe',
    paymentLabel: 'Credit/Debit Card',
    itemsCount: 3,
    tags: [],
    sourceName: 'online_store',
    cancelledAt: null,
    closedAt: null,
    lineItems: [line(1, 'T-shirt', 'S', 20), line(2, 'T-shirt', 'M', 25), line(3, 'Gift wrap', '', 5)],
    subtotal: 50,
    discount: 0,
    discountCodes: [],
    shipping: 0,
    tax: 0,
    refunded: 0,
    netPayment: 50,
    refundable: 50,
    shippingAddress: { name: 'Ada Buyer', address1: '1 Main St', city: 'Springfield', zip: '12345', country: 'United States', phone: '' },
    payment: { name: 'Stripe', cardType: 'visa', label: 'Credit/Debit Card' },
    capturedAt: '2026-01-02T18:00:00.000Z',
    cancelReason: null,
    note: '',
    fulfillments: [],
    refunds: [],
    timeline: [{ id: 'placed', type: 'placed', message: 'Order #1042 was placed', author: null, createdAt: '2026-01-02T18:00:00.000Z' }],
    printFiles: [
      {
        renderId: '5d0c1f0e-2b1a-4c1e-9a43-3f2f7e0b9d11',
        lineItemId: 2,
        status: 'done',
        files: [{ name: 'front.png', url: '/uploads/s/designs/r/front.png', contentType: 'image/png' }],
      },
    ],
  };
}

beforeEach(() => {
  signInToDemoStore();
  order = makeOrder();
  server.use(handlers.preference(), handlers.stores(), ...handlers.orders(() => order));
});
afterEach(cleanup);

describe('orders (website.orders, issue 12 item 3)', () => {
  it('lists orders with the tab counts and links each to its detail', async () => {
    renderApp('/admin/orders', fakeSession(owner));
    expect(await screen.findByRole('heading', { name: 'Orders' }, SCREEN_LOAD)).toBeTruthy();
    const link = await screen.findByRole('link', { name: '#1042' });
    expect(link.getAttribute('href')).toBe(`/admin/orders/detail/${ID}`);
    expect(screen.getByRole('tab', { name: /Unfulfilled\s*1/ })).toBeTruthy();
    expect(screen.getByRole('tab', { name: /Closed\s*0/ })).toBeTruthy();
    expect(screen.getAllByText('Credit/Debit Card').length).toBeGreaterThan(0);
  });

  it('shows an order and refunds one line: the amount is the line price, the order becomes partially refunded', async () => {
    renderApp(`/admin/orders/detail/${ID}`, fakeSession(owner));
    expect(await screen.findByRole('heading', { name: '#1042' }, SCREEN_LOAD)).toBeTruthy();
    expect(screen.getByText('ADA')).toBeTruthy();
    // The personalised line's print file (issue 19), rendered with ADA when the order was paid, is a download link.
    expect(screen.getByRole('link', { name: 'front.png' }).getAttribute('href')).toBe('/uploads/s/designs/r/front.png');
    expect(screen.getByText('Credit/Debit Card')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund' });
    fireEvent.change(within(dialog).getByLabelText('Quantity of T-shirt (M)'), { target: { value: '1' } });
    const submit = await within(dialog).findByRole('button', { name: 'Refund $25.00' });
    fireEvent.click(submit);
    await waitFor(() => expect(screen.getAllByText('Partially refunded').length).toBeGreaterThan(0));
    const call = calls().find((c) => c.url.endsWith(`/api/orders/${ID}/refunds`));
    expect(JSON.parse(String(call?.init?.body))).toMatchObject({ amount: 25, lineItems: [{ id: 2, quantity: 1, restock: true }] });
    expect(screen.getByText('Refunded $25.00 USD')).toBeTruthy();
    // The notification names the order and the amount (not a bare "Success").
    expect(await screen.findByText('Order #1042 refunded $25.00')).toBeTruthy();
  });

  it('exports the orders the tab and search select: GET /api/orders/export with those filters, saved as orders_export.csv', async () => {
    const saved = captureDownloads();
    renderApp('/admin/orders?tab=unfulfilled&search=ada&page=2', fakeSession(owner));
    const button = await screen.findByRole('button', { name: 'Export' }, SCREEN_LOAD);
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    expect(await screen.findByText('Exported 1 order to orders_export.csv')).toBeTruthy();
    const call = calls().find((c) => c.url.includes('/api/orders/export'))!;
    const q = new URL(call.url, 'http://x').searchParams;
    expect(Object.fromEntries(q)).toEqual({ tab: 'unfulfilled', search: 'ada' });
    await waitFor(() => expect(saved).toEqual([{ name: 'orders_export.csv', text: 'Name,Email,Total\n#1042,ada@example.test,50\n' }]));
  });
  it('sends the payment status, fulfillment status, payment method and days filters from the address to GET /api/orders', async () => {
    renderApp(
      '/admin/orders?financialStatus=partially_refunded&fulfillmentStatus=partial&paymentMethod=Stripe&fromTime=2026-01-01&toTime=2026-01-31',
      fakeSession(owner),
    );
    await screen.findByRole('link', { name: '#1042' }, SCREEN_LOAD);
    const q = new URL(urls().find((u) => u.startsWith('/api/orders?'))!, 'http://x').searchParams;
    expect(Object.fromEntries(q)).toMatchObject({
      financialStatus: 'partially_refunded',
      fulfillmentStatus: 'partial',
      paymentMethod: 'Stripe',
      fromTime: '2026-01-01',
      toTime: '2026-01-31',
    });
  });

  it('says so when no order matches', async () => {
    server.use(
      http.get('/api/orders', () =>
        reply(OrderListResponse, {
          orders: [],
          total: 0,
          page: 1,
          limit: 50,
          tabs: { all: 0, unfulfilled: 0, unpaid: 0, open: 0, closed: 0 },
        }),
      ),
    );
    renderApp('/admin/orders?search=nobody', fakeSession(owner));
    expect(await screen.findByText('No orders found', undefined, SCREEN_LOAD)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Export' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('marks a pending order as paid after confirming: POST …/mark-as-paid, the order shows Paid', async () => {
    order.financialStatus = 'pending';
    order.capturedAt = null;
    server.use(
      http.post('/api/orders/:id/mark-as-paid', () => {
        order = { ...order, financialStatus: 'paid', capturedAt: new Date().toISOString() };
        return reply(OrderDetail, order);
      }),
    );
    renderApp(`/admin/orders/detail/${ID}`, fakeSession(owner));
    await screen.findByRole('heading', { name: '#1042' }, SCREEN_LOAD);
    fireEvent.click(screen.getByRole('button', { name: 'Mark as paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as paid' });
    expect(dialog.textContent).toContain('This will create a manual payment of $50.00 for #1042.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark as paid' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Mark as paid' })).toBeNull());
    expect(calls().filter((c) => c.url === `/api/orders/${ID}/mark-as-paid` && c.init?.method === 'POST')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Mark as paid' })).toBeNull());
    expect(screen.getAllByText('Paid').length).toBeGreaterThan(0);
  });

  it('saves the note and tags with PATCH /api/orders/{id}, sending only what changed', async () => {
    server.use(
      http.patch('/api/orders/:id', async ({ request }) => {
        const body = (await request.json()) as { note?: string; tags?: string[] };
        order = { ...order, note: body.note ?? order.note, tags: body.tags ?? order.tags };
        return reply(OrderDetail, order);
      }),
    );
    renderApp(`/admin/orders/detail/${ID}`, fakeSession(owner));
    await screen.findByRole('heading', { name: '#1042' }, SCREEN_LOAD);
    fireEvent.change(screen.getByLabelText('Notes'), { target: { value: 'Gift: no invoice in the box' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls().some((c) => c.url === `/api/orders/${ID}` && c.init?.method === 'PATCH')).toBe(true));
    const patch = calls().find((c) => c.url === `/api/orders/${ID}` && c.init?.method === 'PATCH')!;
    expect(JSON.parse(String(patch.init?.body))).toEqual({ note: 'Gift: no invoice in the box' });
    expect(await screen.findByText('Notes and tags of order #1042 saved')).toBeTruthy();
  });
  it('a voided cancelled order says its units were removed, not refunded (no money went back)', async () => {
    order = {
      ...order,
      financialStatus: 'voided',
      fulfillmentStatus: 'restocked',
      cancelledAt: '2026-01-02T19:00:00.000Z',
      closedAt: '2026-01-02T19:00:00.000Z',
      cancelReason: 'fraud',
      refundable: 0,
      netPayment: 0,
      lineItems: order.lineItems.map((l) => ({ ...l, refundedQuantity: 1, refundableQuantity: 0, fulfillableQuantity: 0 })),
    };
    renderApp(`/admin/orders/detail/${ID}`, fakeSession(owner));
    await screen.findByRole('heading', { name: '#1042' }, SCREEN_LOAD);
    expect(screen.getAllByText('1 removed')).toHaveLength(3);
    expect(screen.queryByText('1 refunded')).toBeNull();
  });
});
