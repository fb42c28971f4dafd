import type { ApiDefinition, FlagField } from '@portal/shared';

/** Selected rows whose `field` the server holds at another value than `value`, with the reason. */
export function lockedAgainst(rows: readonly ApiDefinition[], field: FlagField, value: 0 | 1): { apiCode: string; reason: string }[] {
  return rows.flatMap((row) => {
    const reason = row.locks[field];
    return reason && row[field] !== value ? [{ apiCode: row.apiCode, reason }] : [];
  });
}

/** Spec §7 batch calls: the confirmation names how many selected definitions the change is for. */
export const batchQuestion = (count: number, state: string): string => `确定将选中的 ${count} 个接口设为${state}吗？`;

/** Selected definitions that are this server's operations: those the server will not remove. */
export const contractRows = (rows: readonly ApiDefinition[]): ApiDefinition[] => rows.filter((row) => row.contractId !== null);
