import { randomUUID } from 'node:crypto';
import {
  LOOKUP_RESULTS_LIMIT,
  MENU_MAX_DEPTH,
  MENU_MAX_ITEMS,
  type Menu,
  type MenuBody,
  MenuBody as MenuBodySchema,
  type MenuItem,
  type MenuItemInput,
  type MenuItemType,
  type MenuLinkTargetsResponse,
  type StorefrontMenu,
  type StorefrontMenuItem,
} from '@backroom/contracts';
import { and, asc, eq, ilike, inArray, like, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { collections, menus, pages, products } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { firstFreeHandle, handleize, handleTaken, isUniqueViolation } from '../../lib/handles.js';

/**
 * Navigation menus of a shop (spec admin-dashboard §7 Navigation menus; issue 11 item 3). A menu's items are a tree
 * stored as jsonb `[{id, title, type, target, children}]`; `target` is the id of a collection, product or page, the
 * URL of a `url` item, '' for `home`. Targets are resolved when read: an item whose collection, product or page is
 * gone is answered `broken` (admin) or left out (storefront) — never an error. Every query is scoped by the store.
 */

/** Handle of the header's menu (the main menu is listed first). */
export const MAIN_MENU_HANDLE = 'main-menu';

/** A stored item. */
interface StoredItem {
  id: string;
  title: string;
  type: MenuItemType;
  target: string;
  children: StoredItem[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TYPES = new Set<MenuItemType>(['home', 'collection', 'product', 'page', 'url']);
/** URLs a `url` item may hold: a storefront path, http(s), mailto: or tel: — never javascript: or data:. */
const SAFE_URL = /^(\/(?!\/)|https?:\/\/[^\s]+$|mailto:|tel:)/i;

/**
 * Items as stored, made well-formed whatever the row holds: rows written before issue 11 (`[{title, url, items}]`)
 * become `url` items (`/` becomes `home`); anything malformed is dropped; depth is cut at MENU_MAX_DEPTH.
 */
export function storedItems(raw: unknown, depth = 1): StoredItem[] {
  if (!Array.isArray(raw) || depth > MENU_MAX_DEPTH) return [];
  const out: StoredItem[] = [];
  for (const r of raw as Record<string, unknown>[]) {
    if (!r || typeof r !== 'object' || typeof r.title !== 'string') continue;
    const kids = Array.isArray(r.children) ? r.children : Array.isArray(r.items) ? r.items : [];
    if (typeof r.type === 'string' && TYPES.has(r.type as MenuItemType)) {
      out.push({
        id: typeof r.id === 'string' ? r.id : randomUUID(),
        title: r.title,
        type: r.type as MenuItemType,
        target: typeof r.target === 'string' ? r.target : '',
        children: storedItems(kids, depth + 1),
      });
    } else if (typeof r.url === 'string') {
      const home = r.url === '/';
      out.push({
        id: typeof r.id === 'string' ? r.id : randomUUID(),
        title: r.title,
        type: home ? 'home' : 'url',
        target: home ? '' : r.url,
        children: storedItems(kids, depth + 1),
      });
    }
  }
  return out;
}

/**
 * Checks a tree sent by the admin and gives every item an id. 400 naming the item's path
 * (`body.items.0.children.1.target: …`) when: it nests deeper than MENU_MAX_DEPTH, the menu holds more than
 * MENU_MAX_ITEMS items, a collection/product/page item has no such id, or a url item's URL is not a storefront path,
 * http(s), mailto: or tel:. Targets that do not exist (any more) are kept: they read as broken.
 */
export function checkItems(items: MenuItemInput[]): StoredItem[] {
  let count = 0;
  const walk = (list: MenuItemInput[], path: string, depth: number): StoredItem[] =>
    list.map((it, i) => {
      const at = `${path}.${i}`;
      if (depth > MENU_MAX_DEPTH) throw badRequest(`${path}: menus nest at most ${MENU_MAX_DEPTH} levels deep`);
      count += 1;
      if (count > MENU_MAX_ITEMS) throw badRequest(`body.items: a menu holds at most ${MENU_MAX_ITEMS} items`);
      const target = (it.target ?? '').trim();
      if (it.type === 'url' && !SAFE_URL.test(target)) {
        throw badRequest(`${at}.target: must be a link starting with /, https://, http://, mailto: or tel:`);
      }
      if ((it.type === 'collection' || it.type === 'product' || it.type === 'page') && !UUID.test(target)) {
        throw badRequest(`${at}.target: choose a ${it.type}`);
      }
      return {
        id: it.id && /^[A-Za-z0-9_-]{1,64}$/.test(it.id) ? it.id : randomUUID(),
        title: it.title,
        type: it.type,
        target: it.type === 'home' ? '' : target,
        children: walk(it.children ?? [], `${at}.children`, depth + 1),
      };
    });
  return walk(items, 'body.items', 1);
}

type Found = { id: string; title: string; handle: string; published: boolean };

/** The collections, products and pages a set of trees points at, by id (this store's only). */
async function targetsOf(db: Db, storeId: string, trees: StoredItem[][]) {
  const ids: Record<'collection' | 'product' | 'page', Set<string>> = { collection: new Set(), product: new Set(), page: new Set() };
  const visit = (list: StoredItem[]) => {
    for (const it of list) {
      if ((it.type === 'collection' || it.type === 'product' || it.type === 'page') && UUID.test(it.target)) ids[it.type].add(it.target);
      visit(it.children);
    }
  };
  for (const t of trees) visit(t);
  const q = async (table: typeof collections | typeof products | typeof pages, set: Set<string>): Promise<Map<string, Found>> => {
    if (!set.size) return new Map();
    const published = 'published' in table ? table.published : sql<boolean>`true`;
    const list = await db
      .select({ id: table.id, title: table.title, handle: table.handle, published })
      .from(table)
      .where(and(eq(table.storeId, storeId), inArray(table.id, [...set])));
    return new Map(list.map((r) => [r.id, r as Found]));
  };
  const [c, p, g] = await Promise.all([q(collections, ids.collection), q(products, ids.product), q(pages, ids.page)]);
  return { collection: c, product: p, page: g };
}
type Targets = Awaited<ReturnType<typeof targetsOf>>;

const PREFIX = { collection: '/collections/', product: '/products/', page: '/pages/' } as const;

/** One item resolved: its storefront URL and target title, or broken. */
function resolveItem(it: StoredItem, t: Targets): MenuItem {
  const base = { id: it.id, title: it.title, type: it.type, target: it.target };
  const children = it.children.map((c) => resolveItem(c, t));
  if (it.type === 'home') return { ...base, url: '/', targetTitle: 'Home page', broken: false, children };
  if (it.type === 'url') return { ...base, url: it.target, targetTitle: null, broken: false, children };
  const found = t[it.type].get(it.target);
  return found
    ? { ...base, url: `${PREFIX[it.type]}${found.handle}`, targetTitle: found.title, broken: false, children }
    : { ...base, url: null, targetTitle: null, broken: true, children };
}

type Row = typeof menus.$inferSelect;

async function toMenus(db: Db, storeId: string, rows: Row[]): Promise<Menu[]> {
  const trees = rows.map((r) => storedItems(r.items));
  const t = await targetsOf(db, storeId, trees);
  return rows.map((r, i) => ({
    id: r.id,
    title: r.title,
    handle: r.handle,
    items: trees[i]!.map((it) => resolveItem(it, t)),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

const ordered = () => [sql`${menus.handle} = ${MAIN_MENU_HANDLE} desc`, asc(menus.createdAt), asc(menus.handle)];

/** The shop's menus with resolved items, the main menu first, then by creation. */
export async function listMenus(db: Db, storeId: string): Promise<Menu[]> {
  const rows = await db
    .select()
    .from(menus)
    .where(eq(menus.storeId, storeId))
    .orderBy(...ordered());
  return toMenus(db, storeId, rows);
}

async function menuRow(db: Db, storeId: string, id: string): Promise<Row> {
  const [r] = await db
    .select()
    .from(menus)
    .where(and(eq(menus.storeId, storeId), eq(menus.id, id)));
  if (!r) throw notFound('Menu');
  return r;
}

/** One menu of the shop; 404 'Menu not found' when absent or another shop's. */
export async function getMenu(db: Db, storeId: string, id: string): Promise<Menu> {
  const [m] = await toMenus(db, storeId, [await menuRow(db, storeId, id)]);
  return m!;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Creates (no `id`) or replaces (`id`) a menu: title, handle (given: must be free in the shop, else 400
 * `body.handle: 'x' is already used by another menu`; absent: made from the title and numbered when taken, kept on
 * update) and the checked item tree (see checkItems). 404 for an unknown or foreign id.
 */
export async function saveMenu(db: Db, storeId: string, input: MenuBody, id?: string): Promise<Menu> {
  const b = MenuBodySchema.parse(input);
  const items = checkItems(b.items);
  const existing = id ? await menuRow(db, storeId, id) : null;
  const taken = async (base: string) =>
    new Set(
      (
        await db
          .select({ id: menus.id, handle: menus.handle })
          .from(menus)
          .where(and(eq(menus.storeId, storeId), or(eq(menus.handle, base), like(menus.handle, `${escapeLike(base)}-%`))))
      )
        .filter((r) => r.id !== id)
        .map((r) => r.handle),
    );
  let handle: string;
  if (b.handle) {
    if ((await taken(b.handle)).has(b.handle)) throw handleTaken(b.handle, 'menu');
    handle = b.handle;
  } else if (existing) handle = existing.handle;
  else {
    const base = handleize(b.title, 'menu');
    handle = firstFreeHandle(base, await taken(base));
  }
  try {
    const [r] = existing
      ? await db
          .update(menus)
          .set({ title: b.title, handle, items, updatedAt: sql`now()` })
          .where(and(eq(menus.storeId, storeId), eq(menus.id, existing.id)))
          .returning()
      : await db.insert(menus).values({ storeId, title: b.title, handle, items }).returning();
    const [m] = await toMenus(db, storeId, [r!]);
    return m!;
  } catch (err) {
    if (isUniqueViolation(err)) throw handleTaken(handle, 'menu');
    throw err;
  }
}

/** Deletes a menu of the shop; 404 when absent or foreign. */
export async function deleteMenu(db: Db, storeId: string, id: string): Promise<void> {
  const r = await db
    .delete(menus)
    .where(and(eq(menus.storeId, storeId), eq(menus.id, id)))
    .returning({ id: menus.id });
  if (!r.length) throw notFound('Menu');
}

const linksCollection = (list: StoredItem[], collectionId: string): boolean =>
  list.some((it) => (it.type === 'collection' && it.target === collectionId) || linksCollection(it.children, collectionId));

/** A collection of the shop by id; 404 'Collection not found' otherwise. */
async function collectionOf(db: Db, storeId: string, collectionId: string) {
  const [c] = await db
    .select({ id: collections.id, title: collections.title })
    .from(collections)
    .where(and(eq(collections.storeId, storeId), eq(collections.id, collectionId)));
  if (!c) throw notFound('Collection');
  return c;
}

/** The shop's menus with an item (at any level) linking to the collection; 404 when it is not a collection of the shop. */
export async function menusByCollection(db: Db, storeId: string, collectionId: string): Promise<Menu[]> {
  await collectionOf(db, storeId, collectionId);
  const all = await db
    .select()
    .from(menus)
    .where(eq(menus.storeId, storeId))
    .orderBy(...ordered());
  return toMenus(
    db,
    storeId,
    all.filter((r) => linksCollection(storedItems(r.items), collectionId)),
  );
}

/**
 * Adds the collection to the menu as a last top-level item titled like the collection (no-op when the menu already
 * links it at any level), or removes every item linking it (their children move up into their place). Runs under a
 * row lock, so parallel edits of one menu lose nothing. 404 for an unknown menu or collection of the shop.
 */
export async function linkCollection(db: Db, storeId: string, id: string, collectionId: string, link: boolean): Promise<Menu> {
  const c = await collectionOf(db, storeId, collectionId);
  const row = await db.transaction(async (tx) => {
    const [r] = await tx
      .select()
      .from(menus)
      .where(and(eq(menus.storeId, storeId), eq(menus.id, id)))
      .for('update');
    if (!r) throw notFound('Menu');
    let items = storedItems(r.items);
    if (link) {
      if (linksCollection(items, collectionId)) return r;
      items = [...items, { id: randomUUID(), title: c.title, type: 'collection', target: collectionId, children: [] }];
    } else {
      const drop = (list: StoredItem[]): StoredItem[] =>
        list.flatMap((it) =>
          it.type === 'collection' && it.target === collectionId ? drop(it.children) : [{ ...it, children: drop(it.children) }],
        );
      items = drop(items);
    }
    const [u] = await tx.update(menus).set({ items, updatedAt: sql`now()` }).where(eq(menus.id, r.id)).returning();
    return u!;
  });
  const [m] = await toMenus(db, storeId, [row]);
  return m!;
}

/** Collections, products or pages of the shop a menu item may link to, by title, at most LOOKUP_RESULTS_LIMIT (20), optionally searched. */
export async function linkTargets(
  db: Db,
  storeId: string,
  q: { type: 'collection' | 'product' | 'page'; search?: string },
): Promise<MenuLinkTargetsResponse> {
  const table = q.type === 'collection' ? collections : q.type === 'product' ? products : pages;
  const conds = [eq(table.storeId, storeId)];
  if (q.search) conds.push(ilike(table.title, `%${escapeLike(q.search)}%`));
  const list = await db
    .select({ id: table.id, title: table.title, handle: table.handle })
    .from(table)
    .where(and(...conds))
    .orderBy(asc(table.title), asc(table.id))
    .limit(LOOKUP_RESULTS_LIMIT);
  return { targets: list };
}

/**
 * The menus as the storefront reads them (header and footer; spec §7, theme-editor §3 Header main_menu, Footer
 * footer_menu): by handle, items `{title, url, items?}` with broken items — and links to hidden pages or products —
 * left out, so a deleted collection never breaks the storefront.
 */
export async function storefrontMenus(db: Db, storeId: string): Promise<StorefrontMenu[]> {
  const rows = await db.select().from(menus).where(eq(menus.storeId, storeId)).orderBy(asc(menus.createdAt), asc(menus.handle));
  const trees = rows.map((r) => storedItems(r.items));
  const t = await targetsOf(db, storeId, trees);
  const shown = (it: StoredItem): boolean => {
    if (it.type === 'home' || it.type === 'url') return true;
    const f = t[it.type].get(it.target);
    return !!f && f.published;
  };
  const walk = (list: StoredItem[]): StorefrontMenuItem[] =>
    list.filter(shown).map((it) => {
      const url = resolveItem({ ...it, children: [] }, t).url!;
      const items = walk(it.children);
      return items.length ? { title: it.title, url, items } : { title: it.title, url };
    });
  return rows.map((r, i) => ({ handle: r.handle, title: r.title, items: walk(trees[i]!) }));
}

/**
 * The menus for the theme editor's lookup (theme-editor §7 List menus): id, title, handle and the top-level items
 * `{title, url}` that resolve (broken ones left out), the main menu first.
 */
export async function editorMenus(
  db: Db,
  storeId: string,
): Promise<{ id: string; title: string; handle: string; items: { title: string; url: string }[] }[]> {
  const list = await listMenus(db, storeId);
  return list.map((m) => ({
    id: m.id,
    title: m.title,
    handle: m.handle,
    items: m.items.filter((i) => !i.broken && i.url).map((i) => ({ title: i.title, url: i.url! })),
  }));
}
