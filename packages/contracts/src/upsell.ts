import { z } from 'zod';
import { MajorUnits } from './common.js';

/**
 * Boost UpSell offers (issue 18 item 1, route website.upsell, scope `discounts`). Money in the admin API is the
 * store currency's MAJOR unit (`MajorUnits`), percentages are percent (10 = 10 %); the server stores cents and basis
 * points and prices every offer itself (the storefront only shows what the server answers).
 *
 * - `bundle` ("Frequently bought together"): the trigger products plus the offer products; when every one of them is
 *   in the cart, the discount applies to each bundled line, once per complete set.
 * - `quantity_break`: `tiers` [{quantity, percentage}] on each trigger product (units of one product counted
 *   together, whatever the variant): the highest tier reached applies to that product's lines.
 * - `in_cart`: the offer products shown by the cart's upsell (theme-editor §3); the discount applies to their lines
 *   while a trigger product is in the cart (always, when the offer has no trigger).
 * - `post_purchase`: one offer product taken with one click on the thank-you page, added to the paid order.
 * Triggers: `productIds` and `collectionIds` (a product in either triggers it; both empty = any product).
 */
export const UPSELL_OFFER_TYPES = ['bundle', 'quantity_break', 'in_cart', 'post_purchase'] as const;
export const UpsellOfferType = z.enum(UPSELL_OFFER_TYPES);
export type UpsellOfferType = z.infer<typeof UpsellOfferType>;

export const UPSELL_DISCOUNT_TYPES = ['percentage', 'fixed_amount'] as const;
export const UpsellDiscountType = z.enum(UPSELL_DISCOUNT_TYPES);

/** Status of an offer at the time of the answer: switched off, active now, starting later, or ended. */
export const UPSELL_STATUSES = ['inactive', 'active', 'scheduled', 'expired'] as const;
export const UpsellStatus = z.enum(UPSELL_STATUSES);
export type UpsellStatus = z.infer<typeof UpsellStatus>;

/** Products or collections an offer may name, at most (each list). */
export const UPSELL_MAX_ITEMS = 50;
/** Quantity-break tiers an offer may have, at most. */
export const UPSELL_MAX_TIERS = 5;
/** Longest offer title, characters. */
export const UPSELL_TITLE_MAX = 120;
/** Highest priority (offers are tried highest first). */
export const UPSELL_MAX_PRIORITY = 100;

const Instant = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date and time' });

/** `discount`: percentage = percent 0.01–100, fixed_amount = major units off (per bundle set, per offer line). */
export const UpsellDiscount = z.object({
  type: UpsellDiscountType,
  value: z.number({ message: 'must be a number' }).min(0, 'must be 0 or more'),
});
export type UpsellDiscount = z.infer<typeof UpsellDiscount>;

/** A quantity-break tier: from `quantity` units of a product, `percentage` percent off its lines. */
export const UpsellTier = z.object({
  quantity: z
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(2, 'must be 2 or more')
    .max(1000, 'must be at most 1000'),
  percentage: z.number({ message: 'must be a number' }).gt(0, 'must be between 0.01 and 100').max(100, 'must be between 0.01 and 100'),
});
export type UpsellTier = z.infer<typeof UpsellTier>;

/**
 * POST /api/upsell/offers and PUT /api/upsell/offers/{id} body. Rules (each refused with 400 naming the field):
 * title 1–120 characters; `offerProductIds` at least one for bundle, in_cart and post_purchase; a bundle names at
 * least two products in all; `discount.value` more than 0 (percentage at most 100) except for quantity breaks,
 * which need 1–5 `tiers` with distinct quantities; `endsAt` after `startsAt`; `priority` 0–100.
 */
