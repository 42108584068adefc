import { z } from 'zod';
import { queryNumber } from './bounds.js';
import {
  ATTRIBUTION_CLICK_ID_MAX,
  ATTRIBUTION_PATH_MAX,
  ATTRIBUTION_REFERRER_MAX,
  ATTRIBUTION_UTM_MAX,
  COLLECTION_PAGE_SIZE,
  STOREFRONT_COLLECTIONS_PAGE_SIZE,
} from './limits.js';
import { AppliedOffer } from './upsell.js';

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
    /**
     * The shop's UTC offset now, minutes east of UTC (−480 = PST), from its time zone preference: the storefront
     * dates its delivery promises on the shop's calendar without Intl (contracts' delivery.ts, issue 31 item 1).
     */
    utcOffsetMinutes: z.number().int().optional(),
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
  /**
   * Can be bought (Shopify's `variant.available`): it has stock, or its inventory policy is `continue` (sold when out
   * of stock). False = "Sold out" on the product page, as the checkout would refuse it (issue 13 item 4).
   */
  available: z.boolean(),
  /**
   * Whether its stock is counted down to zero (inventory policy `deny`); false for a variant sold whatever its count
   * (`continue`: print-on-demand), which never shows a "left in stock" message (issue 31 item 2).
   */
  tracksStock: z.boolean().optional(),
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
  limit: z.coerce.number().int().min(1).max(100).default(STOREFRONT_COLLECTIONS_PAGE_SIZE),
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
/** A repeatable query parameter (one value or several), at most 30 values of 255 characters. */
const FilterValues = z
  .union([z.string().max(255), z.array(z.string().max(255)).max(30, 'at most 30 values')])
  .optional()
  .transform((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]));

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
  limit: z.coerce.number().int().min(1).max(60).default(COLLECTION_PAGE_SIZE),
  /** Shopper filters of the collection page (issue 13 item 6; GET /api/storefront/filters lists them): `Name:Value`, repeatable. */
  option: FilterValues,
  /** Vendors, repeatable (any of them). */
  vendor: FilterValues,
  /** Product types, repeatable (any of them). */
  type: FilterValues,
  /** `1`: only products with a variant in stock (or sold when out of stock). */
  available: z.literal('1', { message: "available must be '1'" }).optional(),
  /** Price bounds in cents, inclusive. */
  priceMin: queryNumber('priceMin', { message: 'priceMin must be a whole number of cents' }).optional(),
  priceMax: queryNumber('priceMax', { message: 'priceMax must be a whole number of cents' }).optional(),
});
export const StorefrontProductsResponse = z.object({
  products: z.array(StorefrontProductCard),
  total: z.number().int(),
  page: z.number().int(),
});
export type StorefrontProductsResponse = z.infer<typeof StorefrontProductsResponse>;

/** GET /api/storefront/collections/{handle}: the collection (its products come from /products?collection=). */
export const StorefrontCollectionResponse = StorefrontCollection.meta({ description: 'A collection of the shop.' });

/** GET /api/storefront/pages/{handle}: a published page; `bodyHtml` sanitised. */
export const StorefrontPage = z
  .object({ handle: z.string(), title: z.string(), bodyHtml: z.string(), seoTitle: z.string(), seoDescription: z.string() })
  .meta({ id: 'StorefrontPage' });
export type StorefrontPage = z.infer<typeof StorefrontPage>;

/** Event types a storefront may send; `purchased` is written only by the checkout (issue 5 item 5). */
export const STOREFRONT_EVENT_TYPES = ['view_store', 'add_to_cart', 'reached_checkout'] as const;
export const StorefrontEventType = z.enum(STOREFRONT_EVENT_TYPES);

/** At most this many events in one batch. */
export const STOREFRONT_EVENTS_MAX_BATCH = 50;

/** A visitor session id: 8–64 characters of [A-Za-z0-9_-] (the storefront makes a random UUID per tab session). */
export const VisitorSessionId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be 8 to 64 letters, digits, - or _');

const bounded = (max: number) => z.string().max(max, `must be at most ${max} characters`).optional();

/**
 * First-touch attribution a storefront sends with the FIRST event of a visitor session (issue 17 item 1), every
 * field optional: `landingPath` (path and query of the landing URL, starting with '/'), `referrer` (document.referrer
 * when it is another site), the landing URL's `utm_*` parameters and ad click ids (`fbclid` → facebook, `ttclid` →
 * tiktok, `gclid` → google; kept as the network only). Lengths bounded by the ATTRIBUTION_* limits.
 */
