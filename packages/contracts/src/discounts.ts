import { z } from 'zod';
import { MajorUnits } from './common.js';
import { DISCOUNTS_PAGE_SIZE } from './limits.js';
import { limitParam, pageParam } from './paging.js';

/**
 * Discounts (issue 12 item 6; spec admin-dashboard §2 routes website.discount.code and website.discount.automatic,
 * §6 scope `discounts`; Shopify's vocabulary where the spec is silent). Money in the admin API is in the store
 * currency's MAJOR unit (`MajorUnits`), percentages are percent (10 = 10 %); the server stores cents and basis points.
 * Times are ISO 8601 instants; the admin picks them as a date and a time on the shop's wall clock and converts them
 * with the time module (`instantOfLocal` in time.ts), so "ends Sunday night" means Sunday night in the shop's zone.
 */

/** A code discount is entered by the shopper; an automatic one applies to every qualifying cart. */
export const DISCOUNT_METHODS = ['code', 'automatic'] as const;
export const DiscountMethod = z.enum(DISCOUNT_METHODS);
export type DiscountMethod = z.infer<typeof DiscountMethod>;

/** Discount types (issue 12 item 6). */
export const DISCOUNT_TYPES = ['percentage', 'fixed_amount', 'free_shipping', 'buy_x_get_y'] as const;
export const DiscountType = z.enum(DISCOUNT_TYPES);
export type DiscountType = z.infer<typeof DiscountType>;

/** What the discount applies to: the whole order, chosen products, or the products of chosen collections. */
export const DISCOUNT_APPLIES_TO = ['all', 'products', 'collections'] as const;
export const DiscountAppliesTo = z.enum(DISCOUNT_APPLIES_TO);

/** Minimum purchase requirement: none, a minimum subtotal (major units) or a minimum quantity of items. */
export const DISCOUNT_MINIMUMS = ['none', 'subtotal', 'quantity'] as const;
export const DiscountMinimumType = z.enum(DISCOUNT_MINIMUMS);

/** Status of a discount at the time of the answer: active now, scheduled (starts later) or expired (ended). */
export const DISCOUNT_STATUSES = ['active', 'scheduled', 'expired'] as const;
export const DiscountStatus = z.enum(DISCOUNT_STATUSES);
export type DiscountStatus = z.infer<typeof DiscountStatus>;

/** Longest discount code and title, characters (Shopify's code limit). */
export const DISCOUNT_CODE_MAX_LENGTH = 255;
/** Customer e-mails a discount may be limited to, at most. */
export const DISCOUNT_MAX_EMAILS = 500;
/** Products or collections a discount may name, at most. */
export const DISCOUNT_MAX_ITEMS = 250;

/**
 * Classes of discounts for combinations (Shopify): a discount on chosen items (products, collections, buy X get Y)
 * is a product discount, one on the whole order an order discount, free shipping a shipping discount.
 */
export const CombinesWith = z.object({
  productDiscounts: z.boolean().default(false),
  orderDiscounts: z.boolean().default(false),
  shippingDiscounts: z.boolean().default(false),
});
export type CombinesWith = z.infer<typeof CombinesWith>;

/** A code as shoppers type it: trimmed, 1–255 characters, no spaces (matched case-insensitively). */
export const DiscountCodeText = z
  .string()
  .trim()
  .min(1, 'Required.')
  .max(DISCOUNT_CODE_MAX_LENGTH, `must be at most ${DISCOUNT_CODE_MAX_LENGTH} characters`)
  .regex(/^\S+$/, 'must not contain spaces');

const Instant = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date and time' });

/**
 * POST /api/discounts and PUT /api/discounts/{id} body. Rules (each refused with 400 naming the field):
 * - `code` is required for a code discount and unique in the store, case-insensitively ('code: is already used');
 *   an automatic discount needs a `title` (a code discount's title defaults to its code);
 * - `value`: percentage 0.01–100 (percent), fixed_amount > 0 (major units), buy_x_get_y 0.01–100 (percent off the
 *   "get" items, 100 = free), ignored for free_shipping;
 * - buy_x_get_y needs `buyQuantity` and `getQuantity` (1–100);
 * - appliesTo products / collections needs at least one id; `minimumSubtotal` (major units) or `minimumQuantity`
 *   when the minimum requirement asks for it;
 * - `usageLimit` 1 or more, or null for unlimited; `endsAt` after `startsAt` (or null: no end).
 */
