import '@mantine/charts/styles.css';
import '@mantine/dates/styles.css';
import { addDaysToDate, localDate, type ReportCompare } from '@backroom/contracts';
import { BarChart, LineChart } from '@mantine/charts';
import { Alert, Box, Button, Card, Group, Select, Skeleton, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconArrowDown, IconArrowUp, IconCalendar, IconDownload } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useMemo, useState } from 'react';
import { PICKER_VALUE_FORMAT, useShopTimeZone } from '../../lib/dates';
import { formatCount, formatMoneyMajor } from '../../lib/format';
import { REPORTS_SEARCH } from '../../route-search';
import { type RouteName, routePath } from '../../routes';
import { useRouteSearch } from '../../shell/hooks';
import { exportReport, type ReportKind, type ReportParams } from './api';

/** How a figure reads: money (major units, the report's currency), a count, or a percentage. */
export type FigureKind = 'money' | 'count' | 'percent';
/** One figure column of a report table. */
export interface FigureColumn {
  key: string;
  label: string;
  kind: FigureKind;
}

/** Formats one figure for the table, the chart's tooltip and the totals (lib/format money and counts). */
export function formatFigure(value: number, kind: FigureKind, currency: string): string {
  if (kind === 'money') return formatMoneyMajor(value, currency);
  if (kind === 'percent') return `${value.toFixed(2)} %`;
  return formatCount(value);
}

/** Shows a notification of a report screen whose close button has a name (axe `button-name`). */
export function notifyReport(color: 'green' | 'yellow' | 'red', message: string): void {
  notifications.show({ color, message, closeButtonProps: { 'aria-label': 'Close notification' } });
}

/** The report parameters of the address, with the screen's defaults: the last 7 days to today, its first grouping. */
export function useReportParams(route: RouteName, groupings: readonly string[]): [ReportParams, (next: Partial<ReportParams>) => void] {
  const s = useRouteSearch(REPORTS_SEARCH);
  const navigate = useNavigate();
  // Today on the shop's calendar (the reports count days in the shop's zone), not the browser's (issue 30 item 4).
  const today = localDate(new Date(), useShopTimeZone());
  const toTime = s.to_time ?? today;
  const fromTime = s.from_time && s.from_time <= toTime ? s.from_time : addDaysToDate(toTime, -6);
  const groupBy = s.group_by && groupings.includes(s.group_by) ? s.group_by : groupings[0]!;
  const params: ReportParams = { fromTime, toTime, groupBy, compare: s.compare };
  const go = (next: Partial<ReportParams>) => {
    const p = { ...params, ...next };
    void navigate({
      to: routePath(route),
      search: { from_time: p.fromTime, to_time: p.toTime, group_by: p.groupBy, compare: p.compare } as never,
      replace: true,
    });
  };
  return [params, go];
}

/** A report row as the table reads it: key, label and figures by column key. */
type Row = { key: string; label: string } & Record<string, unknown>;

/** Props of {@link ReportFrame}. */
export interface ReportFrameProps {
  kind: ReportKind;
  title: string;
  params: ReportParams;
  onChange: (next: Partial<ReportParams>) => void;
  groupings: readonly { value: string; label: string }[];
  /** Offer previous period / previous year (sales report). */
  comparable?: boolean;
  columns: FigureColumn[];
  /** Columns drawn on the chart (a line per column over time, bars per group otherwise). */
  chart: string[];
  query: { isPending: boolean; isError: boolean; error: Error | null };
  data:
    | {
        rows: Row[];
        totals: Record<string, unknown>;
        currency: string;
        timezone: string;
        compare?: { rows: Row[]; fromTime: string; toTime: string };
      }
    | undefined;
  /** Shown under the table (e.g. the ad-spend card). */
  children?: ReactNode;
  /** A note under the title (definitions). */
  note?: ReactNode;
}

const TIME_GROUPS = new Set(['day', 'week', 'month']);

/**
 * The frame of every report screen (issue 17 items 2–4): date range, grouping and comparison (kept in the address),
 * a chart (@mantine/charts: lines over time, bars per group; the compared period as a second series), the table with
 * sortable columns and a Total row, and the CSV export of the same parameters. Figures are formatted with the
 * admin's money and count helpers in the report's currency; days are the shop's.
 */
