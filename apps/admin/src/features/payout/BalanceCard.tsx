import { Anchor, Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { formatMoneyMajor } from '../../lib/format';
import { routePath } from '../../routes';
import { useCanOpen } from '../../shell/guarded';
import { useBalance } from './api';
import { negativeBalanceLine } from './NegativeBalance';

/** The balance's currency for formatMoneyMajor: its code (the sign comes from it, issue 30 item 3). */
export const balanceCurrency = (code: string) => ({ code });

/**
 * The balance on the home dashboard (spec §3 Balance availableToPayout, §4 "refreshed every 15 minutes"): the
 * amount available to pay out, what is still settling, and a link to the payout screen. Nothing on a failed fetch
 * (§8 failed balance fetches are ignored silently), e.g. for staff without the settings scope. A negative balance
 * says it will be deducted from the next payout (issue 30 item 6).
 */
export function BalanceCard() {
  const balance = useBalance(true);
  // The link to the Payout screen only for users who may open it (issue 31 item 7).
  const canOpenPayout = useCanOpen('website.settings.payout');
  if (!balance.data) return null;
  const b = balance.data;
  const currency = balanceCurrency(b.currency);
  return (
    <Card component="section" aria-label="Balance">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={4}>
          <Text size="sm" fw={600} c="dimmed">
            Available to pay out
          </Text>
          <Text fz={28} fw={700} lh={1.2} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatMoneyMajor(b.availableToPayout, currency)}
          </Text>
          {b.availableToPayout < 0 && <Text size="sm">{negativeBalanceLine(formatMoneyMajor(b.availableToPayout, currency))}</Text>}
          <Text size="sm" c="dimmed">
            {formatMoneyMajor(b.unsettled, currency)} settling · {formatMoneyMajor(b.pendingPayouts, currency)} on its way
          </Text>
        </Stack>
        <ThemeIcon variant="light" color="gray" radius="md" size="md" aria-hidden>
          <IconBuildingBank size={18} />
        </ThemeIcon>
      </Group>
      {canOpenPayout && (
        <Anchor component={Link} to={routePath('website.settings.payout')} size="sm" fw={500} mt="sm">
          {b.availableToPayout > 0 ? 'Request a payout' : 'View your balance'}
        </Anchor>
      )}
    </Card>
  );
}
