import '../test/setup-dom';
import { SearchResponse } from '@backroom/contracts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signInToDemoStore, user } from '../test/fixtures';
import { handlers } from '../test/handlers';
import { reply, server, urls } from '../test/msw';
import { fakeSession, renderApp, SCREEN_LOAD } from '../test/render-app';
import { setViewportWidth } from '../test/setup-dom';
import { palette } from './CommandPalette';
import { readRecent } from './palette';

/**
 * The command palette and shortcuts in the shell (issue 20 items 2 and 3), against MSW answers parsed with the
 * contract: keyboard opening, server hits grouped by type, registry screens, stale answers discarded, the empty
 * state per scopes, recent searches, `g o`, `?`, nothing firing while typing in a field, aria-live announcements.
 */

const staff = user({ isStoreOwner: false, scopes: ['orders', 'products'] });
const ORDER_ID = '00000000-0000-4000-8000-0000000000aa';

/** The answer for `q`: one order whose title says which text it answers (a stale answer shows the wrong one). */
const answer = (q: string) =>
  reply(SearchResponse, {
    q,
    groups: [
      {
        type: 'orders',
        results: [
          {
            type: 'orders',
            id: ORDER_ID,
            title: `#1042 for ${q}`,
            subtitle: 'Maya Lindqvist · paid',
            path: `/admin/orders/detail/${ORDER_ID}`,
          },
        ],
      },
    ],
  });

beforeEach(() => {
  setViewportWidth(1440);
  signInToDemoStore();
  server.use(
    handlers.preference(),
    handlers.stores(),
    // The first text typed answers late: by then a newer text was typed, and its answer must be the one shown.
    http.get('/api/search', async ({ request }) => {
      const q = new URL(request.url).searchParams.get('q') ?? '';
      if (q === 'ma') await delay(600);
      return answer(q);
    }),
  );
});
afterEach(() => {
  act(() => palette.close());
  cleanup();
});

const pressKey = (key: string, o: KeyboardEventInit = {}, target: Element = document.documentElement) =>
  fireEvent.keyDown(target, { key, ...o });

async function openWithKeyboard() {
  await screen.findByRole('navigation', { name: 'Main navigation' }, SCREEN_LOAD);
  pressKey('k', { ctrlKey: true });
  return screen.findByRole('textbox', { name: 'Search' }, SCREEN_LOAD);
}

describe('command palette', () => {
  it('opens with Ctrl+K, shows screens at once and server hits after the pause, and opens a hit', async () => {
    const { router } = renderApp('/admin/profile', fakeSession(staff));
    const input = await openWithKeyboard();
    expect(await screen.findByText('You can search', {}, SCREEN_LOAD)).toBeTruthy();
    fireEvent.change(input, { target: { value: 'ma' } });
    await waitFor(() => expect(urls()).toContain('/api/search?q=ma'), SCREEN_LOAD);
    fireEvent.change(input, { target: { value: 'maya' } });
    expect(await screen.findByText('#1042 for maya', {}, SCREEN_LOAD)).toBeTruthy();
    await waitFor(() => expect(urls().filter((u) => u.startsWith('/api/search'))).toContain('/api/search?q=maya'), SCREEN_LOAD);
    // The late answer of 'ma' arrives and is never shown for 'maya'.
    await act(() => delay(700));
    expect(screen.queryByText('#1042 for ma')).toBeNull();
    expect(screen.getByRole('status', { name: 'Search announcements' }).textContent).toMatch(/results for maya/);
    fireEvent.click(screen.getByText('#1042 for maya'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/orders/detail/${ORDER_ID}`), SCREEN_LOAD);
    expect(readRecent()).toEqual(['maya']);
  });

  it('opens the first hit with Enter alone once the server answers (issue 31 item 9)', async () => {
    const { router } = renderApp('/admin/profile', fakeSession(staff));
    const input = await openWithKeyboard();
    fireEvent.change(input, { target: { value: 'maya' } });
    expect(await screen.findByText('#1042 for maya', {}, SCREEN_LOAD)).toBeTruthy();
    await waitFor(() => expect(document.querySelector('[data-action][data-selected]')?.textContent).toContain('#1042 for maya'));
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/orders/detail/${ORDER_ID}`), SCREEN_LOAD);
  });

  it('offers the registry screens the person may open, and says what they can search', async () => {
    renderApp('/admin/profile', fakeSession(staff));
    const input = await openWithKeyboard();
    const hints = screen.getByText('You can search').parentElement!;
    expect(within(hints).getByText('Orders by order number, customer name or e-mail')).toBeTruthy();
    expect(within(hints).queryByText(/Customers by/)).toBeNull();
    fireEvent.change(input, { target: { value: 'add prod' } });
    expect(await screen.findByText('Add product', {}, SCREEN_LOAD)).toBeTruthy();
    // Staff see no Payout screen, and the server finds nothing either: the palette says so.
    server.use(
      http.get('/api/search', ({ request }) => reply(SearchResponse, { q: new URL(request.url).searchParams.get('q') ?? '', groups: [] })),
    );
    fireEvent.change(input, { target: { value: 'payout' } });
    expect(await screen.findByText('Nothing found for “payout”.', {}, SCREEN_LOAD)).toBeTruthy();
  });

  it('g then o goes to Orders, ? lists the shortcuts, and nothing fires while typing in a field', async () => {
    const { router } = renderApp('/admin/profile', fakeSession(staff));
    await screen.findByRole('navigation', { name: 'Main navigation' }, SCREEN_LOAD);
    const field = document.createElement('input');
    document.body.appendChild(field);
    pressKey('g', {}, field);
    pressKey('o', {}, field);
    pressKey('/', {}, field);
    expect(router.state.location.pathname).toBe('/admin/profile');
    expect(screen.queryByRole('textbox', { name: 'Search' })).toBeNull();
    // Ctrl+K types nothing: it opens the palette from inside a field too.
    pressKey('k', { ctrlKey: true }, field);
    expect(await screen.findByRole('textbox', { name: 'Search' }, SCREEN_LOAD)).toBeTruthy();
    act(() => palette.close());
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Search' })).toBeNull(), SCREEN_LOAD);
    field.remove();
    pressKey('g');
    pressKey('o');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/orders'), SCREEN_LOAD);
    await waitFor(
      () => expect(screen.getByRole('status', { name: 'Search announcements' }).textContent).toBe('Going to Orders'),
      SCREEN_LOAD,
    );
    pressKey('?', { shiftKey: true });
    const list = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' }, SCREEN_LOAD);
    expect(within(list).getByText('Go to Products')).toBeTruthy();
    expect(within(list).queryByText('Go to Customers')).toBeNull();
  });

  it('opens with / too and keeps recent searches to pick again', async () => {
    localStorage.setItem('backroom.recentSearches', JSON.stringify(['hoodie']));
    renderApp('/admin/profile', fakeSession(staff));
    await screen.findByRole('navigation', { name: 'Main navigation' }, SCREEN_LOAD);
    pressKey('/');
    const input = await screen.findByRole('textbox', { name: 'Search' }, SCREEN_LOAD);
    fireEvent.click(await screen.findByText('hoodie', {}, SCREEN_LOAD));
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('hoodie'), SCREEN_LOAD);
    expect(await screen.findByText('#1042 for hoodie', {}, SCREEN_LOAD)).toBeTruthy();
  });
});
