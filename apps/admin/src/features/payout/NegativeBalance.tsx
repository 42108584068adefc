import { Alert, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

/**
 * The one-line explanation of a negative available balance (issue 30 item 6, as Shopify Payments shows it):
 * e.g. '-$0.97 — will be deducted from your next payout'. `amount` is the balance already written by the admin's
 * money formatter (BalanceCard `balanceCurrency`).
 */
export function negativeBalanceLine(amount: string): string {
  return `${amount} — will be deducted from your next payout`;
}

/**
 * Shown instead of the payout request form while the available balance (major units) is zero or below (issue 30
 * item 6; `available` in major units, `amount` the same written by the money formatter): a refund made after a payout may take it below zero, the deficit is deducted from the next payout, and
 * no payout can be requested until the balance is positive again (the server refuses one too, payout/service.ts).
 */
export function NoPayoutNotice({ available, amount }: { available: number; amount: string }) {
  const negative = available < 0;
  return (
    <Alert
      color={negative ? 'yellow' : 'gray'}
      icon={<IconInfoCircle aria-hidden />}
      title="No payout can be requested yet"
      // The default yellow title is too pale on the light yellow ground (WCAG AA contrast): dark text instead.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      <Text size="sm">
        {negative
          ? `${negativeBalanceLine(amount)}. Refunds made after your last payout are taken from your balance; you can request a payout once it is positive again.`
          : 'You can request a payout once your available balance is positive: new sales become available after the settlement delay.'}
      </Text>
    </Alert>
  );
}
