import '../../test/setup-dom';
import {
  type InventoryAdjustBody,
  type InventoryAdjustment,
  InventoryAdjustResponse,
  InventoryHistoryResponse,
  type InventoryItem,
  InventoryListResponse,
} from '@backroom/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signInToDemoStore, user } from '../../test/fixtures';
import { handlers } from '../../test/handlers';
import { calls, reply, server } from '../../test/msw';
import { fakeSession, renderApp, SCREEN_LOAD } from '../../test/render-app';

const owner = user({ scopes: ['products'] });
let items: InventoryItem[] = [];
let history: InventoryAdjustment[] = [];

const item = (o: Partial<InventoryItem>): InventoryItem => ({
  variantId: crypto.randomUUID(),
  productId: crypto.randomUUID(),
  productTitle: 'Hoodie',
  variantTitle: 'Black / M',
  sku: 'HD-BL-M',
  image: null,
  status: 'active',
  inventoryQuantity: 4,
  inventoryPolicy: 'deny',
  ...o,
});

beforeEach(() => {
  signInToDemoStore();
  items = [
    item({}),
    item({ productTitle: 'Mug', variantTitle: 'Default Title', sku: '', inventoryQuantity: 0, inventoryPolicy: 'continue' }),
  ];
  history = [];
  server.use(
    handlers.preference(),
    handlers.stores(),
    http.get('/api/inventory', ({ request }) => {
      const stock = new URL(request.url).searchParams.get('stock');
      const list = items.filter((i) => !stock || (stock === 'in_stock' ? i.inventoryQuantity > 0 : i.inventoryQuantity <= 0));
      return reply(InventoryListResponse, { items: list, total: list.length, page: 1, limit: 50 });
    }),
    http.get('/api/inventory/history', ({ request }) => {
      const v = new URL(request.url).searchParams.get('variantId');
      const list = history.filter((h) => !v || h.variantId === v);
      return reply(InventoryHistoryResponse, { items: list, total: list.length, page: 1, limit: 50 });
    }),
    http.post('/api/inventory/adjustments', async ({ request }) => {
      const b = (await request.json()) as InventoryAdjustBody;
      const it = items.find((i) => i.variantId === b.variantId)!;
      const after = b.delta !== undefined ? it.inventoryQuantity + b.delta : b.quantity!;
      const a: InventoryAdjustment = {
        id: crypto.randomUUID(),
        variantId: it.variantId,
        productId: it.productId,
        productTitle: it.productTitle,
        variantTitle: it.variantTitle,
        sku: it.sku,
        delta: after - it.inventoryQuantity,
        quantityAfter: after,
        reason: b.reason,
        note: b.note ?? '',
        userName: 'Ada Merchant',
        orderId: null,
        createdAt: '2026-01-02T10:00:00.000Z',
      };
      it.inventoryQuantity = after;
      history.unshift(a);
      return reply(InventoryAdjustResponse, { inventoryQuantity: after, adjustment: a });
    }),
  );
});
afterEach(cleanup);

const postBody = () => JSON.parse(String(calls().find((c) => c.init?.method === 'POST')!.init!.body));

describe('inventory (website.inventory, issue 13 item 4)', () => {
  it('lists stock per variant and filters out-of-stock variants', async () => {
    renderApp('/admin/inventory', fakeSession(owner));
    const table = await screen.findByRole('table', { name: 'Inventory' }, SCREEN_LOAD);
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['HoodieBlack / MHD-BL-M4AdjustHistory', 'MugDefault TitleSells when out of stock—0AdjustHistory']);
    fireEvent.click(screen.getByRole('radio', { name: 'Out of stock' }));
    const rows = () =>
      within(screen.getByRole('table', { name: 'Inventory' }))
        .getAllByRole('row')
        .slice(1);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]!.textContent).toContain('Mug');
  });

  it('adjusts by an amount with a reason, refusing 0 with the contract’s message, and the history shows who did it', async () => {
    renderApp('/admin/inventory', fakeSession(owner));
    fireEvent.click(await screen.findByRole('button', { name: 'Adjust Hoodie Black / M' }, SCREEN_LOAD));
    const form = await screen.findByRole('form', { name: 'Adjust stock' });
    const amount = within(form).getByRole('textbox', { name: /Adjust by/ });
    fireEvent.change(amount, { target: { value: '0' } });
    fireEvent.submit(form);
    expect(await within(form).findByText('must not be 0')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '12' } });
    expect(within(form).getByRole('status').textContent).toBe('New quantity: 16');
    fireEvent.change(within(form).getByLabelText('Note'), { target: { value: 'Delivery #1042' } });
    fireEvent.submit(form);
    await waitFor(() => expect(items[0]!.inventoryQuantity).toBe(16));
    expect(postBody()).toEqual({ variantId: items[0]!.variantId, delta: 12, reason: 'received', note: 'Delivery #1042' });
    const log = await screen.findByRole('table', { name: 'Stock history' });
    expect(within(log).getAllByRole('row')[1]!.textContent).toContain('+1216ReceivedDelivery #1042Ada Merchant');
  });

  it('sets a counted quantity (reason: inventory count) and shows one variant’s history', async () => {
    renderApp('/admin/inventory', fakeSession(owner));
    fireEvent.click(await screen.findByRole('button', { name: 'Adjust Mug Default Title' }, SCREEN_LOAD));
    const form = await screen.findByRole('form', { name: 'Adjust stock' });
    fireEvent.click(within(form).getByRole('radio', { name: 'Set counted quantity' }));
    fireEvent.change(within(form).getByRole('textbox', { name: /Counted quantity/ }), { target: { value: '7' } });
    fireEvent.submit(form);
    await waitFor(() => expect(items[1]!.inventoryQuantity).toBe(7));
    expect(postBody()).toEqual({ variantId: items[1]!.variantId, quantity: 7, reason: 'count' });
    fireEvent.click(screen.getByRole('button', { name: 'History of Hoodie Black / M' }));
    expect(await screen.findByRole('heading', { name: 'History of Hoodie · Black / M' })).toBeTruthy();
    expect(await screen.findByText('No stock change yet.')).toBeTruthy();
  });
});
