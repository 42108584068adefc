import '../../test/setup-dom';
import { type GridProduct, Job, ProductBulkResponse, ProductGridResponse } from '@backroom/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInToDemoStore, user } from '../../test/fixtures';
import { handlers } from '../../test/handlers';
import { calls, reply, server } from '../../test/msw';
import { fakeSession, renderApp, SCREEN_LOAD } from '../../test/render-app';

const owner = user({ scopes: ['products'] });
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const product = (n: number, variants = 1): GridProduct => ({
  id: uuid(n),
  title: `Product ${String(n).padStart(3, '0')}`,
  status: 'active',
  vendor: '',
  variants: Array.from({ length: variants }, (_, i) => ({
    id: uuid(10_000 + n * 10 + i),
    title: variants > 1 ? ['S', 'M', 'L'][i]! : 'Default Title',
    price: 10,
    compareAtPrice: null,
    sku: `SKU-${n}-${i}`,
    inventoryQuantity: 5,
    inventoryPolicy: 'deny' as const,
  })),
});
let products: GridProduct[] = [];

// jsdom lays nothing out: give elements a size so the virtualised grid renders its rows (800 px tall scroller).
beforeAll(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
});
afterAll(() => vi.restoreAllMocks());

beforeEach(() => {
  signInToDemoStore();
  products = [product(1, 2), product(2)];
  server.use(
    handlers.preference(),
    handlers.stores(),
    http.get('/api/products/grid', () =>
      reply(ProductGridResponse, { products, total: products.length, page: 1, limit: 200, currency: 'USD' }),
    ),
    http.patch('/api/products/bulk', () => reply(ProductBulkResponse, { products: 2, variants: 2 })),
    http.post('/api/bulk-updates', () =>
      reply(
        Job,
        {
          id: uuid(99),
          type: 'catalog.bulk-update',
          state: 'queued',
          progress: { done: 0, total: null },
          result: null,
          error: null,
          attempts: 0,
          createdAt: '2026-01-02T00:00:00.000Z',
          startedAt: null,
          finishedAt: null,
        },
        { status: 202 },
      ),
    ),
  );
});
afterEach(cleanup);

const key = (el: HTMLElement, k: string) => fireEvent.keyDown(el, { key: k });
const bodyOf = (method: string) => JSON.parse(String(calls().find((c) => c.init?.method === method)!.init!.body));

