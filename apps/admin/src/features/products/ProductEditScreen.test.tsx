import '../../test/setup-dom';
import type { Product } from '@backroom/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signInToDemoStore, user } from '../../test/fixtures';
import { handlers } from '../../test/handlers';
import { calls, server } from '../../test/msw';
import { fakeSession, renderApp, SCREEN_LOAD } from '../../test/render-app';

const owner = user({ scopes: ['products'] });
let products: Product[] = [];

beforeEach(() => {
  signInToDemoStore();
  products = [];
  server.use(handlers.preference(), handlers.stores(), ...handlers.productDetail(() => products));
});
afterEach(cleanup);

/** Types values into a TagsInput at once, comma-separated, then its split character ',' (as a paste of "S,M,L" does). */
function addTags(label: string, values: string[]) {
  const input = screen.getAllByLabelText(label).find((e) => e.tagName === 'INPUT' && (e as HTMLInputElement).type !== 'hidden')!;
  // Mantine ignores changes to an input that is not focused (autofill), as a browser's typing always is.
  input.focus();
  fireEvent.change(input, { target: { value: values.join(',') } });
  fireEvent.keyDown(input, { key: ',' });
}

describe('product form (website.products.create / .update)', () => {
  it('refuses an empty title with the contract’s message', async () => {
    renderApp('/admin/products/create', fakeSession(owner));
    const form = await screen.findByRole('form', { name: 'Add product' }, SCREEN_LOAD);
    fireEvent.submit(form);
    expect(await screen.findByText('is required')).toBeTruthy();
    expect(calls().filter((c) => c.init?.method === 'POST')).toHaveLength(0);
  });

  it('builds the variant matrix from the options (4 sizes × 3 colours = 12), keeps edited rows, and creates the product', async () => {
    const { router } = renderApp('/admin/products/create', fakeSession(owner));
    const form = await screen.findByRole('form', { name: 'Add product' }, SCREEN_LOAD);
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: 'Hoodie' } });
    fireEvent.change(screen.getByLabelText('Price'), { target: { value: '49' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add options like size or color' }));
    addTags('Size values', ['S', 'M']);
    fireEvent.click(screen.getByRole('button', { name: 'Add another option' }));
    fireEvent.change(screen.getByLabelText('Option 2 name'), { target: { value: 'Colour' } });
    addTags('Colour values', ['Black', 'Grey', 'Green']);
    const table = screen.getByRole('table', { name: 'Variants' });
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 6);
    // New combinations copy the first variant's price.
    expect((screen.getByLabelText('Price of M / Green') as HTMLInputElement).value).toBe('49.00');
    fireEvent.change(screen.getByLabelText('Price of S / Black'), { target: { value: '55' } });
    addTags('Size values', ['L', 'XL']);
    expect(within(screen.getByRole('table', { name: 'Variants' })).getAllByRole('row')).toHaveLength(1 + 12);
    expect((screen.getByLabelText('Price of S / Black') as HTMLInputElement).value).toBe('55');
    fireEvent.submit(form);
    await waitFor(() => expect(products).toHaveLength(1));
    const body = JSON.parse(String(calls().find((c) => c.init?.method === 'POST')!.init!.body));
    expect(body.options).toEqual([
      { name: 'Size', values: ['S', 'M', 'L', 'XL'] },
      { name: 'Colour', values: ['Black', 'Grey', 'Green'] },
    ]);
    expect(body.variants).toHaveLength(12);
    expect(body.variants[0]).toMatchObject({ option1: 'S', option2: 'Black', price: 55 });
    expect(body.variants[5]).toMatchObject({ option1: 'M', option2: 'Green', price: 49 });
    // L and XL came after S / Black was set to 55: they copy the first row, as Shopify does.
    expect(body.variants[11]).toMatchObject({ option1: 'XL', option2: 'Green', price: 55 });
    expect(body).toMatchObject({ status: 'draft', title: 'Hoodie' });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/products/${products[0]!.id}`));
  }, 60_000);

  it('warns past 100 combinations and keeps the variants as they were', async () => {
    renderApp('/admin/products/create', fakeSession(owner));
    await screen.findByRole('form', { name: 'Add product' }, SCREEN_LOAD);
    fireEvent.click(screen.getByRole('button', { name: 'Add options like size or color' }));
    addTags(
      'Size values',
      Array.from({ length: 11 }, (_, i) => `s${i}`),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add another option' }));
    addTags(
      'Color values',
      Array.from({ length: 10 }, (_, i) => `c${i}`),
    );
    expect(await screen.findByText(/These options give 110 combinations; a product has at most 100 variants/)).toBeTruthy();
    // The rows stay those of the last accepted options (11 sizes alone).
    expect(within(screen.getByRole('table', { name: 'Variants' })).getAllByRole('row')).toHaveLength(1 + 11);
  }, 60_000);

  it('loads a product and saves a changed variant by its id', async () => {
    products = [];
    renderApp('/admin/products/create', fakeSession(owner));
    const created = await screen.findByRole('form', { name: 'Add product' }, SCREEN_LOAD);
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: 'Mug' } });
    fireEvent.change(screen.getByLabelText('Price'), { target: { value: '12' } });
    fireEvent.submit(created);
    await waitFor(() => expect(products).toHaveLength(1));
    cleanup();
    renderApp(`/admin/products/${products[0]!.id}`, fakeSession(owner));
    const form = await screen.findByRole('form', { name: 'Edit product' }, SCREEN_LOAD);
    await waitFor(() => expect((screen.getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Mug'));
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '7' } });
    fireEvent.submit(form);
    await waitFor(() => expect(calls().some((c) => c.init?.method === 'PUT')).toBe(true));
    const body = JSON.parse(String(calls().find((c) => c.init?.method === 'PUT')!.init!.body));
    expect(body.variants).toEqual([expect.objectContaining({ id: products[0]!.variants[0]!.id, price: 12, inventoryQuantity: 7 })]);
  });
});
