import { Badge } from '@mantine/core';
import { financialColor, fulfillmentColor, statusLabel } from './format';

/**
 * A status badge with Shopify's colours: a tinted background with dark text (the light variant's coloured text on
 * its tint is below WCAG AA contrast for yellow, orange and green).
 */
export function StatusBadge({ status, kind }: { status: string; kind: 'financial' | 'fulfillment' }) {
  return (
    <Badge
      variant="light"
      color={kind === 'financial' ? financialColor(status) : fulfillmentColor(status)}
      c="dark.7"
      tt="none"
      radius="sm"
      fw={600}
    >
      {statusLabel(status)}
    </Badge>
  );
}
