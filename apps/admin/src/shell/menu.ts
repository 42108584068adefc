import type { Scope } from '@backroom/contracts';
import {
  isPermitted,
  MENU_GROUPS,
  type MenuEntry,
  type MenuGroupId,
  type MenuVariant,
  ROUTE_NAMES,
  ROUTES,
  type RouteDef,
  type RouteName,
} from '../routes';

/** Who is looking at the menu (spec admin-dashboard §2 Menu variants, §6). */
export interface MenuViewer {
  /** Provider staff see the full menu, everyone else the limited one (`user.isProviderStaff`). */
  isProviderStaff: boolean;
  /** The one e-mail that also sees 'Custom Store' (`user.isCustomStoreUser`). */
  isCustomStoreUser: boolean;
  /** The user's scopes in the chosen store. */
  scopes: readonly Scope[];
  /** Page preference businessType; null while unknown (Personalized Product stays hidden until it is known). */
  businessType: string | null;
}

/** One sidebar link: `permitted` false means a click leads to no-access (§6). */
export interface MenuItem {
  name: RouteName;
  title: string;
  path: string;
  icon: MenuEntry['icon'];
  permitted: boolean;
}

/** One sidebar group with its visible items. */
export interface MenuGroup {
  id: MenuGroupId;
  title: string;
  icon: MenuEntry['icon'];
  single: boolean;
  items: MenuItem[];
}

/** The variant of §2 a viewer gets: 'full' for provider staff, otherwise 'limited'. */
export function menuVariant(viewer: Pick<MenuViewer, 'isProviderStaff'>): MenuVariant {
  return viewer.isProviderStaff ? 'full' : 'limited';
}

function listed(entry: MenuEntry, variant: MenuVariant, viewer: MenuViewer): boolean {
  if (!entry.variants.includes(variant)) return false;
  if (entry.when === 'customStoreUser' && !viewer.isCustomStoreUser) return false;
  if (entry.when === 'notDropship' && (viewer.businessType === null || viewer.businessType === 'dropship')) return false;
  return true;
}

/**
 * The sidebar of a viewer, read from the route registry: the entries of their variant (full or limited), with
 * 'Custom Store' only for the whitelisted e-mail and Personalized Product only when businessType is known and not
 * 'dropship'. A group is shown only when at least one of its entries is permitted (§6 "A group is shown only if
 * permitted"); inside a shown group every entry is listed and an entry without the scope is marked not permitted
 * (its click goes to no-access).
 */
export function buildMenu(viewer: MenuViewer): MenuGroup[] {
  const variant = menuVariant(viewer);
  return MENU_GROUPS.map((g) => {
    const items: MenuItem[] = [];
    for (const name of ROUTE_NAMES) {
      const def = ROUTES[name] as RouteDef;
      if (!def.menu || def.menu.group !== g.id || !listed(def.menu, variant, viewer)) continue;
      items.push({ name, title: def.menu.title, path: def.path, icon: def.menu.icon, permitted: isPermitted(def.scope, viewer.scopes) });
    }
    return { id: g.id, title: g.title, icon: g.icon, single: g.single, items };
  }).filter((g) => g.items.some((i) => i.permitted));
}

/**
 * The sidebar groups shown on the route `name` (issue 18 item 3, spec §2 "Apps routes get a mini navigation"): on an
 * apps route (`miniNav: 'apps'`) the apps mini navigation above the screen takes the place of the sidebar's Apps
 * group, so that group is left out there; every other route shows `groups` as built.
 */
export function sidebarGroups(groups: readonly MenuGroup[], name: RouteName | undefined): readonly MenuGroup[] {
  if (!name || (ROUTES[name] as RouteDef).miniNav !== 'apps') return groups;
  return groups.filter((g) => g.id !== 'apps');
}

/** Where a click on a menu item leads: the item's route when permitted, otherwise no-access (§6). */
export function menuTarget(item: Pick<MenuItem, 'name' | 'permitted'>): RouteName {
  return item.permitted ? item.name : 'no-access';
}

/** The first route of the menu a viewer may open (the no-access screen offers it), or null. */
export function firstPermitted(viewer: MenuViewer): MenuItem | null {
  for (const g of buildMenu(viewer)) {
    const item = g.items.find((i) => i.permitted);
    if (item) return item;
  }
  return null;
}
