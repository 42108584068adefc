import type { Scope } from '@backroom/contracts';
import {
  IconActivity,
  IconAdjustments,
  IconAdjustmentsHorizontal,
  IconApps,
  IconBolt,
  IconBook,
  IconBrandTelegram,
  IconBrush,
  IconBuildingStore,
  IconBuildingWarehouse,
  IconCash,
  IconCategory,
  IconChartBar,
  IconCoin,
  IconCreditCard,
  IconDiscount,
  IconEraser,
  IconFileText,
  IconHome,
  IconLayoutGrid,
  IconLink,
  IconMenu2,
  IconReceipt,
  IconReportMoney,
  IconRss,
  IconRuler,
  IconSettings,
  IconShare,
  IconShoppingCartX,
  IconSpeakerphone,
  IconStack2,
  IconStar,
  IconTag,
  IconTrendingUp,
  IconUserShield,
  IconUsers,
  IconWand,
  IconWorld,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import type { z } from 'zod';
import {
  ABANDONED_SEARCH,
  BULK_EDIT_SEARCH,
  CUSTOMERS_SEARCH,
  DESIGN_EDITOR_SEARCH,
  DISCOUNTS_SEARCH,
  ORDERS_SEARCH,
  OVERVIEW_SEARCH,
  PAGES_SEARCH,
  PERSONALIZES_SEARCH,
  PRODUCTS_SEARCH,
  REPORTS_SEARCH,
  REVIEWS_SEARCH,
} from './route-search';

/**
 * THE route registry of the admin (DESIGN.md "The three registries", spec admin-dashboard §2 and §6). Every route
 * name of the spec is a key here with its path, scope, layout, menu group, title, icon and the menu variant(s) that
 * show it. The router (router.tsx), the sidebar (shell/menu.ts), the permission guard and the no-access redirects
 * read only this declaration.
 *
 * Decisions where the spec says "not shown":
 * - Scopes (§6 lists 19, one per menu item): products-area pages use `products`; Reviews, Apps and Product Widget
 *   use `apps`; the Overview uses `dashboards`; Share Pixel (tracking feeding the reports) uses `report`; Telegram
 *   notifications, payout and plan sit under `settings`; Boost UpSell is a discount-type offer, `discounts`; staff
 *   management (Member) and Custom Store use `store`. Product Options, Profile and no-access need no scope (null).
 * - "The Sales sections" the limited menu lacks are Sales reports, Estimated profit and UTM Analytics.
 * - The limited menu has Clear Cache Urls, Boost UpSell and Telegram "instead": the full menu does not list them.
 * - 'Custom Store' shows for the one whitelisted e-mail (`user.isCustomStoreUser`) in either variant.
 * - Personalized Product "shown only when businessType is not dropship" (§2): its routes (`notForDropship`) also
 *   refuse to open for a dropship shop (no-access). The spec gives the API no such rule (§6 lists scopes only), so
 *   `/api/personalizes` stays open to the `products` scope: the shop's storefront keeps drawing personalisations
 *   made before a switch to dropship, and switching back finds them intact.
 * Paths use TanStack Router syntax (`$id` is a path parameter).
 */

/** Where a screen renders: inside the shell, full screen with no toolbar (editors), or on the sign-in pages. */
export type Layout = 'shell' | 'fullscreen' | 'auth';
/** Menu variants of §2: full (provider staff) and limited (everyone else). */
export type MenuVariant = 'full' | 'limited';
/** Extra condition on a menu entry (§2): only for the Custom Store e-mail, or only when the shop is not dropship. */
export type MenuCondition = 'customStoreUser' | 'notDropship';

/** Sidebar groups, in display order. `single` groups are one link (their only entry), not a collapsible section. */
export const MENU_GROUPS = [
  { id: 'home', title: 'Home', icon: IconHome, single: true },
  { id: 'orders', title: 'Orders', icon: IconReceipt, single: false },
  { id: 'products', title: 'Products', icon: IconTag, single: false },
  { id: 'customers', title: 'Customers', icon: IconUsers, single: true },
  { id: 'analytics', title: 'Analytics', icon: IconChartBar, single: false },
  { id: 'marketing', title: 'Marketing', icon: IconSpeakerphone, single: false },
  { id: 'apps', title: 'Apps', icon: IconApps, single: false },
  { id: 'online-store', title: 'Online Store', icon: IconBuildingStore, single: false },
  { id: 'settings', title: 'Settings', icon: IconSettings, single: false },
] as const;
export type MenuGroupId = (typeof MENU_GROUPS)[number]['id'];

/** A route's entry in the sidebar. */
export interface MenuEntry {
  group: MenuGroupId;
  /** Label in the sidebar. */
  title: string;
  icon: ComponentType<{ size?: number | string; stroke?: number; 'aria-hidden'?: boolean }>;
  /** Variants that list it (§2 Menu variants). */
  variants: readonly MenuVariant[];
  when?: MenuCondition;
}

/** One route of the registry. */
export interface RouteDef {
  /** Absolute path, TanStack syntax. */
  path: string;
  /** Scope a user needs (§6); null = any signed-in member of the store. */
  scope: Scope | null;
  layout: Layout;
  /** Page title (document title; the palette's label for an action route). */
  title: string;
  /** What the screen holds, in one line (the registry's own documentation of the route). */
  about: string;
  menu?: MenuEntry;
  /** The top bar is hidden on this route (§2 "The live-view route … hide[s] the top bar"). */
  hideTopBar?: boolean;
  /** A mini navigation shown above the screen (§2 "Apps routes get a mini navigation"). */
  miniNav?: 'apps';
  /**
   * The route is refused (no-access, `reason=dropship`) while the shop's page preference says dropship (§2
   * "Personalized Product is shown only when businessType is not dropship"): the menu hides it and the address
   * does not open it either.
   */
  notForDropship?: boolean;
  /**
   * The schema of the route's search parameters (route-search.ts, built from the contracts' query schemas): the
   * router validates the address with it (`validateSearch`), the screen reads it with `useRouteSearch`.
   */
  search?: z.ZodType;
}

const BOTH = ['full', 'limited'] as const satisfies readonly MenuVariant[];
const FULL = ['full'] as const satisfies readonly MenuVariant[];
const LIMITED = ['limited'] as const satisfies readonly MenuVariant[];

export const ROUTES = {
  // ── Home ──────────────────────────────────────────────────────────────────────────────────────
  website: {
    path: '/admin',
    scope: 'homes',
    layout: 'shell',
    title: 'Home',
    about: "Greeting, today's sales and orders, open orders, catalog size and your store's custom block.",
    menu: { group: 'home', title: 'Home', icon: IconHome, variants: BOTH },
  },
  // ── Orders ────────────────────────────────────────────────────────────────────────────────────
  'website.orders': {
    path: '/admin/orders',
    scope: 'orders',
    layout: 'shell',
    title: 'Orders',
    about: 'The list of orders with filters by payment and fulfillment status, search and export.',
    menu: { group: 'orders', title: 'Orders', icon: IconReceipt, variants: BOTH },
    search: ORDERS_SEARCH,
  },
  'website.orders.detail': {
    path: '/admin/orders/detail/$id',
    scope: 'orders',
    layout: 'shell',
    title: 'Order',
    about: "One order: its items, the customer, payment and fulfillment status and the order's timeline.",
  },
  'website.abandoned': {
    path: '/admin/abandoned-checkouts',
    scope: 'orders',
    layout: 'shell',
    title: 'Abandoned Checkouts',
    about: 'Checkouts customers started but did not pay, with their cart and contact details for recovery.',
    menu: { group: 'orders', title: 'Abandoned Checkouts', icon: IconShoppingCartX, variants: BOTH },
    search: ABANDONED_SEARCH,
  },
  // ── Products ──────────────────────────────────────────────────────────────────────────────────
  'website.products': {
    path: '/admin/products',
    scope: 'products',
    layout: 'shell',
    title: 'Products',
    about: 'All products with their variants, prices, stock and images, searchable and importable from a Shopify CSV.',
    menu: { group: 'products', title: 'All products', icon: IconTag, variants: BOTH },
    search: PRODUCTS_SEARCH,
  },
  'website.products.create': {
    path: '/admin/products/create',
    scope: 'products',
    layout: 'shell',
    title: 'Add product',
    about: 'The product form: title, description, media, pricing, variants and options, SEO.',
  },
  'website.products.bulkEdit': {
    path: '/admin/products/bulk-edit',
    scope: 'products',
    layout: 'shell',
    title: 'Bulk edit products',
    about: 'A spreadsheet-like editor for prices, stock and status of many products at once.',
    search: BULK_EDIT_SEARCH,
  },
  'website.products.update': {
    path: '/admin/products/$productId',
    scope: 'products',
    layout: 'shell',
    title: 'Edit product',
    about: 'The product form of one existing product.',
  },
  'website.collections': {
    path: '/admin/collections',
    scope: 'products',
    layout: 'shell',
    title: 'Collections',
    about: 'Groups of products shown together in the storefront, manual or by rules.',
    menu: { group: 'products', title: 'Collections', icon: IconCategory, variants: BOTH },
  },
  'website.catalog': {
    path: '/admin/catalog',
    scope: 'products',
    layout: 'shell',
    title: 'Catalog',
    about: 'The supplier catalog to pick products from and add them to your store.',
    menu: { group: 'products', title: 'Catalog', icon: IconBook, variants: BOTH },
  },
  'website.inventory': {
    path: '/admin/inventory',
    scope: 'products',
    layout: 'shell',
    title: 'Inventory',
    about: 'Stock quantities per variant with adjustments.',
    menu: { group: 'products', title: 'Inventory', icon: IconBuildingWarehouse, variants: FULL },
  },
  'website.product-feeds': {
    path: '/admin/product-feeds',
    scope: 'products',
    layout: 'shell',
    title: 'Product Feeds',
    about: 'Product feeds for ad and shopping channels.',
    menu: { group: 'products', title: 'Product Feeds', icon: IconRss, variants: FULL },
  },
  'website.product-personalized': {
    path: '/admin/product-personalized',
    scope: 'products',
    layout: 'shell',
    title: 'Personalized Product',
    about: 'Personalisation options (text, images, fonts) shoppers fill in on print-on-demand products.',
    menu: { group: 'products', title: 'Personalized Product', icon: IconWand, variants: FULL, when: 'notDropship' },
    search: PERSONALIZES_SEARCH,
    notForDropship: true,
  },
  'website.product-personalized.create': {
    path: '/admin/product-personalized/new',
    scope: 'products',
    layout: 'shell',
    title: 'Personalize a product',
    about: 'A new personalisation: the product, its text and photo fields, their font, colour and place on the picture.',
    notForDropship: true,
  },
  'website.product-personalized.update': {
    path: '/admin/product-personalized/$id',
    scope: 'products',
    layout: 'shell',
    title: 'Edit personalization',
    about: "One product's personalisation: its text and photo fields, their font, colour and place on the picture.",
    notForDropship: true,
  },
  'website.product-personalized.fonts': {
    path: '/admin/product-personalized/fonts',
    scope: 'products',
    layout: 'shell',
    title: 'Fonts',
    about: 'The fonts you uploaded (TTF, OTF, WOFF, WOFF2) for personalised text.',
    notForDropship: true,
  },
  'website.bulkupdates': {
    path: '/admin/bulk-updates',
    scope: 'products',
    layout: 'shell',
    title: 'Bulk Updates',
    about: 'Queued updates applied to many products, with their progress.',
    menu: { group: 'products', title: 'Bulk Updates', icon: IconStack2, variants: FULL },
  },
  'website.menufilter': {
    path: '/admin/product-options',
    scope: null,
    layout: 'shell',
    title: 'Product Options',
    about: 'The product options (size, color …) used as storefront filters.',
    menu: { group: 'products', title: 'Product Options', icon: IconAdjustmentsHorizontal, variants: FULL },
  },
  'website.apps.product-review.list': {
    path: '/admin/apps/product-reviews',
    scope: 'apps',
    layout: 'shell',
    title: 'Reviews',
    about: 'Product reviews: approve, hide, reply and import.',
    menu: { group: 'products', title: 'Reviews', icon: IconStar, variants: BOTH },
    miniNav: 'apps',
    search: REVIEWS_SEARCH,
  },
  'website.sizechart': {
    path: '/admin/size-chart',
    scope: 'products',
    layout: 'shell',
    title: 'Size chart',
    about: 'Size charts attached to products and shown on the product page.',
    menu: { group: 'products', title: 'Size chart', icon: IconRuler, variants: FULL },
    miniNav: 'apps',
  },
  'website.clearCacheUrls': {
    path: '/admin/clear-cache-urls',
    scope: 'products',
    layout: 'shell',
    title: 'Clear Cache Urls',
    about: 'Clear the storefront cache of chosen pages so changes show at once.',
    menu: { group: 'products', title: 'Clear Cache Urls', icon: IconEraser, variants: LIMITED },
  },
  // ── Customers ─────────────────────────────────────────────────────────────────────────────────
  'website.customer': {
    path: '/admin/customers',
    scope: 'customers',
    layout: 'shell',
    title: 'Customers',
    about: 'Customers with their orders, amount spent and contact details.',
    menu: { group: 'customers', title: 'Customers', icon: IconUsers, variants: FULL },
    search: CUSTOMERS_SEARCH,
  },
  'website.customer.detail': {
    path: '/admin/customers/$id',
    scope: 'customers',
    layout: 'shell',
    title: 'Customer',
    about: 'One customer: their orders, amount spent, addresses, note and tags.',
  },
  // ── Analytics ─────────────────────────────────────────────────────────────────────────────────
  'website.analytics': {
    path: '/admin/analytics',
    scope: 'dashboards',
    layout: 'shell',
    title: 'Overview',
    about: 'Sales, orders, AOV and conversion rate for chosen shops and dates, with charts, the funnel and paid orders.',
    menu: { group: 'analytics', title: 'Overview', icon: IconChartBar, variants: BOTH },
    search: OVERVIEW_SEARCH,
  },
  'website.sales-reports': {
    path: '/admin/sales-reports',
    scope: 'sale_reports',
    layout: 'shell',
    title: 'Sales reports',
    about: 'Gross sales, discounts, returns, net sales, shipping, taxes and total sales by period, product, vendor, UTM or channel.',
    menu: { group: 'analytics', title: 'Sales reports', icon: IconReportMoney, variants: FULL },
    search: REPORTS_SEARCH,
  },
  'website.estimated-profit': {
    path: '/admin/estimated-profit',
    scope: 'estimated_profit',
    layout: 'shell',
    title: 'Estimated profit',
    about: 'Net sales minus cost of goods, payment fees and ad spend per day or product, with the margin.',
    menu: { group: 'analytics', title: 'Estimated profit', icon: IconCoin, variants: FULL },
    search: REPORTS_SEARCH,
  },
  'website.utm-analystics': {
    path: '/admin/utm-analytics',
    scope: 'utm_analystics',
    layout: 'shell',
    title: 'UTM Analytics',
    about: 'Visits, orders and sales by UTM source, medium and campaign.',
    menu: { group: 'analytics', title: 'UTM Analytics', icon: IconLink, variants: FULL },
    search: REPORTS_SEARCH,
  },
  'website.live-view': {
    path: '/admin/live-view',
    scope: 'live_view',
    layout: 'shell',
    title: 'Live View',
    about: 'Visitors on the store right now and what they are doing.',
    menu: { group: 'analytics', title: 'Live View', icon: IconActivity, variants: BOTH },
    hideTopBar: true,
  },
  'website.pixel.sharePixel': {
    path: '/admin/pixels/share',
    scope: 'report',
    layout: 'shell',
    title: 'Share Pixel',
    about: 'Tracking pixels (Facebook, TikTok …) shared between your shops.',
    menu: { group: 'analytics', title: 'Share Pixel', icon: IconShare, variants: BOTH },
    miniNav: 'apps',
  },
  // ── Marketing ─────────────────────────────────────────────────────────────────────────────────
  'website.discount.code': {
    path: '/admin/discounts/codes',
    scope: 'discounts',
    layout: 'shell',
    title: 'Discount codes',
    about: 'Discount codes shoppers enter at checkout.',
    menu: { group: 'marketing', title: 'Discount codes', icon: IconDiscount, variants: BOTH },
    search: DISCOUNTS_SEARCH,
  },
  'website.discount.automatic': {
    path: '/admin/discounts/automatic',
    scope: 'discounts',
    layout: 'shell',
    title: 'Automatic discounts',
    about: 'Discounts applied automatically when a cart meets their rules.',
    menu: { group: 'marketing', title: 'Automatic discounts', icon: IconBolt, variants: BOTH },
    search: DISCOUNTS_SEARCH,
  },
  'website.discount.code.create': {
    path: '/admin/discounts/codes/new',
    scope: 'discounts',
    layout: 'shell',
    title: 'Create discount code',
    about: 'A new discount code: value, conditions, usage limits, combinations and active dates.',
  },
  'website.discount.automatic.create': {
    path: '/admin/discounts/automatic/new',
    scope: 'discounts',
    layout: 'shell',
    title: 'Create automatic discount',
    about: 'A new automatic discount: value, conditions, usage limits, combinations and active dates.',
  },
  'website.discount.update': {
    path: '/admin/discounts/$id',
    scope: 'discounts',
    layout: 'shell',
    title: 'Edit discount',
    about: 'One discount: value, conditions, usage limits, combinations and active dates.',
  },
  'website.upsell': {
    path: '/admin/upsell',
    scope: 'discounts',
    layout: 'shell',
    title: 'Boost UpSell',
    about: 'Upsell and cross-sell offers shown in the cart and after checkout.',
    menu: { group: 'marketing', title: 'Boost UpSell', icon: IconTrendingUp, variants: LIMITED },
    miniNav: 'apps',
  },
  'website.upsell.create': {
    path: '/admin/upsell/new',
    scope: 'discounts',
    layout: 'shell',
    title: 'Create offer',
    about: 'A new Boost UpSell offer: type, trigger, offered products, discount or tiers, priority and schedule.',
  },
  'website.upsell.update': {
    path: '/admin/upsell/$id',
    scope: 'discounts',
    layout: 'shell',
    title: 'Edit offer',
    about: 'One Boost UpSell offer with its views, adds, orders and revenue.',
  },
  // ── Apps ──────────────────────────────────────────────────────────────────────────────────────
  'website.apps': {
    path: '/admin/apps',
    scope: 'apps',
    layout: 'shell',
    title: 'Apps',
    about: 'The apps installed on your store and the ones you can add.',
    menu: { group: 'apps', title: 'All apps', icon: IconApps, variants: FULL },
    miniNav: 'apps',
  },
  'website.apps.widgets.list': {
    path: '/admin/apps/widgets',
    scope: 'apps',
    layout: 'shell',
    title: 'Product Widget',
    about: 'Product widgets (bought together, recently viewed …) placed on storefront pages.',
    menu: { group: 'apps', title: 'Product Widget', icon: IconLayoutGrid, variants: FULL },
    miniNav: 'apps',
  },
  // ── Online Store ──────────────────────────────────────────────────────────────────────────────
  'website.themes': {
    path: '/admin/themes',
    scope: 'themes',
    layout: 'shell',
    title: 'Themes',
    about: 'Your themes: the published one, the others, customise and publish.',
    menu: { group: 'online-store', title: 'Themes', icon: IconBrush, variants: BOTH },
  },
  'website.pages': {
    path: '/admin/pages',
    scope: 'pages',
    layout: 'shell',
    title: 'Pages',
    about: 'Content pages of the storefront (About us, policies, contact).',
    menu: { group: 'online-store', title: 'Pages', icon: IconFileText, variants: BOTH },
    search: PAGES_SEARCH,
  },
  'website.pages.create': {
    path: '/admin/pages/new',
    scope: 'pages',
    layout: 'shell',
    title: 'Add page',
    about: 'A new content page: title, rich-text content, visibility and search engine listing.',
  },
  'website.pages.update': {
    path: '/admin/pages/$id',
    scope: 'pages',
    layout: 'shell',
    title: 'Edit page',
    about: 'One content page: title, rich-text content, visibility and search engine listing.',
  },
  'website.menus': {
    path: '/admin/menus',
    scope: 'navigations',
    layout: 'shell',
    title: 'Navigation',
    about: 'The storefront menus (main menu, footer) and their links.',
    menu: { group: 'online-store', title: 'Navigation', icon: IconMenu2, variants: BOTH },
  },
  'website.menus.create': {
    path: '/admin/menus/new',
    scope: 'navigations',
    layout: 'shell',
    title: 'Add menu',
    about: 'A new storefront menu: its title, handle and items, nested by dragging.',
  },
  'website.menus.update': {
    path: '/admin/menus/$id',
    scope: 'navigations',
    layout: 'shell',
    title: 'Edit menu',
    about: 'One storefront menu: its items, nested up to three levels by dragging or with Indent and Outdent.',
  },
  'website.domain': {
    path: '/admin/domains',
    scope: 'domains',
    layout: 'shell',
    title: 'Domains',
    about: 'Your system domain, connected custom domains and domains to buy.',
    menu: { group: 'online-store', title: 'Domains', icon: IconWorld, variants: BOTH },
  },
  'website.preferences': {
    path: '/admin/preferences',
    scope: 'preferences',
    layout: 'shell',
    title: 'Preferences',
    about: 'Store name, timezone, business type, SEO and tracking settings.',
    menu: { group: 'online-store', title: 'Preferences', icon: IconAdjustments, variants: BOTH },
  },
  // ── Settings ──────────────────────────────────────────────────────────────────────────────────
  'website.settings': {
    path: '/admin/settings',
    scope: 'settings',
    layout: 'shell',
    title: 'Settings',
    about: 'Store settings: general details, checkout, shipping and taxes.',
    menu: { group: 'settings', title: 'General', icon: IconSettings, variants: BOTH },
  },
  'website.settings.payout': {
    path: '/admin/settings/payout',
    scope: 'settings',
    layout: 'shell',
    title: 'Payout',
    about: 'Payout cards, payout configuration, balance and payout requests.',
    menu: { group: 'settings', title: 'Payout', icon: IconCash, variants: BOTH },
  },
  'website.settings.payout.request': {
    path: '/admin/settings/payout/request',
    scope: 'settings',
    layout: 'shell',
    title: 'Request a payout',
    about: 'The Payout screen with its payout request dialog open: the amount, up to the balance available to pay out.',
  },
  'website.settings.account': {
    path: '/admin/settings/account',
    scope: 'settings',
    layout: 'shell',
    title: 'Plan',
    about: 'Your plan and trial, and the plans to choose from.',
    menu: { group: 'settings', title: 'Plan', icon: IconCreditCard, variants: BOTH },
  },
  'website.member': {
    path: '/admin/member',
    scope: 'store',
    layout: 'shell',
    title: 'Member',
    about: 'Staff accounts: add staff, choose their permissions, end their sessions.',
    menu: { group: 'settings', title: 'Member', icon: IconUserShield, variants: FULL },
  },
  'website.notification': {
    path: '/admin/notification',
    scope: 'settings',
    layout: 'shell',
    title: 'Telegram',
    about: 'Order and payout notifications sent to your Telegram.',
    menu: { group: 'settings', title: 'Telegram', icon: IconBrandTelegram, variants: LIMITED },
    miniNav: 'apps',
  },
  'website.custom-store': {
    path: '/admin/custom-store',
    scope: 'store',
    layout: 'shell',
    title: 'Custom Store',
    about: 'Stores built to order for one client, with their own settings.',
    menu: { group: 'settings', title: 'Custom Store', icon: IconBuildingStore, variants: BOTH, when: 'customStoreUser' },
  },
  // ── Outside the menu ──────────────────────────────────────────────────────────────────────────
  'website.profile': {
    path: '/admin/profile',
    scope: null,
    layout: 'shell',
    title: 'Profile',
    about: 'Your name, picture and password, and your sign-in history.',
  },
  'no-access': {
    path: '/admin/no-access',
    scope: null,
    layout: 'shell',
    title: 'No access',
    about: 'You do not have permission to open this page.',
  },
  // ── Full-screen editors with no toolbar (§2) ──────────────────────────────────────────────────
  'website.themes.editor': {
    path: '/admin/themes/editor/$themeId',
    scope: 'themes',
    layout: 'fullscreen',
    title: 'Theme editor',
    about: 'The theme editor: sections and settings on the left, the live storefront preview on the right.',
  },
  'book-editor': {
    path: '/admin/book-editor',
    scope: 'products',
    layout: 'fullscreen',
    title: 'Book editor',
    about: 'The page-by-page editor of personalised books.',
    search: DESIGN_EDITOR_SEARCH,
  },
  'book2-editor': {
    path: '/admin/book2-editor',
    scope: 'products',
    layout: 'fullscreen',
    title: 'Book editor 2',
    about: 'The second-generation personalised book editor.',
    search: DESIGN_EDITOR_SEARCH,
  },
  'print-hub-editor': {
    path: '/admin/print-hub-editor',
    scope: 'products',
    layout: 'fullscreen',
    title: 'Print hub editor',
    about: 'The print-file editor of print-on-demand products.',
    search: DESIGN_EDITOR_SEARCH,
  },
  // ── Sign-in pages (§2 Authentication routes) ──────────────────────────────────────────────────
  'auth.login': { path: '/auth/login', scope: null, layout: 'auth', title: 'Sign in', about: 'Sign in to the dashboard.' },
  'auth.shop': { path: '/auth/shop', scope: null, layout: 'auth', title: 'Select a shop', about: 'Choose the shop to manage.' },
  'auth.forgot': {
    path: '/auth/forgot',
    scope: null,
    layout: 'auth',
    title: 'Forgot password',
    about: 'Ask for a link to reset your password.',
  },
  'auth.reset': { path: '/auth/reset', scope: null, layout: 'auth', title: 'Reset password', about: 'Choose a new password.' },
  'auth.join': {
    path: '/auth/join',
    scope: null,
    layout: 'auth',
    title: 'Join a shop',
    about: 'Accept a staff invitation by choosing a password.',
  },
  'auth.register': {
    path: '/auth/register',
    scope: null,
    layout: 'auth',
    title: 'Create your store',
    about: 'Sign up and create your shop (partner link only).',
  },
  'auth.survey': {
    path: '/auth/survey',
    scope: null,
    layout: 'auth',
    title: 'Tell us about your business',
    about: 'A few questions about your business before you start.',
  },
} as const satisfies Record<string, RouteDef>;

/** Every route name of the registry. */
export type RouteName = keyof typeof ROUTES;
/** Route names in declaration order. */
export const ROUTE_NAMES = Object.keys(ROUTES) as RouteName[];

/** True when `scopes` allow a route of scope `scope` (§6; null = any member). */
export function isPermitted(scope: Scope | null, scopes: readonly Scope[]): boolean {
  return scope === null || scopes.includes(scope);
}

/** Path of a route with its `$params` filled in, e.g. routePath('website.orders.detail', {id: 'x'}) → /admin/orders/detail/x. */
export function routePath(name: RouteName, params: Record<string, string> = {}): string {
  return ROUTES[name].path.replace(/\$([A-Za-z]+)/g, (_m, key: string) => encodeURIComponent(params[key] ?? ''));
}

/**
 * Routes shown in the apps mini navigation (§2 "Apps routes get a mini navigation", issue 18 item 3): the Apps hub
 * and each app's screen, in the hub's order. Every route listed carries `miniNav: 'apps'` (routes.test.ts).
 */
export const APPS_NAV: readonly RouteName[] = [
  'website.apps',
  'website.apps.product-review.list',
  'website.upsell',
  'website.apps.widgets.list',
  'website.notification',
  'website.pixel.sharePixel',
  'website.sizechart',
];
