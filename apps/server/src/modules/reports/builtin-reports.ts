import { sql } from 'kysely';
import { CODE_TABLES, INSTRUCTION_STATUS, type InstructionStatus, type ReportParams } from '@portal/shared';
import { amountCell } from '../../platform/xlsx';
import { registerReport, renderTable, type ReportScope } from './registry';

const BEIJING = 8 * 3_600_000;
const dateTime = (d: Date | string) => new Date(new Date(d).getTime() + BEIJING).toISOString().replace('T', ' ').slice(0, 19);
/** Staff who follow instructions see every enterprise's; a customer seat its own enterprise's. */
const staffWide = (scope: ReportScope) => scope.userType === 'staff';
/** The period's bounds as instants: Beijing midnight of `from`, and of the day after `to`. */
const bounds = (p: ReportParams) => ({
  from: p.from ? new Date(Date.parse(`${p.from}T00:00:00+08:00`)) : undefined,
  to: p.to ? new Date(Date.parse(`${p.to}T00:00:00+08:00`) + 86_400_000) : undefined,
});

/** The reports 报表中心 starts with; other features add theirs with `registerReport`. */
export function registerBuiltinReports() {
  registerReport({
    kind: 'instructions',
    title: '指令明细报表',
    description: '期间内录入的指令：编号、类型、付款账户、收款方、金额、起息日与状态',
    authority: ['INSTRUCTION_QUERY', 'INSTRUCTION_ENTRY', 'INSTRUCTION_REVIEW', 'CUSTODIAN_CHECK', 'CUSTODIAN_EXECUTE'],
    formats: ['xlsx', 'csv'],
    params: ['period', 'accounts'],
    async generate(db, scope, params, format) {
      const { from, to } = bounds(params);
      let q = db
        .selectFrom('instructions as i')
        .innerJoin('enterprises as e', 'e.enterprise_no', 'i.enterprise_no')
        .select(['i.instruction_no', 'e.enterprise_name', 'i.type', 'i.payer_account_no', 'i.payee_name', 'i.payee_account_no', 'i.amount', 'i.currency', sql<string>`to_char(i.value_date, 'YYYY-MM-DD')`.as('value_date'), 'i.status', 'i.created_at'])
        .orderBy('i.created_at')
        .orderBy('i.id');
      if (!staffWide(scope)) q = q.where('i.enterprise_no', '=', scope.enterpriseNo);
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
        { header: '录入时间', width: 20, value: (r) => dateTime(r.created_at) },
      ], rows, format);
    },
  });

  registerReport({
    kind: 'warnings',
    title: '预警信息报表',
    description: '期间内导入的清盘预警：账户、产品、触发类型、单位净值、触发日与处理状态',
    authority: ['WARNING_VIEW', 'WARNING_IMPORT'],
    formats: ['xlsx', 'csv'],
    params: ['period', 'accounts'],
    async generate(db, scope, params, format) {
      const { from, to } = bounds(params);
      let q = db
        .selectFrom('clear_position_warnings as w')
        .select(['w.account_no', 'w.product_name', 'w.product_code', 'w.trigger_type', 'w.unit_nav', sql<string>`to_char(w.trigger_date, 'YYYY-MM-DD')`.as('trigger_date'), sql<string>`to_char(w.deadline, 'YYYY-MM-DD')`.as('deadline'), 'w.status', 'w.created_at'])
        .orderBy('w.created_at')
        .orderBy('w.id');
      if (!staffWide(scope)) q = q.where('w.enterprise_no', '=', scope.enterpriseNo);
      if (from) q = q.where('w.created_at', '>=', from);
      if (to) q = q.where('w.created_at', '<', to);
      if (params.accountNos?.length) q = q.where('w.account_no', 'in', params.accountNos);
      const rows = await q.limit(50_000).execute();
      return renderTable('清盘预警', [
        { header: '账号', width: 24, kind: 'text', value: (r) => r.account_no },
        { header: '产品名称', width: 36, value: (r) => r.product_name },
        { header: '产品代码', width: 12, kind: 'text', value: (r) => r.product_code },
        { header: '触发类型', width: 12, value: (r) => CODE_TABLES.warningTrigger[r.trigger_type as keyof typeof CODE_TABLES.warningTrigger] ?? r.trigger_type },
        { header: '单位净值', width: 12, kind: 'price', value: (r) => amountCell(r.unit_nav) },
        { header: '触发日', width: 12, kind: 'text', value: (r) => r.trigger_date },
        { header: '处理期限', width: 12, kind: 'text', value: (r) => r.deadline },
        { header: '状态', width: 10, value: (r) => CODE_TABLES.warningStatus[r.status] },
        { header: '导入时间', width: 20, value: (r) => dateTime(r.created_at) },
      ], rows, format);
    },
  });
}
