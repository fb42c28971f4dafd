import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminChangesApi, type AdminChange } from '@portal/shared';
import type { z } from 'zod';
import type { FetchPage } from '../../../components/data-table';
import { http } from '../../../lib/http';

/** Prefix of every 待审批变更 query; each decision invalidates it. */
export const adminChangesKey = ['adminChanges'] as const;

type Query = z.input<typeof adminChangesApi.adminChangePage.request>;

/** One page of the session's enterprise's changes for the DataTable. */
export const fetchChangePage: FetchPage<AdminChange> = (params) => http.call(adminChangesApi.adminChangePage, params as Query);

/** Whether the enterprise can have its changes approved at all (a second administrator, or a waiver). */
export const dualControlQuery = queryOptions({
  queryKey: [...adminChangesKey, 'control'],
  queryFn: async () => (await http.call(adminChangesApi.adminChangePage, { page: 1, limit: 1 })).control,
});

function useChangeWrite<I, O>(write: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  // A refusal refreshes too: a change decided by someone else shows as it is now.
  return useMutation({ mutationFn: write, onSettled: () => queryClient.invalidateQueries() });
}

/** `adminChange/decide`, signed by the HTTP client (AdminChangeDecision). */
export const useDecideChange = () =>
  useChangeWrite(({ changeId, result, reason }: { changeId: number; result: 'pass' | 'refuse'; reason: string }) => http.call(adminChangesApi.adminChangeDecide, { changeId, result, reason }));

export const useWithdrawChange = () => useChangeWrite((changeId: number) => http.call(adminChangesApi.adminChangeWithdraw, { changeId }));
