import { z } from 'zod';
import { MAX_PIXELS } from './limits.js';

/** The ad networks whose tags the storefront can load (issue 17 item 6). */
export const PIXEL_NETWORKS = ['meta', 'tiktok', 'google'] as const;
export const PixelNetwork = z.enum(PIXEL_NETWORKS);
export type PixelNetwork = z.infer<typeof PixelNetwork>;

/** What each network's pixel ID looks like, with the message naming the rule (issue 17 item 6). */
export const PIXEL_ID_RULES: Record<PixelNetwork, { pattern: RegExp; message: string }> = {
  meta: { pattern: /^\d{5,20}$/, message: 'a Meta pixel ID is 5 to 20 digits' },
  tiktok: { pattern: /^[A-Z0-9]{10,30}$/, message: 'a TikTok pixel ID is 10 to 30 capital letters and digits' },
  google: { pattern: /^G-[A-Z0-9]{4,20}$/, message: 'a GA4 measurement ID looks like G-XXXXXXX' },
};
const ADS_CONVERSION_ID = /^AW-\d{5,15}$/;
const ADS_CONVERSION_LABEL = /^[\w-]{1,64}$/;
/** Longest Conversions API access token accepted, in characters. */
const ACCESS_TOKEN_MAX = 512;

/**
 * POST /api/pixels and PUT /api/pixels/{id}: `{network, pixelId, …}`. Meta may carry a Conversions API
 * `accessToken` (kept encrypted, never answered; on PUT omitted = keep, null = remove); Google a GA4 measurement
 * ID as `pixelId` and optionally a Google Ads conversion (`adsConversionId` AW-…, `adsConversionLabel`, both or
 * neither). `sharedWith`: ids of other shops of the same owner where the pixel fires too.
 */
export const PixelBody = z
  .object({
    network: PixelNetwork,
    pixelId: z.string().trim().min(1, 'is required'),
    accessToken: z.string().trim().min(1, 'must not be empty (send null to remove it)').max(ACCESS_TOKEN_MAX).nullable().optional(),
    adsConversionId: z.string().trim().regex(ADS_CONVERSION_ID, 'a Google Ads conversion ID looks like AW-123456789').nullable().optional(),
    adsConversionLabel: z.string().trim().regex(ADS_CONVERSION_LABEL, 'letters, digits, - and _ only (at most 64)').nullable().optional(),
    sharedWith: z.array(z.uuid()).max(MAX_PIXELS).default([]),
  })
  .superRefine((b, ctx) => {
    const rule = PIXEL_ID_RULES[b.network];
    if (b.pixelId && !rule.pattern.test(b.pixelId)) ctx.addIssue({ code: 'custom', path: ['pixelId'], message: rule.message });
    if (b.accessToken && b.network !== 'meta') {
      ctx.addIssue({ code: 'custom', path: ['accessToken'], message: 'only Meta pixels take a Conversions API token' });
    }
    if ((b.adsConversionId || b.adsConversionLabel) && b.network !== 'google') {
      ctx.addIssue({ code: 'custom', path: ['adsConversionId'], message: 'only Google pixels take a Google Ads conversion' });
    } else if (!!b.adsConversionId !== !!b.adsConversionLabel) {
      ctx.addIssue({
        code: 'custom',
        path: [b.adsConversionId ? 'adsConversionLabel' : 'adsConversionId'],
        message: 'give both the conversion ID and label, or neither',
      });
    }
  });
export type PixelBody = z.input<typeof PixelBody>;

/** A shop as the pixels screen names it. */
export const PixelShop = z.object({ id: z.uuid(), name: z.string() });

/** A pixel as the admin reads it: never the token itself, only whether one is stored. */
export const Pixel = z.object({
  id: z.uuid(),
  network: PixelNetwork,
  pixelId: z.string(),
  hasAccessToken: z.boolean(),
  adsConversionId: z.string().nullable(),
  adsConversionLabel: z.string().nullable(),
  /** The shop that owns it (edits happen there). */
  owner: PixelShop,
  /** true when another shop owns it and shares it with this one (read-only here). */
  sharedWithThisShop: z.boolean(),
  sharedWith: z.array(PixelShop),
  updatedAt: z.string(),
});
export type Pixel = z.infer<typeof Pixel>;

/** GET /api/pixels: this shop's pixels and those shared with it, and the shops it may share with (same owner). */
export const PixelListResponse = z.object({ pixels: z.array(Pixel), shareableShops: z.array(PixelShop) });
export type PixelListResponse = z.infer<typeof PixelListResponse>;

/** What the storefront needs to load a network's tag (public, on the shop's host). */
export const StorefrontPixel = z.object({
  network: PixelNetwork,
  pixelId: z.string(),
  adsConversionId: z.string().nullable(),
  adsConversionLabel: z.string().nullable(),
});
export type StorefrontPixel = z.infer<typeof StorefrontPixel>;

/**
 * What the storefront page inlines as `<script id="sf-pixels" type="application/json">` (only when the shop has a
 * pixel or the cookie banner on): the tags to load and whether they wait for the shopper's consent.
 */
export interface StorefrontPixelsConfig {
  pixels: StorefrontPixel[];
  /** The shop's cookie-consent banner (Preferences, `cookieConsentBanner`): pixels wait for "Accept". */
  consentBanner: boolean;
}