export function ReportFrame(p: ReportFrameProps) {
  const [sort, setSort] = useState<{ key: string; desc: boolean } | null>(null);
  const [exporting, setExporting] = useState(false);
  const currency = p.data?.currency ?? 'USD';
  const isTime = TIME_GROUPS.has(p.params.groupBy);
  const rows = useMemo(() => {
    const list = [...(p.data?.rows ?? [])];
    if (sort) {
      list.sort((a, b) => {
        const x = a[sort.key];
        const y = b[sort.key];
        const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
        return sort.desc ? -c : c;
      });
    }
    return list;
  }, [p.data, sort]);
  const chartData = useMemo(
    () =>
      (p.data?.rows ?? []).slice(0, isTime ? undefined : 12).map((r, i) => {
        const point: Record<string, unknown> = { label: r.label };
        for (const k of p.chart) {
          const col = p.columns.find((c) => c.key === k)!;
          point[col.label] = r[k];
          const prev = p.data?.compare?.rows[i];
          if (prev && isTime) point[`${col.label} (compared)`] = prev[k];
        }
        return point;
      }),
    [p.data, p.chart, p.columns, isTime],
  );
  const series = p.chart.flatMap((k, i) => {
    const col = p.columns.find((c) => c.key === k)!;
    const color = ['blue.6', 'teal.6', 'grape.6'][i % 3]!;
    return [{ name: col.label, color }, ...(p.data?.compare && isTime ? [{ name: `${col.label} (compared)`, color: 'gray.5' }] : [])];
  });
  const chartKind = p.columns.find((c) => c.key === p.chart[0])?.kind ?? 'count';
  const onExport = async () => {
    setExporting(true);
    try {
      await exportReport(p.kind, p.params);
      notifyReport('green', `${p.title} from ${p.params.fromTime} to ${p.params.toTime} exported as CSV`);
    } finally {
      setExporting(false);
    }
  };
  const header = (c: { key: string; label: string }, numeric: boolean) => {
    const active = sort?.key === c.key;
    return (
      <Table.Th key={c.key} ta={numeric ? 'right' : undefined} aria-sort={active ? (sort!.desc ? 'descending' : 'ascending') : 'none'}>
        <UnstyledButton
          onClick={() => setSort({ key: c.key, desc: active ? !sort!.desc : numeric })}
          fw={600}
          fz="sm"
          style={{ whiteSpace: 'nowrap' }}
        >
          {c.label}
          {active && (sort!.desc ? <IconArrowDown size={12} aria-hidden /> : <IconArrowUp size={12} aria-hidden />)}
        </UnstyledButton>
      </Table.Th>
    );
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} size="h2">
            {p.title}
          </Title>
          {p.note && (
            <Text size="sm" c="dimmed" maw={720}>
              {p.note}
            </Text>
          )}
        </div>
        <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} loading={exporting} onClick={() => void onExport()}>
          Export CSV
        </Button>
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <DatePickerInput
          type="range"
          label="Date range"
          leftSection={<IconCalendar size={16} aria-hidden />}
          value={[p.params.fromTime, p.params.toTime]}
          allowSingleDateInRange
          valueFormat={PICKER_VALUE_FORMAT}
          onChange={([from, to]) => {
            if (from && to) p.onChange({ fromTime: String(from).slice(0, 10), toTime: String(to).slice(0, 10) });
          }}
          style={{ flex: '1 1 220px' }}
          maw={300}
        />
        <Select
          label="Group by"
          data={p.groupings as { value: string; label: string }[]}
          value={p.params.groupBy}
          allowDeselect={false}
          onChange={(v) => v && p.onChange({ groupBy: v })}
          w={180}
        />
        {p.comparable && (
          <Select
            label="Compare with"
            data={[
              { value: 'none', label: 'No comparison' },
              { value: 'previous_period', label: 'Previous period' },
              { value: 'previous_year', label: 'Previous year' },
            ]}
            value={p.params.compare ?? 'none'}
            allowDeselect={false}
            onChange={(v) => p.onChange({ compare: v === 'none' || !v ? undefined : (v as ReportCompare) })}
            w={180}
          />
        )}
        {p.data && (
          <Text size="sm" c="dimmed" pb={6}>
            Days in {p.data.timezone.replace(/_/g, ' ')}
            {p.data.compare ? ` · compared with ${p.data.compare.fromTime} to ${p.data.compare.toTime}` : ''}
          </Text>
        )}
      </Group>
      {p.query.isError && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} title="The report could not be loaded">
          {p.query.error?.message}
        </Alert>
      )}
      <Card padding="md">
        {p.query.isPending ? (
          <Skeleton h={240} aria-label="Loading chart" />
        ) : chartData.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            No sales in these days.
          </Text>
        ) : (
          // The chart drawn as one image named for screen readers (the table below holds the same figures); the
          // chart's own root takes no aria-label (axe aria-prohibited-attr on a div without a role).
          <Box role="img" aria-label={`${p.title} chart`}>
            {isTime ? (
              <LineChart
                h={260}
                data={chartData}
                dataKey="label"
                series={series}
                withLegend={series.length > 1}
                valueFormatter={(v) => formatFigure(v, chartKind, currency)}
                yAxisProps={{ width: 80 }}
                curveType="linear"
              />
            ) : (
              <BarChart
                h={260}
                data={chartData}
                dataKey="label"
                series={series}
                withLegend={series.length > 1}
                valueFormatter={(v) => formatFigure(v, chartKind, currency)}
                yAxisProps={{ width: 80 }}
              />
            )}
          </Box>
        )}
      </Card>
      <Card padding={0}>
        {p.query.isPending ? (
          <Stack gap="sm" p="md" aria-busy="true" aria-label="Loading report">
            <Skeleton h={32} />
            <Skeleton h={32} />
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table striped highlightOnHover aria-label={`${p.title} table`}>
              <Table.Thead>
                <Table.Tr>
                  {header({ key: 'label', label: p.groupings.find((g) => g.value === p.params.groupBy)?.label ?? 'Group' }, false)}
                  {p.columns.map((c) => header(c, true))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.key || '(none)'}>
                    {/* A date or week never wraps (the table scrolls sideways on a phone instead). */}
                    <Table.Td style={isTime ? { whiteSpace: 'nowrap' } : undefined}>{r.label}</Table.Td>
                    {p.columns.map((c) => (
                      <Table.Td key={c.key} ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                        {formatFigure(Number(r[c.key] ?? 0), c.kind, currency)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
              {p.data && (
                <Table.Tfoot>
                  <Table.Tr>
                    <Table.Th scope="row">Total</Table.Th>
                    {p.columns.map((c) => (
                      <Table.Td key={c.key} ta="right" fw={700} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                        {formatFigure(Number(p.data!.totals[c.key] ?? 0), c.kind, currency)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                </Table.Tfoot>
              )}
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      {p.children}
    </Stack>
  );
}
