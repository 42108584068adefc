import '../../test/setup-dom';
import { CollectionListResponse, type ImportReport, Job, ProductBulkResponse, type ProductSummary } from '@backroom/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { productKeys } from '../../lib/query-keys';
import { STORE_ID as STORE, signInToDemoStore, user } from '../../test/fixtures';
import { handlers } from '../../test/handlers';
import { calls, fail, reply, server } from '../../test/msw';
import { fakeSession, renderApp, SCREEN_LOAD } from '../../test/render-app';
import { chooseOption } from '../../test/select';
import { setViewportWidth } from '../../test/setup-dom';

const owner = user();

let n = 0;
function product(o: Partial<ProductSummary> = {}): ProductSummary {
  n += 1;
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return {
    id,
    _id: id,
    title: `Product ${n}`,
    handle: `product-${n}`,
    vendor: 'partners-demo',
    productType: '',
    tags: [],
    published: true,
    status: 'active',
    image: { src: `/uploads/${n}.jpg` },
    variantsCount: 1,
    inventory: 0,
    priceMin: 10,
    priceMax: 10,
    currency: 'USD',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...o,
  };
}

const REPORT: ImportReport = {
  rows: 41,
  created: 3,
  updated: 1,
  skipped: 2,
  variants: 12,
  images: 5,
  imagesStored: 0,
  imagesRemote: 5,
  encoding: 'utf-8',
  rejected: [{ row: 7, handle: 'broken-tee', reason: "Variant Price: 'abc' is not a price" }],
  warnings: ['The file was read as Windows-1252'],
};

const JOB_ID = '7d1b3f5e-0c1a-4d2e-9f3a-5b6c7d8e9f01';
/** The import job (`catalog.import`) as GET /api/jobs/{id} answers it. */
function job(o: Partial<Job> = {}): Job {
  return {
    id: JOB_ID,
    type: 'catalog.import',
    state: 'queued',
    progress: { done: 0, total: null },
    result: null,
    error: null,
    attempts: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    startedAt: null,
    finishedAt: null,
    ...o,
  };
}
const RUNNING = job({ state: 'running', attempts: 1, progress: { done: 20, total: 41 } });
const COMPLETED = job({ state: 'completed', attempts: 1, progress: { done: 41, total: 41 }, result: REPORT });

let catalog: ProductSummary[] = [];
/** The answer of POST /api/products/import: the queued job (202), or an error answer. */
let importAnswer: () => Response = () => reply(Job, job(), { status: 202 });
/** Successive answers of GET /api/jobs/{id} (the last one repeats). */
let jobAnswers: Job[] = [];
const listCalls = () => calls().filter((c) => c.url.split('?')[0] === '/api/products' && (c.init?.method ?? 'GET') === 'GET');

beforeEach(() => {
  setViewportWidth(1440);
  n = 0;
  signInToDemoStore();
  catalog = [];
  importAnswer = () => reply(Job, job(), { status: 202 });
  jobAnswers = [RUNNING, COMPLETED];
  server.use(
    handlers.preference(),
    handlers.stores(),
    handlers.products(() => catalog),
    http.post('/api/products/import', () => importAnswer()),
    http.get(`/api/jobs/${JOB_ID}`, () => reply(Job, (jobAnswers.length > 1 ? jobAnswers.shift() : jobAnswers[0])!)),
  );
});
afterEach(cleanup);

/** Time allowed for the screen to answer (the suite shares two cores with other work). */
const T = SCREEN_LOAD;
const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;
const csv = (name = 'apparel.csv', text = 'Handle,Title\ntee,Tee\n') => new File([text], name, { type: 'text/csv' });

