import { z } from 'zod';
import { WIDGET_DAYS_DEFAULT, WIDGET_DAYS_MAX, WIDGET_PRODUCTS_MAX, WIDGET_TITLE_MAX, WIDGET_VIEWED_MAX } from './limits.js';
import { StorefrontProductCard } from './storefront.js';

/**
 * Contracts of the product widgets (issue 18 item 2, route website.apps.widgets.list; the theme editor's "Product
 * Widget link", theme-editor §2, lands on their screen).
 */

/**
 * What a widget shows: the shop's best sellers (units sold in paid orders of the last `days` days, net of refunded units), what this
 * shopper viewed recently (their browser's list), what was bought together with the page's product(s) (co-purchase
 * counts over the last `days` days), products the merchant picked, or other products of the product's collections.
 */
export const WIDGET_KINDS = ['best_sellers', 'recently_viewed', 'also_bought', 'handpicked', 'same_collection'] as const;
export const WidgetKind = z.enum(WIDGET_KINDS, {
  message: 'kind must be best_sellers, recently_viewed, also_bought, handpicked or same_collection',
});
export type WidgetKind = z.infer<typeof WidgetKind>;

/** Where the storefront renders it: above or below the product description, in the cart, on the home page. */
export const WIDGET_PLACEMENTS = ['product_above_description', 'product_below_description', 'cart', 'home'] as const;
export const WidgetPlacement = z.enum(WIDGET_PLACEMENTS, {
  message: 'placement must be product_above_description, product_below_description, cart or home',
});
export type WidgetPlacement = z.infer<typeof WidgetPlacement>;

/** How the cards are laid out: a grid, or one row that scrolls sideways. */
export const WIDGET_LAYOUTS = ['grid', 'carousel'] as const;
export const WidgetLayout = z.enum(WIDGET_LAYOUTS, { message: 'layout must be grid or carousel' });
export type WidgetLayout = z.infer<typeof WidgetLayout>;

/**
 * `POST /api/widgets`, `PUT /api/widgets/{id}`: `{kind, placement, title, limit, productIds?}` (issue 18 item 2) plus
 * `layout` (default grid), `days` (the window of best sellers and also bought, default WIDGET_DAYS_DEFAULT) and
 * `active` (default true). `productIds` (the merchant's picks, in order) is required for and only taken by
 * `handpicked`; every id must be a product of the shop (checked by the server, 400 otherwise).
 */
export const WidgetBody = z
  .object({
    kind: WidgetKind,
    placement: WidgetPlacement,
    title: z.string().trim().min(1, 'title is required').max(WIDGET_TITLE_MAX, `title must have at most ${WIDGET_TITLE_MAX} characters`),
    limit: z
      .number({ message: `limit must be a whole number from 1 to ${WIDGET_PRODUCTS_MAX}` })
      .int(`limit must be a whole number from 1 to ${WIDGET_PRODUCTS_MAX}`)
      .min(1, `limit must be a whole number from 1 to ${WIDGET_PRODUCTS_MAX}`)
      .max(WIDGET_PRODUCTS_MAX, `limit must be a whole number from 1 to ${WIDGET_PRODUCTS_MAX}`),
    productIds: z
      .array(z.uuid('productIds must be product ids'))
      .max(WIDGET_PRODUCTS_MAX, `at most ${WIDGET_PRODUCTS_MAX} products`)
      .refine((a) => new Set(a).size === a.length, 'each product once')
      .optional(),
    layout: WidgetLayout.default('grid'),
    days: z
      .number({ message: `days must be a whole number from 1 to ${WIDGET_DAYS_MAX}` })
      .int(`days must be a whole number from 1 to ${WIDGET_DAYS_MAX}`)
      .min(1, `days must be a whole number from 1 to ${WIDGET_DAYS_MAX}`)
      .max(WIDGET_DAYS_MAX, `days must be a whole number from 1 to ${WIDGET_DAYS_MAX}`)
      .default(WIDGET_DAYS_DEFAULT),
    active: z.boolean({ message: 'active must be true or false' }).default(true),
  })
  .superRefine((b, ctx) => {
    if (b.kind === 'handpicked' && !b.productIds?.length) {
      ctx.addIssue({ code: 'custom', path: ['productIds'], message: 'choose at least one product for a handpicked widget' });
    }
    if (b.kind !== 'handpicked' && b.productIds?.length) {
      ctx.addIssue({ code: 'custom', path: ['productIds'], message: 'only handpicked widgets take productIds' });
    }
  });
export type WidgetBody = z.input<typeof WidgetBody>;

/** A widget as the admin reads it; `products` names the handpicked products (id, title, handle) in their order. */
export const Widget = z.object({
  id: z.uuid(),
  kind: WidgetKind,
  placement: WidgetPlacement,
  title: z.string(),
  limit: z.number().int(),
  layout: WidgetLayout,
  days: z.number().int(),
  active: z.boolean(),
  productIds: z.array(z.uuid()),
  products: z.array(z.object({ id: z.uuid(), title: z.string(), handle: z.string() })),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type Widget = z.infer<typeof Widget>;

/** `GET /api/widgets`: the shop's widgets by placement, then oldest first. */
export const WidgetList = z.object({ widgets: z.array(Widget) });
export type WidgetList = z.infer<typeof WidgetList>;

const handleList = z
  .string()
  .max(WIDGET_VIEWED_MAX * 256)
  .optional()
  .transform((s) =>
    (s ?? '')
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean)
      .slice(0, WIDGET_VIEWED_MAX),
  );

/**
 * `GET /api/storefront/widgets?placement=&product=&cart=&viewed=` on a shop's host: `product` = the product page's
 * handle, `cart` = the cart's product handles (comma-separated), `viewed` = the shopper's recently viewed handles,
 * newest first (at most WIDGET_VIEWED_MAX read).
 */
export const StorefrontWidgetsQuery = z.object({
  placement: WidgetPlacement,
  product: z.string().max(256).optional(),
  cart: handleList,
  viewed: handleList,
});

/** One widget as the storefront renders it: its title, layout and the products chosen for this page (cents). */
export const StorefrontWidget = z.object({
  id: z.uuid(),
  kind: WidgetKind,
  title: z.string(),
  layout: WidgetLayout,
  products: z.array(StorefrontProductCard),
});
export type StorefrontWidget = z.infer<typeof StorefrontWidget>;

/** `GET /api/storefront/widgets`: the shop's active widgets of the placement that have products to show. */
export const StorefrontWidgetsResponse = z.object({ widgets: z.array(StorefrontWidget) });
export type StorefrontWidgetsResponse = z.infer<typeof StorefrontWidgetsResponse>;