export const EventAttribution = z.object({
  landingPath: z
    .string()
    .max(ATTRIBUTION_PATH_MAX, `must be at most ${ATTRIBUTION_PATH_MAX} characters`)
    .regex(/^\//, "must start with '/'")
    .optional(),
  referrer: bounded(ATTRIBUTION_REFERRER_MAX),
  utm_source: bounded(ATTRIBUTION_UTM_MAX),
  utm_medium: bounded(ATTRIBUTION_UTM_MAX),
  utm_campaign: bounded(ATTRIBUTION_UTM_MAX),
  utm_term: bounded(ATTRIBUTION_UTM_MAX),
  utm_content: bounded(ATTRIBUTION_UTM_MAX),
  fbclid: bounded(ATTRIBUTION_CLICK_ID_MAX),
  ttclid: bounded(ATTRIBUTION_CLICK_ID_MAX),
  gclid: bounded(ATTRIBUTION_CLICK_ID_MAX),
});
export type EventAttribution = z.infer<typeof EventAttribution>;

/**
 * POST /api/storefront/events body: a batch of `[{type, visitorSessionId, occurredAt?, …EventAttribution}]`. occurredAt (ISO 8601)
 * defaults to now and must lie within the last 24 hours (5 minutes of clock skew allowed ahead).
 */
export const StorefrontEventsBody = z
  .array(
    z.object({
      type: StorefrontEventType,
      visitorSessionId: VisitorSessionId,
      occurredAt: z.iso.datetime({ offset: true }).optional(),
      ...EventAttribution.shape,
    }),
  )
  .min(1, 'at least one event')
  .max(STOREFRONT_EVENTS_MAX_BATCH, `at most ${STOREFRONT_EVENTS_MAX_BATCH} events`);
export type StorefrontEventsBody = z.infer<typeof StorefrontEventsBody>;
export const StorefrontEventsResponse = z.object({ accepted: z.number().int() });

/** Quantity of one cart line: 1 to 99. */
export const CART_MAX_QTY = 99;

/** At most this many properties on one order line (a personalisation has at most this many fields). */
export const LINE_PROPERTIES_MAX = 20;

/**
 * A line item property (Shopify's vocabulary): what a shopper entered for one personalisation field of the product
 * (spec admin-dashboard §7 Personalisation; issue 11 item 4) — `name` is the field's label, `value` the text typed
 * or the URL of the picture uploaded. The checkout checks them against the product's personalisation.
 */
export const LineItemProperty = z
  .object({
    name: z.string().trim().min(1, 'name is required').max(100, 'name must have at most 100 letters'),
    value: z.string().max(2000, 'value must have at most 2000 letters'),
  })
  .meta({ id: 'LineItemProperty' });
export type LineItemProperty = z.infer<typeof LineItemProperty>;

/**
 * Cart lines by variant id and quantity (1–99), 1 to 100 of them, each with its personalisation values
 * (`properties`; lines of one variant with different properties stay apart).
 */
const CartLines = z
  .array(
    z.object({
      variantId: z.uuid(),
      quantity: z.number().int().min(1).max(CART_MAX_QTY),
      properties: z.array(LineItemProperty).max(LINE_PROPERTIES_MAX, `at most ${LINE_PROPERTIES_MAX} properties`).default([]),
    }),
  )
  .min(1, 'the cart is empty')
  .max(100);

/** A discount code as a shopper sends it (trimmed, at most 255 characters; '' = none). */
const ShopperDiscountCode = z.string().trim().max(255).optional();

/**
 * The secret token of a storefront checkout (issue 12 item 5): 32 base64url characters the server made when the
 * shopper entered the e-mail. It updates that checkout, completes it with the order and recovers its cart.
 */
export const CheckoutToken = z.string().regex(/^[A-Za-z0-9_-]{32}$/, 'must be a checkout token');

/**
 * POST /api/storefront/checkout body (test mode): cart lines by variant id and quantity, the customer, an
 * optional note (checkout `isCustomerNote`, theme-editor §3), an optional `discountCode` (issue 12 item 6: an
 * unknown, expired or used-up code is refused with 400 `discountCode: …`) and the `checkoutToken` of the checkout
 * the shopper started (completed by this order). Prices and discounts are computed from the database, never from here.
 */
export const StorefrontCheckoutBody = z
  .object({
    lines: CartLines,
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
    discountCode: ShopperDiscountCode,
    checkoutToken: CheckoutToken.optional(),
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
  /** Personalisation values the shopper entered ([] for a line without personalisation; older orders too). */
  properties: z.array(LineItemProperty),
  /** The Boost UpSell offer that added this line after payment (post-purchase, issue 18 item 1); absent otherwise. */
  offerId: z.uuid().optional(),
});
export type StorefrontOrderLine = z.infer<typeof StorefrontOrderLine>;

/** A discount applied to a cart or an order: its title, its code (null for an automatic discount) and amount in cents. */
export const AppliedDiscount = z.object({
  title: z.string(),
  code: z.string().nullable(),
  type: z.enum(['percentage', 'fixed_amount', 'free_shipping', 'buy_x_get_y']),
  amountCents: z.number().int(),
});
export type AppliedDiscount = z.infer<typeof AppliedDiscount>;

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
    /** The day the order was placed on the shop's calendar, YYYY-MM-DD (delivery promises, issue 31 item 1). */
    placedOn: z.string().optional(),
    /** The shop day of the order's first fulfilment, YYYY-MM-DD; null while nothing has shipped (issue 31 item 1). */
    shippedOn: z.string().nullable().optional(),
    currency: z.string(),
    subtotalCents: z.number().int(),
    /** Total of the discounts applied, cents: grandTotalCents = subtotalCents − discountCents + shippingCents. */
    discountCents: z.number().int(),
    discounts: z.array(AppliedDiscount),
    /** Boost UpSell offers applied (issue 18 item 1); their amounts are part of discountCents. */
    offers: z.array(AppliedOffer),
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

/**
 * POST /api/storefront/cart/quote body (issue 12 item 6 "the storefront cart takes a code and shows the reduction"):
 * the cart's lines, the code the shopper typed (optional) and their e-mail when known (per-customer limits).
 */
export const StorefrontCartQuoteBody = z
  .object({ lines: CartLines, discountCode: ShopperDiscountCode, email: z.email().optional() })
  .meta({ id: 'StorefrontCartQuoteBody' });
export type StorefrontCartQuoteBody = z.input<typeof StorefrontCartQuoteBody>;

/**
 * The cart priced by the server (cents): subtotal, the discounts that apply (the code and the automatic ones it
 * combines with), shipping and total. `discountCodeError` says why a typed code does not apply (then it is left
 * out of the totals), e.g. 'This discount code has expired'. Lines of variants no longer sold are left out.
 */
export const StorefrontCartQuote = z
  .object({
    subtotalCents: z.number().int(),
    discountCents: z.number().int(),
    shippingCents: z.number().int(),
    totalCents: z.number().int(),
    discounts: z.array(AppliedDiscount),
    /** Boost UpSell offers applied (issue 18 item 1); their amounts are part of discountCents. */
    offers: z.array(AppliedOffer),
    discountCodeError: z.string().nullable(),
  })
  .meta({ id: 'StorefrontCartQuote' });
export type StorefrontCartQuote = z.infer<typeof StorefrontCartQuote>;

/**
 * POST /api/storefront/checkouts body (issue 12 item 5): the checkout as the shopper fills it in — recorded once an
 * e-mail is entered, then updated with the same `token`. Answers the token.
 */
export const StorefrontCheckoutDraftBody = z.object({
  token: CheckoutToken.optional(),
  email: z.email(),
  firstName: z.string().trim().max(100).default(''),
  lastName: z.string().trim().max(100).default(''),
  lines: CartLines,
  discountCode: ShopperDiscountCode,
  visitorSessionId: VisitorSessionId,
});
export type StorefrontCheckoutDraftBody = z.input<typeof StorefrontCheckoutDraftBody>;
export const StorefrontCheckoutDraft = z.object({ token: CheckoutToken }).meta({ id: 'StorefrontCheckoutDraft' });
export type StorefrontCheckoutDraft = z.infer<typeof StorefrontCheckoutDraft>;

/** A cart line as the storefront keeps it (display data; the checkout prices from the database). */
export const StorefrontCartLine = z.object({
  variantId: z.uuid(),
  quantity: z.number().int(),
  handle: z.string(),
  title: z.string(),
  variantTitle: z.string(),
  priceCents: z.number().int(),
  compareAtPriceCents: z.number().int().nullable(),
  imageSrc: z.string().nullable(),
  /** Personalisation values of the line ([] when none). */
  properties: z.array(LineItemProperty),
});

/**
 * GET /api/storefront/checkouts/{token} (the recovery link, issue 12 item 5): the checkout's cart with today's
 * prices (variants no longer sold are left out), its e-mail and discount code, so the storefront restores the cart.
 */
export const StorefrontRecoveredCheckout = z
  .object({ lines: z.array(StorefrontCartLine), email: z.string(), discountCode: z.string().nullable() })
  .meta({ id: 'StorefrontRecoveredCheckout' });
export type StorefrontRecoveredCheckout = z.infer<typeof StorefrontRecoveredCheckout>;
