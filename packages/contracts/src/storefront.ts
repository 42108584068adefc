import { z } from 'zod';

/**
 * The public storefront API (`/api/storefront/…`, issue 5 item 5): only what a shopper may see. The store is the
 * one the request's `Host` names (DESIGN.md "One process, three faces"); no session, no `X-Store-Id`.
 * Money is integer cents of the store currency (`…Cents`), as in the database.
 */

/** A shop as a shopper sees it. */
export const StorefrontShop = z
  .object({
    id: z.uuid(),
    name: z.string(),
    handle: z.string(),
    /** ISO 4217 code, e.g. USD. */
    currency: z.string(),
    /** The host the request came in on, e.g. demo.localhost. */
    domain: z.string(),
  })
  .meta({ id: 'StorefrontShop' });
export type StorefrontShop = z.infer<typeof StorefrontShop>;

/** A menu item: a title and a storefront path (`/collections/{handle}`, `/pages/{handle}`, `/`). */
export interface StorefrontMenuItem {
  title: string;
  url: string;
  items?: StorefrontMenuItem[];
}
// Recursive: the id makes it one OpenAPI component that refers to itself (without it the document has a dangling $ref).
export const StorefrontMenuItem: z.ZodType<StorefrontMenuItem> = z
  .lazy(() => z.object({ title: z.string(), url: z.string(), items: z.array(StorefrontMenuItem).optional() }))
  .meta({ id: 'StorefrontMenuItem' });
/** A menu by handle (main-menu, footer …). */
export const StorefrontMenu = z.object({ handle: z.string(), title: z.string(), items: z.array(StorefrontMenuItem) });
export type StorefrontMenu = z.infer<typeof StorefrontMenu>;

/**
 * GET /api/storefront/shop: what the storefront needs before it renders — the shop, the published theme (its
 * config filled with the defaults of theme-editor §4/§9), the menus, and the admin origin the preview bridge
 * accepts messages from. The same object is inlined in index.html so the first paint needs no round trip.
 */
export const StorefrontBootstrap = z
  .object({
    shop: StorefrontShop,
    theme: z
      .object({
        id: z.string(),
        name: z.string(),
        /** newchick (FASHION) or hydro (DEFAULT), by the theme-type rule of theme-editor §1. */
        type: z.enum(['newchick', 'hydro']),
        /** The theme config of theme-editor §3, validated and filled by `@backroom/theme`. */
        config: z.record(z.string(), z.unknown()),
      })
      .nullable(),
    menus: z.array(StorefrontMenu),
    /** Whether the published theme has checkout customJs (served by /api/storefront/custom.js, public site only). */
    hasCustomJs: z.boolean(),
    /** Origin allowed to post preview messages, e.g. http://localhost:3000. */
    adminOrigin: z.string(),
  })
  .meta({ id: 'StorefrontBootstrap' });
export type StorefrontBootstrap = z.infer<typeof StorefrontBootstrap>;

/** A product in a grid: the cheapest variant's price and the first image. */
export const StorefrontProductCard = z
  .object({
    id: z.uuid(),
    handle: z.string(),
    title: z.string(),
    priceCents: z.number().int(),
    /** Compare-at price of the same variant when it is higher than the price, else null. */
    compareAtPriceCents: z.number().int().nullable(),
    imageSrc: z.string().nullable(),
    /** The second image, shown on hover in newchick grids. */
    hoverImageSrc: z.string().nullable(),
    vendor: z.string(),
    /** The cheapest variant's id (the one priced): quick "add to cart" from a grid. */
    variantId: z.uuid(),
  })
  .meta({ id: 'StorefrontProductCard' });
export type StorefrontProductCard = z.infer<typeof StorefrontProductCard>;

