import {
  type InventoryPolicy,
  MAX_PRODUCT_OPTIONS,
  MAX_PRODUCT_VARIANTS,
  type Product,
  type ProductCreateBody,
  type ProductStatus,
  type WeightUnit,
} from '@backroom/contracts';

/**
 * The product form's values and the variant matrix (issue 13 item 2: "product create and update with the variant
 * matrix"; Shopify's admin): options [{name, values}] (≤ 3) give the variants as every combination of their values
 * (≤ 100), in option order (S/Black, S/Grey, M/Black …). Pure functions, tested apart from the screen.
 */

/** One row of the variant table: the request's variant with every field present (money in major units). */
export interface VariantValues {
  id?: string;
  option1: string | null;
  option2: string | null;
  option3: string | null;
  price: number;
  compareAtPrice: number | null;
  cost: number | null;
  sku: string;
  barcode: string;
  weight: number;
  weightUnit: WeightUnit;
  inventoryQuantity: number;
  inventoryPolicy: InventoryPolicy;
}

/** The product form's values: ProductCreateBody with every field present. */
export interface ProductValues {
  title: string;
  handle: string;
  bodyHtml: string;
  status: ProductStatus;
  vendor: string;
  productType: string;
  tags: string[];
  seoTitle: string;
  seoDescription: string;
  options: { name: string; values: string[] }[];
  variants: VariantValues[];
  images: { id?: string; src: string; alt: string }[];
}

/** A variant with Shopify's defaults (price 0, stock 0, deny when out of stock, kg). */
export const blankVariant = (o: Partial<VariantValues> = {}): VariantValues => ({
  option1: null,
  option2: null,
  option3: null,
  price: 0,
  compareAtPrice: null,
  cost: null,
  sku: '',
  barcode: '',
  weight: 0,
  weightUnit: 'kg',
  inventoryQuantity: 0,
  inventoryPolicy: 'deny',
  ...o,
});

/** The values of a new product: draft, one variant (no options). */
export const EMPTY_PRODUCT: ProductValues = {
  title: '',
  handle: '',
  bodyHtml: '',
  status: 'draft',
  vendor: '',
  productType: '',
  tags: [],
  seoTitle: '',
  seoDescription: '',
  options: [],
  variants: [blankVariant()],
  images: [],
};

/** How many variants the options give (the product of their value counts; 1 without options). */
export function combinationCount(options: ProductValues['options']): number {
  return options.reduce((n, o) => n * Math.max(1, o.values.length), 1);
}

const key = (v: { option1: string | null; option2: string | null; option3: string | null }) =>
  `${v.option1 ?? ''}\u0000${v.option2 ?? ''}\u0000${v.option3 ?? ''}`;

/**
 * The variants of `options`: every combination of their values (options without values are left out), each keeping
 * the row of `current` with the same values (its id, prices, stock…); a new combination copies the price, compare-at
 * price, cost, weight and policy of the first current row, as Shopify does. Without options: one variant (the
 * first current row, option values cleared). Returns null when the combinations exceed 100 (Shopify's limit), so
 * the caller keeps the current rows and shows why.
 */
export function variantMatrix(options: ProductValues['options'], current: VariantValues[]): VariantValues[] | null {
  const used = options.filter((o) => o.values.length > 0).slice(0, MAX_PRODUCT_OPTIONS);
  if (combinationCount(used) > MAX_PRODUCT_VARIANTS) return null;
  const first = current[0] ?? blankVariant();
  if (!used.length) return [{ ...first, option1: null, option2: null, option3: null }];
  let combos: string[][] = [[]];
  for (const o of used) combos = combos.flatMap((c) => o.values.map((v) => [...c, v]));
  const byKey = new Map(current.map((v) => [key(v), v]));
  return combos.map((c) => {
    const values = { option1: c[0] ?? null, option2: c[1] ?? null, option3: c[2] ?? null };
    const same = byKey.get(key(values));
    if (same) return { ...same, ...values };
    return blankVariant({
      ...values,
      price: first.price,
      compareAtPrice: first.compareAtPrice,
      cost: first.cost,
      weight: first.weight,
      weightUnit: first.weightUnit,
      inventoryPolicy: first.inventoryPolicy,
    });
  });
}

/** "M / Black" of a row; "Default Title" without option values. */
export const rowTitle = (v: Pick<VariantValues, 'option1' | 'option2' | 'option3'>) =>
  [v.option1, v.option2, v.option3].filter(Boolean).join(' / ') || 'Default Title';

/** The form values as the API's body: empty handle left out (made from the title), empty texts as null. */
export function toBody(v: ProductValues): ProductCreateBody {
  const options = v.options.filter((o) => o.name.trim() || o.values.length);
  return {
    title: v.title,
    handle: v.handle.trim() || undefined,
    bodyHtml: v.bodyHtml,
    status: v.status,
    vendor: v.vendor,
    productType: v.productType,
    tags: v.tags,
    seoTitle: v.seoTitle.trim() || null,
    seoDescription: v.seoDescription.trim() || null,
    options,
    variants: v.variants.map((r) => ({
      ...(r.id ? { id: r.id } : {}),
      option1: options.length > 0 ? r.option1 : null,
      option2: options.length > 1 ? r.option2 : null,
      option3: options.length > 2 ? r.option3 : null,
      price: r.price,
      compareAtPrice: r.compareAtPrice,
      cost: r.cost,
      sku: r.sku,
      barcode: r.barcode.trim() || null,
      weight: r.weight,
      weightUnit: r.weightUnit,
      inventoryQuantity: r.inventoryQuantity,
      inventoryPolicy: r.inventoryPolicy,
    })),
    images: v.images.map((i) => ({ ...(i.id ? { id: i.id } : {}), src: i.src, alt: i.alt })),
  };
}

/** A stored product as form values. */
export function fromProduct(p: Product): ProductValues {
  return {
    title: p.title,
    handle: p.handle,
    bodyHtml: p.bodyHtml,
    status: p.status,
    vendor: p.vendor,
    productType: p.productType,
    tags: p.tags,
    seoTitle: p.seoTitle ?? '',
    seoDescription: p.seoDescription ?? '',
    options: p.options,
    variants: p.variants.map((v) => ({
      id: v.id,
      option1: p.options.length > 0 ? v.option1 : null,
      option2: v.option2,
      option3: v.option3,
      price: v.price,
      compareAtPrice: v.compareAtPrice,
      cost: v.cost,
      sku: v.sku,
      barcode: v.barcode ?? '',
      weight: v.weight,
      weightUnit: v.weightUnit,
      inventoryQuantity: v.inventoryQuantity,
      inventoryPolicy: v.inventoryPolicy,
    })),
    images: p.images.map((i) => ({ id: i.id, src: i.src, alt: i.alt })),
  };
}
