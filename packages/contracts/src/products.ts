import { z } from 'zod';
import { MajorUnits } from './common.js';
import { SEO_DESCRIPTION_MAX, SEO_TITLE_MAX } from './limits.js';

/**
 * Products API of issue 13 item 1 (routes website.products, website.products.create, website.products.update;
 * scope `products`), in Shopify's vocabulary: a product has up to 3 `options` [{name, values}] and at most 100
 * `variants` [{option1, option2, option3, price, compareAtPrice, cost, sku, barcode, weight, inventoryQuantity,
 * inventoryPolicy}], and `images` in display order. Money is in the store currency's MAJOR unit (19.99) at this
 * edge, as every admin answer is (common.ts MajorUnits); the server keeps integer cents.
 */

/** At most this many options per product (Shopify: 3). */
export const MAX_PRODUCT_OPTIONS = 3;
/** At most this many variants per product (Shopify: 100). */
export const MAX_PRODUCT_VARIANTS = 100;
/** At most this many images per product. */
export const MAX_PRODUCT_IMAGES = 250;
/** Products per `PATCH /api/products/bulk` call (the bulk-edit grid saves 200 products at once). */
export const MAX_BULK_PRODUCTS = 250;
/** Largest price, compare-at price or cost (major units): 10 million. */
export const MAX_PRICE = 10_000_000;

export const PRODUCT_STATUSES = ['active', 'draft', 'archived'] as const;
/** Shopify's product status: only `active` products are sold on the storefront. */
export const ProductStatus = z.enum(PRODUCT_STATUSES, { message: 'must be active, draft or archived' });
export type ProductStatus = z.infer<typeof ProductStatus>;

export const INVENTORY_POLICIES = ['deny', 'continue'] as const;
/** deny: stop selling at 0 in stock; continue: keep selling when out of stock. */
export const InventoryPolicy = z.enum(INVENTORY_POLICIES, { message: 'must be deny or continue' });
export type InventoryPolicy = z.infer<typeof InventoryPolicy>;

export const WEIGHT_UNITS = ['g', 'kg', 'lb', 'oz'] as const;
export const WeightUnit = z.enum(WEIGHT_UNITS, { message: 'must be g, kg, lb or oz' });
export type WeightUnit = z.infer<typeof WeightUnit>;

/** Grams in one unit of each weight unit (the weight is stored in grams). */
export const GRAMS_PER_UNIT: Record<WeightUnit, number> = { g: 1, kg: 1000, lb: 453.59237, oz: 28.349523125 };

/** A price in major units: 0 to 10 million, at most 2 decimals. */
export const Price = z
  .number({ message: 'must be a number' })
  .min(0, 'must be 0 or more')
  .max(MAX_PRICE, 'must be at most 10000000')
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'must have at most 2 decimals');

/** A URL-safe handle: lower-case letters, digits, '-' and '_' (Shopify), 1 to 255 characters. */
const ShopifyHandle = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(255, 'must be at most 255 characters')
  .regex(/^[\p{Ll}\p{Lo}\p{N}][\p{Ll}\p{Lo}\p{N}_-]*$/u, "may only contain lower-case letters, digits, '-' and '_'");

const Title = z.string().trim().min(1, 'is required').max(255, 'must be at most 255 characters');
const Tag = z.string().trim().min(1, 'must not be empty').max(255, 'must be at most 255 characters');
const OptionValue = z.string().trim().min(1, 'must not be empty').max(255, 'must be at most 255 characters');

/** A product option: its name (Size) and its values in display order (S, M, L). */
export const ProductOption = z.object({
  name: z.string().trim().min(1, 'is required').max(255, 'must be at most 255 characters'),
  values: z.array(OptionValue).min(1, 'needs at least one value').max(MAX_PRODUCT_VARIANTS, 'at most 100 values'),
});
export type ProductOption = z.infer<typeof ProductOption>;

