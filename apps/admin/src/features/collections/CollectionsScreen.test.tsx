import '../../test/setup-dom';
import {
  Collection,
  type CollectionCreateBody,
  CollectionListResponse,
  type CollectionUpdateBody,
  OkResponse,
  ProductListResponse,
  type ProductSummary,
} from '@backroom/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signInToDemoStore, user } from '../../test/fixtures';
import { handlers } from '../../test/handlers';
import { calls, fail, reply, server } from '../../test/msw';
import { fakeSession, renderApp, SCREEN_LOAD } from '../../test/render-app';

const owner = user({ scopes: ['products'] });
let store: Collection[] = [];

const collection = (o: Partial<Collection>): Collection => ({
  id: crypto.randomUUID(),
  title: 'Staff picks',
  handle: 'staff-picks',
  description: '',
  imageSrc: null,
  seoTitle: null,
  seoDescription: null,
  type: 'manual',
  rules: [],
  disjunctive: false,
  products: [],
  productsCount: 0,
  updatedAt: '2026-01-02T00:00:00.000Z',
  ...o,
});
const summary = (p: Partial<ProductSummary>): ProductSummary => {
  const id = crypto.randomUUID();
  return {
    id,
    _id: id,
    title: 'Wool beanie',
    handle: 'wool-beanie',
    vendor: '',
    productType: '',
    tags: [],
    published: true,
    status: 'active',
    image: null,
    variantsCount: 1,
    inventory: 3,
    priceMin: 19,
    priceMax: 19,
    currency: 'USD',
    updatedAt: '2026-01-02T00:00:00.000Z',
    ...p,
  };
};
const PRODUCTS = [summary({ title: 'Wool beanie' }), summary({ title: 'Wool scarf', priceMin: 35, priceMax: 35 })];

beforeEach(() => {
  signInToDemoStore();
  store = [
    collection({ title: 'Staff picks', productsCount: 2 }),
    collection({
      title: 'Knitwear',
      handle: 'knitwear',
      type: 'automated',
      rules: [{ column: 'tag', relation: 'equals', condition: 'knitwear' }],
      productsCount: 12,
    }),
  ];
  server.use(
    handlers.preference(),
    handlers.stores(),
    http.get('/api/collections', () =>
      reply(CollectionListResponse, {
        collections: store.map((c) => ({ ...c, image: null })),
        total: store.length,
        page: 1,
        limit: 20,
      }),
    ),
    http.get('/api/collections/:id', ({ params }) => {
      const c = store.find((x) => x.id === params.id);
      return c ? reply(Collection, c) : fail(404, 'NOT_FOUND', ['Collection not found']);
    }),
    http.post('/api/collections', async ({ request }) => {
      const b = (await request.json()) as CollectionCreateBody;
      if (b.handle === 'taken') return fail(400, 'BAD_REQUEST', ["body.handle: 'taken' is already used by another collection"]);
      const c = collection({
        title: b.title,
        handle: b.title.toLowerCase(),
        type: b.type,
        rules: b.rules ?? [],
        disjunctive: b.disjunctive ?? false,
      });
      store.push(c);
      return reply(Collection, c, { status: 201 });
    }),
    http.put('/api/collections/:id', async ({ params, request }) => {
      const b = (await request.json()) as CollectionUpdateBody;
      const i = store.findIndex((x) => x.id === params.id);
      store[i] = { ...store[i]!, ...(b.title ? { title: b.title } : {}) };
      return reply(Collection, store[i]!);
    }),
    http.delete('/api/collections/:id', ({ params }) => {
      store = store.filter((x) => x.id !== params.id);
      return reply(OkResponse, { ok: true });
    }),
    http.get('/api/products', () => reply(ProductListResponse, { products: PRODUCTS, total: 2, page: 1, limit: 20 })),
  );
});
afterEach(cleanup);

const bodyOf = (method: string) => JSON.parse(String(calls().find((c) => c.init?.method === method)!.init!.body));

/**
 * Opens the Mantine select named `label` (focus + click, as a user does) and returns its listbox. Its options count
 * as hidden in jsdom while the dropdown's transition runs, hence `hidden: true` where they are looked up.
 */
async function open(label: string): Promise<HTMLElement> {
  const input = screen.getByRole('combobox', { name: label });
  input.focus();
  fireEvent.click(input);
  await waitFor(() => expect(input.getAttribute('aria-controls')).toBeTruthy());
  return waitFor(() => document.getElementById(input.getAttribute('aria-controls')!)!);
}
async function choose(label: string, option: string) {
  fireEvent.click(await within(await open(label)).findByRole('option', { name: option, hidden: true }));
}

