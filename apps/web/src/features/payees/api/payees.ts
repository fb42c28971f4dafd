import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { payeesApi, type PayeeChange, type PayeeRecord, type PayeeView } from '@portal/shared';
import type { z } from 'zod';
import type { FetchPage } from '../../../components/data-table';
import { http } from '../../../lib/http';

/** Prefix of every payee query; each write invalidates it. */
export const payeesKey = ['payees'] as const;

type Query = z.input<typeof payeesApi.payeeQuerySchema>;
export type PayeeInput = z.input<typeof payeesApi.payeeAddSchema>;

/** One page of one view of `payee/query` for the DataTable. */
export const fetchPayeePage =
  (view: PayeeView): FetchPage<PayeeRecord> =>
  (params) =>
    http.call(payeesApi.payeeQuery, { ...(params as Query), view });

/** One payee with its history. */
export const payeeDetailQuery = (id: number) =>
  queryOptions({ queryKey: [...payeesKey, 'detail', id], queryFn: () => http.call(payeesApi.payeeDetail, { id }), staleTime: 0 });

function usePayeeWrite<I, O>(write: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  // A refusal refreshes too: a payee changed by someone else shows as it is now.
  return useMutation({ mutationFn: write, onSettled: () => queryClient.invalidateQueries({ queryKey: payeesKey }) });
}

export const useAddPayee = () => usePayeeWrite((input: PayeeInput) => http.call(payeesApi.payeeAdd, input));

export const useUpdatePayee = () => usePayeeWrite((input: z.input<typeof payeesApi.payeeUpdateSchema>) => http.call(payeesApi.payeeUpdate, input));

export const useDeletePayee = () => usePayeeWrite((row: PayeeRecord) => http.call(payeesApi.payeeDelete, { id: row.id, version: row.version }));

export interface PayeeDecision {
  change: PayeeChange;
  result: 'pass' | 'refuse';
  reason: string;
}

/** `payee/review`, signed by the HTTP client over the change as the reviewer saw it. */
export const useReviewPayee = () =>
  usePayeeWrite(({ change, result, reason }: PayeeDecision) =>
    http.call(payeesApi.payeeReview, { changeId: change.id, result, reason, kind: change.kind, name: change.name, accountNo: change.accountNo, cnaps: change.cnaps }),
  );
