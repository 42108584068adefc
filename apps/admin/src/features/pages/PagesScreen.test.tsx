import '../../test/setup-dom';
import type { Page } from '@backroom/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signInToDemoStore, user } from '../../test/fixtures';
import { handlers } from '../../test/handlers';
import { calls, server } from '../../test/msw';
import { fakeSession, renderApp, SCREEN_LOAD } from '../../test/render-app';

const owner = user({ scopes: ['pages'] });
let pages: Page[] = [];
const page = (o: Partial<Page>): Page => ({
  id: crypto.randomUUID(),
  title: 'About us',
  handle: 'about-us',
  bodyHtml: '<p>Hi</p>',
  seoTitle: '',
  seoDescription: '',
  published: true,
  createdAt: '2026-01-02T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
  ...o,
});

beforeEach(() => {
  signInToDemoStore();
  pages = [page({}), page({ title: 'Refund policy', handle: 'refund-policy', published: false })];
  server.use(handlers.preference(), handlers.stores(), ...handlers.pages(() => pages));
});
afterEach(cleanup);

describe('pages (website.pages, spec §7 Pages)', () => {
  it('lists the pages with their storefront address and visibility', async () => {
    renderApp('/admin/pages', fakeSession(owner));
    expect(await screen.findByRole('heading', { name: 'Pages' }, SCREEN_LOAD)).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'About us' })).toBeTruthy();
    expect(screen.getByText('/pages/refund-policy')).toBeTruthy();
    expect(screen.getByText('Hidden')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Refund policy' }).getAttribute('href')).toBe(`/admin/pages/${pages[1]!.id}`);
  });

  it('refuses an empty title with the contract’s message, then creates the page and opens its editor', async () => {
    const { router } = renderApp('/admin/pages/new', fakeSession(owner));
    const form = await screen.findByRole('form', { name: 'Add page' }, SCREEN_LOAD);
    fireEvent.submit(form);
    expect(await screen.findByText('title is required')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: 'Shipping policy' } });
    fireEvent.click(screen.getByRole('radio', { name: /Hidden/ }));
    fireEvent.submit(form);
    await waitFor(() => expect(pages).toHaveLength(3));
    expect(await screen.findByText('Page Shipping policy created (hidden from the storefront)')).toBeTruthy();
    const post = calls().find((c) => c.init?.method === 'POST')!;
    expect(JSON.parse(String(post.init!.body))).toMatchObject({ title: 'Shipping policy', published: false, bodyHtml: '' });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/pages/${pages[2]!.id}`));
  });

  it('shows the server’s handle message under the URL handle field', async () => {
    renderApp('/admin/pages/new', fakeSession(owner));
    const form = await screen.findByRole('form', { name: 'Add page' }, SCREEN_LOAD);
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: 'Another' } });
    fireEvent.change(screen.getByLabelText(/^URL handle/), { target: { value: 'about-us' } });
    fireEvent.submit(form);
    expect(await screen.findByText("'about-us' is already used by another page")).toBeTruthy();
  });

  it('edits an existing page and deletes it after confirming', async () => {
    const id = pages[0]!.id;
    const { router } = renderApp(`/admin/pages/${id}`, fakeSession(owner));
    const title = (await screen.findByDisplayValue('About us', {}, SCREEN_LOAD)) as HTMLInputElement;
    fireEvent.change(title, { target: { value: 'About the studio' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Edit page' }));
    await waitFor(() => expect(pages[0]!.title).toBe('About the studio'));
    expect(await screen.findByText('Page About the studio saved')).toBeTruthy();
    expect(pages[0]!.handle).toBe('about-us');
    fireEvent.click(screen.getByRole('button', { name: 'Delete page' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this page?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete page' }));
    await waitFor(() => expect(pages.map((p) => p.id)).not.toContain(id));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/pages'));
  });
});
