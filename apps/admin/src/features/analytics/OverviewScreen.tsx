import { PICKER_VALUE_FORMAT } from '../../lib/dates';
import '@mantine/charts/styles.css';
import '@mantine/dates/styles.css';
import {
  type DashboardFiguresResponse,
  localDate,
  type MetricKey,
  PAID_ORDERS_PAGE_SIZE,
  type PaidOrderRow,
  type SeriesResponse,
} from '@backroom/contracts';
import { BarChart, LineChart } from '@mantine/charts';
import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Grid,
  Group,
  Loader,
  MultiSelect,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { FigureHelp } from '../../components/FigureHelp';
import { DEFAULT_CURRENCY } from '../../lib/constants';
import { formatCount, formatMoneyMajor } from '../../lib/format';
import { readAccount } from '../../lib/session';
import { OVERVIEW_SEARCH } from '../../route-search';
import { routePath } from '../../routes';
import { usePreference, useRouteSearch, useStores } from '../../shell/hooks';
import { PendingScreen } from '../../shell/RootLayout';
import {
  chartLabel,
  clampPage,
  formatAmountMajor,
  formatFinancialStatus,
  formatPaidDate,
  type OverviewView,
  PRESET_NAMES,
  pageCount,
  paymentLabel,
  presetOf,
  presetRange,
  REPORT_QUERY_KEY,
  readSavedQuery,
  readView,
  reduceOnLeave,
  savedQueryOf,
  searchFromSaved,
  writeView,
} from './format';
import { type OverviewParams, useDashboardFigures, usePaidOrders, usePaidOrdersCount, useSeries, useStoreTimezone } from './queries';

const storage = (): Storage | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
};

/**
 * The router's search object of the query parameters. TanStack Router writes search values as JSON, quoting a
 * string that reads as JSON: `refresh` goes in as a boolean so the address says `refresh=true` (§2), not `"true"`.
 */
function toRouterSearch(q: ReturnType<typeof writeView>) {
  return { ...q, refresh: q.refresh === 'true' };
}

/** Today's date in `timezone`, following the clock (checked every minute). */
function useToday(timezone: string | null): string | null {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const t = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(t);
  }, []);
  return timezone ? localDate(now, timezone) : null;
}

function StatCard({ label, value, loading, metric }: { label: string; value: ReactNode; loading: boolean; metric: MetricKey }) {
  return (
    <Card component="section" aria-label={label}>
      <Group gap={4} wrap="nowrap">
        <Text size="sm" fw={600} c="dimmed">
          {label}
        </Text>
        <FigureHelp metric={metric} />
      </Group>
      {loading ? (
        <Skeleton h={32} w="60%" mt={6} radius="sm" />
      ) : (
        <Text fz={{ base: 20, sm: 28 }} fw={700} lh={1.3} style={{ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}>
          {value}
        </Text>
      )}
    </Card>
  );
}

function ChartCard({ title, label, loading, children }: { title: string; label: string; loading: boolean; children: ReactNode }) {
  return (
    <Card component="section" aria-label={label}>
      <Text size="sm" fw={700} mb="sm" tt="none">
        {title}
      </Text>
      {loading ? <Skeleton h={240} radius="sm" /> : children}
    </Card>
  );
}

/** Chart rows of a series: {label, [name]: value}, with Yesterday beside Today when the series compares. */
function chartRows(s: SeriesResponse | undefined, name: string, today: string): Record<string, string | number>[] {
  if (!s) return [];
  const d = s.details;
  return d.labels.map((l, i) => {
    const row: Record<string, string | number> = { label: chartLabel(l, d.granularity, today) };
    if (d.compare) {
      row.Today = d.dataset[i] ?? 0;
      row.Yesterday = d.compare.dataset[i] ?? 0;
    } else {
      row[name] = d.dataset[i] ?? 0;
    }
    return row;
  });
}

function Funnel({ data, loading }: { data: DashboardFiguresResponse | undefined; loading: boolean }) {
  const top = data?.funnel[0]?.visits ?? 0;
  return (
    <Card component="section" aria-label="Conversion funnel">
      <Group gap={4} mb="sm" wrap="nowrap">
        <Text size="sm" fw={700}>
          Conversion funnel
        </Text>
        <FigureHelp metric="funnel" />
      </Group>
      {loading || !data ? (
        <Skeleton h={180} radius="sm" />
      ) : (
        <Stack gap="sm">
          {data.funnel.map((f) => (
            <Box key={f.step}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" fw={600}>
                  {f.step}
                </Text>
                <Text size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatCount(f.visits)} visits
                </Text>
              </Group>
              <Progress
                value={top > 0 ? Math.min(100, (f.visits / top) * 100) : 0}
                size="lg"
                mt={4}
                aria-label={`${f.step}: ${f.visits} visits`}
              />
            </Box>
          ))}
        </Stack>
      )}
    </Card>
  );
}

