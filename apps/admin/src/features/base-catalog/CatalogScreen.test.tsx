import '../../test/setup-dom';
import { BaseCatalogResponse, type BaseProduct, Product } from '@backroom/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signInToDemoStore, user } from '../../test/fixtures';
import { handlers } from '../../test/handlers';
import { reply, server, urls } from '../../test/msw';
import { fakeSession, renderApp, SCREEN_LOAD } from '../../test/render-app';

const owner = user({ scopes: ['products'] });
const HOODIE: BaseProduct = {
  id: 'unisex-heavy-hoodie',
  title: 'Unisex Heavy Blend Hoodie',
  category: 'Hoodies & sweatshirts',
  brand: 'Gildan 18500',
  description: 'Fleece.',
  technique: 'DTG',
  provider: 'Monster Digital (US)',
  productionDays: 4,
  baseCost: 21.5,
  suggestedPrice: 44.99,
  sizes: [
    { name: 'M', extraCost: 0 },
    { name: '2XL', extraCost: 2 },
  ],
  colors: [
    { name: 'Black', hex: '#111111' },
    { name: 'Navy', hex: '#1F2A44' },
  ],
  printAreas: [
    {
      key: 'front',
      name: 'Front',
      widthMm: 305,
      heightMm: 254,
      dpi: 300,
      widthPx: 3602,
      heightPx: 3000,
      mockup: { left: 30, top: 26, width: 40, height: 28 },
    },
  ],
  imageSrc: '/base-catalog/unisex-heavy-hoodie.svg',
  inShop: 0,
};
const PRODUCT_ID = '00000000-0000-4000-8000-0000000000d1';
let posted: unknown = null;

beforeEach(() => {
  signInToDemoStore();
  posted = null;
  server.use(
    handlers.preference(),
    handlers.stores(),
    http.get('/api/catalog/base-products', () => reply(BaseCatalogResponse, { products: [HOODIE], categories: ['Hoodies & sweatshirts'] })),
    http.post('/api/catalog/base-products/:id/products', async ({ request }) => {
      posted = await request.json();
      // The server answers the new product (pod-catalog routes: 201 Product), parsed here by the contract.
      return reply(
        Product,
        {
          id: PRODUCT_ID,
          title: 'Heavyweight Hoodie',
          handle: 'heavyweight-hoodie',
          bodyHtml: '',
          status: 'draft',
          published: false,
          vendor: '',
          productType: '',
          tags: [],
          seoTitle: null,
          seoDescription: null,
          options: [],
          variants: [],
          images: [],
          collections: [],
          currency: 'USD',
          createdAt: '2026-01-02T00:00:00.000Z',
          updatedAt: '2026-01-02T00:00:00.000Z',
        },
        { status: 201 },
      );
    }),
  );
});
afterEach(cleanup);

describe('Catalog (website.catalog, issue 13 item 10)', () => {
  it('shows each base product with cost, sizes and print areas, and adds one as a draft', async () => {
    const { router } = renderApp('/admin/catalog', fakeSession(owner));
    const card = await screen.findByRole('article', { name: 'Unisex Heavy Blend Hoodie' }, SCREEN_LOAD);
    expect(within(card).getByText('$21.50')).toBeTruthy();
    expect(within(card).getByText('Print areas: Front 305×254 mm')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Add Unisex Heavy Blend Hoodie to store' }));
    const form = await screen.findByRole('form', { name: 'Add to store' });
    expect(within(form).getByText('4 variants, saved as a draft with cost per item filled in.')).toBeTruthy();
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Navy' }));
    expect(within(form).getByText('2 variants, saved as a draft with cost per item filled in.')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Create draft product' }));
    await waitFor(() =>
      expect(posted).toEqual({ title: 'Unisex Heavy Blend Hoodie', price: 44.99, sizes: ['M', '2XL'], colors: ['Black'] }),
    );
    // The draft's editor opens (it then reads the product, which this test does not serve).
    await waitFor(() =>
      expect(router.history.location.pathname === `/admin/products/${PRODUCT_ID}` || urls().includes(`/api/products/${PRODUCT_ID}`)).toBe(
        true,
      ),
    );
  });

  it('Design opens each blank in its own editor (print hub, book, photo book) and the three editors are linked (issue 31 item 5)', async () => {
    const book = (id: string, title: string, kind: 'book' | 'book2'): BaseProduct => ({
      ...HOODIE,
      id,
      title,
      category: 'Books',
      book: { kind, pageWidthMm: 203.2, pageHeightMm: 203.2, paperThicknessMm: 0.1, coverAllowanceMm: 2 },
    });
    server.use(
      http.get('/api/catalog/base-products', () =>
        reply(BaseCatalogResponse, {
          products: [
            HOODIE,
            book('personalised-hardcover-book', "Personalised Children's Hardcover Book", 'book'),
            book('layflat-photo-book', 'Layflat Photo Book', 'book2'),
          ],
          categories: ['Books', 'Hoodies & sweatshirts'],
        }),
      ),
    );
    renderApp('/admin/catalog', fakeSession(owner));
    const href = async (title: string) => (await screen.findByRole('link', { name: `Design ${title}` }, SCREEN_LOAD)).getAttribute('href');
    expect(await href('Unisex Heavy Blend Hoodie')).toBe('/admin/print-hub-editor?base=unisex-heavy-hoodie');
    expect(await href("Personalised Children's Hardcover Book")).toBe('/admin/book-editor?base=personalised-hardcover-book');
    expect(await href('Layflat Photo Book')).toBe('/admin/book2-editor?base=layflat-photo-book');
    const nav = screen.getByRole('navigation', { name: 'Your designs' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/admin/print-hub-editor', '/admin/book-editor', '/admin/book2-editor']);
  });
});