export const StorefrontVariant = z.object({
  id: z.uuid(),
  /** Option values joined with " / ", e.g. "Black / M"; "Default Title" for a single variant. */
  title: z.string(),
  option1: z.string().nullable(),
  option2: z.string().nullable(),
  option3: z.string().nullable(),
  priceCents: z.number().int(),
  compareAtPriceCents: z.number().int().nullable(),
  /** In stock, or not tracked (inventory ≤ 0 is still sellable in test mode: print-on-demand). */
  inventoryQty: z.number().int(),
  imageSrc: z.string().nullable(),
});
export type StorefrontVariant = z.infer<typeof StorefrontVariant>;

/** GET /api/storefront/products/{handle}: a published product; `bodyHtml` is sanitised merchant HTML. */
export const StorefrontProduct = z
  .object({
    id: z.uuid(),
    handle: z.string(),
    title: z.string(),
    bodyHtml: z.string(),
    vendor: z.string(),
    productType: z.string(),
    tags: z.array(z.string()),
    optionNames: z.array(z.string()),
    images: z.array(z.object({ src: z.string(), alt: z.string() })),
    variants: z.array(StorefrontVariant),
    collections: z.array(z.object({ handle: z.string(), title: z.string() })),
  })
  .meta({ id: 'StorefrontProduct' });
export type StorefrontProduct = z.infer<typeof StorefrontProduct>;

/** A collection with its product count. */
export const StorefrontCollection = z
  .object({
    id: z.uuid(),
    handle: z.string(),
    title: z.string(),
    description: z.string(),
    imageSrc: z.string().nullable(),
    productsCount: z.number().int(),
  })
  .meta({ id: 'StorefrontCollection' });
export type StorefrontCollection = z.infer<typeof StorefrontCollection>;

/** GET /api/storefront/collections query: 1-based page, at most 100 a page, optional title search. */
export const StorefrontCollectionsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  search: z.string().max(200).optional(),
});
export const StorefrontCollectionsResponse = z.object({ collections: z.array(StorefrontCollection), total: z.number().int() });
export type StorefrontCollectionsResponse = z.infer<typeof StorefrontCollectionsResponse>;

/** Sort orders of a product grid. */
export const StorefrontSort = z.enum(['manual', 'newest', 'price-asc', 'price-desc', 'title-asc']);

/**
 * GET /api/storefront/products query: products of a collection (by handle) or all, filtered by a title search,
 * 1-based page, at most 60 a page (limit-product of theme-editor §5 goes up to 50).
 */
export const StorefrontProductsQuery = z.object({
  collection: z.string().max(200).optional(),
  /** Comma-joined product ids (flash-deal products of theme-editor §3 are stored by id), at most 50. */
  ids: z
    .string()
    .optional()
    .transform((s) =>
      s
        ? s
            .split(',')
            .map((x) => x.trim())
            .filter(Boolean)
        : undefined,
    )
    .pipe(z.array(z.uuid('ids must be comma-joined product ids')).max(50).optional()),
  search: z.string().max(200).optional(),
  sort: StorefrontSort.default('manual'),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(60).default(24),
});
export const StorefrontProductsResponse = z.object({
  products: z.array(StorefrontProductCard),
  total: z.number().int(),
  page: z.number().int(),
});
export type StorefrontProductsResponse = z.infer<typeof StorefrontProductsResponse>;

/** GET /api/storefront/collections/{handle}: the collection (its products come from /products?collection=). */
export const StorefrontCollectionResponse = StorefrontCollection;

/** GET /api/storefront/pages/{handle}: a published page; `bodyHtml` sanitised. */
export const StorefrontPage = z.object({ handle: z.string(), title: z.string(), bodyHtml: z.string() }).meta({ id: 'StorefrontPage' });
export type StorefrontPage = z.infer<typeof StorefrontPage>;

/** Event types a storefront may send; `purchased` is written only by the checkout (issue 5 item 5). */
export const STOREFRONT_EVENT_TYPES = ['view_store', 'add_to_cart', 'reached_checkout'] as const;
export const StorefrontEventType = z.enum(STOREFRONT_EVENT_TYPES);

