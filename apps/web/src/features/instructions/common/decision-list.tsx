import { instructionsApi, type InstructionListRecord, type InstructionView } from '@portal/shared';
import { useState, type ReactNode } from 'react';
import { DataTable, useCheckboxSelection, type FetchPage } from '../../../components/data-table';
import { fetchInstructionPage, instructionsKey, useClaim, useDecide, type DecisionStep } from '../api/instructions';
import { DecisionButtons } from './decision-buttons';
import { claimedRowClass, instructionColumns } from './instruction-columns';
import { InstructionDetailDrawer } from './instruction-detail-drawer';
import { INSTRUCTION_QUERY_FIELDS } from './instruction-query-fields';

// The state each step acts on; its view also shows what passed through it, which the query page lists.
const waitingFor =
  (step: DecisionStep & InstructionView): FetchPage<InstructionListRecord> =>
  (params, signal) =>
    fetchInstructionPage(step)({ ...params, status: instructionsApi.WAITING_AT[step] }, signal);

const fetchers = { review: waitingFor('review'), confirm: waitingFor('confirm'), confirmReview: waitingFor('confirmReview') };
const QUERY_FIELDS = INSTRUCTION_QUERY_FIELDS.filter((f) => f.name !== 'status');

interface DecisionListProps {
  step: DecisionStep;
  /** The step's word on its buttons: 复核, 确认, 确认复核. */
  verb: string;
  ariaLabel: string;
  /** Shown under the list for the rows selected (the review step's 本批资金预估). */
  selectionSummary?: (rows: readonly InstructionListRecord[]) => ReactNode;
}

/**
 * A signed step's list: the instructions waiting for it, selectable; 通过 / 退回 act on the
 * selection as one signed batch (the HTTP client refuses a batch whose signing data is too long).
 * The selection is claimed, so the others working the list see those rows named, dimmed and
 * last; the list reloads as often as claims are renewed, to show theirs.
 */
export function DecisionList({ step, verb, ariaLabel, selectionSummary }: DecisionListProps) {
  const selected = useCheckboxSelection<InstructionListRecord>();
  useClaim(step, selected.rows.map((r) => r.id));
  const [openId, setOpenId] = useState<number | null>(null);
  const deciding = useDecide(step);
  return (
    <>
      <DataTable<InstructionListRecord>
        ariaLabel={ariaLabel}
        queryKey={[...instructionsKey, 'list', step]}
        fetchPage={fetchers[step]}
        columns={instructionColumns((row) => setOpenId(row.id), { decision: step === 'review' ? 'review' : 'thirdParty' })}
        rowKey="id"
        showIndex
        queryFields={QUERY_FIELDS}
        rowActions={[{ key: 'detail', label: '详情', onClick: (row) => setOpenId(row.id) }]}
        selection={selected.selection}
        rowClassName={claimedRowClass}
        refreshMs={instructionsApi.CLAIM_REFRESH_MS}
        toolbar={<DecisionButtons rows={selected.rows} verb={verb} decide={deciding.mutateAsync} busy={deciding.isPending} onDone={selected.clear} onStale={(ids) => selected.drop(ids, (r) => r.id)} />}
      />
      {selectionSummary?.(selected.rows)}
      <InstructionDetailDrawer id={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
