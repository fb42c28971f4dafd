import { sql } from 'kysely';
import { CASH_DIRECTIONS, cashApi, formatDate, type ReportParams } from '@portal/shared';
import type { AppContext } from '../../app-context';
import { amountCell } from '../../platform/xlsx';
import { registerReport, renderTable } from '../reports';
import { accountsInScope } from './cash.queries';
import { reconcileItems } from './reconcile';

/** Both ends of the period: the report centre refuses a run or subscription of a `period` report without them. */
const periodOf = (params: ReportParams) => ({ from: params.from!, to: params.to! });

/** 报表中心's cash reports: the entries of the seat's accounts, and the state of each period's 电子对账. */
export function registerCashReports(ctx: AppContext) {
  registerReport({
    kind: 'cashEntries',
    title: '资金流水报表',
    description: '所选账户期间内的资金流水：记账日、起息日、借贷、金额、对方、摘要与指令编号',
    authority: ['CASH_VIEW'],
    formats: ['xlsx', 'csv', 'pdf'],
    params: ['period', 'accounts'],
    async generate(db, scope, params, output) {
      const { from, to } = periodOf(params);
      const chosen = new Set(params.accountNos ?? []);
      const accounts = (await accountsInScope(db, scope.enterpriseNo)).filter((a) => chosen.size === 0 || chosen.has(a.accountNo));
      const rows =
        accounts.length === 0
          ? []
          : await db
              .selectFrom('cash_entries')
              .select(['account_no', sql<string>`to_char(booking_date, 'YYYY-MM-DD')`.as('booking_date'), sql<string>`to_char(value_date, 'YYYY-MM-DD')`.as('value_date'), 'direction', 'amount', 'currency', 'counterparty_name', 'counterparty_account', 'summary', 'instruction_no'])
              .where('account_no', 'in', accounts.map((a) => a.accountNo))
              .where('booking_date', '>=', from)
              .where('booking_date', '<=', to)
              .orderBy('account_no')
              .orderBy('booking_date')
              .orderBy('id')
              .limit(50_000)
              .execute();
      return renderTable('资金流水', [
        { header: '账号', width: 24, kind: 'text', value: (r) => r.account_no },
        { header: '记账日期', width: 12, kind: 'text', value: (r) => r.booking_date },
        { header: '起息日期', width: 12, kind: 'text', value: (r) => r.value_date },
        { header: '借贷', width: 6, value: (r) => CASH_DIRECTIONS[r.direction] },
        { header: '金额', width: 18, kind: 'amount', value: (r) => amountCell(r.amount) },
        { header: '币种', width: 8, value: (r) => r.currency },
        { header: '对方户名', width: 28, value: (r) => r.counterparty_name },
        { header: '对方账号', width: 24, kind: 'text', value: (r) => r.counterparty_account },
        { header: '摘要', width: 28, value: (r) => r.summary },
        { header: '指令编号', width: 20, kind: 'text', value: (r) => r.instruction_no ?? '' },
      ], rows, output);
    },
  });

  registerReport({
    kind: 'cashReconciliation',
    title: '电子对账状态报表',
    description: '期间内结束的对账期：账户、期间、对账结果（未对账、相符、不符）、签署人与托管行回复',
    authority: ['CASH_VIEW'],
    formats: ['xlsx', 'csv', 'pdf'],
    params: ['period', 'accounts'],
    async generate(db, scope, params, output) {
      const today = formatDate(ctx.now());
      const chosen = new Set(params.accountNos ?? []);
      const rows = (await reconcileItems(db, scope.enterpriseNo, today)).filter(
        (i) => (chosen.size === 0 || chosen.has(i.accountNo)) && (!params.from || i.periodEnd >= params.from) && (!params.to || i.periodEnd <= params.to),
      );
      return renderTable('电子对账', [
        { header: '账号', width: 24, kind: 'text', value: (r) => r.accountNo },
        { header: '账户名称', width: 30, value: (r) => r.accountName },
        { header: '期间起', width: 12, kind: 'text', value: (r) => r.periodStart },
        { header: '期间止', width: 12, kind: 'text', value: (r) => r.periodEnd },
        { header: '对账结果', width: 10, value: (r) => cashApi.RECONCILE_STATUSES[r.status] },
        { header: '签署人', width: 22, value: (r) => (r.reconciliation ? `${r.reconciliation.signedByName}（${r.reconciliation.signedByUserNo}）` : '') },
        { header: '不符原因', width: 30, value: (r) => r.reconciliation?.reason ?? '' },
        { header: '托管行回复', width: 30, value: (r) => r.reconciliation?.reply ?? '' },
      ], rows, output);
    },
  });
}