/** A variant as the admin sends it; `id` keeps an existing variant (its stock history follows it). */
export const VariantInput = z.object({
  id: z.uuid({ message: 'must be a variant id' }).optional(),
  option1: OptionValue.nullable().optional(),
  option2: OptionValue.nullable().optional(),
  option3: OptionValue.nullable().optional(),
  price: Price,
  compareAtPrice: Price.nullable().optional(),
  /** Cost per item (what the merchant pays), major units. */
  cost: Price.nullable().optional(),
  sku: z.string().trim().max(255, 'must be at most 255 characters').optional(),
  barcode: z.string().trim().max(255, 'must be at most 255 characters').nullable().optional(),
  /** Weight in `weightUnit` (default kg). */
  weight: z.number({ message: 'must be a number' }).min(0, 'must be 0 or more').max(1_000_000, 'must be at most 1000000').optional(),
  weightUnit: WeightUnit.optional(),
  inventoryQuantity: z
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(-1_000_000_000, 'must be at least -1000000000')
    .max(1_000_000_000, 'must be at most 1000000000')
    .optional(),
  inventoryPolicy: InventoryPolicy.optional(),
  requiresShipping: z.boolean().optional(),
  taxable: z.boolean().optional(),
});
export type VariantInput = z.infer<typeof VariantInput>;

/**
 * A picture of the shop's own demo catalog, as the seed stores it: `/demo-assets/{folder…}/{name}.{svg|webp|png|jpg}`,
 * lower-case segments only (no `..`); the server checks that the file exists (issue 30 item 5: every seeded product
 * and collection opens and saves unchanged).
 */
export const DEMO_ASSET_SRC = /^\/demo-assets\/(?:[a-z0-9][a-z0-9_-]*\/)*[a-z0-9][a-z0-9_-]*\.(?:svg|webp|png|jpe?g)$/;

/**
 * A picture of the product: an uploaded (`/uploads/…`), demo (`/demo-assets/…`, {@link DEMO_ASSET_SRC}) or remote
 * (http/https) address and its alt text.
 */
export const ProductImageInput = z.object({
  id: z.uuid().optional(),
  src: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(2048, 'must be at most 2048 characters')
    .refine(
      (s) => s.startsWith('/uploads/') || DEMO_ASSET_SRC.test(s) || /^https?:\/\//i.test(s),
      'must be an uploaded image (/uploads/…), a demo picture (/demo-assets/…) or an http(s) URL',
    ),
  alt: z.string().trim().max(512, 'must be at most 512 characters').optional(),
});
export type ProductImageInput = z.infer<typeof ProductImageInput>;

const productFields = {
  title: Title,
  handle: ShopifyHandle.optional(),
  /** Description, HTML (sanitised by the server). */
  bodyHtml: z.string().max(512_000, 'must be at most 512000 characters').optional(),
  status: ProductStatus.optional(),
  vendor: z.string().trim().max(255, 'must be at most 255 characters').optional(),
  productType: z.string().trim().max(255, 'must be at most 255 characters').optional(),
  tags: z.array(Tag).max(250, 'at most 250 tags').optional(),
  seoTitle: z.string().trim().max(SEO_TITLE_MAX, `must be at most ${SEO_TITLE_MAX} characters`).nullable().optional(),
  seoDescription: z.string().trim().max(SEO_DESCRIPTION_MAX, `must be at most ${SEO_DESCRIPTION_MAX} characters`).nullable().optional(),
  options: z.array(ProductOption).max(MAX_PRODUCT_OPTIONS, 'at most 3 options').optional(),
  variants: z.array(VariantInput).max(MAX_PRODUCT_VARIANTS, 'at most 100 variants').optional(),
  images: z.array(ProductImageInput).max(MAX_PRODUCT_IMAGES, 'at most 250 images').optional(),
};

type OptionsAndVariants = { options?: ProductOption[]; variants?: VariantInput[] };

/**
 * The rules tying variants to options (Shopify): option names are unique; every variant gives exactly one value
 * per option (option1 for the first, …), each among that option's values; no two variants share the same values.
 * Without options a product has one variant (Default Title). Issues name the field: `variants.3.option2: …`.
 */