export const UpsellOfferBody = z
  .object({
    title: z.string().trim().min(1, 'Required.').max(UPSELL_TITLE_MAX, `must be at most ${UPSELL_TITLE_MAX} characters`),
    type: UpsellOfferType,
    productIds: z.array(z.uuid('must be product ids')).max(UPSELL_MAX_ITEMS, `at most ${UPSELL_MAX_ITEMS} products`).default([]),
    collectionIds: z.array(z.uuid('must be collection ids')).max(UPSELL_MAX_ITEMS, `at most ${UPSELL_MAX_ITEMS} collections`).default([]),
    offerProductIds: z.array(z.uuid('must be product ids')).max(UPSELL_MAX_ITEMS, `at most ${UPSELL_MAX_ITEMS} products`).default([]),
    discount: UpsellDiscount.default({ type: 'percentage', value: 0 }),
    tiers: z.array(UpsellTier).max(UPSELL_MAX_TIERS, `at most ${UPSELL_MAX_TIERS} tiers`).default([]),
    active: z.boolean().default(true),
    priority: z
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be 0 or more')
      .max(UPSELL_MAX_PRIORITY, `must be at most ${UPSELL_MAX_PRIORITY}`)
      .default(0),
    startsAt: Instant.nullable().default(null),
    endsAt: Instant.nullable().default(null),
  })
  .superRefine((b, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    if (b.type !== 'quantity_break' && b.offerProductIds.length === 0) issue(['offerProductIds'], 'choose at least one product');
    if (b.type === 'bundle' && new Set([...b.productIds, ...b.offerProductIds]).size < 2) {
      issue(['offerProductIds'], 'a bundle needs at least two products');
    }
    if (b.type === 'quantity_break') {
      if (b.tiers.length === 0) issue(['tiers'], 'add at least one tier');
      const seen = new Set<number>();
      b.tiers.forEach((t, i) => {
        if (seen.has(t.quantity)) issue(['tiers', i, 'quantity'], 'each tier needs its own quantity');
        seen.add(t.quantity);
      });
    } else if (b.discount.type === 'percentage' && (b.discount.value <= 0 || b.discount.value > 100)) {
      issue(['discount', 'value'], 'must be between 0.01 and 100');
    } else if (b.discount.type === 'fixed_amount' && b.discount.value <= 0) issue(['discount', 'value'], 'must be more than 0');
    if (b.startsAt && b.endsAt && Date.parse(b.endsAt) <= Date.parse(b.startsAt)) issue(['endsAt'], 'must be after the start');
  });
export type UpsellOfferBody = z.input<typeof UpsellOfferBody>;

/** Counters of an offer: storefront views, adds to cart, orders that took it, revenue of its lines (major units). */
export const UpsellCounters = z.object({
  views: z.number().int(),
  adds: z.number().int(),
  orders: z.number().int(),
  /** What the offer's lines brought in, after the offer's discount (major units). */
  revenue: MajorUnits,
  /** orders ÷ views in percent, 2 decimals (0 without views). */
  conversionRate: z.number(),
});
export type UpsellCounters = z.infer<typeof UpsellCounters>;

/** An offer as the admin API answers it: the body's fields plus id, status, counters and dates. */
export const UpsellOffer = z
  .object({
    id: z.uuid(),
    title: z.string(),
    type: UpsellOfferType,
    productIds: z.array(z.uuid()),
    collectionIds: z.array(z.uuid()),
    offerProductIds: z.array(z.uuid()),
    discount: UpsellDiscount,
    tiers: z.array(UpsellTier),
    active: z.boolean(),
    priority: z.number().int(),
    startsAt: z.string().nullable(),
    endsAt: z.string().nullable(),
    status: UpsellStatus,
    stats: UpsellCounters,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'UpsellOffer' });
export type UpsellOffer = z.infer<typeof UpsellOffer>;

/** GET /api/upsell/offers: every offer of the shop, highest priority first, then newest. */
export const UpsellOfferList = z.object({ offers: z.array(UpsellOffer) });
export type UpsellOfferList = z.infer<typeof UpsellOfferList>;

