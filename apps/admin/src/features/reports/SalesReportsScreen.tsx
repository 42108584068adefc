import type { SalesReport } from '@backroom/contracts';
import { SALES_GROUPINGS } from '@backroom/contracts';
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
      note="Shopify's definitions: returns count on the day of the refund; net sales = gross sales − discounts − returns; total sales = net sales + shipping + taxes. Product, variant and vendor rows count order lines and leave shipping and taxes to the orders."
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
