import type {
  AdSpendBody,
  AdSpendEntry,
  AdSpendImportReport,
  AdSpendList,
  ProfitReport,
  ReportCompare,
  SalesReport,
  UtmReport,
} from '@backroom/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { saveCsv } from '../../lib/download';
import { reportKeys } from '../../lib/query-keys';
import { readAccount } from '../../lib/session';

// The reports' data layer (issue 17 items 2–4; routes website.sales-reports, website.estimated-profit,
// website.utm-analystics): one query per report and parameters, the ad-spend list and its writes.

/** What a report screen asks: local days (YYYY-MM-DD), grouping and comparison; the store is the chosen one. */
export interface ReportParams {
  fromTime: string;
  toTime: string;
  groupBy: string;
  compare?: ReportCompare;
}
/** The three reports by their API path. */
export type ReportKind = 'sales' | 'profit' | 'utm';
type ReportOf<K extends ReportKind> = K extends 'sales' ? SalesReport : K extends 'profit' ? ProfitReport : UtmReport;

const queryOf = (p: ReportParams) => ({
  fromTime: p.fromTime,
  toTime: p.toTime,
  groupBy: p.groupBy,
  compare: p.compare,
  stores: readAccount().storeId ?? '',
});

/** `GET /api/reports/{kind}` of the chosen store; the previous answer stays shown while the next one loads. */
export function reportOptions<K extends ReportKind>(kind: K, p: ReportParams) {
  return queryOptions({
    queryKey: reportKeys.part(kind, p),
    queryFn: ({ signal }) => api.get<ReportOf<K>>(`/reports/${kind}`, { query: queryOf(p), signal }),
    placeholderData: keepPreviousData,
  });
}
export const useReport = <K extends ReportKind>(kind: K, p: ReportParams) => useQuery(reportOptions(kind, p));

/** Downloads the report as CSV (`format=csv`), saved as `{kind}_report_{from}_{to}.csv`. */
export async function exportReport(kind: ReportKind, p: ReportParams): Promise<void> {
  const csv = await api.get<string>(`/reports/${kind}`, { query: { ...queryOf(p), format: 'csv' }, as: 'text' });
  saveCsv(csv, `${kind}_report_${p.fromTime}_${p.toTime}.csv`);
}

/** `GET /api/reports/ad-spend` within the report's days, newest first (one page of up to 500). */
export function adSpendOptions(fromTime: string, toTime: string) {
  return queryOptions({
    queryKey: reportKeys.part('ad-spend', fromTime, toTime),
    queryFn: ({ signal }) => api.get<AdSpendList>('/reports/ad-spend', { query: { fromTime, toTime, limit: 500 }, signal }),
  });
}
export const useAdSpend = (fromTime: string, toTime: string) => useQuery(adSpendOptions(fromTime, toTime));

/** Add, delete and import ad spend; each refreshes every report of the store (the profit report reads it). */
export function useAdSpendMutations() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: reportKeys.store() });
  return {
    add: useMutation({ mutationFn: (b: AdSpendBody) => api.post<AdSpendEntry>('/reports/ad-spend', b), onSuccess: refresh }),
    remove: useMutation({ mutationFn: (id: string) => api.delete(`/reports/ad-spend/${id}`), onSuccess: refresh }),
    importCsv: useMutation({
      mutationFn: (file: File) => {
        const body = new FormData();
        body.append('file', file);
        return api.post<AdSpendImportReport>('/reports/ad-spend/import', body);
      },
      onSuccess: refresh,
    }),
  };
}
