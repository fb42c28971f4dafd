import { sql } from 'kysely';
import { CODE_TABLES, INSTRUCTION_STATUS, formatDateTime, type InstructionStatus } from '@portal/shared';
import { amountCell } from '../../platform/xlsx';
import { registerReport, renderTable, reportBounds } from '../reports';

/**
 * 报表中心's 指令明细报表: the instructions entered in the period, a customer seat its own
 * enterprise's, staff who follow instructions every enterprise's; optionally by payer accounts.
 */
export function registerInstructionReports() {
  registerReport({
    kind: 'instructions',
    title: '指令明细报表',
    description: '期间内录入的指令：编号、类型、付款账户、收款方、金额、起息日与状态',
    authority: ['INSTRUCTION_QUERY', 'INSTRUCTION_ENTRY', 'INSTRUCTION_REVIEW', 'CUSTODIAN_CHECK', 'CUSTODIAN_EXECUTE'],
    formats: ['xlsx', 'csv', 'pdf'],
    params: ['period', 'accounts'],
    async generate(db, scope, params, output) {
      const { from, to } = reportBounds(params);
      let q = db
        .selectFrom('instructions as i')
        .innerJoin('enterprises as e', 'e.enterprise_no', 'i.enterprise_no')
        .select(['i.instruction_no', 'e.enterprise_name', 'i.type', 'i.payer_account_no', 'i.payee_name', 'i.payee_account_no', 'i.amount', 'i.currency', sql<string>`to_char(i.value_date, 'YYYY-MM-DD')`.as('value_date'), 'i.status', 'i.created_at'])
        .orderBy('i.created_at')
        .orderBy('i.id');
      if (scope.userType !== 'staff') q = q.where('i.enterprise_no', '=', scope.enterpriseNo);
      if (from) q = q.where('i.created_at', '>=', from);
      if (to) q = q.where('i.created_at', '<', to);
      if (params.accountNos?.length) q = q.where('i.payer_account_no', 'in', params.accountNos);
      const rows = await q.limit(50_000).execute();
      return renderTable('指令明细', [
        { header: '指令编号', width: 22, kind: 'text', value: (r) => r.instruction_no },
        { header: '企业', width: 30, value: (r) => r.enterprise_name },
        { header: '指令类型', width: 12, value: (r) => CODE_TABLES.instructionType[r.type as keyof typeof CODE_TABLES.instructionType] ?? r.type },
        { header: '付款账号', width: 24, kind: 'text', value: (r) => r.payer_account_no },
        { header: '收款方', width: 30, value: (r) => r.payee_name },
        { header: '收款账号', width: 24, kind: 'text', value: (r) => r.payee_account_no },
        { header: '金额', width: 18, kind: 'amount', value: (r) => amountCell(r.amount) },
        { header: '币种', width: 8, value: (r) => r.currency },
        { header: '起息日', width: 12, kind: 'text', value: (r) => r.value_date },
        { header: '状态', width: 14, value: (r) => INSTRUCTION_STATUS[r.status as InstructionStatus] ?? r.status },
        { header: '录入时间', width: 20, value: (r) => formatDateTime(r.created_at) },
      ], rows, output);
    },
  });
}
