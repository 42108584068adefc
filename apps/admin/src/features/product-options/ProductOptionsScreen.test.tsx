import '../../test/setup-dom';
import { ProductFiltersResponse } from '@backroom/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signInToDemoStore, user } from '../../test/fixtures';
import { handlers } from '../../test/handlers';
import { calls, fail, reply, server } from '../../test/msw';
import { fakeSession, renderApp, SCREEN_LOAD } from '../../test/render-app';

const member = user({ scopes: ['orders'] });
const OPTIONS = [
  { name: 'Color', values: ['Black', 'Red'], products: 4 },
  { name: 'Size', values: ['L', 'M', 'S'], products: 6 },
];
let saved: unknown = null;

beforeEach(() => {
  signInToDemoStore();
  saved = null;
  server.use(
    handlers.preference(),
    handlers.stores(),
    http.get('/api/product-options', () =>
      reply(ProductFiltersResponse, {
        filters: [{ id: crypto.randomUUID(), type: 'price', label: 'Price', optionName: null, values: [], enabled: true, position: 1 }],
        options: OPTIONS,
      }),
    ),
    http.put('/api/product-options', async ({ request }) => {
      saved = await request.json();
      const body = saved as {
        filters: { type: 'option' | 'price'; label: string; optionName?: string | null; values: string[]; enabled: boolean }[];
      };
      if (body.filters.some((f) => f.label === 'Clash')) return fail(400, 'BAD_REQUEST', ['body.filters.0.label: clash']);
      return reply(ProductFiltersResponse, {
        filters: body.filters.map((f, i) => ({ ...f, id: crypto.randomUUID(), optionName: f.optionName ?? null, position: i + 1 })),
        options: OPTIONS,
      });
    }),
  );
});
afterEach(cleanup);

describe('Product Options (website.menufilter, issue 13 item 6)', () => {
  it('shows the options the products use and the saved filters; any member may open it', async () => {
    renderApp('/admin/product-options', fakeSession(member));
    expect(await screen.findByRole('heading', { name: 'Product Options' }, SCREEN_LOAD)).toBeTruthy();
    expect(await screen.findByText('6 products')).toBeTruthy();
    expect(screen.getByDisplayValue('Price')).toBeTruthy();
    expect(screen.getByText('Price range')).toBeTruthy();
  });

  it('adds an option filter, moves it first and saves the ordered list once', async () => {
    renderApp('/admin/product-options', fakeSession(member));
    await screen.findByDisplayValue('Price', {}, SCREEN_LOAD);
    fireEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Size' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Move Size up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).not.toBeNull());
    expect(saved).toEqual({
      filters: [
        { type: 'option', label: 'Size', optionName: 'Size', values: [], enabled: true },
        { type: 'price', label: 'Price', optionName: null, values: [], enabled: true },
      ],
    });
    expect(calls().filter((c) => c.init?.method === 'PUT')).toHaveLength(1);
  });

  it('refuses an empty label with the contract’s message before sending', async () => {
    renderApp('/admin/product-options', fakeSession(member));
    const label = await screen.findByDisplayValue('Price', {}, SCREEN_LOAD);
    fireEvent.change(label, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('label is required')).toBeTruthy();
    expect(saved).toBeNull();
  });
});