/** GET /api/upsell/offers/{id}/stats: the totals and one row per UTC day that had any activity (oldest first). */
export const UpsellOfferStats = z.object({
  offerId: z.uuid(),
  totals: UpsellCounters,
  days: z.array(
    z.object({ date: z.string(), views: z.number().int(), adds: z.number().int(), orders: z.number().int(), revenue: MajorUnits }),
  ),
});
export type UpsellOfferStats = z.infer<typeof UpsellOfferStats>;

// ------------------------------------------------------------------------------------------------ storefront

/** An offer the checkout applied: which one, its type and the amount it took off, cents. */
export const AppliedOffer = z.object({ offerId: z.uuid(), title: z.string(), type: UpsellOfferType, amountCents: z.number().int() });
export type AppliedOffer = z.infer<typeof AppliedOffer>;

/** A product an offer shows on the storefront, with each sellable variant at its price and at the offer's price. */
export const StorefrontOfferProduct = z.object({
  id: z.uuid(),
  handle: z.string(),
  title: z.string(),
  imageSrc: z.string().nullable(),
  variants: z.array(
    z.object({
      id: z.uuid(),
      title: z.string(),
      priceCents: z.number().int(),
      /** The unit price once this offer applies (in_cart, post_purchase); the same as priceCents otherwise. */
      offerPriceCents: z.number().int(),
      available: z.boolean(),
    }),
  ),
});
export type StorefrontOfferProduct = z.infer<typeof StorefrontOfferProduct>;

/** An offer as the storefront shows it (server-priced; percentages in basis points, fixed amounts in cents). */
export const StorefrontOffer = z.object({
  id: z.uuid(),
  title: z.string(),
  type: UpsellOfferType,
  discount: z.object({ type: UpsellDiscountType, bp: z.number().int(), cents: z.number().int() }),
  tiers: z.array(z.object({ quantity: z.number().int(), bp: z.number().int() })),
  /** Every product of the offer: a bundle's trigger products first, then the offered ones. */
  products: z.array(StorefrontOfferProduct),
  /** Bundle only: the first variant of every bundled product, at full price and with the bundle's discount, cents. */
  bundleCents: z.number().int().nullable(),
  bundleOfferCents: z.number().int().nullable(),
});
export type StorefrontOffer = z.infer<typeof StorefrontOffer>;

/**
 * GET /api/storefront/upsell/offers?productIds=&variantIds=&type= query: the products on the page (or the order), or
 * the cart's variants (their products are looked up), comma-separated.
 */
export const StorefrontOffersQuery = z.object({
  productIds: z
    .string()
    .max(2000)
    .default('')
    .transform((s) => s.split(',').filter(Boolean))
    .pipe(z.array(z.uuid('must be product ids')).max(UPSELL_MAX_ITEMS)),
  variantIds: z
    .string()
    .max(2000)
    .default('')
    .transform((s) => s.split(',').filter(Boolean))
    .pipe(z.array(z.uuid('must be variant ids')).max(UPSELL_MAX_ITEMS)),
  type: UpsellOfferType.optional(),
});
export const StorefrontOffersResponse = z.object({ offers: z.array(StorefrontOffer) });
export type StorefrontOffersResponse = z.infer<typeof StorefrontOffersResponse>;

/** POST /api/storefront/upsell/events body: offers the shopper saw or added to the cart (counted per offer). */
export const StorefrontOfferEventsBody = z.object({
  events: z
    .array(z.object({ offerId: z.uuid(), type: z.enum(['view', 'add']) }))
    .min(1)
    .max(20),
});
export type StorefrontOfferEventsBody = z.input<typeof StorefrontOfferEventsBody>;

/** POST /api/storefront/orders/{id}/post-purchase body: the thank-you page's token, the offer and the chosen variant. */
export const PostPurchaseBody = z.object({
  token: z.string().min(1, 'Required.').max(64),
  offerId: z.uuid('must be an offer id'),
  variantId: z.uuid('must be a variant id'),
});
export type PostPurchaseBody = z.input<typeof PostPurchaseBody>;
