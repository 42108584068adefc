import { PAYMENT_GATEWAY_WARNING } from '@backroom/contracts';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { readAccount } from '../../lib/session';
import { useDashboardProxies } from './api';

/**
 * The payment-gateway warning of the home dashboard (spec admin-dashboard §4 "It shows when the store has zero
 * proxies. While the list is empty it is re-polled every 2 minutes", §7 limit 10, page 1 and storeId, §8 the dialog
 * titled 'Notify' with a CLOSE button and its text as is). CLOSE hides it until the next check that still finds no
 * gateway; once a gateway is assigned the polling stops and the dialog stays away. A failed fetch shows nothing (§8).
 */
export function GatewayNotice() {
  const proxies = useDashboardProxies(readAccount().storeId);
  const [closedAt, setClosedAt] = useState<number | null>(null);
  const open = proxies.data?.total === 0 && closedAt !== proxies.dataUpdatedAt;
  return (
    <Modal opened={open} onClose={() => setClosedAt(proxies.dataUpdatedAt)} title="Notify" centered withCloseButton={false}>
      <Text size="sm">{PAYMENT_GATEWAY_WARNING}</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={() => setClosedAt(proxies.dataUpdatedAt)}>CLOSE</Button>
      </Group>
    </Modal>
  );
}
