import { SCOPES, type Scope } from '@backroom/contracts';
import { describe, expect, it } from 'vitest';
import { APPS_NAV, ROUTE_NAMES, ROUTES, type RouteDef, routePath } from '../routes';
import { buildMenu, firstPermitted, type MenuViewer, menuTarget, menuVariant, sidebarGroups } from './menu';
import { activeItem, menuHref } from './Sidebar';

const ALL: Scope[] = [...SCOPES];
const viewer = (o: Partial<MenuViewer> = {}): MenuViewer => ({
  isProviderStaff: false,
  isCustomStoreUser: false,
  scopes: ALL,
  businessType: 'other',
  ...o,
});
const layout = (v: MenuViewer) => buildMenu(v).map((g) => [g.title, g.items.map((i) => i.title)] as const);

/** The full menu of spec §2, group by group, item by item (our grouping, see routes.ts). */
const FULL_MENU = [
  ['Home', ['Home']],
  ['Orders', ['Orders', 'Abandoned Checkouts']],
  [
    'Products',
    [
      'All products',
      'Collections',
      'Catalog',
      'Inventory',
      'Product Feeds',
      'Personalized Product',
      'Bulk Updates',
      'Product Options',
      'Reviews',
      'Size chart',
    ],
  ],
  ['Customers', ['Customers']],
  ['Analytics', ['Overview', 'Sales reports', 'Estimated profit', 'UTM Analytics', 'Live View', 'Share Pixel']],
  ['Marketing', ['Discount codes', 'Automatic discounts']],
  ['Apps', ['All apps', 'Product Widget']],
  ['Online Store', ['Themes', 'Pages', 'Navigation', 'Domains', 'Preferences']],
  ['Settings', ['General', 'Payout', 'Plan', 'Member']],
];

/** The limited menu: no Inventory, Product Feeds, Personalized Product, Bulk Updates, Product Options, Customer,
 * Apps, Sales sections, Member, Size chart; instead Clear Cache Urls, Boost UpSell and Telegram. */
const LIMITED_MENU = [
  ['Home', ['Home']],
  ['Orders', ['Orders', 'Abandoned Checkouts']],
  ['Products', ['All products', 'Collections', 'Catalog', 'Reviews', 'Clear Cache Urls']],
  ['Analytics', ['Overview', 'Live View', 'Share Pixel']],
  ['Marketing', ['Discount codes', 'Automatic discounts', 'Boost UpSell']],
  ['Online Store', ['Themes', 'Pages', 'Navigation', 'Domains', 'Preferences']],
  ['Settings', ['General', 'Payout', 'Plan', 'Telegram']],
];

describe('menu variants (spec §2)', () => {
  it('provider staff get the full menu, everyone else the limited one', () => {
    expect(menuVariant({ isProviderStaff: true })).toBe('full');
    expect(menuVariant({ isProviderStaff: false })).toBe('limited');
  });

  it('full menu, item by item', () => {
    expect(layout(viewer({ isProviderStaff: true }))).toEqual(FULL_MENU);
  });

  it('limited menu, item by item', () => {
    expect(layout(viewer())).toEqual(LIMITED_MENU);
  });

  const limitedTitles = LIMITED_MENU.flatMap(([, items]) => items);
  const fullTitles = FULL_MENU.flatMap(([, items]) => items);
  it.each([
    'Inventory',
    'Product Feeds',
    'Personalized Product',
    'Bulk Updates',
    'Product Options',
    'Customers',
    'All apps',
    'Product Widget',
    'Sales reports',
    'Estimated profit',
    'UTM Analytics',
    'Member',
    'Size chart',
  ])('the limited menu lacks %s', (t) => {
    expect(limitedTitles).not.toContain(t);
    expect(fullTitles).toContain(t);
  });
  it.each(['Clear Cache Urls', 'Boost UpSell', 'Telegram'])('the limited menu has %s instead', (t) => {
    expect(limitedTitles).toContain(t);
    expect(fullTitles).not.toContain(t);
  });

  it("'Custom Store' is added only for the whitelisted e-mail", () => {
    const titles = (v: MenuViewer) => buildMenu(v).flatMap((g) => g.items.map((i) => i.title));
    expect(titles(viewer({ isProviderStaff: true }))).not.toContain('Custom Store');
    expect(titles(viewer({ isProviderStaff: true, isCustomStoreUser: true }))).toContain('Custom Store');
    expect(titles(viewer({ isCustomStoreUser: true }))).toContain('Custom Store');
  });
});

describe('Personalized Product only when businessType is not dropship (§2)', () => {
  const has = (businessType: string | null) =>
    buildMenu(viewer({ isProviderStaff: true, businessType }))
      .flatMap((g) => g.items)
      .some((i) => i.name === 'website.product-personalized');
  it.each([
    ['other', true],
    ['print_on_demand', true],
    ['dropship', false],
    [null, false],
  ] as const)('businessType %j → shown %s', (bt, shown) => expect(has(bt)).toBe(shown));
});

