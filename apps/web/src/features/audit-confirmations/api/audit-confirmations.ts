import { useMutation, useQueryClient } from '@tanstack/react-query';
import { auditConfirmationsApi as api } from '@portal/shared';
import type { z } from 'zod';
import type { FetchPage } from '../../../components/data-table';
import { http } from '../../../lib/http';

/** Prefix of every 询证函 query; issuing and revoking invalidate it. */
export const confirmationsKey = ['auditConfirmations'] as const;

export type IssueInput = z.input<typeof api.confirmationIssueSchema>;

export const confirmationAccountsQuery = { queryKey: [...confirmationsKey, 'accounts'], queryFn: () => http.call(api.confirmationAccounts) };

export const fetchConfirmationPage: FetchPage<api.ConfirmationRecord> = (params) => http.call(api.confirmationQuery, { page: params.page, limit: params.limit });

export const downloadConfirmation = (record: api.ConfirmationRecord) => http.download(api.confirmationDownload, { id: record.id }, `询证函_${record.confirmationNo}.zip`);

function useConfirmationWrite<I, O>(write: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: write, onSettled: () => queryClient.invalidateQueries({ queryKey: confirmationsKey }) });
}

export const useIssueConfirmation = () => useConfirmationWrite((input: IssueInput) => http.call(api.confirmationIssue, input));
export const useRevokeConfirmation = () => useConfirmationWrite((id: number) => http.call(api.confirmationRevoke, { id }));
