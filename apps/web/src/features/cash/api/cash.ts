import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cashApi, instructionsApi, type CashFeed } from '@portal/shared';
import type { z } from 'zod';
import type { FetchPage } from '../../../components/data-table';
import { http } from '../../../lib/http';

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

export const downloadStatement = (input: StatementInput) => http.download(cashApi.cashStatementDownload, input, '资金对账单.xlsx');

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
