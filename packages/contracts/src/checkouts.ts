import { z } from 'zod';
import { queryDate } from './bounds.js';
import { MajorUnits } from './common.js';
import { ABANDONED_PAGE_SIZE } from './limits.js';
import { limitParam, pageParam } from './paging.js';

/**
 * Abandoned checkouts (issue 12 item 5; spec admin-dashboard §2 route website.abandoned, scope `orders`): a storefront
 * checkout with an e-mail and no order after the configured delay (ABANDONED_CHECKOUT_DELAY_MINUTES, default 60).
 * Money in the store currency's major unit.
 */

const LocalDay = (name: string) =>
  queryDate(name)
    .optional()
    .meta({ description: `${name} as YYYY-MM-DD in the shop's time zone` });

/**
 * GET /api/checkouts/abandoned query: 1-based page, 1–100 a page, a search in the e-mail or the name, and the
 * days (YYYY-MM-DD in the shop's time zone, both included) the checkout was abandoned in.
 */
export const AbandonedCheckoutsQuery = z.object({
  page: pageParam,
  limit: limitParam(ABANDONED_PAGE_SIZE),
  search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
  fromTime: LocalDay('fromTime'),
  toTime: LocalDay('toTime'),
});
export type AbandonedCheckoutsQuery = z.input<typeof AbandonedCheckoutsQuery>;

/** One cart line of an abandoned checkout, priced when the shopper last changed the checkout. */
export const AbandonedCheckoutLine = z.object({
  variantId: z.uuid(),
  title: z.string(),
  variantTitle: z.string(),
  quantity: z.number().int(),
  price: MajorUnits,
  imageSrc: z.string().nullable(),
});

/** An abandoned checkout row (Shopify's columns: checkout, date, placed by, recovery status, total). */
export const AbandonedCheckout = z
  .object({
    id: z.uuid(),
    /** '#' and the checkout number. */
    name: z.string(),
    createdAt: z.string(),
    /** When it counted as abandoned: its last change plus the delay. */
    abandonedAt: z.string(),
    email: z.string(),
    customerName: z.string(),
    lines: z.array(AbandonedCheckoutLine),
    itemsCount: z.number().int(),
    subtotal: MajorUnits,
    currency: z.string(),
    discountCode: z.string().nullable(),
    /** Recovered: the shopper placed the order after the checkout was abandoned. */
    recovered: z.boolean(),
    /** The storefront link that restores the cart (`/checkouts/{token}/recover` on the shop's domain). */
    recoveryUrl: z.string(),
  })
  .meta({ id: 'AbandonedCheckout' });
export type AbandonedCheckout = z.infer<typeof AbandonedCheckout>;

/** GET /api/checkouts/abandoned answer: newest abandoned first. */
export const AbandonedCheckoutsResponse = z.object({
  checkouts: z.array(AbandonedCheckout),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type AbandonedCheckoutsResponse = z.infer<typeof AbandonedCheckoutsResponse>;