describe('Products screen (website.products)', () => {
  it('lists thumbnail, title, vendor, variants count, price range and status', async () => {
    catalog = [
      product({ title: 'Ocean Blue Shirt', vendor: 'partners-demo', variantsCount: 1, priceMin: 50, priceMax: 50 }),
      product({
        title: 'Classic Varsity Top',
        vendor: 'Acme',
        variantsCount: 4,
        priceMin: 60,
        priceMax: 1250.5,
        published: false,
        status: 'draft',
        inventory: 7,
        image: null,
      }),
    ];
    renderApp('/admin/products', fakeSession(owner));
    const table = await screen.findByRole('table', { name: 'Products' }, T);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const cells = (r: HTMLElement) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(rows[0]!)).toEqual(['', '', 'Ocean Blue Shirt', 'partners-demo', '0 in stock', '1', '$50.00', 'Active']);
    expect(cells(rows[1]!)).toEqual(['', '', 'Classic Varsity Top', 'Acme', '7 in stock', '4', '$60.00 – $1,250.50', 'Draft']);
    expect(rows[0]!.querySelector('img')?.getAttribute('src')).toBe('/uploads/1.jpg');
    expect(rows[1]!.querySelector('img')).toBeNull();
    expect(within(rows[0]!).getByRole('link', { name: 'Ocean Blue Shirt' }).getAttribute('href')).toBe(`/admin/products/${catalog[0]!.id}`);
    expect(screen.getByText('2 products')).toBeTruthy();
    expect(listCalls()[0]!.url).toBe('/api/products?page=1&limit=20');
  });

  it('pages through 20 at a time, with the page in the address', async () => {
    catalog = Array.from({ length: 45 }, () => product());
    const { router } = renderApp('/admin/products', fakeSession(owner));
    await screen.findByText('1–20 of 45', undefined, T);
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await screen.findByText('41–45 of 45', undefined, T);
    expect(router.state.location.search).toEqual({ page: 3 });
    expect(listCalls().at(-1)!.url).toBe('/api/products?page=3&limit=20');
    expect(within(screen.getByRole('table', { name: 'Products' })).getAllByRole('row')).toHaveLength(6);
  });

  it('searches 300 ms after typing, from page 1', async () => {
    catalog = [product({ title: 'Ocean Blue Shirt' }), product({ title: 'Striped Silk Blouse' })];
    const { router } = renderApp('/admin/products?page=1', fakeSession(owner));
    await screen.findByRole('table', { name: 'Products' }, T);
    fireEvent.change(screen.getByLabelText('Search products'), { target: { value: ' blouse ' } });
    await screen.findByText('1 product matching “blouse”', undefined, T);
    expect(listCalls().at(-1)!.url).toBe('/api/products?page=1&limit=20&search=blouse');
    expect(router.state.location.search).toEqual({ search: 'blouse' });
    fireEvent.change(screen.getByLabelText('Search products'), { target: { value: 'nothing' } });
    expect(await screen.findByText('No products match “nothing”', undefined, T)).toBeTruthy();
    expect(screen.queryByText('Add your first products')).toBeNull();
  });

  it('filters by status, stock, collection, vendor and type from the address, and a bulk action sets the status of the ticked products in ONE request', async () => {
    catalog = [product({ title: 'Ocean Blue Shirt' }), product({ title: 'Striped Silk Blouse' }), product({ title: 'Wool Cap' })];
    let bulkBody: unknown = null;
    server.use(
      http.get('/api/collections', () => reply(CollectionListResponse, { collections: [], total: 0, page: 1, limit: 250 })),
      http.patch('/api/products/bulk', async ({ request }) => {
        bulkBody = await request.json();
        return reply(ProductBulkResponse, { products: 2, variants: 0 });
      }),
    );
    const { router } = renderApp('/admin/products?stock=in_stock&collection=knitwear&vendor=Acme&productType=Shirts', fakeSession(owner));
    const table = await screen.findByRole('table', { name: 'Products' }, T);
    const lastQuery = () => Object.fromEntries(new URL(listCalls().at(-1)!.url, 'http://admin.test').searchParams);
    const filters = { stock: 'in_stock', collection: 'knitwear', vendor: 'Acme', productType: 'Shirts' };
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', limit: '20', ...filters }));
    // A status chosen in its select joins the address and the query, from page 1.
    await chooseOption(screen.getByRole('combobox', { name: 'Status' }), 'Draft');
    await waitFor(() => expect(router.state.location.search).toEqual({ ...filters, status: 'draft' }));
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', limit: '20', ...filters, status: 'draft' }));
    fireEvent.click(within(table).getByRole('checkbox', { name: 'Select Ocean Blue Shirt' }));
    fireEvent.click(within(table).getByRole('checkbox', { name: 'Select Wool Cap' }));
    const actions = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(actions).getByText('2 selected')).toBeTruthy();
    fireEvent.click(within(actions).getByRole('button', { name: 'Set as draft' }));
    await waitFor(() => expect(bulkBody).not.toBeNull(), T);
    expect(bulkBody).toEqual({
      products: [
        { id: catalog[0]!.id, status: 'draft' },
        { id: catalog[2]!.id, status: 'draft' },
      ],
    });
    expect(calls().filter((c) => c.url === '/api/products/bulk')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull());
  }, 60_000);

  it('an empty store gets the call to import, which opens the import dialog', async () => {
    renderApp('/admin/products', fakeSession(owner));
    expect(await screen.findByRole('heading', { name: 'Add your first products' }, T)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Import products' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import products' }, T);
    expect(within(dialog).getByText('Drag a CSV file here or click to choose one')).toBeTruthy();
    expect(within(dialog).getByText('One .csv file, up to 60 MB')).toBeTruthy();
  });

  it('imports a CSV as multipart field `file`, shows the report and refreshes the list and the home products count', async () => {
    const { queryClient } = renderApp('/admin/products', fakeSession(owner));
    await screen.findByRole('heading', { name: 'Add your first products' }, T);
    queryClient.setQueryData(productKeys.part('count'), { count: 0, variants: 0, collections: 0 });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import products' }, T);
    catalog = [product({ title: 'Ocean Blue Shirt' }), product(), product()];
    const before = listCalls().length;
    fireEvent.change(fileInput(), { target: { files: [csv()] } });

    // The server answers with a background job; its progress shows until it is completed.
    expect(await within(dialog).findByText('20 of 41 rows (49%)', undefined, T)).toBeTruthy();
    const bar = within(dialog).getByRole('progressbar', { name: 'Importing apparel.csv' });
    expect(bar.getAttribute('aria-valuenow')).toBe('49');
    const report = await within(dialog).findByRole('region', { name: 'Import report' }, { timeout: 5000 });
    const post = calls().find((c) => c.url === '/api/products/import')!;
    expect(post.init?.method).toBe('POST');
    const body = post.init?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect((body.get('file') as File).name).toBe('apparel.csv');
    const headers = post.init?.headers as Record<string, string>;
    expect(headers['content-type']).toBeUndefined();
    expect(headers.authorization).toBe('Bearer a');
    expect(headers['x-store-id']).toBe(STORE);

    expect(within(report).getByRole('region', { name: 'Created' }).textContent).toBe('Created3');
    expect(within(report).getByRole('region', { name: 'Updated' }).textContent).toBe('Updated1');
    expect(within(report).getByRole('region', { name: 'Skipped' }).textContent).toBe('Skipped2');
    expect(within(report).getByText('The file was read as Windows-1252')).toBeTruthy();
    const rejected = within(report).getByRole('table', { name: 'Rejected rows (1)' });
    expect(
      within(rejected)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['7', 'broken-tee', "Variant Price: 'abc' is not a price"]);
    expect(listCalls().length).toBeGreaterThan(before);
    expect(queryClient.getQueryState(productKeys.part('count'))?.isInvalidated).toBe(true);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    const table = await screen.findByRole('table', { name: 'Products' }, T);
    expect(within(table).getByText('Ocean Blue Shirt')).toBeTruthy();
  });

  it('shows the server’s messages in the dialog when the import fails, and lets the user retry', async () => {
    importAnswer = () => fail(400, 'BAD_REQUEST', ['Handle: the column is missing']);
    renderApp('/admin/products', fakeSession(owner));
    await screen.findByRole('heading', { name: 'Add your first products' }, T);
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import products' }, T);
    fireEvent.change(fileInput(), { target: { files: [csv()] } });
    const alert = await within(dialog).findByRole('alert', {}, T);
    expect(alert.textContent).toContain('The import failed');
    expect(alert.textContent).toContain('Handle: the column is missing');

    importAnswer = () => fail(413, 'PAYLOAD_TOO_LARGE', ['file: the CSV is larger than the 60 MB limit']);
    fireEvent.change(fileInput(), { target: { files: [csv()] } });
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toContain('file: the CSV is larger than the 60 MB limit'), T);
  });

  it('shows the reason when the import job fails', async () => {
    jobAnswers = [job({ state: 'failed', attempts: 3, error: 'the database is not reachable' })];
    renderApp('/admin/products', fakeSession(owner));
    await screen.findByRole('heading', { name: 'Add your first products' }, T);
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import products' }, T);
    fireEvent.change(fileInput(), { target: { files: [csv()] } });
    const alert = await within(dialog).findByRole('alert', {}, T);
    expect(alert.textContent).toContain('The import failed');
    expect(alert.textContent).toContain('the database is not reachable');
  });

  it('refuses a file that is not a CSV without calling the server', async () => {
    renderApp('/admin/products', fakeSession(owner));
    await screen.findByRole('heading', { name: 'Add your first products' }, T);
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import products' }, T);
    fireEvent.change(fileInput(), { target: { files: [new File(['%PDF'], 'catalog.pdf', { type: 'application/pdf' })] } });
    expect(
      await within(dialog).findByText('catalog.pdf is not a CSV file: choose a .csv file exported from Shopify', undefined, T),
    ).toBeTruthy();
    expect(calls().some((c) => c.url === '/api/products/import')).toBe(false);
  });

  it('under 768 px the products are a list of cards', async () => {
    setViewportWidth(375);
    catalog = [product({ title: 'Ocean Blue Shirt', variantsCount: 3, priceMin: 5, priceMax: 9 })];
    renderApp('/admin/products', fakeSession(owner));
    const list = await screen.findByRole('list', { name: 'Products' }, T);
    expect(screen.queryByRole('table', { name: 'Products' })).toBeNull();
    const item = within(list).getAllByRole('listitem')[0]!;
    expect(item.textContent).toContain('Ocean Blue Shirt');
    expect(item.textContent).toContain('partners-demo · 3 variants');
    expect(item.textContent).toContain('$5.00 – $9.00');
    expect(item.textContent).toContain('Active');
  });
});
