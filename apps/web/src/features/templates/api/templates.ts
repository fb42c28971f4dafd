import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { templatesApi, type TemplateChange, type TemplateRecord, type TemplateView } from '@portal/shared';
import type { z } from 'zod';
import type { FetchPage } from '../../../components/data-table';
import { http } from '../../../lib/http';

/** Prefix of every template query; each write invalidates it. */
export const templatesKey = ['templates'] as const;

type Query = z.input<typeof templatesApi.templateQuerySchema>;
export type TemplateInput = z.input<typeof templatesApi.templateAddSchema>;

/** One page of one view of `template/query` for the DataTable. */
export const fetchTemplatePage =
  (view: TemplateView): FetchPage<TemplateRecord> =>
  (params) =>
    http.call(templatesApi.templateQuery, { ...(params as Query), view });

/** One template with its history. */
export const templateDetailQuery = (id: number) =>
  queryOptions({ queryKey: [...templatesKey, 'detail', id], queryFn: () => http.call(templatesApi.templateDetail, { id }), staleTime: 0 });

/** The accounts a template may pay from. */
export const templateAccountsQuery = queryOptions({ queryKey: [...templatesKey, 'accounts'], queryFn: () => http.call(templatesApi.templatePayerAccounts, {}) });

function useTemplateWrite<I, O>(write: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  // A refusal refreshes too: a template changed by someone else shows as it is now.
  return useMutation({ mutationFn: write, onSettled: () => queryClient.invalidateQueries({ queryKey: templatesKey }) });
}

export const useAddTemplate = () => useTemplateWrite((input: TemplateInput) => http.call(templatesApi.templateAdd, input));

export const useUpdateTemplate = () => useTemplateWrite((input: z.input<typeof templatesApi.templateUpdateSchema>) => http.call(templatesApi.templateUpdate, input));

export const useDeleteTemplate = () => useTemplateWrite((row: TemplateRecord) => http.call(templatesApi.templateDelete, { id: row.id, version: row.version }));

export const useWithdrawTemplate = () => useTemplateWrite((row: TemplateRecord) => http.call(templatesApi.templateWithdraw, { id: row.id, version: row.version }));

export interface TemplateDecision {
  change: TemplateChange;
  result: 'pass' | 'refuse';
  reason: string;
}

/** `template/review`, signed by the HTTP client over the change as the reviewer saw it. */
export const useReviewTemplate = () =>
  useTemplateWrite(({ change, result, reason }: TemplateDecision) =>
    http.call(templatesApi.templateReview, {
      changeId: change.id,
      result,
      reason,
      kind: change.kind,
      name: change.name,
      type: change.type,
      payerAccountNo: change.payerAccountNo,
      payeeAccountNo: change.payeeAccountNo,
      payeeCnaps: change.payeeCnaps,
      purpose: change.purpose,
      locked: change.locked,
    }),
  );