/** At most this many events in one batch. */
export const STOREFRONT_EVENTS_MAX_BATCH = 50;

/** A visitor session id: 8–64 characters of [A-Za-z0-9_-] (the storefront makes a random UUID per tab session). */
export const VisitorSessionId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be 8 to 64 letters, digits, - or _');

/**
 * POST /api/storefront/events body: a batch of `[{type, visitorSessionId, occurredAt?}]`. occurredAt (ISO 8601)
 * defaults to now and must lie within the last 24 hours (5 minutes of clock skew allowed ahead).
 */
export const StorefrontEventsBody = z
  .array(
    z.object({
      type: StorefrontEventType,
      visitorSessionId: VisitorSessionId,
      occurredAt: z.iso.datetime({ offset: true }).optional(),
    }),
  )
  .min(1, 'at least one event')
  .max(STOREFRONT_EVENTS_MAX_BATCH, `at most ${STOREFRONT_EVENTS_MAX_BATCH} events`);
export type StorefrontEventsBody = z.infer<typeof StorefrontEventsBody>;
export const StorefrontEventsResponse = z.object({ accepted: z.number().int() });

/** Quantity of one cart line: 1 to 99. */
export const CART_MAX_QTY = 99;

/**
 * POST /api/storefront/checkout body (test mode): cart lines by variant id and quantity, the customer, an
 * optional note (checkout `isCustomerNote`, theme-editor §3). Prices are read from the database, never from here.
 */
export const StorefrontCheckoutBody = z
  .object({
    lines: z
      .array(z.object({ variantId: z.uuid(), quantity: z.number().int().min(1).max(CART_MAX_QTY) }))
      .min(1, 'the cart is empty')
      .max(100),
    customer: z.object({
      email: z.email(),
      firstName: z.string().trim().min(1, 'Required.').max(100),
      lastName: z.string().trim().min(1, 'Required.').max(100),
      address1: z.string().trim().min(1, 'Required.').max(200),
      city: z.string().trim().min(1, 'Required.').max(100),
      zip: z.string().trim().max(20).default(''),
      country: z.string().trim().min(1, 'Required.').max(100),
      phone: z.string().trim().max(40).default(''),
    }),
    note: z.string().max(2000).default(''),
    visitorSessionId: VisitorSessionId,
  })
  .meta({ id: 'StorefrontCheckoutBody' });
export type StorefrontCheckoutBody = z.input<typeof StorefrontCheckoutBody>;

/** One line of a placed order, priced from the database. */
export const StorefrontOrderLine = z.object({
  productId: z.uuid(),
  variantId: z.uuid(),
  handle: z.string(),
  title: z.string(),
  variantTitle: z.string(),
  sku: z.string(),
  quantity: z.number().int(),
  priceCents: z.number().int(),
  imageSrc: z.string().nullable(),
});
export type StorefrontOrderLine = z.infer<typeof StorefrontOrderLine>;

/**
 * A placed order as the thank-you page shows it (checkout answer, and GET /api/storefront/orders/{id}?token=).
 * `token` lets the same browser reload its thank-you page; it reveals nothing else.
 */
export const StorefrontOrder = z
  .object({
    id: z.uuid(),
    token: z.string(),
    orderNumber: z.number().int(),
    orderName: z.string(),
    createdAt: z.string(),
    currency: z.string(),
    subtotalCents: z.number().int(),
    shippingCents: z.number().int(),
    grandTotalCents: z.number().int(),
    financialStatus: z.string(),
    paymentName: z.string(),
    lines: z.array(StorefrontOrderLine),
    customer: z.object({ name: z.string(), email: z.string() }),
    shippingAddress: z.string(),
    note: z.string(),
  })
  .meta({ id: 'StorefrontOrder' });
export type StorefrontOrder = z.infer<typeof StorefrontOrder>;
