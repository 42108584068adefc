import { z } from 'zod';

/**
 * The one error body every API error answers with (spec admin-dashboard §8: the admin joins `messages`
 * into its error notification, or shows 'Oops! Unknown error!' when the array is empty).
 */
export const ErrorResponse = z
  .object({
    statusCode: z.number().int(),
    code: z.string(),
    messages: z.array(z.string()),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/** Answer of a call that only reports success, e.g. logout (spec §8 api-success: messages or 'Success'). */
export const OkResponse = z.object({ ok: z.literal(true), messages: z.array(z.string()).optional() });
export type OkResponse = z.infer<typeof OkResponse>;

/**
 * Permission scopes, one per menu item (spec admin-dashboard §6). The route registry of the admin and the
 * server's guard both read this list; nothing else spells them.
 */
export const SCOPES = [
  'homes',
  'orders',
  'products',
  'report',
  'dashboards',
  'sale_reports',
  'estimated_profit',
  'utm_analystics',
  'live_view',
  'settings',
  'discounts',
  'customers',
  'apps',
  'store',
  'themes',
  'pages',
  'navigations',
  'domains',
  'preferences',
] as const;
export const Scope = z.enum(SCOPES);
export type Scope = z.infer<typeof Scope>;

/** `stores` query value: comma-joined store ids (spec §7 Overview analytics: "stores (comma-joined)"). */
export const StoreList = z
  .string()
  .min(1, 'stores is required')
  .transform((s) =>
    s
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.uuid({ message: 'stores must be comma-joined store ids' })).min(1, 'stores is required'));

/**
 * An amount of money in the store currency's MAJOR unit (19.99 = nineteen dollars ninety-nine), rounded to 2
 * decimals (spec §9 "Price display rounded to 2 decimals"): what the admin API answers. The database, the
 * storefront API and every field named `…Cents` carry integer cents instead; the server converts once, in
 * `apps/server/src/lib/money.ts`.
 */
export const MajorUnits = z.number().meta({ description: "Money in the store currency's major unit, rounded to 2 decimals." });
