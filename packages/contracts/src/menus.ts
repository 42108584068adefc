import { z } from 'zod';
import { Handle } from './pages.js';

/**
 * Navigation menus (spec admin-dashboard §7 Navigation menus, §3 Menu item; issue 11 item 3):
 * `/api/stores/onlinestore/menus/…`, scope `navigations`. The storefront header and footer read them.
 */

/** What a menu item links to: the home page, a collection, a product or a page (by id), or a URL. */
export const MENU_ITEM_TYPES = ['home', 'collection', 'product', 'page', 'url'] as const;
export const MenuItemType = z.enum(MENU_ITEM_TYPES, 'type must be home, collection, product, page or url');
export type MenuItemType = z.infer<typeof MenuItemType>;

/** Menus nest at most this many levels (an item, its children, their children). */
export const MENU_MAX_DEPTH = 3;
/** At most this many items in one menu, all levels together. */
export const MENU_MAX_ITEMS = 250;
/** Longest item or menu title, in characters. */
export const MENU_TITLE_MAX = 100;

/** A menu item as sent: `target` is the collection/product/page id, the URL, or '' for home. */
export interface MenuItemInput {
  id?: string;
  title: string;
  type: MenuItemType;
  target?: string;
  children?: MenuItemInput[];
}
export const MenuItemInput: z.ZodType<MenuItemInput> = z
  .lazy(
    () =>
      z.object({
        id: z.string().max(64).optional(),
        title: z.string().trim().min(1, 'title is required').max(MENU_TITLE_MAX, `title must have at most ${MENU_TITLE_MAX} characters`),
        type: MenuItemType,
        target: z.string().trim().max(2048, 'target must have at most 2048 characters').optional(),
        children: z.array(MenuItemInput).optional(),
      }),
    // A component id, so the OpenAPI document can express the recursion (not 'MenuItemInput': zod names MenuItem's input twin so).
  )
  .meta({ id: 'MenuItemBody' });

/**
 * POST and PUT body of a menu: title, handle (made from the title when absent; unique in the shop: `main-menu` is the
 * header's, `footer` the footer's by default) and the item tree (at most three levels, 250 items).
 */
export const MenuBody = z.object({
  title: z.string().trim().min(1, 'title is required').max(MENU_TITLE_MAX, `title must have at most ${MENU_TITLE_MAX} characters`),
  handle: z.union([Handle, z.literal('').transform(() => undefined)]).optional(),
  items: z.array(MenuItemInput).default([]),
});
export type MenuBody = z.input<typeof MenuBody>;

/**
 * A menu item as answered: its stable `id`, the storefront `url` it resolves to (`/`, `/collections/{handle}`,
 * `/products/{handle}`, `/pages/{handle}` or the URL), the target's title, and `broken` when the collection, product
 * or page it points at no longer exists (its url is then null).
 */
export interface MenuItem {
  id: string;
  title: string;
  type: MenuItemType;
  target: string;
  url: string | null;
  targetTitle: string | null;
  broken: boolean;
  children: MenuItem[];
}
export const MenuItem: z.ZodType<MenuItem> = z
  .lazy(() =>
    z.object({
      id: z.string(),
      title: z.string(),
      type: MenuItemType,
      target: z.string(),
      url: z.string().nullable(),
      targetTitle: z.string().nullable(),
      broken: z.boolean(),
      children: z.array(MenuItem),
    }),
  )
  .meta({ id: 'MenuItem' });

export const Menu = z
  .object({ id: z.uuid(), title: z.string(), handle: z.string(), items: z.array(MenuItem), createdAt: z.string(), updatedAt: z.string() })
  .meta({ id: 'Menu' });
export type Menu = z.infer<typeof Menu>;

/** GET /api/stores/onlinestore/menus/ and GET …/menus/collections/{collectionId}: menus, the main menu first. */
export const MenuListResponse = z.object({ menus: z.array(Menu) });
export type MenuListResponse = z.infer<typeof MenuListResponse>;

export const MenuCollectionParams = z.object({ id: z.uuid('id must be a uuid'), collectionId: z.uuid('collectionId must be a uuid') });
export const CollectionIdParams = z.object({ collectionId: z.uuid('collectionId must be a uuid') });

/** GET /api/stores/onlinestore/menus/link-targets query: what a menu item may point at, by type and title search. */
export const MenuLinkTargetsQuery = z.object({
  type: z.enum(['collection', 'product', 'page'], 'type must be collection, product or page'),
  search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
});
export const MenuLinkTargetsResponse = z.object({
  targets: z.array(z.object({ id: z.uuid(), title: z.string(), handle: z.string() })),
});
export type MenuLinkTargetsResponse = z.infer<typeof MenuLinkTargetsResponse>;
