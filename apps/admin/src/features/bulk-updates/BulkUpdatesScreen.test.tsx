import '../../test/setup-dom';
import { type BulkUpdate, type BulkUpdateBody, BulkUpdateListResponse, CollectionListResponse, Job } from '@backroom/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signInToDemoStore, user } from '../../test/fixtures';
import { handlers } from '../../test/handlers';
import { calls, fail, reply, server } from '../../test/msw';
import { fakeSession, renderApp, SCREEN_LOAD } from '../../test/render-app';
import { chooseOption } from '../../test/select';

const owner = user({ scopes: ['products'] });
const JOB_ID = '7d1b3f5e-0c1a-4d2e-9f3a-5b6c7d8e9f02';
let updates: BulkUpdate[] = [];
let jobReads = 0;

const update = (o: Partial<BulkUpdate>): BulkUpdate => ({
  id: crypto.randomUUID(),
  description: 'Status: set to draft — vendor North Knits',
  state: 'completed',
  progress: { done: 3, total: 3 },
  report: { matched: 3, updated: 2, variants: 0, unchanged: 1, errors: [] },
  error: null,
  createdBy: 'Ada Merchant',
  createdAt: '2026-01-02T10:00:00.000Z',
  finishedAt: '2026-01-02T10:00:05.000Z',
  ...o,
});
const job = (o: Partial<Job>): Job => ({
  id: JOB_ID,
  type: 'catalog.bulk-update',
  state: 'queued',
  progress: { done: 0, total: null },
  result: null,
  error: null,
  attempts: 0,
  createdAt: '2026-01-02T10:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  ...o,
});

beforeEach(() => {
  signInToDemoStore();
  jobReads = 0;
  updates = [
    update({}),
    update({
      description: 'Price: decrease by 21 — 2 chosen products',
      report: {
        matched: 2,
        updated: 0,
        variants: 0,
        unchanged: 0,
        errors: [
          { productId: crypto.randomUUID(), title: 'Canvas tote', message: 'variants.0.price: would be below 0 (12 decrease by 21)' },
        ],
      },
    }),
  ];
  server.use(
    handlers.preference(),
    handlers.stores(),
    http.get('/api/bulk-updates', () => reply(BulkUpdateListResponse, { items: updates })),
    http.get('/api/collections', () =>
      reply(CollectionListResponse, {
        collections: [
          {
            id: crypto.randomUUID(),
            title: 'Knitwear',
            handle: 'knitwear',
            description: '',
            image: null,
            productsCount: 12,
            type: 'automated',
          },
        ],
        total: 1,
        page: 1,
        limit: 250,
      }),
    ),
    http.post('/api/bulk-updates', async ({ request }) => {
      const b = (await request.json()) as BulkUpdateBody;
      if (b.action === 'status' && 'filter' in b && b.filter.vendor === 'nobody')
        return fail(400, 'BAD_REQUEST', ['body.filter: no product matches']);
      updates.unshift(update({ id: JOB_ID, description: 'Price: increase by 5 % — collection knitwear', state: 'running', report: null }));
      return reply(Job, job({}), { status: 202 });
    }),
    http.get(`/api/jobs/${JOB_ID}`, () => {
      jobReads += 1;
      if (jobReads < 2) return reply(Job, job({ state: 'running', progress: { done: 50, total: 200 } }));
      updates[0] = { ...updates[0]!, state: 'completed', report: { matched: 200, updated: 200, variants: 600, unchanged: 0, errors: [] } };
      return reply(Job, job({ state: 'completed', progress: { done: 200, total: 200 } }));
    }),
  );
});
afterEach(cleanup);

/** Chooses `option` of the Mantine select whose label starts with `label`. */
const choose = (label: string, option: string) => chooseOption(screen.getByRole('combobox', { name: new RegExp(`^${label}`) }), option);

describe('bulk updates (website.bulkupdates, issue 13 item 5)', () => {
  it('lists past updates with who started them, their state and result; the report lists the products not changed', async () => {
    renderApp('/admin/bulk-updates', fakeSession(owner));
    const table = await screen.findByRole('table', { name: 'Bulk updates' }, SCREEN_LOAD);
    const rows = within(table)
      .getAllByTestId('bulk-update-row')
      .map((r) => r.textContent);
    expect(rows[0]).toContain('Status: set to draft — vendor North Knitsby Ada Merchant');
    expect(rows[0]).toContain('Completed2 of 3 products updated · 1 unchanged');
    expect(rows[1]).toContain('Completed with errors0 of 2 products updated · 1 error');
    fireEvent.click(screen.getByRole('button', { name: 'Report of Price: decrease by 21 — 2 chosen products' }));
    const dialog = await screen.findByRole('dialog', { name: 'Products not changed' });
    expect(dialog.textContent).toContain('Canvas tote: variants.0.price: would be below 0 (12 decrease by 21)');
  });

  it('raises prices in a collection by 5 %: refuses an empty percentage, then shows the job’s progress and its result', async () => {
    renderApp('/admin/bulk-updates', fakeSession(owner));
    const form = await screen.findByRole('form', { name: 'New bulk update' }, SCREEN_LOAD);
    fireEvent.submit(form);
    expect(await within(form).findByText('must be a number')).toBeTruthy();
    expect(within(form).getByText('must not be empty')).toBeTruthy();
    fireEvent.change(within(form).getByRole('textbox', { name: /Percentage/ }), { target: { value: '5' } });
    await choose('Collection', 'Knitwear');
    fireEvent.submit(form);
    await waitFor(() => expect(calls().some((c) => c.init?.method === 'POST')).toBe(true));
    const post = calls().find((c) => c.init?.method === 'POST')!;
    expect(JSON.parse(String(post.init!.body))).toEqual({
      action: 'price',
      mode: 'increase_percent',
      value: 5,
      filter: { collection: 'knitwear' },
    });
    expect(await screen.findByRole('progressbar', { name: 'Applying the bulk update' })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('bulk-update-row')[0]!.textContent).toContain('200 of 200 products updated'), {
      timeout: 8000,
    });
  });

  it('shows the server’s message when no product matches', async () => {
    renderApp('/admin/bulk-updates', fakeSession(owner));
    const form = await screen.findByRole('form', { name: 'New bulk update' }, SCREEN_LOAD);
    await choose('Change', 'Status');
    await choose('Products', 'Products from a vendor');
    fireEvent.change(within(form).getByRole('textbox', { name: /Vendor/ }), { target: { value: 'nobody' } });
    fireEvent.submit(form);
    expect(await within(form).findByText('no product matches')).toBeTruthy();
  });
});
