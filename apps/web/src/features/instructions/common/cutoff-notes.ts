import { CUTOFF_MISSED_LABEL, atRiskMessage, type InstructionRecord } from '@portal/shared';

/** The warning for records a step answered within the hour before their cut-off, or null. */
export function atRiskNote(records: readonly Pick<InstructionRecord, 'instructionNo' | 'cutoffState'>[]): string | null {
  const atRisk = records.filter((r) => r.cutoffState === 'atRisk');
  return atRisk.length > 0 ? atRiskMessage(atRisk.map((r) => r.instructionNo)) : null;
}

/** Why a step cannot pass rows whose cut-off passed (the server refuses them too), or null. */
export function missedNote(rows: readonly Pick<InstructionRecord, 'instructionNo' | 'cutoffState' | 'expired'>[], verb: string): string | null {
  const missed = rows.filter((r) => r.cutoffState === 'missed' && !r.expired);
  return missed.length > 0 ? `${missed.map((r) => r.instructionNo).join('、')} ${CUTOFF_MISSED_LABEL}，不能${verb}通过，请退回经办人修改起息日或撤销` : null;
}
