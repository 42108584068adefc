import type { Domain } from '@backroom/contracts';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  CopyButton,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertCircle, IconCheck, IconCopy, IconExternalLink, IconRefresh, IconTrash, IconWorld } from '@tabler/icons-react';
import { useState } from 'react';
import { NumberInput } from '../../components/NumberInput';
import { ApiError } from '../../lib/api';
import { useDomainMutations, useDomains, usePendingDomains } from './api';

const STATUS: Record<Domain['status'], { label: string; color: string }> = {
  verified: { label: 'Verified', color: 'green' },
  pending: { label: 'Pending', color: 'yellow' },
  failed: { label: 'Failed', color: 'red' },
};

/** The DNS records a connected domain needs, each value copyable. */
function Records({ domain }: { domain: Domain }) {
  return (
    <Table withTableBorder fz="sm" aria-label={`DNS records for ${domain.displayHost}`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Type</Table.Th>
          <Table.Th>Name</Table.Th>
          <Table.Th>Value</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {domain.records.map((r) => (
          <Table.Tr key={r.type}>
            <Table.Td>{r.type}</Table.Td>
            <Table.Td ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {r.name}
            </Table.Td>
            <Table.Td ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              <Group gap={4} wrap="nowrap">
                {r.value}
                <CopyButton value={r.value}>
                  {({ copied, copy }) => (
                    <Tooltip label={copied ? 'Copied' : 'Copy'}>
                      <ActionIcon variant="subtle" color="gray" size="sm" onClick={copy} aria-label={`Copy the ${r.type} value`}>
                        {copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
                      </ActionIcon>
                    </Tooltip>
                  )}
                </CopyButton>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** One domain: host, type, status with its reason, primary flag, and what can be done with it. */
function DomainCard({ d, primaryHost }: { d: Domain; primaryHost: string }) {
  const m = useDomainMutations();
  const primary = d.host === primaryHost;
  const s = STATUS[d.status];
  return (
    <Card padding="lg" component="li" aria-label={d.displayHost}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <IconWorld size={18} aria-hidden />
            <Text fw={650}>{d.displayHost}</Text>
            {d.displayHost !== d.host && (
              <Text size="xs" c="dimmed" ff="monospace">
                {d.host}
              </Text>
            )}
            <Badge variant="light" color="gray" tt="none">
              {d.domainType === 'SystemDefault' ? 'System domain' : 'Connected domain'}
            </Badge>
            <Badge variant="dot" color={s.color} c="dark.7" tt="none">
              {s.label}
            </Badge>
            {primary && (
              <Badge color="brand" tt="none">
                Primary
              </Badge>
            )}
          </Group>
          <Group gap="xs">
            {d.domainType === 'Custom' && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconRefresh size={14} aria-hidden />}
                loading={m.check.isPending}
                onClick={() => m.check.mutate(d.host)}
              >
                Check DNS
              </Button>
            )}
            {!primary && d.status === 'verified' && (
              <Button size="xs" variant="default" loading={m.primary.isPending} onClick={() => m.primary.mutate(d.host)}>
                Make primary
              </Button>
            )}
            {d.domainType === 'Custom' && (
              <Tooltip label="Remove">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${d.displayHost}`}
                  onClick={() => m.remove.mutate(d.host)}
                  loading={m.remove.isPending}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        </Group>
        {d.reason && (
          <Alert color={d.status === 'failed' ? 'red' : 'yellow'} icon={<IconAlertCircle aria-hidden />} p="xs">
            <Text size="sm">{d.reason}</Text>
          </Alert>
        )}
        {d.domainType === 'Custom' && d.status !== 'verified' && (
          <>
            <Text size="sm">
              At your DNS provider, create a CNAME record{d.records.some((r) => r.type === 'A') ? ' (or the A record)' : ''} and the TXT
              record below, then press Check DNS. DNS changes can take a few minutes to an hour to show. Until the check passes the domain
              is not reserved for your shop (the first shop to pass it gets the domain), and a claim not verified within 7 days expires.
            </Text>
            <Records domain={d} />
          </>
        )}
      </Stack>
    </Card>
  );
}

/**
 * `website.domain` (`/admin/domains`, scope `domains`; spec admin-dashboard §7 Onboarding and domains, §3 Domain;
 * issue 11 item 1): the shop's system domain and connected domains with their DNS status (pending / verified /
 * failed, with the reason), the records to create (CNAME or A, and the TXT ownership token), Check DNS, Make primary
 * (the storefront and "Open your site" use the primary domain) and Remove; connecting a domain (IDNs accepted); and
 * buying one, which is recorded as a pending purchase.
 */
export default function DomainsScreen() {
  const list = useDomains();
  const pending = usePendingDomains();
  const m = useDomainMutations();
  const [host, setHost] = useState('');
  const [hostError, setHostError] = useState<string | null>(null);
  const [buy, setBuy] = useState('');
  const [years, setYears] = useState<number | string>(1);
  const [buyError, setBuyError] = useState<string | null>(null);
  const fieldMessage = (e: unknown) =>
    e instanceof ApiError ? e.messages.map((x) => x.replace(/^body\.[\w.]+: /, '')).join(' ') : 'Something went wrong';
  return (
    <Stack gap="lg" maw={1000} mx="auto" w="100%">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={1} size="h2">
            Domains
          </Title>
          <Text c="dimmed" size="sm">
            Where shoppers find your store. Connect a domain you own, or buy one.
          </Text>
        </Stack>
        {list.data && (
          <Anchor href={list.data.url} target="_blank" rel="noopener noreferrer" size="sm" c="blue.9">
            <Group gap={4}>
              {list.data.url} <IconExternalLink size={14} aria-hidden />
            </Group>
          </Anchor>
        )}
      </Group>
      {list.isError && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} title="The domains could not be loaded">
          {list.error.message}
        </Alert>
      )}
      {list.isPending ? (
        <Skeleton h={120} radius="lg" />
      ) : (
        <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Domains">
          {list.data?.domains.map((d) => (
            <DomainCard key={d.id} d={d} primaryHost={list.data.primaryHost} />
          ))}
        </Stack>
      )}
      <Card padding="lg">
        <form
          aria-label="Connect existing domain"
          noValidate
          onSubmit={async (e) => {
            e.preventDefault();
            setHostError(null);
            try {
              await m.connect.mutateAsync(host);
              setHost('');
            } catch (err) {
              setHostError(fieldMessage(err));
            }
          }}
        >
          <Stack gap="sm">
            <Title order={2} size="h4">
              Connect existing domain
            </Title>
            <Group align="flex-start" wrap="wrap">
              <TextInput
                label="Domain"
                placeholder="shop.example.com"
                value={host}
                onChange={(e) => setHost(e.currentTarget.value)}
                error={hostError}
                style={{ flex: 1, minWidth: 240 }}
              />
              <Button type="submit" mt={25} loading={m.connect.isPending}>
                Connect domain
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <Card padding="lg">
        <form
          aria-label="Buy a domain"
          noValidate
          onSubmit={async (e) => {
            e.preventDefault();
            setBuyError(null);
            try {
              await m.buy.mutateAsync({ domains: [buy], years: Number(years) });
              setBuy('');
            } catch (err) {
              setBuyError(fieldMessage(err));
            }
          }}
        >
          <Stack gap="sm">
            <Title order={2} size="h4">
              Buy a domain
            </Title>
            <Text size="sm" c="dimmed">
              Your request is recorded as pending: our team registers the domain for you and connects it.
            </Text>
            <Group align="flex-start" wrap="wrap">
              <TextInput
                label="Domain to buy"
                placeholder="my-brand.com"
                value={buy}
                onChange={(e) => setBuy(e.currentTarget.value)}
                error={buyError}
                style={{ flex: 1, minWidth: 220 }}
              />
              <NumberInput label="Years" min={1} max={10} value={years} onChange={setYears} w={100} />
              <Button type="submit" mt={25} variant="light" loading={m.buy.isPending}>
                Buy domain
              </Button>
            </Group>
            {(pending.data?.domains.length ?? 0) > 0 && (
              <Table aria-label="Pending domain purchases" fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Domain</Table.Th>
                    <Table.Th>Years</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {pending.data?.domains.map((p) => (
                    <Table.Tr key={p.id}>
                      <Table.Td>{p.domain}</Table.Td>
                      <Table.Td>{p.years}</Table.Td>
                      <Table.Td>
                        <Badge color="yellow" variant="light" tt="none">
                          Pending
                        </Badge>
                      </Table.Td>
                      <Table.Td ta="right">
                        <Button size="xs" variant="subtle" color="red" onClick={() => m.cancel.mutate(p.domain)}>
                          Cancel purchase of {p.domain}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