export function checkVariants(p: OptionsAndVariants, ctx: z.RefinementCtx): void {
  const options = p.options ?? [];
  const names = new Set<string>();
  options.forEach((o, i) => {
    const k = o.name.toLowerCase();
    if (names.has(k)) ctx.addIssue({ code: 'custom', path: ['options', i, 'name'], message: `'${o.name}' is used by another option` });
    names.add(k);
    const seen = new Set<string>();
    o.values.forEach((v, j) => {
      if (seen.has(v)) ctx.addIssue({ code: 'custom', path: ['options', i, 'values', j], message: `'${v}' is listed twice` });
      seen.add(v);
    });
  });
  if (!p.variants) return;
  if (options.length === 0 && p.variants.length > 1)
    ctx.addIssue({ code: 'custom', path: ['variants'], message: 'a product without options has one variant' });
  const combos = new Map<string, number>();
  p.variants.forEach((v, i) => {
    const values = [v.option1 ?? null, v.option2 ?? null, v.option3 ?? null];
    for (let k = 0; k < MAX_PRODUCT_OPTIONS; k++) {
      const field = `option${k + 1}`;
      const opt = options[k];
      const value = values[k];
      if (opt && !value) ctx.addIssue({ code: 'custom', path: ['variants', i, field], message: `a value of ${opt.name} is required` });
      else if (opt && value && !opt.values.includes(value))
        ctx.addIssue({ code: 'custom', path: ['variants', i, field], message: `'${value}' is not a value of ${opt.name}` });
      else if (!opt && value && options.length > 0)
        ctx.addIssue({ code: 'custom', path: ['variants', i, field], message: `the product has no option ${k + 1}` });
    }
    const key = values.join('\u0000');
    const dup = combos.get(key);
    if (dup !== undefined)
      ctx.addIssue({ code: 'custom', path: ['variants', i], message: `repeats the option values of variant ${dup + 1}` });
    else combos.set(key, i);
  });
}

/** POST /api/products body: a title and at least one variant (the price); everything else has Shopify's defaults. */
export const ProductCreateBody = z
  .object({ ...productFields, variants: productFields.variants.unwrap().min(1, 'at least one variant (with its price) is required') })
  .superRefine(checkVariants)
  .meta({ id: 'ProductCreateBody' });
export type ProductCreateBody = z.infer<typeof ProductCreateBody>;

/**
 * PUT /api/products/{id} body: only the fields given change. `variants`, when given, is the whole list: variants
 * with an `id` are kept and updated, new ones created, the others deleted; `options` given without `variants`
 * must still fit the stored variants. `images`, when given, is the whole list in display order.
 */
export const ProductUpdateBody = z
  .object({ ...productFields, title: Title.optional() })
  .superRefine(checkVariants)
  .meta({ id: 'ProductUpdateBody' });
export type ProductUpdateBody = z.infer<typeof ProductUpdateBody>;

/** A variant as the API answers it (money in major units, weight in `weightUnit`). */
export const ProductVariant = z.object({
  id: z.uuid(),
  title: z.string(),
  position: z.number().int(),
  option1: z.string().nullable(),
  option2: z.string().nullable(),
  option3: z.string().nullable(),
  price: MajorUnits,
  compareAtPrice: MajorUnits.nullable(),
  cost: MajorUnits.nullable(),
  sku: z.string(),
  barcode: z.string().nullable(),
  weight: z.number(),
  weightUnit: WeightUnit,
  inventoryQuantity: z.number().int(),
  inventoryPolicy: InventoryPolicy,
  requiresShipping: z.boolean(),
  taxable: z.boolean(),
  imageSrc: z.string().nullable(),
});
export type ProductVariant = z.infer<typeof ProductVariant>;

export const ProductImage = z.object({ id: z.uuid(), src: z.string(), alt: z.string(), position: z.number().int() });
export type ProductImage = z.infer<typeof ProductImage>;

