import { PAYOUT_STATUSES, type PayoutRequest, type PayoutStatus, PROXY_PAGE_SIZE } from '@backroom/contracts';
import { Badge, Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCash, IconDownload } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { ListTable } from '../../components/ListTable';
import { useShopDates } from '../../lib/dates';
import { formatMoneyMajor } from '../../lib/format';
import { type RequestFilter, useExportPayoutRequests, useGatewayMutations, usePayoutRequests } from './api';
import { balanceCurrency } from './BalanceCard';
import { RejectPayoutModal } from './RejectPayoutModal';

const STATUS_COLOR: Record<PayoutStatus, string> = { pending: 'yellow', approved: 'blue', paid: 'green', rejected: 'red' };
const label = (s: string) => s[0]!.toUpperCase() + s.slice(1);

/** A provider's move of a payout request (`PATCH …/request-payouts/{id}`): approved or paid (rejecting has its dialog). */
type PayoutMove = { id: string; status: 'approved' | 'paid' };

/** The provider's moves of one request: Approve (pending), Mark paid (approved), Reject (either; its dialog asks why). */
function RequestMoves({
  request: r,
  onMove,
  onReject,
}: {
  request: PayoutRequest;
  onMove: (move: PayoutMove) => void;
  onReject: (r: PayoutRequest) => void;
}) {
  return (
    <Group gap={4}>
      {r.status === 'pending' && (
        <Button size="compact-xs" variant="light" onClick={() => onMove({ id: r.id, status: 'approved' })}>
          Approve
        </Button>
      )}
      {r.status === 'approved' && (
        <Button size="compact-xs" variant="light" color="green" onClick={() => onMove({ id: r.id, status: 'paid' })}>
          Mark paid
        </Button>
      )}
      {(r.status === 'pending' || r.status === 'approved') && (
        <Button size="compact-xs" variant="subtle" color="red" onClick={() => onReject(r)}>
          Reject
        </Button>
      )}
    </Group>
  );
}

/** A request's status badge, and under it the reason a request was rejected. */
function RequestStatus({ request: r }: { request: PayoutRequest }) {
  return (
    <>
      <Badge color={STATUS_COLOR[r.status]} variant="light" c="dark.7" tt="none" radius="sm" fw={600}>
        {label(r.status)}
      </Badge>
      {r.reason && (
        <Text size="xs" c="dimmed">
          {r.reason}
        </Text>
      )}
    </>
  );
}

/** One payout request as a card, the history's row under 768 px: amount and date, status, destination, moves. */
function RequestCard({ request: r, moves }: { request: PayoutRequest; moves?: ReactNode }) {
  const dates = useShopDates();
  return (
    <Card withBorder padding="sm" radius="md">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={600}>
          {formatMoneyMajor(r.amount, balanceCurrency(r.currency))}
        </Text>
        <Text size="xs" c="dimmed">
          {dates.dateTime(r.createdAt)}
        </Text>
      </Group>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {r.destination}
      </Text>
      <Group justify="space-between" gap={6} mt={6}>
        <div>
          <RequestStatus request={r} />
        </div>
        {moves}
      </Group>
    </Card>
  );
}

/**
 * Payout history (spec §7 GET request-payouts): filters (status, dates), pages of `PROXY_PAGE_SIZE` (10), CSV export of every matching
 * request. `storeId`: another shop (provider staff); `provider`: show the Approve / Mark paid / Reject moves. Under 768 px
 * each request is a card (RequestCard) instead of a table row that scrolls sideways.
 */
export function PayoutHistory({ storeId, provider }: { storeId?: string; provider: boolean }) {
  const dates = useShopDates();
  const [f, setF] = useState<RequestFilter>({ page: 1, storeId });
  const list = usePayoutRequests(f);
  const { moveRequest } = useGatewayMutations();
  const exporter = useExportPayoutRequests();
  const [rejecting, setRejecting] = useState<PayoutRequest | null>(null);
  const exportCsv = () => {
    const { page: _p, ...filter } = f;
    exporter.mutate({ filter, count: list.data?.total ?? 0 });
  };
  return (
    <Card component="section" aria-labelledby="payout-history">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="payout-history">
            Payout history
          </Title>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconDownload size={14} aria-hidden />}
            onClick={exportCsv}
            loading={exporter.isPending}
          >
            Export CSV
          </Button>
        </Group>
        <Group gap="sm" align="flex-end">
          <Select
            label="Status"
            placeholder="All"
            clearable
            w={150}
            data={PAYOUT_STATUSES.map((s) => ({ value: s, label: label(s) }))}
            value={f.status ?? null}
            onChange={(v) => setF({ ...f, page: 1, status: (v as PayoutStatus) ?? undefined })}
          />
          <TextInput
            label="From"
            type="date"
            w={170}
            value={f.fromDate ?? ''}
            onChange={(e) => setF({ ...f, page: 1, fromDate: e.currentTarget.value || undefined })}
          />
          <TextInput
            label="To"
            type="date"
            w={170}
            value={f.toDate ?? ''}
            onChange={(e) => setF({ ...f, page: 1, toDate: e.currentTarget.value || undefined })}
          />
        </Group>
        <ListTable
          label="Payout requests"
          noun="payout requests"
          frame="none"
          query={list}
          rows={list.data?.requests}
          rowKey={(r) => r.id}
          minWidth={560}
          card={(r) => (
            <RequestCard request={r} moves={provider && <RequestMoves request={r} onMove={moveRequest.mutate} onReject={setRejecting} />} />
          )}
          columns={[
            { header: 'Requested', cell: (r) => dates.dateTime(r.createdAt) },
            { header: 'Amount', cell: (r) => formatMoneyMajor(r.amount, balanceCurrency(r.currency)) },
            { header: 'Status', cell: (r) => <RequestStatus request={r} /> },
            { header: 'Destination', cell: (r) => r.destination },
            ...(provider
              ? [
                  {
                    header: 'Move',
                    cell: (r: PayoutRequest) => <RequestMoves request={r} onMove={moveRequest.mutate} onReject={setRejecting} />,
                  },
                ]
              : []),
          ]}
          empty={{ icon: <IconCash size={28} />, title: 'No payout requests', text: 'Requests you make appear here with their status.' }}
          paging={{ total: list.data?.total ?? 0, pageSize: PROXY_PAGE_SIZE, page: f.page, onChange: (page) => setF({ ...f, page }) }}
        />
      </Stack>
      {provider && <RejectPayoutModal request={rejecting} onClose={() => setRejecting(null)} />}
    </Card>
  );
}
