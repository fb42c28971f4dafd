import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { instructionsApi, type InstructionRecord, type InstructionView, type SignedInstruction } from '@portal/shared';
import type { z } from 'zod';
import type { FetchPage } from '../../../components/data-table';
import { http } from '../../../lib/http';
import { remindersKey } from '../../../lib/reminders';

/** Prefix of every instruction query; each write invalidates it (and the home counts). */
export const instructionsKey = ['instructions'] as const;

type Query = z.input<typeof instructionsApi.instructionQuerySchema>;
type CustodianQuery = z.input<typeof instructionsApi.custodianQuerySchema>;
export type InstructionFilter = z.input<typeof instructionsApi.instructionFilterSchema>;
export type InstructionInput = z.input<typeof instructionsApi.instructionAddSchema>;
export type CustodianView = (typeof instructionsApi.CUSTODIAN_VIEWS)[number];

/** One page of one view of `instruction/query` for the DataTable. */
export const fetchInstructionPage =
  (view: InstructionView): FetchPage<InstructionRecord> =>
  (params) =>
    http.call(instructionsApi.instructionQuery, { ...(params as Query), view });

/** One page of `custodian/instruction/query` (bank staff, every enterprise). */
export const fetchCustodianPage =
  (view: CustodianView): FetchPage<InstructionRecord> =>
  (params) =>
    http.call(instructionsApi.custodianQuery, { ...(params as CustodianQuery), view });

/** One instruction with its history and attachments; staff read it through their own call. */
export const instructionDetailQuery = (id: number, staff = false) =>
  queryOptions({
    queryKey: [...instructionsKey, 'detail', staff ? 'staff' : 'customer', id],
    queryFn: () => http.call(staff ? instructionsApi.custodianDetail : instructionsApi.instructionDetail, { id }),
    staleTime: 0,
  });

export const downloadInstructions = (filter: InstructionFilter) => http.download(instructionsApi.instructionDownload, filter as z.output<typeof instructionsApi.instructionFilterSchema>);

export const downloadAttachment = (id: number, staff: boolean) =>
  http.download(staff ? instructionsApi.custodianAttachmentDownload : instructionsApi.attachmentDownload, { id });

/** Every write refreshes the lists, the open detail and the home counts. */
function useInstructionWrite<I, O>(write: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    // A refusal refreshes too: a batch refused because rows changed under it shows them as they are now.
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: instructionsKey }), queryClient.invalidateQueries({ queryKey: remindersKey })]),
  });
}

/**
 * `instruction/add`: the key stays the same for one filled-in form, so a submit retried after a
 * lost answer creates one instruction, not two.
 */
export const useAddInstruction = () =>
  useInstructionWrite(({ input, idempotencyKey }: { input: InstructionInput; idempotencyKey: string }) =>
    http.call(instructionsApi.instructionAdd, input, { headers: { 'Idempotency-Key': idempotencyKey } }),
  );

export const useUpdateInstruction = () =>
  useInstructionWrite((input: z.input<typeof instructionsApi.instructionUpdateSchema>) => http.call(instructionsApi.instructionUpdate, input));

export const useSubmitInstructions = () => useInstructionWrite((ids: number[]) => http.call(instructionsApi.instructionSubmit, { ids }));

export const useRevokeInstruction = () => useInstructionWrite((input: { id: number; reason: string }) => http.call(instructionsApi.instructionRevoke, input));

/** The signed decisions of the customer's steps (the custodian's check is signed alike). */
export type DecisionStep = 'review' | 'confirm' | 'confirmReview';
const DECISION_OPS = {
  review: instructionsApi.instructionReview,
  confirm: instructionsApi.instructionConfirm,
  confirmReview: instructionsApi.instructionConfirmReview,
} as const;

/** What the signer saw of each selected row, in the order of `ids` (the signing data lists it). */
export const signedListing = (rows: readonly InstructionRecord[]): SignedInstruction[] =>
  rows.map(({ instructionNo, payerAccountNo, payeeAccountNo, amount, currency, valueDate }) => ({ instructionNo, payerAccountNo, payeeAccountNo, amount, currency, valueDate }));

export interface Decision {
  rows: readonly InstructionRecord[];
  result: 'pass' | 'refuse';
  reason: string;
}

export const useDecide = (step: DecisionStep) =>
  useInstructionWrite(({ rows, result, reason }: Decision) =>
    http.call(DECISION_OPS[step], { ids: rows.map((r) => r.id), result, reason, instructions: signedListing(rows) }),
  );

export const useCustodianCheck = () =>
  useInstructionWrite(({ rows, result, reason }: Decision) =>
    http.call(instructionsApi.custodianCheck, { ids: rows.map((r) => r.id), result, reason, instructions: signedListing(rows) }),
  );

/** The execution of one row, signed over the row as the list shows it; `reason` when it is paid late. */
export const useCustodianExecute = () =>
  useInstructionWrite(({ row, reason }: { row: InstructionRecord; reason: string }) =>
    http.call(instructionsApi.custodianExecute, { id: row.id, instruction: signedListing([row])[0]!, reason }),
  );

export const useUploadAttachment = () =>
  useInstructionWrite((input: z.input<typeof instructionsApi.attachmentUploadSchema>) => http.call(instructionsApi.attachmentUpload, input));

export const useRemoveAttachment = () => useInstructionWrite((id: number) => http.call(instructionsApi.attachmentRemove, { id }));
