import '../../test/setup-dom';
import type { Personalize, PersonalizeFont, ProductSummary } from '@backroom/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signInToDemoStore, user } from '../../test/fixtures';
import { handlers } from '../../test/handlers';
import { calls, server } from '../../test/msw';
import { fakeSession, renderApp, SCREEN_LOAD } from '../../test/render-app';
import { chooseOption } from '../../test/select';

const owner = user({ scopes: ['products'] });
const product = (n: number, title: string): ProductSummary => {
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return {
    id,
    _id: id,
    title,
    handle: title.toLowerCase().replace(/\W+/g, '-'),
    vendor: '',
    productType: '',
    tags: [],
    published: true,
    status: 'active',
    image: { src: `/uploads/p${n}.jpg` },
    variantsCount: 1,
    inventory: 5,
    priceMin: 20,
    priceMax: 20,
    currency: 'USD',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
};
const FONT: PersonalizeFont = {
  id: '00000000-0000-4000-8000-00000000f001',
  name: 'Rancho',
  family: 'Rancho',
  fontUrl: '/uploads/s/fonts/rancho.ttf',
  format: 'ttf',
  bytes: 48_000,
  createdAt: '2026-01-02T00:00:00.000Z',
};
let state: { personalizes: Personalize[]; fonts: PersonalizeFont[]; products: ProductSummary[] };
const MUG: Personalize = {
  id: '00000000-0000-4000-8000-00000000a001',
  productId: '00000000-0000-4000-8000-000000000002',
  product: { title: 'Mug', handle: 'mug', imageSrc: '/uploads/p2.jpg' },
  name: 'Mug with a name',
  fields: [
    {
      id: 'n',
      type: 'text',
      label: 'Name',
      required: true,
      maxLength: 10,
      placeholder: '',
      fontId: FONT.id,
      color: '#000000',
      fontSize: 50,
      align: 'center',
      x: 50,
      y: 50,
    },
    { id: 'p', type: 'image', label: 'Photo', required: false, x: 50, y: 70, width: 30, height: 30 },
  ],
  fonts: [FONT],
  createdAt: '2026-01-02T00:00:00.000Z',
  updatedAt: '2026-01-03T00:00:00.000Z',
};

beforeEach(() => {
  signInToDemoStore();
  state = { personalizes: [structuredClone(MUG)], fonts: [FONT], products: [product(1, 'Classic tee'), product(2, 'Mug')] };
  server.use(
    handlers.preference(),
    handlers.stores(),
    handlers.products(() => state.products),
    ...handlers.personalizes(() => state),
  );
});
afterEach(cleanup);

/** Picks `label` in the Mantine Select labelled `select` (typing its first four letters). */
const choose = (select: RegExp, label: string) =>
  chooseOption(screen.getByRole('combobox', { name: select }), label, { search: label.slice(0, 4) });

describe('personalized products (website.product-personalized, spec §7 Personalisation)', () => {
  it('lists the personalised products with what the shopper fills in, linking to their editor and to the fonts', async () => {
    renderApp('/admin/product-personalized', fakeSession(owner));
    expect(await screen.findByRole('heading', { name: 'Personalized Product' }, SCREEN_LOAD)).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'Mug' });
    expect(link.getAttribute('href')).toBe(`/admin/product-personalized/${MUG.id}`);
    const row = link.closest('tr')!;
    expect(within(row as HTMLElement).getByText('Mug with a name')).toBeTruthy();
    expect(within(row as HTMLElement).getByText('1 text, 1 photo')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Fonts' }).getAttribute('href')).toBe('/admin/product-personalized/fonts');
    // The three design editors are linked here (issue 31 item 5: book-editor and book2-editor had no link).
    const editors = screen.getByRole('navigation', { name: 'Design editors' });
    expect(
      within(editors)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/admin/print-hub-editor', '/admin/book-editor', '/admin/book2-editor']);
  });

  it('refuses an empty form with the contract’s messages, then saves a text field in an uploaded font', async () => {
    const { router } = renderApp('/admin/product-personalized/new', fakeSession(owner));
    const form = await screen.findByRole('form', { name: 'Personalize a product' }, SCREEN_LOAD);
    fireEvent.submit(form);
    expect(await screen.findByText('productId must be a product id')).toBeTruthy();
    expect(screen.getByText('name is required')).toBeTruthy();
    await choose(/^Product/, 'Classic tee');
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Classic tee personalization');
    const field = screen.getByRole('region', { name: 'Field Name' });
    fireEvent.change(within(field).getByLabelText('Max characters'), { target: { value: '12' } });
    const font = within(field).getByRole('combobox', { name: 'Font' });
    font.focus();
    fireEvent.click(font);
    fireEvent.click(await screen.findByRole('option', { name: 'Rancho (Rancho)', hidden: true }));
    // The preview draws the sample in that font, cut to the max length.
    fireEvent.change(screen.getByLabelText('Try Name'), { target: { value: 'Alexandra-Marie' } });
    const text = screen.getByRole('img', { name: 'Personalization preview' }).querySelector('text[data-field]')!;
    expect(text.textContent).toBe('Alexandra-Ma');
    expect(text.getAttribute('font-family')).toBe(`'bk-font-${FONT.id}', sans-serif`);
    fireEvent.click(screen.getByRole('button', { name: 'Add photo field' }));
    expect(screen.getByRole('region', { name: 'Field Photo' })).toBeTruthy();
    fireEvent.submit(form);
    await waitFor(() => expect(state.personalizes).toHaveLength(2));
    const post = calls().find((c) => c.init?.method === 'POST' && c.url.endsWith('/api/personalizes'))!;
    const body = JSON.parse(String(post.init!.body));
    expect(body).toMatchObject({ productId: state.products[0]!.id, name: 'Classic tee personalization' });
    expect(body.fields).toMatchObject([
      { type: 'text', label: 'Name', maxLength: 12, fontId: FONT.id, color: '#ffffff', align: 'center' },
      { type: 'image', label: 'Photo', required: false },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/product-personalized/${state.personalizes[0]!.id}`));
  });

  it('shows the server’s refusal under the product, and a field’s contract message under it', async () => {
    renderApp('/admin/product-personalized/new', fakeSession(owner));
    const form = await screen.findByRole('form', { name: 'Personalize a product' }, SCREEN_LOAD);
    await choose(/^Product/, 'Mug');
    fireEvent.submit(form);
    expect(await screen.findByText('this product already has a personalization')).toBeTruthy();
    const field = screen.getByRole('region', { name: 'Field Name' });
    fireEvent.change(within(field).getByLabelText(/^Label/), { target: { value: '' } });
    fireEvent.submit(form);
    const unnamed = await screen.findByRole('region', { name: 'Field 1' });
    expect(await within(unnamed).findByText('label is required')).toBeTruthy();
  });

  it('clicking the preview places the chosen field; edits save with PUT; delete asks first', async () => {
    const { router } = renderApp(`/admin/product-personalized/${MUG.id}`, fakeSession(owner));
    const form = await screen.findByRole('form', { name: 'Edit personalization' }, SCREEN_LOAD);
    expect(await screen.findByDisplayValue('Mug with a name')).toBeTruthy();
    const svg = screen.getByRole('img', { name: 'Personalization preview' });
    svg.getBoundingClientRect = () => ({
      left: 0,
      top: 0,
      width: 200,
      height: 200,
      right: 200,
      bottom: 200,
      x: 0,
      y: 0,
      toJSON: () => ({}),
    });
    fireEvent.click(screen.getByRole('radio', { name: 'Place Photo' }));
    fireEvent.click(svg, { clientX: 50, clientY: 150 });
    fireEvent.submit(form);
    await waitFor(() => expect(state.personalizes[0]!.fields[1]).toMatchObject({ x: 25, y: 75 }));
    expect(state.personalizes[0]!.fields[0]).toMatchObject({ x: 50, y: 50 });
    fireEvent.click(screen.getByRole('button', { name: 'Delete personalization' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this personalization?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete personalization' }));
    await waitFor(() => expect(state.personalizes).toHaveLength(0));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/product-personalized'));
  });
});

describe('fonts (website.product-personalized.fonts, spec §3 Custom font)', () => {
  it('lists the fonts, shows the server’s refusal of a non-font, uploads a font and deletes one after confirming', async () => {
    renderApp('/admin/product-personalized/fonts', fakeSession(owner));
    expect(await screen.findByRole('article', { name: 'Rancho' }, SCREEN_LOAD)).toBeTruthy();
    expect(screen.getByText('Rancho · TTF · 47 KB · Jan 1, 2026')).toBeTruthy(); // 00:00 UTC is still Jan 1 on the shop's clock (Los Angeles)
    const input = () => document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input(), { target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload font' }));
    expect(await screen.findByText('file: is not a font (TTF, OTF, WOFF or WOFF2)')).toBeTruthy();
    fireEvent.change(input(), { target: { files: [new File(['true-font-bytes'], 'brand.ttf', { type: 'font/ttf' })] } });
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Brand script' } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload font' }));
    expect(await screen.findByRole('article', { name: 'Brand script' })).toBeTruthy();
    expect(state.fonts.map((f) => f.name)).toEqual(['Brand script', 'Rancho']);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Rancho' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this font?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete font' }));
    await waitFor(() => expect(state.fonts.map((f) => f.name)).toEqual(['Brand script']));
  });
});
