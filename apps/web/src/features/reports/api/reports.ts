import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { reportsApi, type GeneratedReport } from '@portal/shared';
import type { z } from 'zod';
import type { FetchPage } from '../../../components/data-table';
import { http } from '../../../lib/http';

export const reportsKey = ['reports'] as const;

export type RunInput = z.input<typeof reportsApi.reportRun.request>;
export type SubscribeInput = z.input<typeof reportsApi.subscribe.request>;

export const kindsQuery = queryOptions({ queryKey: [...reportsKey, 'kinds'], queryFn: () => http.call(reportsApi.reportKinds, undefined), staleTime: 300_000 });
/** The accounts the seat may choose (its enterprise's, or those it oversees). */
export const accountsQuery = queryOptions({ queryKey: [...reportsKey, 'accounts'], queryFn: () => http.call(reportsApi.reportAccounts, undefined), staleTime: 300_000 });
export const subscriptionsQuery = queryOptions({ queryKey: [...reportsKey, 'subscriptions'], queryFn: () => http.call(reportsApi.subscriptionQuery, undefined) });

export const fetchGeneratedPage: FetchPage<GeneratedReport> = (params) => http.call(reportsApi.reportGeneratedQuery, params as z.input<typeof reportsApi.reportGeneratedQuery.request>);

export const downloadReport = (report: Pick<GeneratedReport, 'id' | 'fileName'>) => http.download(reportsApi.reportDownload, { id: report.id }, report.fileName);

function useReportWrite<I, O>(write: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => queryClient.invalidateQueries({ queryKey: reportsKey, predicate: (q) => q.queryKey[1] !== 'kinds' && q.queryKey[1] !== 'accounts' }) });
}

export const useRunReport = () => useReportWrite((input: RunInput) => http.call(reportsApi.reportRun, input));
export const useSubscribe = () => useReportWrite((input: SubscribeInput) => http.call(reportsApi.subscribe, input));
export const useUnsubscribe = () => useReportWrite((id: number) => http.call(reportsApi.unsubscribe, { id }));
