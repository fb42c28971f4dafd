import { sql } from 'kysely';
import { CODE_TABLES, formatDateTime } from '@portal/shared';
import { amountCell } from '../../platform/xlsx';
import { registerReport, renderTable, reportBounds } from '../reports';

/**
 * 报表中心's 预警信息报表: the clear-position warnings imported in the period, a customer seat its
 * own enterprise's, staff every enterprise's; optionally by accounts.
 */
export function registerWarningReports() {
  registerReport({
    kind: 'warnings',
    title: '预警信息报表',
    description: '期间内导入的清盘预警：账户、产品、触发类型、单位净值、触发日与处理状态',
    authority: ['WARNING_VIEW', 'WARNING_IMPORT'],
    formats: ['xlsx', 'csv', 'pdf'],
    params: ['period', 'accounts'],
    async generate(db, scope, params, output) {
      const { from, to } = reportBounds(params);
      let q = db
        .selectFrom('clear_position_warnings as w')
        .select(['w.account_no', 'w.product_name', 'w.product_code', 'w.trigger_type', 'w.unit_nav', sql<string>`to_char(w.trigger_date, 'YYYY-MM-DD')`.as('trigger_date'), sql<string>`to_char(w.deadline, 'YYYY-MM-DD')`.as('deadline'), 'w.status', 'w.created_at'])
        .orderBy('w.created_at')
        .orderBy('w.id');
      if (scope.userType !== 'staff') q = q.where('w.enterprise_no', '=', scope.enterpriseNo);
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
        { header: '导入时间', width: 20, value: (r) => formatDateTime(r.created_at) },
      ], rows, output);
    },
  });
}
