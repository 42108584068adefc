import { CUSTOMERS_PAGE_SIZE, type CustomerRow } from '@backroom/contracts';
import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { DateRangeInputs, ListFilters, ListHeader } from '../../components/ListFilters';
import { ListTable } from '../../components/ListTable';
import { useListAddress } from '../../components/list-address';
import { MoneyInput, useShopCurrency } from '../../components/MoneyInput';
import { NumberInput } from '../../components/NumberInput';
import { useShopDates } from '../../lib/dates';
import { formatMoneyMajor } from '../../lib/format';
import { currencySign } from '../../lib/session';
import { CUSTOMERS_SEARCH } from '../../route-search';
import { routePath } from '../../routes';
import { useCustomers, useExportCustomers } from './api';

const ordersText = (n: number) => (n === 1 ? '1 order' : `${n} orders`);
const spent = (c: CustomerRow) => formatMoneyMajor(c.totalSpent, { sign: currencySign(c.currency), code: c.currency });
const CustomerLink = ({ c }: { c: CustomerRow }) => (
  <Anchor component={Link} to={routePath('website.customer.detail', { id: c.id })} size="sm" fw={600}>
    {c.name}
  </Anchor>
);

/** One customer as a card (phones, under 768 px): name, e-mail, location, orders and amount spent all in view. */
function CustomerCard({ c }: { c: CustomerRow }) {
  return (
    <Card withBorder padding="sm" radius="md">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <CustomerLink c={c} />
          <Text size="xs" c="dimmed" truncate>
            {c.email}
          </Text>
          {c.location && (
            <Text size="xs" c="dimmed">
              {c.location}
            </Text>
          )}
        </Stack>
        <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
          <Text size="sm" fw={600}>
            {spent(c)}
          </Text>
          <Text size="xs" c="dimmed">
            {ordersText(c.ordersCount)}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}

/**
 * Customers list (route website.customer, spec §2; issue 12 item 4): search by name or e-mail (debounced 300 ms),
 * filters on orders count, amount spent (major units) and created days (shop timezone), 50 a page; every choice
 * lives in the address (CUSTOMERS_SEARCH). Under 768 px the rows become cards. Amount spent is net of refunds. Export saves the CSV of every customer
 * the search and filters select (GET /api/customers/export).
 */
export default function CustomersScreen() {
  const currency = useShopCurrency();
  const { search, go, text, setText } = useListAddress('website.customer', CUSTOMERS_SEARCH);
  const dates = useShopDates();
  const list = useCustomers(search);
  const exportCsv = useExportCustomers();
  const data = list.data;
  return (
    <Stack gap="md" maw={1200}>
      <ListHeader
        title="Customers"
        count={data && (data.total === 1 ? '1 customer' : `${data.total} customers`)}
        exporting={{
          disabled: !data || data.total === 0,
          loading: exportCsv.isPending,
          onClick: () => data && exportCsv.mutate({ search, count: data.total }),
        }}
      />
      <Card withBorder padding={0} radius="md">
        <ListFilters label="Search customers" placeholder="Search by name or e-mail" text={text} onText={setText}>
          <NumberInput
            label="At least orders"
            min={0}
            allowDecimal={false}
            w={140}
            value={search.ordersMin ?? ''}
            onChange={(v) => (v === '' || Number.isFinite(v)) && go({ ordersMin: v === '' ? undefined : v })}
          />
          <MoneyInput
            label="Spent at least"
            currency={currency}
            nullable
            w={140}
            value={search.spentMin ?? null}
            onChange={(v) => (v === null || Number.isFinite(v)) && go({ spentMin: v ?? undefined })}
          />
          <DateRangeInputs
            labels={['Created from', 'Created to']}
            from={search.createdFrom}
            to={search.createdTo}
            onChange={(r) => go({ createdFrom: r.from, createdTo: r.to })}
          />
        </ListFilters>
        <ListTable
          label="Customers"
          noun="customers"
          frame="none"
          query={list}
          rows={data?.customers}
          rowKey={(c) => c.id}
          minWidth={640}
          card={(c) => <CustomerCard c={c} />}
          columns={[
            {
              header: 'Customer name',
              cell: (c) => (
                <>
                  <CustomerLink c={c} />
                  <Text size="xs" c="dimmed">
                    {c.email}
                  </Text>
                </>
              ),
            },
            { header: 'Location', cell: (c) => <Text size="sm">{c.location || '—'}</Text> },
            { header: 'Orders', numeric: true, cell: (c) => <Text size="sm">{ordersText(c.ordersCount)}</Text> },
            { header: 'Amount spent', numeric: true, cell: (c) => <Text size="sm">{spent(c)}</Text> },
            { header: 'Created', cell: (c) => <Text size="sm">{dates.date(c.createdAt)}</Text> },
          ]}
          empty={{ icon: <IconUsers size={28} />, title: 'No customers found', text: 'Customers appear here when they place an order.' }}
          paging={{ total: data?.total ?? 0, pageSize: CUSTOMERS_PAGE_SIZE, page: search.page ?? 1, onChange: (page) => go({ page }) }}
        />
      </Card>
    </Stack>
  );
}
