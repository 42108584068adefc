import { formatDay, PICKER_VALUE_FORMAT } from '../../lib/dates';
import '@mantine/dates/styles.css';
import { AD_CHANNELS, type AdChannel, AdSpendBody, type ProfitReport } from '@backroom/contracts';
import { ActionIcon, Button, Card, FileButton, Group, Select, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertTriangle, IconTrash, IconUpload } from '@tabler/icons-react';
import { MoneyInput } from '../../components/MoneyInput';
import { type ReportParams, useAdSpend, useAdSpendMutations, useReport } from './api';
import { type FigureColumn, formatFigure, notifyReport, ReportFrame, useReportParams } from './ReportFrame';

const GROUPINGS = [
  { value: 'day', label: 'Day' },
  { value: 'product', label: 'Product' },
] as const;

const COLUMNS: FigureColumn[] = [
  { key: 'net_sales', label: 'Net sales', kind: 'money' },
  { key: 'cost_of_goods_sold', label: 'Cost of goods', kind: 'money' },
  { key: 'payment_fees', label: 'Payment fees', kind: 'money' },
  { key: 'shipping_costs', label: 'Shipping costs', kind: 'money' },
  { key: 'ad_spend', label: 'Ad spend', kind: 'money' },
  { key: 'estimated_profit', label: 'Estimated profit', kind: 'money' },
  { key: 'margin', label: 'Margin', kind: 'percent' },
  { key: 'lines_without_cost', label: 'Lines without cost', kind: 'count' },
];

const CHANNEL_LABELS: Record<AdChannel, string> = { facebook: 'Facebook', tiktok: 'TikTok', google: 'Google', other: 'Other' };

/** The ad spend of the report's days: add a day's spend, delete an entry, import a CSV of date, channel, amount. */
function AdSpendCard({ params, currency }: { params: ReportParams; currency: string }) {
  const list = useAdSpend(params.fromTime, params.toTime);
  const { add, remove, importCsv } = useAdSpendMutations();
  const form = useForm<{ date: string; channel: AdChannel; amount: number | string }>({
    initialValues: { date: params.toTime, channel: 'facebook', amount: '' },
    // empty → 0 (the contract says it is missing); a refused text (NaN) stays NaN and is refused (issue 30 item 3)
    validate: (v) => schemaResolver(AdSpendBody, { sync: true })({ ...v, amount: v.amount === '' ? 0 : Number(v.amount) }),
  });
  const submit = form.onSubmit(async (v) => {
    const entry = await add.mutateAsync({ date: v.date, channel: v.channel, amount: Number(v.amount) });
    notifyReport(
      'green',
      `${CHANNEL_LABELS[entry.channel]} ad spend of ${formatFigure(entry.amount, 'money', currency)} on ${formatDay(entry.date)} added`,
    );
    form.setFieldValue('amount', '');
  });
  const onImport = async (file: File | null) => {
    if (!file) return;
    const r = await importCsv.mutateAsync(file);
    notifyReport(
      r.skipped.length ? 'yellow' : 'green',
      `${r.imported} ad spend ${r.imported === 1 ? 'row' : 'rows'} imported from ${file.name}${
        r.skipped.length ? `; ${r.skipped.length} skipped (${r.skipped.map((s) => `line ${s.line}: ${s.reason}`).join('; ')})` : ''
      }`,
    );
  };
  return (
    <Card padding="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Ad spend
          </Title>
          <FileButton onChange={(f) => void onImport(f)} accept=".csv,text/csv">
            {(props) => (
              <Button {...props} variant="default" leftSection={<IconUpload size={16} aria-hidden />} loading={importCsv.isPending}>
                Import CSV
              </Button>
            )}
          </FileButton>
        </Group>
        <form onSubmit={submit} aria-label="Add ad spend">
          <Group align="flex-start" gap="sm" wrap="wrap">
            <DatePickerInput label="Day" valueFormat={PICKER_VALUE_FORMAT} {...form.getInputProps('date')} w={150} />
            <Select
              label="Channel"
              data={AD_CHANNELS.map((c) => ({ value: c, label: CHANNEL_LABELS[c] }))}
              allowDeselect={false}
              {...form.getInputProps('channel')}
              w={150}
            />
            <MoneyInput label={`Amount (${currency})`} currency={currency} {...form.getInputProps('amount')} w={150} />
            <Button type="submit" mt={25} loading={add.isPending}>
              Add spend
            </Button>
          </Group>
        </form>
        {list.data && list.data.items.length > 0 ? (
          <Table aria-label="Ad spend entries">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Day</Table.Th>
                <Table.Th>Channel</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.items.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td>{formatDay(e.date)}</Table.Td>
                  <Table.Td>{CHANNEL_LABELS[e.channel]}</Table.Td>
                  <Table.Td ta="right">{formatFigure(e.amount, 'money', currency)}</Table.Td>
                  <Table.Td ta="right">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete ${CHANNEL_LABELS[e.channel]} ad spend of ${formatDay(e.date)}`}
                      onClick={async () => {
                        await remove.mutateAsync(e.id);
                        notifyReport('green', `${CHANNEL_LABELS[e.channel]} ad spend of ${formatDay(e.date)} deleted`);
                      }}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Text size="sm" c="dimmed">
            No ad spend entered for these days.
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/**
 * Estimated profit (route website.estimated-profit, scope estimated_profit; issue 17 item 3): per day or product, net
 * sales minus cost of goods (cost per item × units, less restocked returns), payment fees and ad spend, with the
 * margin, a warning when lines sold had no cost, and the ad spend of the days (entered or imported).
 */
export default function ProfitScreen() {
  const [params, go] = useReportParams(
    'website.estimated-profit',
    GROUPINGS.map((g) => g.value),
  );
  const report = useReport('profit', params);
  const data: ProfitReport | undefined = report.data;
  const uncosted = data?.totals.lines_without_cost ?? 0;
  return (
    <ReportFrame
      kind="profit"
      title="Estimated profit"
      note={
        <>
          Estimated profit = net sales − cost of goods − payment fees − ad spend (shipping costs are taken as what shoppers paid for
          shipping).
          {uncosted > 0 && (
            // Body-coloured text (the orange icon marks it): orange text on the page background fails contrast.
            <Text component="span" c="var(--mantine-color-text)" fw={600} display="block" mt={4}>
              <IconAlertTriangle size={14} color="var(--mantine-color-orange-8)" aria-hidden /> {uncosted}{' '}
              {uncosted === 1 ? 'line was' : 'lines were'} sold without a cost per item: their cost counts as 0.
            </Text>
          )}
        </>
      }
      params={params}
      onChange={go}
      groupings={GROUPINGS}
      columns={COLUMNS}
      chart={['estimated_profit', 'net_sales']}
      query={report}
      data={data}
    >
      <AdSpendCard params={params} currency={data?.currency ?? 'USD'} />
    </ReportFrame>
  );
}
