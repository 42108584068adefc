import { fill } from './html';

/** A product tag naming its stock unit: `unit:mugs`, `unit:pairs` (issue 31 item 2). */
const UNIT_TAG = /^unit:\s*(.+)$/i;

/** The unit the merchant set on a product with a `unit:NAME` tag (first one), else null. */
export function productUnit(tags: readonly string[]): string | null {
  for (const t of tags) {
    const m = UNIT_TAG.exec(t.trim());
    if (m?.[1]?.trim()) return m[1].trim();
  }
  return null;
}

/** The tags a shopper sees: the unit tags are the merchant's settings, not labels. */
export const shopperTags = (tags: readonly string[]) => tags.filter((t) => !UNIT_TAG.test(t.trim()));

/**
 * The "left in stock" message of the product page (theme-editor §3 `messageLeftInStock` with {number}, {unit},
 * {item}; issue 31 item 2), or null when none may show: a variant that does not track stock (sold whatever its
 * count), none left, or 50 and more. The unit is the product's own (`unit:NAME` tag), else the theme's unit where
 * the merchant set one, else none ("Only 3 left in stock"): spaces left by an empty unit are closed up.
 */
export function stockMessage(
  template: string,
  variant: { inventoryQty: number; tracksStock?: boolean },
  tags: readonly string[],
  theme: { unitName: string; itemNameLeftInStock: string },
): string | null {
  const n = variant.inventoryQty;
  if (variant.tracksStock === false || n <= 0 || n >= 50) return null;
  const own = productUnit(tags);
  const unit = own ?? theme.unitName.trim();
  const item = own ?? theme.itemNameLeftInStock.trim();
  return fill(template, { number: n, unit, item })
    .replace(/ {2,}/g, ' ')
    .replace(/ (<\/)/g, '$1');
}
