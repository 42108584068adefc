import { z } from 'zod';
import { BUSINESS_TYPES, STORE_NAME_MAX } from './staff.js';
import { isTimeZone } from './time.js';

/**
 * The Preferences screen (route website.preferences, scope `preferences`; spec admin-dashboard §3 Page preference,
 * §1 homeHtml; issue 11 item 5): `GET/PUT /api/stores/preferences`.
 */

/** Payment choices of spec §3 (default seller). */
export const PAYMENT_CHOICES = ['seller', 'latte', 'other'] as const;
/** Largest home dashboard HTML block, in characters. */
export const HOME_HTML_MAX = 50_000;

/** PUT /api/stores/preferences body. `storeFrontDefaultTheme` is the id of the theme to publish (null: leave as is). */
export const StorePreferencesBody = z.object({
  storeName: z
    .string()
    .trim()
    .min(1, 'Store name is required')
    .max(STORE_NAME_MAX, `Store name must have at most ${STORE_NAME_MAX} letters.`),
  standardTimezone: z.string().refine(isTimeZone, 'standardTimezone must be an IANA time zone, e.g. America/Los_Angeles'),
  businessType: z.enum(BUSINESS_TYPES, 'businessType must be dropship or other'),
  paymentChoice: z.object({ type: z.enum(PAYMENT_CHOICES, 'paymentChoice.type must be seller, latte or other') }),
  storeFrontDefaultTheme: z.uuid('storeFrontDefaultTheme must be a theme id').nullable().default(null),
  homeHtml: z.string().max(HOME_HTML_MAX, `homeHtml must have at most ${HOME_HTML_MAX} characters`).default(''),
  /** The storefront's cookie-consent banner (issue 17 item 6): ad pixels wait for the shopper's "Accept". Omitted = unchanged. */
  cookieConsentBanner: z.boolean('cookieConsentBanner must be true or false').optional(),
});
export type StorePreferencesBody = z.input<typeof StorePreferencesBody>;

/** GET /api/stores/preferences answer: the preference values, the home block (sanitised) and the shop's themes. */
export const StorePreferences = z.object({
  storeName: z.string(),
  standardTimezone: z.string(),
  businessType: z.enum(BUSINESS_TYPES),
  paymentChoice: z.object({ type: z.enum(PAYMENT_CHOICES) }),
  /** The published theme's id (null when none is published). */
  storeFrontDefaultTheme: z.string().nullable(),
  homeHtml: z.string(),
  /** Whether the storefront asks for cookie consent before loading ad pixels (default false). */
  cookieConsentBanner: z.boolean(),
  themes: z.array(z.object({ id: z.uuid(), name: z.string(), type: z.string(), published: z.boolean() })),
});
export type StorePreferences = z.infer<typeof StorePreferences>;