function PaidOrdersTable({ params, auto, timezone }: { params: OverviewParams; auto: boolean; timezone: string }) {
  const [page, setPage] = useState(1);
  const key = JSON.stringify(params);
  // A new range or shop list starts again at page 1.
  // biome-ignore lint/correctness/useExhaustiveDependencies: key is the identity of the filter
  useEffect(() => setPage(1), [key]);
  const list = usePaidOrders(params, page, auto);
  const count = usePaidOrdersCount(params, auto);
  const pages = pageCount(count.data?.count ?? 0, PAID_ORDERS_PAGE_SIZE);
  const navigate = useNavigate();
  const rows: PaidOrderRow[] = list.data?.orders ?? [];
  return (
    <Card component="section" aria-label="Order paid">
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Text size="sm" fw={700}>
          Order paid
        </Text>
        <Anchor component={Link} to={routePath('website.orders')} size="sm">
          View All transactions
        </Anchor>
      </Group>
      <Table.ScrollContainer minWidth={680}>
        <Table highlightOnHover verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Order</Table.Th>
              <Table.Th>Customer</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>Total</Table.Th>
              <Table.Th>Payment</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.isFetching && !list.data ? (
              <Table.Tr>
                <Table.Td colSpan={6}>
                  <Group justify="center" gap="xs" py="sm" role="status">
                    <Loader size="xs" aria-hidden />
                    <Text size="sm" c="dimmed">
                      Loading…
                    </Text>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ) : rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={6}>
                  <Text size="sm" c="dimmed" ta="center" py="sm">
                    Data available.
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              rows.map((o) => {
                const href = routePath('website.orders.detail', { id: o.id });
                return (
                  <Table.Tr key={o.id} style={{ cursor: 'pointer' }} onClick={() => navigate({ to: href })} data-href={href}>
                    <Table.Td>
                      <Anchor component={Link} to={href} size="sm" fw={600} onClick={(e) => e.stopPropagation()}>
                        {o.orderName}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{o.customerInfo[0]?.full_name ?? ''}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                      {formatPaidDate(o.capturedDate, timezone)}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                      {formatAmountMajor(o.grandTotal, o.currency || 'USD')}
                    </Table.Td>
                    <Table.Td>{paymentLabel(o)}</Table.Td>
                    <Table.Td>{formatFinancialStatus(o.financialStatus)}</Table.Td>
                  </Table.Tr>
                );
              })
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="flex-end" gap="xs" mt="sm">
        <Button
          variant="default"
          size="xs"
          leftSection={<IconChevronLeft size={14} />}
          disabled={page <= 1}
          onClick={() => setPage((p) => clampPage(p - 1, pages))}
        >
          Previous
        </Button>
        <Text size="sm" c="dimmed" aria-live="polite">
          Page {page} of {pages}
        </Text>
        <Button
          variant="default"
          size="xs"
          rightSection={<IconChevronRight size={14} />}
          disabled={page >= pages}
          onClick={() => setPage((p) => clampPage(p + 1, pages))}
        >
          Next
        </Button>
      </Group>
    </Card>
  );
}

