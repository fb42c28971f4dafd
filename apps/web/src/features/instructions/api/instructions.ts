import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { instructionsApi, type ClaimStep, type InstructionListRecord, type InstructionRecord, type InstructionView } from '@portal/shared';
import { useEffect, useRef } from 'react';
import type { z } from 'zod';
import type { FetchPage } from '../../../components/data-table';
import { http } from '../../../lib/http';
import { remindersKey } from '../../../lib/reminders';
import { noteServerTime } from '../../../lib/server-clock';

/** Prefix of every instruction query; each write invalidates it (and the home counts). */
export const instructionsKey = ['instructions'] as const;

type Query = z.input<typeof instructionsApi.instructionQuerySchema>;
type CustodianQuery = z.input<typeof instructionsApi.custodianQuerySchema>;
export type InstructionFilter = z.input<typeof instructionsApi.instructionFilterSchema>;
export type InstructionInput = z.input<typeof instructionsApi.instructionAddSchema>;
export type CustodianView = (typeof instructionsApi.CUSTODIAN_VIEWS)[number];

/** A page just arrived sets the countdowns' clock to the server's (its records' `judgedAt`). */
const judged = <P extends { records: readonly InstructionRecord[] }>(page: P): P => {
  noteServerTime(page.records[0]?.judgedAt);
  return page;
};

/** One page of one view of `instruction/query` for the DataTable. */
export const fetchInstructionPage =
  (view: InstructionView): FetchPage<InstructionListRecord> =>
  (params) =>
    http.call(instructionsApi.instructionQuery, { ...(params as Query), view }).then(judged);

/** One page of `custodian/instruction/query` (bank staff, every enterprise). */
export const fetchCustodianPage =
  (view: CustodianView): FetchPage<InstructionListRecord> =>
  (params) =>
    http.call(instructionsApi.custodianQuery, { ...(params as CustodianQuery), view }).then(judged);

/** One instruction with its history and attachments; staff read it through their own call. */
export const instructionDetailQuery = (id: number, staff = false) =>
  queryOptions({
    queryKey: [...instructionsKey, 'detail', staff ? 'staff' : 'customer', id],
    queryFn: async () => {
      const detail = await http.call(staff ? instructionsApi.custodianDetail : instructionsApi.instructionDetail, { id });
      noteServerTime(detail.judgedAt);
      return detail;
    },
    staleTime: 0,
  });

export const downloadInstructions = (filter: InstructionFilter) => http.download(instructionsApi.instructionDownload, filter as z.output<typeof instructionsApi.instructionFilterSchema>);

export const downloadAttachment = (id: number, staff: boolean) =>
  http.download(staff ? instructionsApi.custodianAttachmentDownload : instructionsApi.attachmentDownload, { id });

/** The 证据包 (docs/evidence.md): a zip the bank signs, verifiable with scripts/verify-evidence.sh. */
export const downloadEvidence = (id: number, staff: boolean) => http.download(staff ? instructionsApi.custodianEvidence : instructionsApi.instructionEvidence, { id });

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

const { signedListing } = instructionsApi;

export interface Decision {
  rows: readonly InstructionRecord[];
  result: 'pass' | 'refuse';
  reason: string;
}

export const useDecide = (step: DecisionStep) =>
  useInstructionWrite(({ rows, result, reason }: Decision) =>
    http.call(DECISION_OPS[step], { ids: rows.map((r) => r.id), result, reason, instructions: signedListing(rows, step === 'review') }),
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

/** A selection that has settled this long is claimed: ticking several boxes sends one claim. */
const CLAIM_SETTLE_MS = 600;

/** Sends a claim; a hint, so a failure shows nothing (the next one, or the expiry, mends it). */
const sendClaim = (step: ClaimStep, ids: number[]) =>
  (step === 'check' ? http.call(instructionsApi.custodianClaim, { ids }, { silent: true }) : http.call(instructionsApi.instructionClaim, { step, ids }, { silent: true })).catch(() => undefined);

/**
 * Tells the others working a step's list which rows the user has selected (`instruction/claim`,
 * or the custodian's for the check): once the selection settles, again every CLAIM_REFRESH_MS
 * while rows stay selected, and empty when none are (after a batch) or the page closes.
 */
export function useClaim(step: ClaimStep, ids: readonly number[]) {
  // The first INSTRUCTION_BATCH_MAX: a batch takes no more, and the claim neither.
  const key = ids.slice(0, instructionsApi.INSTRUCTION_BATCH_MAX).join(',');
  const holding = useRef(false);
  useEffect(() => {
    const current = key === '' ? [] : key.split(',').map(Number);
    if (current.length === 0 && !holding.current) return;
    const claim = () => {
      holding.current = current.length > 0;
      void sendClaim(step, current);
    };
    const settle = setTimeout(claim, CLAIM_SETTLE_MS);
    const refresh = current.length > 0 ? setInterval(claim, instructionsApi.CLAIM_REFRESH_MS) : undefined;
    return () => {
      clearTimeout(settle);
      clearInterval(refresh);
    };
  }, [step, key]);
  useEffect(
    () => () => {
      if (holding.current) void sendClaim(step, []);
      holding.current = false;
    },
    [step],
  );
}
