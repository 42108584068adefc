import { type Scope, SEARCH_RECENT_MAX, SEARCH_TYPES, searchableTypes } from '@backroom/contracts';
import { isPermitted, MENU_GROUPS, type MenuEntry, type MenuGroupId, ROUTE_NAMES, ROUTES, type RouteDef, type RouteName } from '../routes';
import type { MenuGroup } from './menu';

/**
 * What the command palette offers besides the server's hits (issue 20 items 2 and 3), all read from the route
 * registry through the sidebar's own `buildMenu` (shell/menu.ts) and `isPermitted` (routes.ts): no second list of
 * screens, and a screen the person may not open is never offered.
 */

/** A screen or action of the palette: opens `path`. */
export interface PaletteEntry {
  /** The route's registry name. */
  name: RouteName;
  /** What the palette shows: the sidebar title of a screen, the page title of an action. */
  label: string;
  /** The sidebar group it sits in (screens) or the screen it belongs to (actions). */
  description: string;
  path: string;
  icon?: MenuEntry['icon'];
  kind: 'screen' | 'action';
}

/**
 * The screens (every PERMITTED item of the sidebar `groups`, as `buildMenu(viewer)` built them) and the actions:
 * registry routes outside the menu with a fixed path (no `$param`) in the shell layout that `scopes` allow — "Add
 * product", "Create discount code", "Add page", "Profile"… The no-access screen is no action.
 */
export function paletteEntries(groups: readonly MenuGroup[], scopes: readonly Scope[]): PaletteEntry[] {
  const screens: PaletteEntry[] = groups.flatMap((g) =>
    g.items
      .filter((i) => i.permitted)
      .map((i) => ({ name: i.name, label: i.title, description: g.title, path: i.path, icon: i.icon, kind: 'screen' as const })),
  );
  const actions: PaletteEntry[] = [];
  for (const name of ROUTE_NAMES) {
    const def = ROUTES[name] as RouteDef;
    if (def.menu || def.layout !== 'shell' || def.path.includes('$') || name === 'no-access') continue;
    if (!isPermitted(def.scope, scopes)) continue;
    const parent = screens.filter((s) => def.path.startsWith(`${s.path}/`)).sort((a, b) => b.path.length - a.path.length)[0];
    actions.push({ name, label: def.title, description: parent ? parent.label : 'Account', path: def.path, kind: 'action' });
  }
  return [...screens, ...actions];
}

/** The entries whose label or description holds every word of `query` (case-insensitive); all of them for ''. */
export function filterEntries(entries: readonly PaletteEntry[], query: string): PaletteEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return entries.filter((e) => {
    const text = `${e.label} ${e.description}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/**
 * The `g` + letter shortcut of every sidebar group (issue 20 item 3), derived from MENU_GROUPS: each group takes
 * the first letter of its title that no earlier group took, first letters first (Home h, Orders o, Products p,
 * Customers c, Analytics a, Marketing m, Settings s, then Online Store n); a group whose letters are all taken
 * (Apps) has none and is reached through the palette. Letters are the same for everyone; who sees which is
 * {@link goShortcuts}.
 */
export const GO_LETTERS: Readonly<Partial<Record<MenuGroupId, string>>> = (() => {
  const taken = new Set<string>();
  const out: Partial<Record<MenuGroupId, string>> = {};
  const letters = (title: string) => [...title.toLowerCase()].filter((c) => c >= 'a' && c <= 'z');
  for (const g of MENU_GROUPS) {
    const first = letters(g.title)[0];
    if (first && !taken.has(first)) {
      out[g.id] = first;
      taken.add(first);
    }
  }
  for (const g of MENU_GROUPS) {
    if (out[g.id]) continue;
    const free = letters(g.title).find((c) => !taken.has(c));
    if (free) {
      out[g.id] = free;
      taken.add(free);
    }
  }
  return out;
})();

/** One `g` + letter shortcut: goes to the group's first screen the person may open. */
export interface GoShortcut {
  letter: string;
  title: string;
  path: string;
}

/** The `g` shortcuts of the sidebar `groups` (as `buildMenu` built them), in sidebar order. */
export function goShortcuts(groups: readonly MenuGroup[]): GoShortcut[] {
  const out: GoShortcut[] = [];
  for (const g of groups) {
    const letter = GO_LETTERS[g.id];
    const first = g.items.find((i) => i.permitted);
    if (letter && first) out.push({ letter, title: g.title, path: first.path });
  }
  return out;
}

/** The palette's empty state (issue 20 item 2): what `scopes` let the person search, e.g. "Orders by order number…". */
export function searchableHint(scopes: readonly Scope[]): string[] {
  return searchableTypes(scopes).map((t) => `${SEARCH_TYPES[t].label} by ${SEARCH_TYPES[t].foundBy}`);
}

/** Local-storage key of the recent searches (this browser, every shop). */
const RECENT_KEY = 'backroom.recentSearches';

/** The recent searches, newest first (at most SEARCH_RECENT_MAX); [] when storage is empty or unreadable. */
export function readRecent(): string[] {
  try {
    const v = JSON.parse(localStorage.getItem(RECENT_KEY) ?? '[]') as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').slice(0, SEARCH_RECENT_MAX) : [];
  } catch {
    return [];
  }
}

/** Remembers `q` as the newest recent search (once; the oldest falls out past SEARCH_RECENT_MAX). */
export function rememberSearch(q: string): string[] {
  const text = q.trim();
  if (!text) return readRecent();
  const next = [text, ...readRecent().filter((r) => r.toLowerCase() !== text.toLowerCase())].slice(0, SEARCH_RECENT_MAX);
  try {
    localStorage.setItem(RECENT_KEY, JSON.stringify(next));
  } catch {
    // Storage full or refused: the palette works without recents.
  }
  return next;
}
