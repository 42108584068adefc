import '../test/setup-dom';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signInToDemoStore, user } from '../test/fixtures';
import { handlers } from '../test/handlers';
import { server } from '../test/msw';
import { fakeSession, renderApp, SCREEN_LOAD } from '../test/render-app';
import { setViewportWidth } from '../test/setup-dom';

const staff = user({
  id: '00000000-0000-4000-8000-000000000002',
  email: 'staff@demo.test',
  firstName: 'Sam',
  lastName: 'Staff',
  profilePicture: null,
  isStoreOwner: false,
  isStoreAdmin: false,
  scopes: ['orders', 'products'],
  isProviderStaff: false,
  isCustomStoreUser: false,
});

beforeEach(() => {
  setViewportWidth(1440);
  signInToDemoStore();
  // Only the shell's own calls are answered; a screen's data requests get the API's 404 (test/msw.ts fallback).
  server.use(handlers.preference(), handlers.stores());
});
afterEach(cleanup);

describe('navigation and permissions (spec §2, §6)', () => {
  it('a staff member with orders and products sees only the Orders and Products groups', async () => {
    renderApp('/admin/orders', fakeSession(staff));
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const groups = Array.from(nav.querySelectorAll('.br-nav-link > .mantine-NavLink-body .mantine-NavLink-label')).map(
      (e) => e.textContent,
    );
    expect(groups).toContain('Orders');
    expect(groups).toContain('Products');
    for (const absent of ['Home', 'Analytics', 'Marketing', 'Online Store', 'Settings', 'Customers', 'Apps']) {
      expect(groups).not.toContain(absent);
    }
  });

  it('clicking an entry without the scope goes to no-access', async () => {
    const { router } = renderApp('/admin/orders', fakeSession(staff));
    fireEvent.click(await screen.findByRole('button', { name: 'Products' }));
    const reviews = await screen.findByRole('link', { name: /Reviews/ });
    expect(reviews.getAttribute('href')).toBe('/admin/no-access?from=website.apps.product-review.list');
    fireEvent.click(reviews);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/no-access'));
    expect(await screen.findByRole('heading', { name: "You don't have access to this page" }, SCREEN_LOAD)).toBeTruthy();
    expect(screen.getByText(/no permission for Reviews/)).toBeTruthy();
  });

  it('opening a page without the scope by its address redirects to no-access', async () => {
    const { router } = renderApp('/admin/analytics', fakeSession(staff));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/no-access'));
    expect(router.state.location.search).toEqual({ from: 'website.analytics' });
    expect(await screen.findByRole('link', { name: 'Go to Orders' }, SCREEN_LOAD)).toBeTruthy();
  });

  it('a dropship shop cannot open Personalized Product by its address either (§2): no-access says why', async () => {
    server.use(handlers.preference({ businessType: 'dropship' }));
    // With the Preferences scope: the screen links there (without it, it names Preferences only, issue 31 item 7).
    const owner = { ...staff, isStoreOwner: true, isProviderStaff: true, scopes: ['products' as const, 'preferences' as const] };
    const { router } = renderApp('/admin/product-personalized/fonts', fakeSession(owner));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/no-access'));
    expect(router.state.location.search).toEqual({ from: 'website.product-personalized.fonts', reason: 'dropship' });
    expect(await screen.findByText(/Fonts is not available for dropship shops/, undefined, SCREEN_LOAD)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Preferences' }).getAttribute('href')).toBe('/admin/preferences');
  });

  it('a shop of another business type opens Personalized Product', async () => {
    const owner = { ...staff, isStoreOwner: true, isProviderStaff: true, scopes: ['products' as const] };
    const { router } = renderApp('/admin/product-personalized/fonts', fakeSession(owner));
    expect(await screen.findByRole('heading', { name: 'Fonts' }, SCREEN_LOAD)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/product-personalized/fonts');
  });

  it('a permitted page opens', async () => {
    const { router } = renderApp('/admin/products', fakeSession(staff));
    expect(await screen.findByRole('heading', { name: 'Products' }, SCREEN_LOAD)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/products');
  });

  it('without a session the dashboard sends the user to login', async () => {
    const { router } = renderApp('/admin/orders', fakeSession(null));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(await screen.findByRole('heading', { name: 'Sign in to Dashboard' }, SCREEN_LOAD)).toBeTruthy();
  });

  it('the top bar shows the e-mail and the avatar initials; the live-view route hides it', async () => {
    const { router } = renderApp('/admin/orders', fakeSession(staff));
    expect(await screen.findByText('staff@demo.test')).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByText('SS')).toBeTruthy();
    await router.navigate({ href: '/admin/live-view' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/no-access')); // staff lacks live_view
  });

  it('under 768 px the top bar is hidden and a burger opens the navigation', async () => {
    setViewportWidth(375);
    renderApp('/admin/orders', fakeSession(staff));
    const burger = await screen.findByRole('button', { name: 'Open navigation' });
    expect(screen.queryByRole('banner')).toBeNull();
    expect(burger.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(burger);
    await waitFor(() => expect(burger.getAttribute('aria-expanded')).toBe('true'));
  });

  it('full-screen editors render without the shell', async () => {
    renderApp('/admin/book-editor', fakeSession({ ...staff, scopes: ['products'] }));
    expect(await screen.findByRole('heading', { name: 'Books' }, SCREEN_LOAD)).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('apps routes get the mini navigation in place of the sidebar’s Apps group', async () => {
    renderApp('/admin/apps/widgets', fakeSession({ ...staff, isProviderStaff: true, scopes: ['apps', 'orders'] }));
    const mini = await screen.findByRole('navigation', { name: 'Apps' }, SCREEN_LOAD);
    expect(mini.textContent).toContain('All apps');
    expect(mini.textContent).toContain('Product Widget');
    expect(mini.textContent).toContain('Reviews');
    const sidebar = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(sidebar.textContent).toContain('Orders');
    expect(sidebar.textContent).not.toContain('Apps');
  });

  it('outside the apps routes the full sidebar keeps its Apps group and there is no mini navigation', async () => {
    renderApp('/admin/orders', fakeSession({ ...staff, isProviderStaff: true, scopes: ['apps', 'orders'] }));
    const sidebar = await screen.findByRole('navigation', { name: 'Main navigation' }, SCREEN_LOAD);
    await waitFor(() => expect(sidebar.textContent).toContain('Apps'));
    expect(screen.queryByRole('navigation', { name: 'Apps' })).toBeNull();
  });
});
