import type { MetricKey, SalesReport } from '@backroom/contracts';
import { METRIC_HELP, SALES_GROUPINGS } from '@backroom/contracts';
import { Stack } from '@mantine/core';
import { useReport } from './api';
import { type FigureColumn, ReportFrame, useReportParams } from './ReportFrame';

const GROUP_LABELS: Record<(typeof SALES_GROUPINGS)[number], string> = {
  day: 'Day',
  week: 'Week',
  month: 'Month',
  product: 'Product',
  variant: 'Variant',
  vendor: 'Vendor',
  utm_source: 'UTM source',
  utm_campaign: 'UTM campaign',
  channel: 'Sales channel',
};
const GROUPINGS = SALES_GROUPINGS.map((value) => ({ value, label: GROUP_LABELS[value] }));

const COLUMNS: FigureColumn[] = [
  { key: 'orders', label: 'Orders', kind: 'count' },
  { key: 'gross_sales', label: 'Gross sales', kind: 'money' },
  { key: 'discounts', label: 'Discounts', kind: 'money' },
  { key: 'returns', label: 'Returns', kind: 'money' },
  { key: 'net_sales', label: 'Net sales', kind: 'money' },
  { key: 'shipping', label: 'Shipping', kind: 'money' },
  { key: 'taxes', label: 'Taxes', kind: 'money' },
  { key: 'total_sales', label: 'Total sales', kind: 'money' },
];

/** The figures of the report whose definitions (modules/metrics, issue 30) are written under the title. */
const NOTE_METRICS: MetricKey[] = ['orders', 'grossSales', 'discounts', 'returns', 'netSales', 'totalSales'];

/**
 * Sales reports (route website.sales-reports, scope sale_reports; issue 17 item 2): gross sales, discounts, returns,
 * net sales, shipping, taxes and total sales of the chosen days by period, product, variant, vendor, UTM source or
 * campaign, or sales channel, compared with the previous period or year, with a chart and a CSV export.
 */
export default function SalesReportsScreen() {
  const [params, go] = useReportParams('website.sales-reports', SALES_GROUPINGS);
  const report = useReport('sales', params);
  const data: SalesReport | undefined = report.data;
  return (
    <ReportFrame
      kind="sales"
      title="Sales reports"
      note={
        <Stack gap={2} component="span" data-metric="sales-report">
          {NOTE_METRICS.map((m) => (
            <span key={m}>{METRIC_HELP[m]}</span>
          ))}
          <span>Product, variant and vendor rows count order lines and leave shipping and taxes to the orders.</span>
        </Stack>
      }
      params={params}
      onChange={go}
      groupings={GROUPINGS}
      comparable
      columns={COLUMNS}
      chart={['total_sales']}
      query={report}
      data={data}
    />
  );
}