/** GET/POST/PUT /api/products/{id} answer: the whole product. */
export const Product = z
  .object({
    id: z.uuid(),
    title: z.string(),
    handle: z.string(),
    bodyHtml: z.string(),
    status: ProductStatus,
    published: z.boolean(),
    vendor: z.string(),
    productType: z.string(),
    tags: z.array(z.string()),
    seoTitle: z.string().nullable(),
    seoDescription: z.string().nullable(),
    options: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
    variants: z.array(ProductVariant),
    images: z.array(ProductImage),
    collections: z.array(z.object({ id: z.uuid(), title: z.string(), handle: z.string() })),
    currency: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof Product>;

/** A variant change of the bulk edit: the variant `id` and the fields that change. */
export const BulkVariantPatch = VariantInput.omit({ id: true, option1: true, option2: true, option3: true })
  .partial()
  .extend({ id: z.uuid({ message: 'must be a variant id' }) });
export type BulkVariantPatch = z.infer<typeof BulkVariantPatch>;

/** One product of PATCH /api/products/bulk: its id, the product fields that change, and variant changes. */
export const BulkProductPatch = z.object({
  id: z.uuid({ message: 'must be a product id' }),
  title: Title.optional(),
  status: ProductStatus.optional(),
  vendor: productFields.vendor,
  productType: productFields.productType,
  tags: productFields.tags,
  variants: z.array(BulkVariantPatch).max(MAX_PRODUCT_VARIANTS, 'at most 100 variants').optional(),
});
export type BulkProductPatch = z.infer<typeof BulkProductPatch>;

/** PATCH /api/products/bulk body: every change is saved in ONE transaction, or none is (issue 13 item 1). */
export const ProductBulkBody = z
  .object({ products: z.array(BulkProductPatch).min(1, 'at least one product').max(MAX_BULK_PRODUCTS, 'at most 250 products') })
  .meta({ id: 'ProductBulkBody' });
export type ProductBulkBody = z.infer<typeof ProductBulkBody>;

/** PATCH /api/products/bulk answer: products and variants changed. */
export const ProductBulkResponse = z.object({ products: z.number().int(), variants: z.number().int() });
export type ProductBulkResponse = z.infer<typeof ProductBulkResponse>;

/** Columns a smart-collection rule reads (Shopify's `rules[].column`). */
export const COLLECTION_RULE_COLUMNS = [
  'tag',
  'type',
  'vendor',
  'title',
  'variant_price',
  'variant_compare_at_price',
  'variant_inventory',
  'variant_weight',
] as const;
/** Relations of a rule (Shopify's `rules[].relation`). */
export const COLLECTION_RULE_RELATIONS = [
  'equals',
  'not_equals',
  'greater_than',
  'less_than',
  'starts_with',
  'ends_with',
  'contains',
  'not_contains',
] as const;
/** Columns compared as numbers (price in major units, inventory in items, weight in kg). */
export const NUMERIC_RULE_COLUMNS = ['variant_price', 'variant_compare_at_price', 'variant_inventory', 'variant_weight'] as const;

/**
 * One rule of an automated collection: `{column, relation, condition}` (Shopify smart collections). Numeric
 * columns take equals/not_equals/greater_than/less_than and a number; text columns take every relation but
 * greater_than/less_than. A variant column matches when ANY variant of the product does (Shopify).
 */
export const CollectionRule = z
  .object({
    column: z.enum(COLLECTION_RULE_COLUMNS, { message: `must be one of ${COLLECTION_RULE_COLUMNS.join(', ')}` }),
    relation: z.enum(COLLECTION_RULE_RELATIONS, { message: `must be one of ${COLLECTION_RULE_RELATIONS.join(', ')}` }),
    condition: z.string().trim().min(1, 'is required').max(255, 'must be at most 255 characters'),
  })
  .superRefine((r, ctx) => {
    const numeric = (NUMERIC_RULE_COLUMNS as readonly string[]).includes(r.column);
    if (numeric) {
      if (!['equals', 'not_equals', 'greater_than', 'less_than'].includes(r.relation))
        ctx.addIssue({ code: 'custom', path: ['relation'], message: `${r.relation} does not apply to ${r.column}` });
      if (!/^-?\d+(\.\d+)?$/.test(r.condition))
        ctx.addIssue({ code: 'custom', path: ['condition'], message: `must be a number for ${r.column}` });
    } else if (r.relation === 'greater_than' || r.relation === 'less_than') {
      ctx.addIssue({ code: 'custom', path: ['relation'], message: `${r.relation} does not apply to ${r.column}` });
    }
  });
export type CollectionRule = z.infer<typeof CollectionRule>;

export const CollectionType = z.enum(['manual', 'automated'], { message: 'must be manual or automated' });
export type CollectionType = z.infer<typeof CollectionType>;

const collectionFields = {
  title: Title,
  handle: ShopifyHandle.optional(),
  /** Description, HTML (sanitised by the server). */
  description: z.string().max(512_000, 'must be at most 512000 characters').optional(),
  imageSrc: ProductImageInput.shape.src.nullable().optional(),
  seoTitle: z.string().trim().max(SEO_TITLE_MAX, `must be at most ${SEO_TITLE_MAX} characters`).nullable().optional(),
  seoDescription: z.string().trim().max(SEO_DESCRIPTION_MAX, `must be at most ${SEO_DESCRIPTION_MAX} characters`).nullable().optional(),
  /** Manual collections: the products in display order. */
  productIds: z
    .array(z.uuid({ message: 'must be a product id' }))
    .max(5000, 'at most 5000 products')
    .optional(),
  /** Automated collections: the rules (1 to 60). */
  rules: z.array(CollectionRule).max(60, 'at most 60 rules').optional(),
  /** true: products matching ANY rule; false (default): products matching ALL rules. */
  disjunctive: z.boolean().optional(),
};

const checkCollection = (c: { type?: CollectionType; rules?: unknown[]; productIds?: unknown[] }, ctx: z.RefinementCtx) => {
  if (c.type === 'automated' && (!c.rules || c.rules.length === 0))
    ctx.addIssue({ code: 'custom', path: ['rules'], message: 'an automated collection needs at least one rule' });
  if (c.type === 'automated' && c.productIds?.length)
    ctx.addIssue({ code: 'custom', path: ['productIds'], message: 'the products of an automated collection come from its rules' });
  if (c.type === 'manual' && c.rules?.length)
    ctx.addIssue({ code: 'custom', path: ['rules'], message: 'a manual collection has no rules' });
};

/** POST /api/collections body (issue 13 item 3): `{title, handle, type: manual|automated, productIds, rules, disjunctive}`. */
export const CollectionCreateBody = z
  .object({ ...collectionFields, type: CollectionType.default('manual') })
  .superRefine(checkCollection)
  .meta({ id: 'CollectionCreateBody' });
export type CollectionCreateBody = z.infer<typeof CollectionCreateBody>;

/** PUT /api/collections/{id} body: the fields given change; the type of a collection is kept. */
export const CollectionUpdateBody = z.object({ ...collectionFields, title: Title.optional() }).meta({ id: 'CollectionUpdateBody' });
export type CollectionUpdateBody = z.infer<typeof CollectionUpdateBody>;

/** A product of a collection, in the collection's order. */
export const CollectionProduct = z.object({
  id: z.uuid(),
  title: z.string(),
  handle: z.string(),
  status: ProductStatus,
  image: z.object({ src: z.string() }).nullable(),
  price: MajorUnits,
});

/** GET/POST/PUT /api/collections/{id} answer. */
export const Collection = z
  .object({
    id: z.uuid(),
    title: z.string(),
    handle: z.string(),
    description: z.string(),
    imageSrc: z.string().nullable(),
    seoTitle: z.string().nullable(),
    seoDescription: z.string().nullable(),
    type: CollectionType,
    rules: z.array(CollectionRule),
    disjunctive: z.boolean(),
    products: z.array(CollectionProduct),
    productsCount: z.number().int(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Collection' });
export type Collection = z.infer<typeof Collection>;
