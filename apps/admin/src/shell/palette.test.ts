import { SCOPES, type Scope, SEARCH_RECENT_MAX, SEARCH_TYPE_NAMES, SEARCH_TYPES } from '@backroom/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { ROUTE_NAMES, ROUTES, type RouteDef } from '../routes';
import { buildMenu, type MenuViewer } from './menu';
import { filterEntries, GO_LETTERS, goShortcuts, paletteEntries, readRecent, rememberSearch, searchableHint } from './palette';

/**
 * The palette's registry-driven lists (issue 20 items 2 and 3): screens are exactly the sidebar's permitted items
 * (buildMenu), actions are the registry's fixed-path shell routes the scopes allow, `g` letters come from the menu
 * groups, and the search types' admin paths are registry paths.
 */

const viewer = (scopes: Scope[], o: Partial<MenuViewer> = {}): MenuViewer => ({
  isProviderStaff: false,
  isCustomStoreUser: false,
  scopes,
  businessType: 'other',
  ...o,
});
const entriesOf = (v: MenuViewer) => paletteEntries(buildMenu(v), v.scopes);

describe('palette entries', () => {
  it("lists as screens exactly the sidebar's permitted items, for owners and staff alike", () => {
    for (const v of [viewer([...SCOPES]), viewer(['orders', 'products']), viewer(['orders'], { isProviderStaff: true })]) {
      const sidebar = buildMenu(v).flatMap((g) => g.items.filter((i) => i.permitted).map((i) => i.name));
      expect(
        entriesOf(v)
          .filter((e) => e.kind === 'screen')
          .map((e) => e.name),
      ).toEqual(sidebar);
    }
  });

  it('offers staff with orders and products no customer, settings or analytics screen or action', () => {
    const names = entriesOf(viewer(['orders', 'products'])).map((e) => e.name);
    expect(names).toContain('website.orders');
    expect(names).toContain('website.products.create');
    for (const name of names) {
      const scope = (ROUTES[name] as RouteDef).scope;
      expect(scope === null || scope === 'orders' || scope === 'products', name).toBe(true);
    }
    expect(names).not.toContain('website.customer');
    expect(names).not.toContain('website.settings.payout');
    expect(names).not.toContain('website.analytics');
  });

  it('offers as actions the fixed-path shell routes outside the menu, under the screen they belong to', () => {
    const actions = entriesOf(viewer([...SCOPES])).filter((e) => e.kind === 'action');
    const expected = ROUTE_NAMES.filter((n) => {
      const d = ROUTES[n] as RouteDef;
      return !d.menu && d.layout === 'shell' && !d.path.includes('$') && n !== 'no-access';
    });
    expect(actions.map((a) => a.name)).toEqual(expected);
    expect(actions.find((a) => a.name === 'website.products.create')).toMatchObject({ label: 'Add product', description: 'All products' });
    expect(actions.find((a) => a.name === 'website.discount.code.create')).toMatchObject({ description: 'Discount codes' });
  });

  it('filters by every word of the text, case-insensitively', () => {
    const all = entriesOf(viewer([...SCOPES]));
    // `payout` offers the Payouts screen and "Request a payout" (issue 20), both from the registry.
    expect(filterEntries(all, 'payout').map((e) => [e.name, e.label, e.kind])).toEqual([
      ['website.settings.payout', 'Payout', 'screen'],
      ['website.settings.payout.request', 'Request a payout', 'action'],
    ]);
    expect(filterEntries(all, 'payout')[1]).toMatchObject({ path: '/admin/settings/payout/request', description: 'Payout' });
    expect(filterEntries(entriesOf(viewer(['orders', 'products'])), 'payout')).toEqual([]);
    expect(filterEntries(all, 'ADD prod').map((e) => e.name)).toEqual(['website.products.create']);
    expect(filterEntries(all, '')).toHaveLength(all.length);
  });
});

describe('g shortcuts', () => {
  it('gives the menu groups distinct letters from their titles: g o Orders, g p Products', () => {
    expect(GO_LETTERS).toMatchObject({ home: 'h', orders: 'o', products: 'p', customers: 'c', analytics: 'a', settings: 's' });
    const letters = Object.values(GO_LETTERS);
    expect(new Set(letters).size).toBe(letters.length);
  });

  it('goes to the first screen of a group the person may open, and only to permitted groups', () => {
    const gos = goShortcuts(buildMenu(viewer(['orders', 'products'])));
    expect(gos.map((g) => [g.letter, g.title, g.path])).toEqual([
      ['o', 'Orders', '/admin/orders'],
      ['p', 'Products', '/admin/products'],
    ]);
  });
});

describe('search types', () => {
  it('open admin paths of the route registry', () => {
    // Parameter names may differ (`$productId` there, `{id}` here): only their places count.
    const paths = new Set(ROUTE_NAMES.map((n) => ROUTES[n].path.replace(/\$\w+/g, '$')));
    for (const t of SEARCH_TYPE_NAMES) {
      const path = SEARCH_TYPES[t].path.split('?')[0]!.replace(/\{\w+\}/g, '$');
      expect(paths.has(path), `${t}: ${path}`).toBe(true);
    }
  });

  it('the empty state names only the types the scopes allow', () => {
    expect(searchableHint(['orders', 'products'])).toEqual([
      'Orders by order number, customer name or e-mail',
      'Products by title, handle, SKU or barcode',
      'Collections by title or handle',
    ]);
  });
});

describe('recent searches', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the newest first, once each, at most SEARCH_RECENT_MAX', () => {
    for (let i = 0; i < SEARCH_RECENT_MAX + 2; i++) rememberSearch(`q${i}`);
    rememberSearch('Q3');
    const recent = readRecent();
    expect(recent[0]).toBe('Q3');
    expect(recent).toHaveLength(SEARCH_RECENT_MAX);
    expect(recent.filter((r) => r.toLowerCase() === 'q3')).toHaveLength(1);
  });

  it('reads nothing from unreadable storage', () => {
    localStorage.setItem('backroom.recentSearches', '{oops');
    expect(readRecent()).toEqual([]);
  });
});
