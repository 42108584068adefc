import type { Scope, User } from '@backroom/contracts';
import { SCOPES } from '@backroom/contracts';
import { describe, expect, it } from 'vitest';
import { MENU_GROUPS, ROUTE_NAMES, ROUTES, type RouteDef, type RouteName } from '../../routes';
import { landingHref, landingRoute } from './landing';

const viewer = (scopes: Scope[], o: Partial<Pick<User, 'isProviderStaff' | 'isCustomStoreUser'>> = {}) => ({
  scopes,
  isProviderStaff: false,
  isCustomStoreUser: false,
  ...o,
});

/** The registry's menu entries of a variant in menu order: groups as MENU_GROUPS, entries as declared. */
function menuOrder(variant: 'full' | 'limited'): RouteName[] {
  return MENU_GROUPS.flatMap((g) =>
    ROUTE_NAMES.filter((n) => {
      const d = ROUTES[n] as RouteDef;
      return d.menu?.group === g.id && d.menu.variants.includes(variant) && !d.menu.when;
    }),
  );
}

describe('landingRoute: where a user lands after picking a shop', () => {
  it('anyone with the home scope lands on the home dashboard', () => {
    expect(landingRoute(viewer([...SCOPES]))).toBe('website');
    expect(landingRoute(viewer(['homes']))).toBe('website');
    expect(landingRoute(viewer(['products', 'homes', 'orders']))).toBe('website');
    expect(landingRoute(viewer(['homes'], { isProviderStaff: true }))).toBe('website');
  });

  it('the orders+products staff member lands on Orders (first permitted in menu order), not on no-access', () => {
    expect(landingRoute(viewer(['orders', 'products']))).toBe('website.orders');
    expect(landingRoute(viewer(['products', 'orders']))).toBe('website.orders');
    expect(landingRoute(viewer(['orders', 'products'], { isProviderStaff: true }))).toBe('website.orders');
  });

  it('follows the registry order: products only → All products, dashboards → Overview, themes+settings → Themes', () => {
    expect(landingRoute(viewer(['products']))).toBe('website.products');
    expect(landingRoute(viewer(['dashboards']))).toBe('website.analytics');
    expect(landingRoute(viewer(['themes', 'settings']))).toBe('website.themes');
    expect(landingRoute(viewer(['discounts']))).toBe('website.discount.code');
    expect(landingRoute(viewer(['report', 'pages']))).toBe('website.pixel.sharePixel');
  });

  it('uses the viewer’s menu variant: Customers and Sales reports are only in the full menu', () => {
    expect(landingRoute(viewer(['customers'], { isProviderStaff: true }))).toBe('website.customer');
    expect(landingRoute(viewer(['sale_reports'], { isProviderStaff: true }))).toBe('website.sales-reports');
    // Limited menu: no entry for `customers` → stays on website, whose guard shows no-access.
    expect(landingRoute(viewer(['customers']))).toBe('website');
  });

  it('a scope-less entry (Product Options) is the landing only when no scope grants any entry', () => {
    // Full menu, a scope with no full-menu entry: Product Options (scope null) is the one permitted page.
    const onlyLimited = SCOPES.find((s) => !menuOrder('full').some((n) => (ROUTES[n] as RouteDef).scope === s));
    if (onlyLimited) expect(landingRoute(viewer([onlyLimited], { isProviderStaff: true }))).toBe('website.menufilter');
    expect(landingRoute(viewer(['customers'], { isProviderStaff: true }))).not.toBe('website.menufilter');
  });

  it.each(SCOPES.filter((s) => s !== 'homes'))('a user with only %s lands on the first menu entry that scope grants', (scope) => {
    for (const variant of ['full', 'limited'] as const) {
      const expected = menuOrder(variant).find((n) => (ROUTES[n] as RouteDef).scope === scope);
      const fallback = variant === 'full' ? 'website.menufilter' : 'website';
      expect(landingRoute(viewer([scope], { isProviderStaff: variant === 'full' })), `${scope} (${variant})`).toBe(expected ?? fallback);
    }
  });
});

describe('landingHref', () => {
  it('is the landing path for a checked session, and the redirect of a failed one', () => {
    const user = viewer(['orders', 'products']) as unknown as User;
    expect(landingHref({ ok: true, user })).toBe('/admin/orders');
    expect(landingHref({ ok: true, user: { ...user, scopes: ['homes'] } })).toBe('/admin');
    expect(landingHref({ ok: false, to: '/auth/survey?register=false' })).toBe('/auth/survey?register=false');
  });
});