describe('bulk edit (website.products.bulkEdit, issue 13 item 2)', () => {
  it('edits prices and stock with the keyboard and saves once in ONE PATCH', async () => {
    renderApp('/admin/products/bulk-edit', fakeSession(owner));
    const grid = await screen.findByRole('grid', { name: 'Products and variants' }, SCREEN_LOAD);
    await waitFor(() => expect(within(grid).getAllByRole('row')).toHaveLength(4));
    grid.focus();
    // Price of row 1 (Product 001 / S): three steps right, type a price, Enter keeps it and moves down.
    for (let i = 0; i < 3; i++) key(grid, 'ArrowRight');
    key(grid, '1');
    const input = await within(grid).findByRole('textbox', { name: 'Price of Product 001 S' });
    fireEvent.change(input, { target: { value: '12.5' } });
    key(input, 'Enter');
    // Now on Product 001 / M's price: Escape cancels an edit.
    key(grid, 'Enter');
    const second = await within(grid).findByRole('textbox', { name: 'Price of Product 001 M' });
    fireEvent.change(second, { target: { value: '99' } });
    key(second, 'Escape');
    // Down to Product 002, three right to Available, type 8, Tab keeps it.
    key(grid, 'ArrowDown');
    for (let i = 0; i < 3; i++) key(grid, 'ArrowRight');
    key(grid, '8');
    const stock = await within(grid).findByRole('textbox', { name: 'Available of Product 002 Default Title' });
    key(stock, 'Tab');
    const save = screen.getByRole('button', { name: 'Save 2 changes' });
    fireEvent.click(save);
    await waitFor(() => expect(calls().some((c) => c.init?.method === 'PATCH')).toBe(true));
    expect(bodyOf('PATCH')).toEqual({
      products: [
        { id: uuid(1), variants: [{ id: uuid(10_010), price: 12.5 }] },
        { id: uuid(2), variants: [{ id: uuid(10_020), inventoryQuantity: 8 }] },
      ],
    });
    expect(await screen.findByText('Saved 2 products and 2 variants.')).toBeTruthy();
  });

  it('marks an invalid cell with the contract’s message and keeps Save off until it is fixed', async () => {
    renderApp('/admin/products/bulk-edit', fakeSession(owner));
    const grid = await screen.findByRole('grid', { name: 'Products and variants' }, SCREEN_LOAD);
    await waitFor(() => expect(within(grid).getAllByRole('row')).toHaveLength(4));
    grid.focus();
    for (let i = 0; i < 3; i++) key(grid, 'ArrowRight');
    key(grid, '1');
    const input = await within(grid).findByRole('textbox', { name: 'Price of Product 001 S' });
    fireEvent.change(input, { target: { value: '1.234' } });
    key(input, 'Enter');
    expect((await screen.findByRole('alert')).textContent).toContain('1 cell needs fixing before saving: must have at most 2 decimals');
    expect((screen.getByRole('button', { name: 'Save 1 change' }) as HTMLButtonElement).disabled).toBe(true);
    expect(
      within(grid)
        .getAllByRole('gridcell')
        .find((c) => c.getAttribute('aria-invalid'))!.textContent,
    ).toBe('1.234');
  });

  it('a save of more than 50 products runs as a bulk-update job with progress', async () => {
    products = Array.from({ length: 60 }, (_, i) => product(i + 1));
    renderApp('/admin/products/bulk-edit', fakeSession(owner));
    const grid = await screen.findByRole('grid', { name: 'Products and variants' }, SCREEN_LOAD);
    await waitFor(() => expect(within(grid).getAllByRole('row').length).toBeGreaterThan(1));
    grid.focus();
    key(grid, 'ArrowRight');
    // Paste a column of 60 statuses from a spreadsheet into the Status column.
    fireEvent.paste(grid, { clipboardData: { getData: () => `${Array(60).fill('draft').join('\n')}\n` } });
    fireEvent.click(screen.getByRole('button', { name: 'Save 60 changes' }));
    await waitFor(() => expect(calls().some((c) => c.init?.method === 'POST')).toBe(true));
    const body = bodyOf('POST');
    expect(body.action).toBe('edit');
    expect(body.products).toHaveLength(60);
    expect(body.products[59]).toEqual({ id: uuid(60), status: 'draft' });
    expect(await screen.findByRole('progressbar', { name: 'Saving 60 products' })).toBeTruthy();
  });

  it('selects a range with Shift+arrows, fills it down with Ctrl+D and copies it as tab-separated rows; one save', async () => {
    renderApp('/admin/products/bulk-edit', fakeSession(owner));
    const grid = await screen.findByRole('grid', { name: 'Products and variants' }, SCREEN_LOAD);
    await waitFor(() => expect(within(grid).getAllByRole('row')).toHaveLength(4));
    grid.focus();
    // Price of the first row: 14.
    for (let i = 0; i < 3; i++) key(grid, 'ArrowRight');
    key(grid, '1');
    const input = await within(grid).findByRole('textbox', { name: 'Price of Product 001 S' });
    fireEvent.change(input, { target: { value: '14' } });
    key(input, 'Enter');
    key(grid, 'ArrowUp');
    // Shift+Down twice and Shift+Right: prices and compare-at prices of the three rows.
    fireEvent.keyDown(grid, { key: 'ArrowDown', shiftKey: true });
    fireEvent.keyDown(grid, { key: 'ArrowDown', shiftKey: true });
    fireEvent.keyDown(grid, { key: 'ArrowRight', shiftKey: true });
    await waitFor(() => expect(within(grid).getAllByRole('gridcell', { selected: true })).toHaveLength(6));
    fireEvent.keyDown(grid, { key: 'd', ctrlKey: true });
    let copied = '';
    fireEvent.copy(grid, { clipboardData: { setData: (_: string, v: string) => (copied = v) } });
    expect(copied).toBe('14\t\n14\t\n14\t');
    fireEvent.click(screen.getByRole('button', { name: 'Save 3 changes' }));
    await waitFor(() => expect(calls().some((c) => c.init?.method === 'PATCH')).toBe(true));
    expect(bodyOf('PATCH')).toEqual({
      products: [
        {
          id: uuid(1),
          variants: [
            { id: uuid(10_010), price: 14 },
            { id: uuid(10_011), price: 14 },
          ],
        },
        { id: uuid(2), variants: [{ id: uuid(10_020), price: 14 }] },
      ],
    });
  });
});
