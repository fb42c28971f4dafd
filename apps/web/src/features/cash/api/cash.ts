import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cashApi, instructionsApi, type CashFeed, type ReconcileItem } from '@portal/shared';
import type { z } from 'zod';
import type { FetchPage } from '../../../components/data-table';
import { http } from '../../../lib/http';
import { useLiveEvent } from '../../../lib/live-events';
import { remindersKey } from '../../../lib/reminders';

/** Prefix of every cash statement query; an import invalidates it. */
export const cashKey = ['cash'] as const;

export type StatementInput = z.input<typeof cashApi.cashStatementQuerySchema>;
export type CashImportInput = z.input<typeof cashApi.cashImportSchema>;

export const cashAccountsQuery = { queryKey: [...cashKey, 'accounts'], queryFn: () => http.call(cashApi.cashAccountQuery) };

export const statementQuery = (input: StatementInput | null) => ({
  queryKey: [...cashKey, 'statement', input],
  queryFn: () => http.call(cashApi.cashStatementQuery, input!),
  enabled: input !== null,
});

const statementFile = (input: StatementInput, extension: 'xlsx' | 'pdf') => `资金对账单_${input.accountNo}_${input.dateFrom.replace(/-/g, '')}-${input.dateTo.replace(/-/g, '')}.${extension}`;
export const downloadStatement = (input: StatementInput) => http.download(cashApi.cashStatementDownload, input, statementFile(input, 'xlsx'));
export const downloadStatementPdf = (input: StatementInput) => http.download(cashApi.cashStatementPdf, input, statementFile(input, 'pdf'));

/** `custodian/cash/feed/query`: the imported statement files, newest first. */
export const fetchCashFeedPage: FetchPage<CashFeed> = (params) => http.call(cashApi.custodianCashFeedQuery, params as z.input<typeof cashApi.custodianCashFeedQuery.request>);

/** A preview writes nothing; its refusal of the whole file is shown beside the file. */
export const previewCashFile = (input: CashImportInput) => http.call(cashApi.custodianCashImport, { ...input, preview: true }, { silent: true });

export function useImportCashFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CashImportInput) => http.call(cashApi.custodianCashImport, { ...input, preview: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cashKey }),
  });
}

/** The instruction an entry came from, through the instruction detail call. */
export const instructionPeekQuery = (id: number | null) => ({
  queryKey: [...cashKey, 'instruction', id],
  queryFn: () => http.call(instructionsApi.instructionDetail, { id: id! }),
  enabled: id !== null,
});

// ——— 电子对账 ———

export type ReconcileInput = z.input<typeof cashApi.cashReconcileSchema>;
type StaffReconcileQuery = z.input<typeof cashApi.custodianReconcileQuery.request>;
export type StaffReconcilePage = Awaited<ReturnType<typeof fetchStaffReconcile>>;

export const reconcileQuery = { queryKey: [...cashKey, 'reconcile'], queryFn: () => http.call(cashApi.cashReconcileQuery, {}) };

const fetchStaffReconcile = (params: StaffReconcileQuery) => http.call(cashApi.custodianReconcileQuery, params);

/** The staff list's pages; the summary of the last page read is kept for the counts above it. */
export const fetchStaffReconcilePage =
  (onSummary: (summary: StaffReconcilePage['summary']) => void): FetchPage<ReconcileItem> =>
  async (params) => {
    const page = await fetchStaffReconcile(params as StaffReconcileQuery);
    onSummary(page.summary);
    return page;
  };

/** Writes of 电子对账: the lists and the home counts reload. */
function useReconcileWrite<I, O>(write: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: cashKey }), queryClient.invalidateQueries({ queryKey: remindersKey })]),
  });
}

/** `cash/reconcile`: signed by the device key (the HTTP client adds the challenge and the signature). */
export const useReconcile = () => useReconcileWrite((input: ReconcileInput) => http.call(cashApi.cashReconcile, input));
export const useReconcileReply = () => useReconcileWrite((input: { id: number; reply: string }) => http.call(cashApi.custodianReconcileReply, input));
export const useReconcileCalendar = () => useReconcileWrite((input: { enterpriseNo: string; frequency: 'monthly' | 'quarterly' }) => http.call(cashApi.custodianReconcileCalendar, input));

/** The bank imported cash statements for the enterprise: what the open screens show reloads. */
export function useStatementEvents() {
  const queryClient = useQueryClient();
  useLiveEvent('statement.imported', (event) => {
    if (event.ids?.includes('cash')) void queryClient.invalidateQueries({ queryKey: cashKey });
  });
}
