import '../../test/setup-dom';
import { CollectionListResponse, SizeChart, SizeChartListResponse } from '@backroom/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signInToDemoStore, user } from '../../test/fixtures';
import { handlers } from '../../test/handlers';
import { reply, server } from '../../test/msw';
import { fakeSession, renderApp, SCREEN_LOAD } from '../../test/render-app';

const owner = user({ scopes: ['products'] });
let charts: SizeChart[] = [];
let posted: Record<string, unknown> | null = null;
const COLLECTION = '00000000-0000-4000-8000-0000000000c1';

beforeEach(() => {
  signInToDemoStore();
  charts = [];
  posted = null;
  server.use(
    handlers.preference(),
    handlers.stores(),
    http.get('/api/size-charts', () => reply(SizeChartListResponse, { sizeCharts: charts })),
    http.get('/api/collections', () =>
      reply(CollectionListResponse, {
        collections: [
          { id: COLLECTION, title: 'Dresses', handle: 'dresses', description: '', type: 'manual', productsCount: 3, image: null },
        ],
        total: 1,
        page: 1,
        limit: 100,
      }),
    ),
    http.post('/api/size-charts', async ({ request }) => {
      posted = (await request.json()) as Record<string, unknown>;
      const c = {
        id: crypto.randomUUID(),
        title: String(posted.title),
        unit: posted.unit as 'cm',
        columns: posted.columns as string[],
        rows: posted.rows as string[][],
        note: String(posted.note),
        products: [],
        collections: [{ id: COLLECTION, title: 'Dresses' }],
        updatedAt: '2026-01-02T00:00:00.000Z',
      };
      charts = [c];
      return reply(SizeChart, c, { status: 201 });
    }),
  );
});
afterEach(cleanup);

describe('Size chart (website.sizechart, issue 13 item 7)', () => {
  it('starts empty, refuses a chart without title, then saves the edited table', async () => {
    renderApp('/admin/size-chart', fakeSession(owner));
    expect(await screen.findByRole('heading', { name: 'Add your first size chart' }, SCREEN_LOAD)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add size chart' }));
    const form = await screen.findByRole('form', { name: 'Add size chart' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save size chart' }));
    expect(await within(form).findByText('title is required')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(/^Title/), { target: { value: 'Dresses' } });
    fireEvent.change(within(form).getByLabelText('Row 1, Bust'), { target: { value: '84' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Remove row 3' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save size chart' }));
    await waitFor(() => expect(posted).not.toBeNull());
    expect(posted).toEqual({
      title: 'Dresses',
      unit: 'cm',
      columns: ['Size', 'Bust', 'Waist', 'Hips'],
      rows: [
        ['S', '84', '', ''],
        ['M', '', '', ''],
      ],
      note: '',
      productIds: [],
      collectionIds: [],
    });
    const card = await screen.findByRole('region', { name: 'Size chart Dresses' });
    expect(within(card).getByText('Shown on: Dresses (collection)', { exact: false })).toBeTruthy();
  });
});