describe('collections (website.collections, issue 13 item 3)', () => {
  it('lists the collections with their type, product count and address', async () => {
    renderApp('/admin/collections', fakeSession(owner));
    const table = await screen.findByRole('table', { name: 'Collections' }, SCREEN_LOAD);
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'TitleTypeProductsAddress',
      'Staff picksManual2/collections/staff-picks',
      'KnitwearAutomated12/collections/knitwear',
    ]);
  });

  it('creates the automated "Under $30" collection (Price is less than 30) after the contract refuses an empty value', async () => {
    renderApp('/admin/collections', fakeSession(owner));
    fireEvent.click(await screen.findByRole('button', { name: 'Create collection' }, SCREEN_LOAD));
    const form = await screen.findByRole('form', { name: 'Create collection' });
    fireEvent.change(within(form).getByLabelText(/^Title/), { target: { value: 'Under $30' } });
    fireEvent.click(within(form).getByRole('radio', { name: /Automated/ }));
    await choose('Condition 1 field', 'Price');
    await choose('Condition 1 relation', 'is less than');
    fireEvent.submit(form);
    expect(await within(form).findByText('is required')).toBeTruthy();
    expect(calls().filter((c) => c.init?.method === 'POST')).toHaveLength(0);
    fireEvent.change(within(form).getByRole('textbox', { name: 'Condition 1 value' }), { target: { value: '30' } });
    fireEvent.click(within(form).getByRole('radio', { name: 'any condition' }));
    fireEvent.submit(form);
    await waitFor(() => expect(store).toHaveLength(3));
    expect(bodyOf('POST')).toEqual({
      title: 'Under $30',
      description: '',
      type: 'automated',
      rules: [{ column: 'variant_price', relation: 'less_than', condition: '30' }],
      disjunctive: true,
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Create collection' })).toBeNull());
  });

  it('a text field offers no greater/less relations; a number field refuses text with the contract’s message', async () => {
    renderApp('/admin/collections', fakeSession(owner));
    fireEvent.click(await screen.findByRole('button', { name: 'Create collection' }, SCREEN_LOAD));
    const form = await screen.findByRole('form', { name: 'Create collection' });
    fireEvent.click(within(form).getByRole('radio', { name: /Automated/ }));
    const box = await open('Condition 1 relation');
    expect((await within(box).findAllByRole('option', { hidden: true })).map((o) => o.textContent)).toEqual([
      'is equal to',
      'is not equal to',
      'starts with',
      'ends with',
      'contains',
      'does not contain',
    ]);
    await choose('Condition 1 field', 'Inventory stock');
    fireEvent.change(within(form).getByLabelText(/^Title/), { target: { value: 'Low stock' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Condition 1 value' }), { target: { value: 'few' } });
    fireEvent.submit(form);
    expect(await within(form).findByText('must be a number for variant_inventory')).toBeTruthy();
  });

  it('makes a manual collection from searched products in the order added; the server’s handle message shows under the field', async () => {
    renderApp('/admin/collections', fakeSession(owner));
    fireEvent.click(await screen.findByRole('button', { name: 'Create collection' }, SCREEN_LOAD));
    const form = await screen.findByRole('form', { name: 'Create collection' });
    fireEvent.change(within(form).getByLabelText(/^Title/), { target: { value: 'Winter' } });
    fireEvent.change(within(form).getByLabelText('Add products'), { target: { value: 'wool' } });
    fireEvent.click(await within(form).findByRole('button', { name: 'Add Wool scarf' }, SCREEN_LOAD));
    fireEvent.click(await within(form).findByRole('button', { name: 'Add Wool beanie' }));
    expect(
      within(form)
        .getAllByTestId('collection-product')
        .map((r) => r.textContent),
    ).toEqual(['1.Wool scarf$35.00', '2.Wool beanie$19.00']);
    fireEvent.change(within(form).getByLabelText('URL handle', { exact: false }), { target: { value: 'taken' } });
    fireEvent.submit(form);
    expect(await within(form).findByText("'taken' is already used by another collection")).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('URL handle', { exact: false }), { target: { value: '' } });
    fireEvent.submit(form);
    await waitFor(() => expect(store).toHaveLength(3));
    const posts = calls().filter((c) => c.init?.method === 'POST');
    expect(JSON.parse(String(posts.at(-1)!.init!.body)).productIds).toEqual([PRODUCTS[1]!.id, PRODUCTS[0]!.id]);
  });

  it('edits a collection (its type is kept) and deletes it after confirming', async () => {
    renderApp('/admin/collections', fakeSession(owner));
    fireEvent.click(await screen.findByRole('button', { name: 'Knitwear' }, SCREEN_LOAD));
    const form = await screen.findByRole('form', { name: 'Edit collection' });
    await waitFor(() => expect((within(form).getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Knitwear'));
    expect((within(form).getByRole('radio', { name: /Manual/ }) as HTMLInputElement).disabled).toBe(true);
    expect((within(form).getByRole('textbox', { name: 'Condition 1 value' }) as HTMLInputElement).value).toBe('knitwear');
    fireEvent.change(within(form).getByLabelText(/^Title/), { target: { value: 'Knits' } });
    fireEvent.submit(form);
    await waitFor(() => expect(store[1]!.title).toBe('Knits'));
    expect(bodyOf('PUT')).not.toHaveProperty('type');
    fireEvent.click(await screen.findByRole('button', { name: 'Knits' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete collection' }));
    expect(await screen.findByText('Delete this collection?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete collection' }));
    await waitFor(() => expect(store.map((c) => c.title)).toEqual(['Staff picks']));
  });
});