describe('permissions (§6)', () => {
  it('a group is shown only when one of its entries is permitted', () => {
    const groups = buildMenu(viewer({ scopes: ['orders', 'products'] }));
    expect(groups.map((g) => g.title)).toEqual(['Orders', 'Products']);
  });

  it('inside a shown group, entries without the scope are listed but not permitted', () => {
    const products = buildMenu(viewer({ scopes: ['products'] })).find((g) => g.id === 'products')!;
    const reviews = products.items.find((i) => i.name === 'website.apps.product-review.list')!;
    expect(reviews.permitted).toBe(false);
    expect(products.items.find((i) => i.name === 'website.products')!.permitted).toBe(true);
  });

  it('Product Options has no role: permitted to any member, but it never opens an otherwise empty group', () => {
    expect((ROUTES['website.menufilter'] as RouteDef).scope).toBeNull();
    const groups = buildMenu(viewer({ isProviderStaff: true, scopes: ['orders'] }));
    expect(groups.map((g) => g.id)).toContain('products'); // Product Options is permitted → the group shows
    expect(
      groups
        .find((g) => g.id === 'products')!
        .items.filter((i) => i.permitted)
        .map((i) => i.title),
    ).toEqual(['Product Options']);
  });

  it.each(ALL)('a user with only %s sees exactly the groups holding a route of that scope', (scope) => {
    const groups = buildMenu(viewer({ isProviderStaff: true, scopes: [scope] }));
    for (const g of groups) expect(g.items.some((i) => i.permitted)).toBe(true);
    const expected = new Set(
      ROUTE_NAMES.filter((n) => {
        const d = ROUTES[n] as RouteDef;
        return d.menu?.variants.includes('full') && d.menu.when !== 'customStoreUser' && (d.scope === scope || d.scope === null);
      }).map((n) => (ROUTES[n] as RouteDef).menu!.group),
    );
    expect(new Set(groups.map((g) => g.id))).toEqual(expected);
  });

  it('clicking an entry without the scope leads to no-access', () => {
    const item = { name: 'website.analytics' as const, permitted: false, path: '/admin/analytics' };
    expect(menuTarget(item)).toBe('no-access');
    expect(menuHref(item)).toBe('/admin/no-access?from=website.analytics');
    expect(menuHref({ ...item, permitted: true })).toBe('/admin/analytics');
  });

  it('firstPermitted offers the first page a user may open', () => {
    expect(firstPermitted(viewer({ scopes: ['orders', 'products'] }))?.name).toBe('website.orders');
    expect(firstPermitted(viewer({ scopes: [] }))).toBeNull();
  });
});

describe('activeItem', () => {
  const groups = buildMenu(viewer({ isProviderStaff: true }));
  it.each([
    ['/admin', 'website'],
    ['/admin/orders', 'website.orders'],
    ['/admin/orders/detail/42', 'website.orders'],
    ['/admin/products/bulk-edit', 'website.products'],
    ['/admin/settings/payout', 'website.settings.payout'],
    ['/admin/profile', undefined],
  ])('%s → %s', (path, name) => expect(activeItem(groups, path)?.name).toBe(name));
});

describe('registry paths', () => {
  it.each([
    ['website', {}, '/admin'],
    ['website.orders', {}, '/admin/orders'],
    ['website.orders.detail', { id: 'abc' }, '/admin/orders/detail/abc'],
    ['website.analytics', {}, '/admin/analytics'],
    ['website.member', {}, '/admin/member'],
    ['website.profile', {}, '/admin/profile'],
    ['website.themes', {}, '/admin/themes'],
    ['website.themes.editor', { themeId: 't1' }, '/admin/themes/editor/t1'],
    ['no-access', {}, '/admin/no-access'],
    ['auth.login', {}, '/auth/login'],
    ['auth.shop', {}, '/auth/shop'],
  ] as const)('%s → %s', (name, params, path) => expect(routePath(name, params)).toBe(path));
});

describe('sidebar on apps routes (issue 18 item 3)', () => {
  it('every apps route shows the sidebar without its Apps group; other routes keep it', () => {
    const groups = buildMenu(viewer({ isProviderStaff: true }));
    expect(groups.map((g) => g.id)).toContain('apps');
    for (const name of APPS_NAV) {
      const shown = sidebarGroups(groups, name).map((g) => g.id);
      expect(shown, name).not.toContain('apps');
      expect(shown, name).toHaveLength(groups.length - 1);
    }
    for (const name of ['website.orders', 'website.products', 'website.settings'] as const) {
      expect(sidebarGroups(groups, name)).toBe(groups);
    }
  });
});