/**
 * The analytics Overview `/admin/analytics` (spec admin-dashboard §2 Overview screen, §4 Overview, §7, §9):
 * heading 'Overview' with a shop selector and a date picker (presets and custom range); the URL query
 * from_time, to_time (YYYY-MM-DD), store (comma-joined), refresh ('true') and tz describes the view — each change
 * pushes a history entry, and a reload restores it; cards Total sales, Total orders, AOV and CR; the sales line
 * (Today vs Yesterday when the range is exactly today), 'ORDERS OVERTIME' and AOV bars; the funnel ('N visits');
 * and the 'Order paid' table. Loading until the timezone is known (the `tz` value, else the preference's
 * standardTimezone, else `GET /api/analytics/timezone`). Auto refresh every 300,000 ms when refresh=true. The saved
 * report query (local storage 'reportQuery') follows the view and is reduced to {autoRefresh} on leaving.
 */
export default function OverviewScreen() {
  const search = useRouteSearch(OVERVIEW_SEARCH);
  const navigate = useNavigate();
  const account = readAccount();
  const storeId = account.storeId ?? '';
  const currency = account.info?.currency ?? DEFAULT_CURRENCY;
  const preference = usePreference();
  const prefTz = preference.data?.standardTimezone || null;
  const askServer = !search.tz && (preference.isError || (preference.isSuccess && !prefTz));
  const serverTz = useStoreTimezone(storeId, askServer);
  const timezone = search.tz || prefTz || serverTz.data?.timezone || null;
  const today = useToday(timezone);
  const stores = useStores();

  const hasParams = Object.values(search).some((v) => v !== undefined);
  const view: OverviewView | null = useMemo(
    () => (timezone && today ? readView(search, { today, storeId, timezone }) : null),
    [search, timezone, today, storeId],
  );

  // Opening without a query: start from the saved report query (its range, shops and autoRefresh), written
  // into the URL in place so a reload or a shared link shows the same view.
  const filled = useRef(false);
  useEffect(() => {
    if (filled.current || hasParams || !timezone || !today) return;
    filled.current = true;
    const start = readView(searchFromSaved(readSavedQuery(storage())), { today, storeId, timezone });
    void navigate({ to: routePath('website.analytics'), search: toRouterSearch(writeView(start)) as never, replace: true });
  }, [hasParams, timezone, today, storeId, navigate]);

  // The saved report query follows the view; on leaving it keeps only autoRefresh (§4).
  useEffect(() => {
    if (view && hasParams) storage()?.setItem(REPORT_QUERY_KEY, JSON.stringify(savedQueryOf(view)));
  }, [view, hasParams]);
  useEffect(
    () => () => {
      storage()?.setItem(REPORT_QUERY_KEY, JSON.stringify(reduceOnLeave(readSavedQuery(storage()))));
    },
    [],
  );

  const go = (next: Partial<OverviewView>) => {
    if (!view) return;
    void navigate({ to: routePath('website.analytics'), search: toRouterSearch(writeView({ ...view, ...next })) as never });
  };

  const params: OverviewParams | null =
    view && hasParams ? { fromTime: view.from, toTime: view.to, stores: view.stores, timezone: view.timezone } : null;
  const auto = view?.autoRefresh ?? false;
  const figures = useDashboardFigures(params, auto);
  const sales = useSeries('total-sales', params, auto);
  const orders = useSeries('total-orders', params, auto);
  const aov = useSeries('aov', params, auto);

  if (!view || !today || !params) return <PendingScreen />;

  const storeOptions = (stores.data?.stores ?? []).map((s) => ({ value: s.id, label: s.name }));
  for (const id of view.stores) if (!storeOptions.some((o) => o.value === id)) storeOptions.push({ value: id, label: 'Loading…' });
  const preset = presetOf(view.from, view.to, today);
  const salesRows = chartRows(sales.data, 'Sales', today);
  const compare = !!sales.data?.details.compare;
  const f = figures.data;
  const money = (n: number) => formatMoneyMajor(n, currency);

  return (
    <Stack gap="lg" maw={1200} mx="auto" w="100%">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          Overview
        </Title>
        <Switch
          label="Auto refresh"
          checked={view.autoRefresh}
          onChange={(e) => go({ autoRefresh: e.currentTarget.checked })}
          description={view.autoRefresh ? 'Every 5 minutes' : undefined}
        />
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <MultiSelect
          label="Shops"
          data={storeOptions}
          value={view.stores}
          onChange={(ids) => {
            if (ids.length) go({ stores: ids });
          }}
          miw={220}
          maw={520}
          style={{ flex: '1 1 240px' }}
          searchable
          aria-label="Shops"
        />
        <DatePickerInput
          type="range"
          label="Date range"
          leftSection={<IconCalendar size={16} />}
          value={[view.from, view.to]}
          allowSingleDateInRange
          maxDate={today}
          valueFormat={PICKER_VALUE_FORMAT}
          presets={PRESET_NAMES.map((name) => ({ label: name, value: presetRange(name, today) }))}
          onChange={([from, to]) => {
            if (from && to) go({ from: String(from).slice(0, 10), to: String(to).slice(0, 10) });
          }}
          style={{ flex: '1 1 240px' }}
          maw={320}
        />
        <Badge variant="light" color="gray" size="lg" tt="none">
          {preset ?? 'Custom range'} · {view.timezone.replace(/_/g, ' ')}
        </Badge>
      </Group>

      <SimpleGrid cols={{ base: 2, lg: 4 }} spacing={{ base: 'xs', sm: 'md' }}>
        <StatCard label="Total sales" metric="totalSales" value={f ? money(f.totalSales) : ''} loading={!f} />
        <StatCard label="Total orders" metric="orders" value={f ? formatCount(f.totalOrders) : ''} loading={!f} />
        <StatCard label="AOV" metric="aov" value={f ? money(f.aov) : ''} loading={!f} />
        <StatCard label="CR" metric="conversionRate" value={f ? `${f.conversionRate.toFixed(2)}%` : ''} loading={!f} />
      </SimpleGrid>

      <ChartCard title={compare ? 'Sales · Today vs Yesterday' : 'Sales'} label="Sales chart" loading={!sales.data}>
        <LineChart
          h={260}
          data={salesRows}
          dataKey="label"
          series={
            compare
              ? [
                  { name: 'Today', color: 'blue.6' },
                  { name: 'Yesterday', color: 'gray.6' },
                ]
              : [{ name: 'Sales', color: 'blue.6' }]
          }
          withLegend={compare}
          curveType="monotone"
          valueFormatter={money}
          withDots={salesRows.length <= 31}
          tickLine="y"
          xAxisProps={{ minTickGap: 12 }}
          yAxisProps={{ width: 72 }}
        />
      </ChartCard>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ChartCard title="ORDERS OVERTIME" label="ORDERS OVERTIME chart" loading={!orders.data}>
          <BarChart
            h={240}
            data={chartRows(orders.data, 'Orders', today)}
            dataKey="label"
            series={[{ name: 'Orders', color: 'teal.6' }]}
            tickLine="y"
            xAxisProps={{ minTickGap: 8 }}
            yAxisProps={{ allowDecimals: false, width: 48 }}
          />
        </ChartCard>
        <ChartCard title="AOV" label="AOV chart" loading={!aov.data}>
          <BarChart
            h={240}
            data={chartRows(aov.data, 'AOV', today)}
            dataKey="label"
            series={[{ name: 'AOV', color: 'violet.6' }]}
            valueFormatter={money}
            tickLine="y"
            xAxisProps={{ minTickGap: 8 }}
            yAxisProps={{ width: 72 }}
          />
        </ChartCard>
      </SimpleGrid>

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Funnel data={f} loading={!f} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }} style={{ minWidth: 0 }}>
          <PaidOrdersTable params={params} auto={auto} timezone={view.timezone} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
