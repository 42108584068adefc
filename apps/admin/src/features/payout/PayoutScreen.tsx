import { ActionIcon, Card, Group, Modal, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { formatMoneyMajor } from '../../lib/format';
import { readAccount } from '../../lib/session';
import { routePath } from '../../routes';
import { useRouteName, useSessionUser } from '../../shell/hooks';
import { useBalance, useDirectProxies, useGatewayMutations, useServingProxies } from './api';
import { balanceCurrency } from './BalanceCard';
import { GatewayPool } from './GatewayPool';
import { NoPayoutNotice } from './NegativeBalance';
import { CardsSection, ConfigSection, RequestForm } from './PayoutForms';
import { PayoutHistory } from './PayoutHistory';

const label = (s: string) => s[0]!.toUpperCase() + s.slice(1);

/** The shop's payment gateways: every one serving it, and its own list in checkout order (reorderable). */
function Gateways({ storeId }: { storeId: string }) {
  const serving = useServingProxies(storeId, 1);
  const direct = useDirectProxies(storeId, 1);
  const { saveStoreProxies } = useGatewayMutations();
  const ids = (direct.data?.proxies ?? []).map((p) => p.id);
  const move = (i: number, by: number, name: string) => {
    const next = [...ids];
    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
    saveStoreProxies.mutate({ storeId, proxyIds: next, message: `${name} moved ${by < 0 ? 'up' : 'down'} in your gateways` });
  };
  const list = serving.data?.proxies ?? [];
  return (
    <Card component="section" aria-labelledby="payment-gateways">
      <Stack gap="sm">
        <Title order={2} size="h4" id="payment-gateways">
          Payment gateways
        </Title>
        {serving.data && list.length === 0 && (
          <Text size="sm">No payment gateway serves your store yet: please contact the administrator to set one up.</Text>
        )}
        {list.length > 0 && (
          <Table aria-label="Payment gateways">
            <Table.Tbody>
              {list.map((p) => {
                const i = ids.indexOf(p.id);
                return (
                  <Table.Tr key={p.id}>
                    <Table.Td>{p.displayName}</Table.Td>
                    <Table.Td>{label(p.provider)}</Table.Td>
                    <Table.Td>
                      <Text size="sm" c="dimmed">
                        {p.via === 'group' ? 'Through a group' : 'Assigned'}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      {i >= 0 && ids.length > 1 && (
                        <Group gap={2} justify="flex-end">
                          <ActionIcon
                            variant="subtle"
                            aria-label={`Move ${p.displayName} up`}
                            disabled={i === 0}
                            onClick={() => move(i, -1, p.displayName)}
                          >
                            <IconArrowUp size={16} aria-hidden />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            aria-label={`Move ${p.displayName} down`}
                            disabled={i === ids.length - 1}
                            onClick={() => move(i, 1, p.displayName)}
                          >
                            <IconArrowDown size={16} aria-hidden />
                          </ActionIcon>
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}

/**
 * Screen `website.settings.payout` (spec admin-dashboard §7 Payout, §4 balance refreshed every 15 minutes; issue 10
 * items 3–4): the balance, the payout request form, the payout method, the cards, the history with CSV export and
 * the shop's payment gateways. Provider staff also get the gateway pool (GatewayPool.tsx).
 * On its child route `website.settings.payout.request` (`/admin/settings/payout/request`, the command palette's
 * "Request a payout", issue 20) the same screen opens the payout request dialog; closing it or a sent request goes
 * back to the Payout address. While the available balance is zero or below (a refund after a payout, issue 30
 * item 6) the request form gives way to an explanation ('-$0.97 — will be deducted from your next payout').
 */
export default function PayoutScreen() {
  const storeId = readAccount().storeId ?? '';
  const user = useSessionUser();
  const navigate = useNavigate();
  const requesting = useRouteName() === 'website.settings.payout.request';
  const closeRequest = () => void navigate({ href: routePath('website.settings.payout') });
  const balance = useBalance();
  const b = balance.data;
  const currency = balanceCurrency(b?.currency ?? 'USD');
  const figures: [string, number | undefined][] = [
    ['Available to pay out', b?.availableToPayout],
    ['Settling', b?.unsettled],
    ['Requested, not paid yet', b?.pendingPayouts],
    ['Paid out', b?.paidPayouts],
  ];
  return (
    <Stack gap="lg" maw={1100} mx="auto" w="100%">
      <Title order={1} size="h2">
        Payout
      </Title>
      <Card component="section" aria-labelledby="balance">
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={2} size="h4" id="balance">
              Balance
            </Title>
            <Text size="xs" c="dimmed">
              Refreshed every 15 minutes
            </Text>
          </Group>
          <SimpleGrid cols={{ base: 2, md: 4 }}>
            {figures.map(([name, v]) => (
              <Stack gap={2} key={name}>
                <Text size="sm" c="dimmed">
                  {name}
                </Text>
                {v === undefined ? (
                  <Skeleton h={28} w="70%" />
                ) : (
                  <Text fz={22} fw={700} style={{ fontVariantNumeric: 'tabular-nums' }} c={v < 0 ? 'red.8' : undefined}>
                    {formatMoneyMajor(v, currency)}
                  </Text>
                )}
              </Stack>
            ))}
          </SimpleGrid>
          {b &&
            (b.availableToPayout > 0 ? (
              <RequestForm available={b.availableToPayout} currency={b.currency} />
            ) : (
              <NoPayoutNotice available={b.availableToPayout} amount={formatMoneyMajor(b.availableToPayout, currency)} />
            ))}
        </Stack>
      </Card>
      <ConfigSection />
      <CardsSection />
      <PayoutHistory provider={false} />
      <Gateways storeId={storeId} />
      {user?.isProviderStaff && <GatewayPool />}
      <Modal opened={requesting} onClose={closeRequest} title="Request a payout" closeButtonProps={{ 'aria-label': 'Close' }}>
        {b && b.availableToPayout <= 0 ? (
          <NoPayoutNotice available={b.availableToPayout} amount={formatMoneyMajor(b.availableToPayout, currency)} />
        ) : b ? (
          <RequestForm available={b.availableToPayout} currency={b.currency} onDone={closeRequest} />
        ) : (
          <Skeleton h={60} aria-label="Loading the balance" />
        )}
      </Modal>
    </Stack>
  );
}