export const DiscountInput = z
  .object({
    method: DiscountMethod,
    code: z.string().trim().max(DISCOUNT_CODE_MAX_LENGTH).default(''),
    title: z.string().trim().max(DISCOUNT_CODE_MAX_LENGTH, `must be at most ${DISCOUNT_CODE_MAX_LENGTH} characters`).default(''),
    type: DiscountType,
    value: z.number({ message: 'must be a number' }).min(0, 'must be 0 or more').default(0),
    appliesTo: DiscountAppliesTo.default('all'),
    productIds: z.array(z.uuid()).max(DISCOUNT_MAX_ITEMS).default([]),
    collectionIds: z.array(z.uuid()).max(DISCOUNT_MAX_ITEMS).default([]),
    buyQuantity: z.number().int('must be a whole number').min(1, 'must be 1 or more').max(100).nullable().default(null),
    getQuantity: z.number().int('must be a whole number').min(1, 'must be 1 or more').max(100).nullable().default(null),
    minimumType: DiscountMinimumType.default('none'),
    minimumSubtotal: MajorUnits.min(0, 'must be 0 or more').default(0),
    minimumQuantity: z.number().int('must be a whole number').min(0, 'must be 0 or more').default(0),
    customerEmails: z.array(z.email('must be an e-mail address').toLowerCase()).max(DISCOUNT_MAX_EMAILS).default([]),
    usageLimit: z.number().int('must be a whole number').min(1, 'must be 1 or more').nullable().default(null),
    oncePerCustomer: z.boolean().default(false),
    combinesWith: CombinesWith.default({ productDiscounts: false, orderDiscounts: false, shippingDiscounts: false }),
    startsAt: Instant,
    endsAt: Instant.nullable().default(null),
  })
  .superRefine((d, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (d.method === 'code') {
      const parsed = DiscountCodeText.safeParse(d.code);
      if (!parsed.success) issue('code', parsed.error.issues[0]!.message);
    } else if (!d.title) issue('title', 'Required.');
    if (d.type === 'percentage' || d.type === 'buy_x_get_y') {
      if (d.value <= 0 || d.value > 100) issue('value', 'must be between 0.01 and 100');
    }
    if (d.type === 'fixed_amount' && d.value <= 0) issue('value', 'must be more than 0');
    if (d.type === 'buy_x_get_y') {
      if (d.buyQuantity == null) issue('buyQuantity', 'Required.');
      if (d.getQuantity == null) issue('getQuantity', 'Required.');
    }
    if (d.appliesTo === 'products' && d.productIds.length === 0) issue('productIds', 'choose at least one product');
    if (d.appliesTo === 'collections' && d.collectionIds.length === 0) issue('collectionIds', 'choose at least one collection');
    if (d.minimumType === 'subtotal' && !(d.minimumSubtotal > 0)) issue('minimumSubtotal', 'must be more than 0');
    if (d.minimumType === 'quantity' && !(d.minimumQuantity > 0)) issue('minimumQuantity', 'must be 1 or more');
    if (d.endsAt && Date.parse(d.endsAt) <= Date.parse(d.startsAt)) issue('endsAt', 'must be after the start');
  });
export type DiscountInput = z.input<typeof DiscountInput>;
export type DiscountValues = z.output<typeof DiscountInput>;

/** A discount as the admin API answers it: the input's fields plus its id, status, uses so far and dates. */
export const Discount = z
  .object({
    id: z.uuid(),
    method: DiscountMethod,
    /** The code ('' for an automatic discount). */
    code: z.string(),
    title: z.string(),
    type: DiscountType,
    /** Percent for percentage and buy_x_get_y, major units for fixed_amount, 0 for free_shipping. */
    value: z.number(),
    appliesTo: DiscountAppliesTo,
    productIds: z.array(z.uuid()),
    collectionIds: z.array(z.uuid()),
    buyQuantity: z.number().int().nullable(),
    getQuantity: z.number().int().nullable(),
    minimumType: DiscountMinimumType,
    minimumSubtotal: MajorUnits,
    minimumQuantity: z.number().int(),
    customerEmails: z.array(z.string()),
    usageLimit: z.number().int().nullable(),
    usageCount: z.number().int(),
    oncePerCustomer: z.boolean(),
    combinesWith: z.object({ productDiscounts: z.boolean(), orderDiscounts: z.boolean(), shippingDiscounts: z.boolean() }),
    startsAt: z.string(),
    endsAt: z.string().nullable(),
    status: DiscountStatus,
    currency: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Discount' });
export type Discount = z.infer<typeof Discount>;

/** GET /api/discounts query: the method's tab, a code or title search, status, 1-based page, 1–100 a page. */
export const DiscountListQuery = z.object({
  method: DiscountMethod.optional(),
  search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
  status: DiscountStatus.optional(),
  page: pageParam,
  limit: limitParam(DISCOUNTS_PAGE_SIZE),
});
export type DiscountListQuery = z.input<typeof DiscountListQuery>;

/** GET /api/discounts answer: newest first. */
export const DiscountListResponse = z.object({
  discounts: z.array(Discount),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type DiscountListResponse = z.infer<typeof DiscountListResponse>;
