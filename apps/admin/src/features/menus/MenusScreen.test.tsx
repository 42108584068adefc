import '../../test/setup-dom';
import type { Menu } from '@backroom/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signInToDemoStore, user } from '../../test/fixtures';
import { handlers } from '../../test/handlers';
import { calls, server } from '../../test/msw';
import { fakeSession, renderApp, SCREEN_LOAD } from '../../test/render-app';

const owner = user({ scopes: ['navigations'] });
const ID = '00000000-0000-4000-8000-00000000e001';
const item = (id: string, title: string, o: Partial<Menu['items'][number]> = {}): Menu['items'][number] => ({
  id,
  title,
  type: 'collection',
  target: '00000000-0000-4000-8000-00000000c001',
  url: `/collections/${id}`,
  targetTitle: title,
  broken: false,
  children: [],
  ...o,
});
let menus: Menu[] = [];

beforeEach(() => {
  signInToDemoStore();
  menus = [
    {
      id: ID,
      title: 'Main menu',
      handle: 'main-menu',
      items: [
        item('home', 'Home', { type: 'home', target: '', url: '/' }),
        item('shop', 'Shop'),
        item('hats', 'Hats', { broken: true, url: null, targetTitle: null }),
      ],
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    },
  ];
  server.use(handlers.preference(), handlers.stores(), ...handlers.menus(() => menus));
});
afterEach(cleanup);

describe('navigation menus (website.menus, spec §7)', () => {
  it('lists the menus with their items and counts broken links', async () => {
    renderApp('/admin/menus', fakeSession(owner));
    expect(await screen.findByRole('link', { name: 'Main menu' }, SCREEN_LOAD)).toBeTruthy();
    expect(screen.getByText('Home, Shop, Hats')).toBeTruthy();
    expect(screen.getByText('1 broken link')).toBeTruthy();
  });

  it('marks a broken item, nests an item with Indent (keyboard way) and saves the tree', async () => {
    renderApp(`/admin/menus/${ID}`, fakeSession(owner));
    expect(await screen.findByText('Broken link: the collection was deleted', {}, SCREEN_LOAD)).toBeTruthy();
    // "Home" is first: nothing above it to nest under.
    expect((screen.getByRole('button', { name: 'Indent Home' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Indent Hats' }));
    const list = screen.getByRole('list', { name: 'Menu items' });
    await waitFor(() => expect(list.querySelector('[data-menu-item="Hats"]')?.getAttribute('data-depth')).toBe('1'));
    fireEvent.click(screen.getByRole('button', { name: 'Add menu item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add menu item' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Blog' } });
    fireEvent.change(within(dialog).getByLabelText('Link to'), { target: { value: 'url' } });
    fireEvent.change(within(dialog).getByLabelText(/^Web address/), { target: { value: 'https://blog.example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save menu' }));
    await waitFor(() => expect(calls().some((c) => c.init?.method === 'PUT')).toBe(true));
    const body = JSON.parse(String(calls().find((c) => c.init?.method === 'PUT')!.init!.body));
    const shape = (l: { title: string; children: unknown[] }[]): unknown =>
      l.map((x) => (x.children.length ? { [x.title]: shape(x.children as never) } : x.title));
    expect(shape(body.items)).toEqual(['Home', { Shop: ['Hats'] }, 'Blog']);
    expect(body.items[2]).toMatchObject({ type: 'url', target: 'https://blog.example.com' });
    expect(await screen.findByText(/^Menu .+ saved$/)).toBeTruthy();
  });
});
