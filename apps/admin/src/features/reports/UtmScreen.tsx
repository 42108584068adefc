import type { UtmReport } from '@backroom/contracts';
import { useReport } from './api';
import { type FigureColumn, ReportFrame, useReportParams } from './ReportFrame';

const GROUPINGS = [
  { value: 'source', label: 'Source' },
  { value: 'medium', label: 'Medium' },
  { value: 'campaign', label: 'Campaign' },
  { value: 'source_medium', label: 'Source / medium' },
  { value: 'landing_page', label: 'Landing page' },
] as const;

const COLUMNS: FigureColumn[] = [
  { key: 'sessions', label: 'Sessions', kind: 'count' },
  { key: 'add_to_cart', label: 'Added to cart', kind: 'count' },
  { key: 'reached_checkout', label: 'Reached checkout', kind: 'count' },
  { key: 'orders', label: 'Orders', kind: 'count' },
  { key: 'sales', label: 'Sales', kind: 'money' },
  { key: 'conversion_rate', label: 'Conversion rate', kind: 'percent' },
  { key: 'aov', label: 'AOV', kind: 'money' },
];

/**
 * UTM analytics (route website.utm-analystics, scope utm_analystics; issue 17 item 4): sessions by their first-touch
 * UTM source, medium, campaign or landing page, how many added to cart and reached checkout, the orders and sales
 * they brought, conversion rate and AOV; a sortable table and a chart of sessions and orders.
 */
export default function UtmScreen() {
  const [params, go] = useReportParams(
    'website.utm-analystics',
    GROUPINGS.map((g) => g.value),
  );
  const report = useReport('utm', params);
  const data: UtmReport | undefined = report.data;
  return (
    <ReportFrame
      kind="utm"
      title="UTM Analytics"
      note="A session counts for the UTM parameters (or ad click id) of the page it landed on; an order for those of its session. Conversion rate = orders / sessions."
      params={params}
      onChange={go}
      groupings={GROUPINGS}
      columns={COLUMNS}
      chart={['sessions', 'orders']}
      query={report}
      data={data}
    />
  );
}
