import {
  DEFAULT_TIMEZONE,
  FINANCIAL_STATUSES,
  FULFILLMENT_STATUSES,
  METRIC_HELP,
  ORDER_TABS,
  ORDERS_PAGE_SIZE,
  type OrderRow,
  type OrderTab,
} from '@backroom/contracts';
import { Anchor, Badge, Card, Group, Select, Stack, Tabs, Text } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { DateRangeInputs, ListFilters, ListHeader } from '../../components/ListFilters';
import { ListTable } from '../../components/ListTable';
import { useListAddress } from '../../components/list-address';
import { formatCount } from '../../lib/format';
import { ORDERS_SEARCH, type OrdersSearch } from '../../route-search';
import { routePath } from '../../routes';
import { usePreference } from '../../shell/hooks';
import { useExportOrders, useOrders } from './api';
import { orderDate, orderMoneyMajor, statusLabel } from './format';
import { StatusBadge } from './StatusBadge';

/** Tab labels (Shopify's Orders tabs). */
const TAB_LABELS: Record<OrderTab, string> = { all: 'All', unfulfilled: 'Unfulfilled', unpaid: 'Unpaid', open: 'Open', closed: 'Closed' };
/** Payment methods the shops use (the filter sends the payment name as is). */
const PAYMENT_METHODS = ['Stripe', 'Shop Pay', 'PayPal', 'Cash on Delivery', 'Test gateway'];

function OrderLink({ order }: { order: OrderRow }) {
  return (
    <Anchor component={Link} to={routePath('website.orders.detail', { id: order.id })} fw={600} size="sm">
      {order.orderName}
    </Anchor>
  );
}

/** One order as a card (phones, under 768 px). */
function OrderCard({ order, timezone }: { order: OrderRow; timezone: string }) {
  return (
    <Card withBorder padding="sm" radius="md" data-testid="order-card">
      <Group justify="space-between" wrap="nowrap">
        <OrderLink order={order} />
        <Text size="sm" fw={600}>
          {orderMoneyMajor(order.total, order.currency)}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        {orderDate(order.createdAt, timezone)} · {order.customer.name || 'No customer'}
      </Text>
      <Group gap={6} mt={6}>
        <StatusBadge status={order.financialStatus} kind="financial" />
        <StatusBadge status={order.fulfillmentStatus} kind="fulfillment" />
        {order.cancelledAt && (
          <Badge variant="outline" color="red" tt="none" radius="sm">
            Cancelled
          </Badge>
        )}
      </Group>
    </Card>
  );
}

/**
 * Orders list (route website.orders, spec §2; issue 12 item 3): tabs All / Unfulfilled / Unpaid / Open / Closed with
 * counts, search by order name, customer name or e-mail (debounced 300 ms), filters by payment status,
 * fulfillment status, payment method and created days (shop timezone), 50 a page. Every choice lives in the address
 * (ORDERS_SEARCH), so a filtered list can be shared and reloaded. Under 768 px the rows become cards. Export saves
 * the CSV of every order the tab, search and filters select (GET /api/orders/export).
 */
export default function OrdersScreen() {
  const { search, go, text, setText } = useListAddress('website.orders', ORDERS_SEARCH);
  const timezone = usePreference().data?.standardTimezone || DEFAULT_TIMEZONE;
  const list = useOrders(search);
  const exportCsv = useExportOrders();
  const data = list.data;
  const tab = search.tab ?? 'all';

  return (
    <Stack gap="md" maw={1200}>
      <ListHeader
        title="Orders"
        exporting={{
          disabled: !data || data.total === 0,
          loading: exportCsv.isPending,
          onClick: () => data && exportCsv.mutate({ search, count: data.total }),
        }}
      />
      <Card withBorder padding={0} radius="md">
        <Tabs value={tab} onChange={(v) => go({ tab: (v as OrderTab) === 'all' ? undefined : (v as OrderTab) })} px="sm" pt="xs">
          <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
            {ORDER_TABS.map((t) => (
              <Tabs.Tab key={t} value={t}>
                {TAB_LABELS[t]}
                {data && (
                  <Text span size="xs" c="dimmed" ml={6}>
                    {formatCount(data.tabs[t])}
                  </Text>
                )}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        {tab === 'unfulfilled' && (
          <Text size="xs" c="dimmed" px="sm" pt={4} data-metric="openOrders">
            {METRIC_HELP.openOrders}
          </Text>
        )}
        <ListFilters label="Search orders" placeholder="Search by order, customer name or e-mail" text={text} onText={setText}>
          <Select
            label="Payment status"
            placeholder="Any"
            clearable
            data={FINANCIAL_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
            value={search.financialStatus ?? null}
            onChange={(v) => go({ financialStatus: (v as OrdersSearch['financialStatus']) ?? undefined })}
            w={170}
          />
          <Select
            label="Fulfillment status"
            placeholder="Any"
            clearable
            data={FULFILLMENT_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
            value={search.fulfillmentStatus ?? null}
            onChange={(v) => go({ fulfillmentStatus: (v as OrdersSearch['fulfillmentStatus']) ?? undefined })}
            w={170}
          />
          <Select
            label="Payment method"
            placeholder="Any"
            clearable
            data={PAYMENT_METHODS}
            value={search.paymentMethod ?? null}
            onChange={(v) => go({ paymentMethod: v ?? undefined })}
            w={170}
          />
          <DateRangeInputs
            labels={['From', 'To']}
            from={search.fromTime}
            to={search.toTime}
            onChange={(r) => go({ fromTime: r.from, toTime: r.to })}
          />
        </ListFilters>
        <ListTable
          label="Orders"
          noun="orders"
          frame="none"
          query={list}
          rows={data?.orders}
          rowKey={(o) => o.id}
          minWidth={860}
          card={(o) => <OrderCard order={o} timezone={timezone} />}
          columns={[
            {
              header: 'Order',
              cell: (o) => (
                <Group gap={6} wrap="nowrap">
                  <OrderLink order={o} />
                  {o.cancelledAt && (
                    <Badge variant="outline" color="red" size="xs" tt="none">
                      Cancelled
                    </Badge>
                  )}
                </Group>
              ),
            },
            { header: 'Date', cell: (o) => <Text size="sm">{orderDate(o.createdAt, timezone)}</Text> },
            { header: 'Customer', cell: (o) => <Text size="sm">{o.customer.name || '—'}</Text> },
            { header: 'Total', numeric: true, cell: (o) => <Text size="sm">{orderMoneyMajor(o.total, o.currency)}</Text> },
            { header: 'Payment status', cell: (o) => <StatusBadge status={o.financialStatus} kind="financial" /> },
            { header: 'Fulfillment status', cell: (o) => <StatusBadge status={o.fulfillmentStatus} kind="fulfillment" /> },
            { header: 'Items', cell: (o) => <Text size="sm">{o.itemsCount === 1 ? '1 item' : `${o.itemsCount} items`}</Text> },
            { header: 'Payment', cell: (o) => <Text size="sm">{o.paymentLabel}</Text> },
          ]}
          empty={{ icon: <IconReceipt size={28} />, title: 'No orders found', text: 'Try changing the filters or the search term.' }}
          paging={{ total: data?.total ?? 0, pageSize: ORDERS_PAGE_SIZE, page: search.page ?? 1, onChange: (page) => go({ page }) }}
        />
      </Card>
    </Stack>
  );
}
