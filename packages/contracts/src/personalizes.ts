import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from './limits.js';
import { limitParam, pageParam } from './paging.js';

/**
 * Personalised products (spec admin-dashboard §7 Personalisation, §3 Custom font {name, fontUrl}; issue 11 item 4):
 * `/api/personalizes…`, scope `products`. A personalisation attaches text and image fields to one product; shoppers
 * fill them on the product page and the values travel with the order line as line item properties.
 */

/** At most this many fields in one personalisation (= LINE_PROPERTIES_MAX of the checkout). */
export const PERSONALIZE_MAX_FIELDS = 20;
const Percent = (what: string) =>
  z
    .number({ message: `${what} must be a number` })
    .min(0, `${what} must be between 0 and 100`)
    .max(100, `${what} must be between 0 and 100`);
const Label = z.string().trim().min(1, 'label is required').max(100, 'label must have at most 100 characters');
const Hex = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'color must be a hex colour like #ffffff');

/**
 * A text field: what the shopper types (at most `maxLength` characters, 1–100), drawn on the product image in the
 * font `fontId` (null: the theme's font), `color`, `fontSize` (px at the image's natural width of 1000 px), `align`,
 * centred at (`x`, `y`) in percent of the image's width and height.
 */
export const TextField = z.object({
  id: z.string().min(1).max(64),
  type: z.literal('text'),
  label: Label,
  required: z.boolean().default(true),
  maxLength: z
    .number()
    .int('maxLength must be a whole number')
    .min(1, 'maxLength must be between 1 and 100')
    .max(100, 'maxLength must be between 1 and 100'),
  placeholder: z.string().max(100).default(''),
  fontId: z.uuid('fontId must be a font id').nullable().default(null),
  color: Hex.default('#ffffff'),
  fontSize: z
    .number()
    .int('fontSize must be a whole number')
    .min(8, 'fontSize must be between 8 and 300')
    .max(300, 'fontSize must be between 8 and 300')
    .default(60),
  align: z.enum(['left', 'center', 'right'], 'align must be left, center or right').default('center'),
  x: Percent('x').default(50),
  y: Percent('y').default(50),
  /**
   * The product pictures (their `src`) this field is drawn on; absent or empty: every picture. A print-on-demand
   * design sets it to the mockups of the print area the field prints on (issue 19), so a Name on the front is not
   * drawn on the back's picture.
   */
  images: z.array(z.string().max(2048)).max(100).optional(),
});
/** An image field: a picture the shopper uploads, drawn in the box (`x`, `y` centre, `width`, `height`, percent). */
export const ImageField = z.object({
  id: z.string().min(1).max(64),
  type: z.literal('image'),
  label: Label,
  required: z.boolean().default(false),
  x: Percent('x').default(50),
  y: Percent('y').default(50),
  width: Percent('width').default(30),
  height: Percent('height').default(30),
  /**
   * The product pictures (their `src`) this field is drawn on; absent or empty: every picture. A print-on-demand
   * design sets it to the mockups of the print area the field prints on (issue 19), so a Name on the front is not
   * drawn on the back's picture.
   */
  images: z.array(z.string().max(2048)).max(100).optional(),
});
export const PersonalizeField = z.discriminatedUnion('type', [TextField, ImageField], 'type must be text or image');
export type PersonalizeField = z.infer<typeof PersonalizeField>;

/** POST/PUT body: the product, a name for the admin list, and 1–20 fields with distinct labels. */
export const PersonalizeBody = z.object({
  productId: z.uuid('productId must be a product id'),
  name: z.string().trim().min(1, 'name is required').max(100, 'name must have at most 100 characters'),
  fields: z
    .array(PersonalizeField)
    .min(1, 'fields must hold at least one field')
    .max(PERSONALIZE_MAX_FIELDS, `fields must hold at most ${PERSONALIZE_MAX_FIELDS} fields`),
});
export type PersonalizeBody = z.input<typeof PersonalizeBody>;

/** A font a shop uploaded: `name` (the merchant's), `family` (read from the file), `fontUrl` (the shop's storage). */
export const PersonalizeFont = z
  .object({
    id: z.uuid(),
    name: z.string(),
    family: z.string(),
    fontUrl: z.string(),
    format: z.enum(['ttf', 'otf', 'woff', 'woff2']),
    bytes: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: 'PersonalizeFont' });
export type PersonalizeFont = z.infer<typeof PersonalizeFont>;
export const PersonalizeFontsResponse = z.object({ fonts: z.array(PersonalizeFont) });
export type PersonalizeFontsResponse = z.infer<typeof PersonalizeFontsResponse>;

/** A personalisation with its product and the fonts its fields use. */
export const Personalize = z
  .object({
    id: z.uuid(),
    productId: z.uuid(),
    product: z.object({ title: z.string(), handle: z.string(), imageSrc: z.string().nullable() }),
    name: z.string(),
    fields: z.array(PersonalizeField),
    fonts: z.array(PersonalizeFont),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Personalize' });
export type Personalize = z.infer<typeof Personalize>;

/** GET /api/personalizes/ query: 1-based page, 1–100 a page, search in the name or product title. */
export const PersonalizeListQuery = z.object({
  page: pageParam,
  limit: limitParam(DEFAULT_PAGE_SIZE),
  search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
});
export const PersonalizeListResponse = z.object({
  personalizes: z.array(Personalize),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type PersonalizeListResponse = z.infer<typeof PersonalizeListResponse>;
export const PersonalizeCountResponse = z.object({ count: z.number().int() });

/** GET /api/storefront/personalizes/{productId}: the product's personalisation as a shopper's page needs it (or null). */
export const StorefrontPersonalize = z
  .object({ fields: z.array(PersonalizeField), fonts: z.array(z.object({ id: z.uuid(), family: z.string(), fontUrl: z.string() })) })
  .nullable();
export type StorefrontPersonalize = z.infer<typeof StorefrontPersonalize>;

/** POST /api/storefront/personalizes/photos answer: the shopper's photo re-encoded (WebP, at most 1200 px wide). */
export const PersonalizePhoto = z
  .object({ src: z.string(), width: z.number().int(), height: z.number().int() })
  .meta({ id: 'PersonalizePhoto' });
export type PersonalizePhoto = z.infer<typeof PersonalizePhoto>;
