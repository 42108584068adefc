import { COLLECTION_RULE_COLUMNS, COLLECTION_RULE_RELATIONS, type CollectionRule, NUMERIC_RULE_COLUMNS } from '@backroom/contracts';

// Words of the automated-collection conditions (Shopify's admin): every column and relation of the contract has a
// label (a new one fails the type check), and the relations a column takes follow the contract's rule.

/** Labels of the rule columns, in Shopify's words. */
export const COLUMN_LABELS: Record<CollectionRule['column'], string> = {
  tag: 'Product tag',
  type: 'Product type',
  vendor: 'Product vendor',
  title: 'Product title',
  variant_price: 'Price',
  variant_compare_at_price: 'Compare-at price',
  variant_inventory: 'Inventory stock',
  variant_weight: 'Weight',
};
/** Labels of the rule relations, in Shopify's words. */
export const RELATION_LABELS: Record<CollectionRule['relation'], string> = {
  equals: 'is equal to',
  not_equals: 'is not equal to',
  greater_than: 'is greater than',
  less_than: 'is less than',
  starts_with: 'starts with',
  ends_with: 'ends with',
  contains: 'contains',
  not_contains: 'does not contain',
};

/** True for the columns compared as numbers (price, compare-at price, stock, weight). */
export const isNumericColumn = (c: CollectionRule['column']) => (NUMERIC_RULE_COLUMNS as readonly string[]).includes(c);

/** The relations a column takes: numbers equal/not equal/greater/less; text every relation but greater/less. */
export function relationsFor(column: CollectionRule['column']): CollectionRule['relation'][] {
  return COLLECTION_RULE_RELATIONS.filter((r) =>
    isNumericColumn(column) ? ['equals', 'not_equals', 'greater_than', 'less_than'].includes(r) : r !== 'greater_than' && r !== 'less_than',
  );
}

/** The column choices of a condition, in Shopify's order. */
export const COLUMN_CHOICES = COLLECTION_RULE_COLUMNS.map((c) => ({ value: c, label: COLUMN_LABELS[c] }));
