import { SCOPES } from '@backroom/contracts';
import { describe, expect, it } from 'vitest';
import { APPS_NAV, ROUTE_NAMES, ROUTES, type RouteDef } from './routes';
import { SCREENS } from './screens';

/** Every route name of spec admin-dashboard §2, as written there. */
const SPEC_MENU_ROUTE_NAMES = [
  'website',
  'website.orders',
  'website.abandoned',
  'website.products',
  'website.collections',
  'website.catalog',
  'website.inventory',
  'website.product-feeds',
  'website.product-personalized',
  'website.bulkupdates',
  'website.menufilter',
  'website.apps.product-review.list',
  'website.clearCacheUrls',
  'website.analytics',
  'website.sales-reports',
  'website.estimated-profit',
  'website.utm-analystics',
  'website.live-view',
  'website.pixel.sharePixel',
  'website.discount.code',
  'website.discount.automatic',
  'website.customer',
  'website.apps',
  'website.apps.widgets.list',
  'website.settings',
  'website.settings.payout',
  'website.settings.account',
  'website.themes',
  'website.pages',
  'website.menus',
  'website.domain',
  'website.preferences',
  'website.member',
  'website.sizechart',
  'website.upsell',
  'website.notification',
  'website.profile',
  'no-access',
  'website.products.create',
  'website.products.update',
  'website.products.bulkEdit',
];
const FULL_SCREEN_EDITORS = ['website.themes.editor', 'book-editor', 'book2-editor', 'print-hub-editor'];
const AUTH_PATHS = ['/auth/login', '/auth/shop', '/auth/forgot', '/auth/register', '/auth/survey'];

describe('route registry (DESIGN.md "The three registries", spec §2)', () => {
  it('holds the 41 route names of §2', () => {
    expect(SPEC_MENU_ROUTE_NAMES).toHaveLength(41);
    for (const n of SPEC_MENU_ROUTE_NAMES) expect(ROUTE_NAMES).toContain(n);
  });
  it.each(FULL_SCREEN_EDITORS)('%s is a full-screen editor', (n) => {
    expect((ROUTES[n as keyof typeof ROUTES] as RouteDef).layout).toBe('fullscreen');
  });
  it.each(AUTH_PATHS)('auth route %s exists', (p) => {
    expect(Object.values(ROUTES).some((d) => d.path === p && d.layout === 'auth')).toBe(true);
  });
  it('every scope is one of the 19 of §6, and every §6 scope is used by a menu entry', () => {
    expect(SCOPES).toHaveLength(19);
    const used = new Set<string>();
    for (const d of Object.values(ROUTES) as RouteDef[]) {
      if (d.scope) expect(SCOPES).toContain(d.scope);
      if (d.menu && d.scope) used.add(d.scope);
    }
    expect([...used].sort()).toEqual([...SCOPES].sort());
  });
  it('dashboard routes live under /admin, the sign-in pages under /auth', () => {
    for (const d of Object.values(ROUTES) as RouteDef[]) {
      expect(d.path.startsWith(d.layout === 'auth' ? '/auth/' : '/admin')).toBe(true);
    }
  });
  it('paths are unique', () => {
    const paths = Object.values(ROUTES).map((d) => d.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
  it('every route has a screen', () => {
    for (const n of ROUTE_NAMES) expect(SCREENS[n]).toBeTruthy();
  });
  it('the live-view route hides the top bar; apps routes get the mini navigation', () => {
    expect((ROUTES['website.live-view'] as RouteDef).hideTopBar).toBe(true);
    for (const n of APPS_NAV) expect((ROUTES[n] as RouteDef).miniNav).toBe('apps');
    // …and every route with the mini navigation is one of its tabs (issue 18 item 3).
    expect(ROUTE_NAMES.filter((n) => (ROUTES[n] as RouteDef).miniNav === 'apps').sort()).toEqual([...APPS_NAV].sort());
  });
});
