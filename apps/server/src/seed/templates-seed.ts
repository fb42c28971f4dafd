import type { Insertable, Transaction } from 'kysely';
import type { DB, InstructionTemplateChangesTable } from '../db/schema';

/**
 * Demo instruction templates (docs/features/templates.md): each demo enterprise's maker proposed
 * them over the payees its book holds, and its reviewer decided them, so every state shows:
 * effective (one edited once, so at version 2; one with a withdrawn change in its history),
 * effective with an edit or a deletion waiting, new and waiting, refused, deleted. Seeded decisions
 * carry no signature (the demo reviewers' device keys do not exist yet). Runs after the payees
 * seed; idempotent: an enterprise that already has templates is left alone.
 */
type Plan = 'effective' | 'edited' | 'withdrawnEdit' | 'pendingEdit' | 'pendingDelete' | 'pendingNew' | 'refused' | 'deleted';

interface DemoTemplate {
  name: string;
  type: string;
  /** The payee book entry, by name (an effective payee of the enterprise). */
  payee: string;
  purpose: string;
  locked: string[];
  plan: Plan;
  /** Which of the enterprise's e-banking accounts pays (by position). */
  account?: number;
  /** For 'edited', 'withdrawnEdit' and 'pendingEdit': what the edit changes. */
  edit?: { purpose?: string; locked?: string[] };
  reason?: string;
}

const ALL = ['type', 'payerAccountNo', 'payee', 'purpose'];

export const DEMO_TEMPLATES: { enterprise_no: string; maker: string; reviewer: string; templates: DemoTemplate[] }[] = [
  {
    enterprise_no: '1000000001',
    maker: 'U100000101',
    reviewer: 'U100000102',
    templates: [
      { name: '上交所日常交收划款', type: '01', payee: '中国证券登记结算有限责任公司上海分公司', purpose: '证券交收资金划拨', locked: ['type', 'payerAccountNo', 'payee'], plan: 'effective' },
      {
        name: '年度审计费支付',
        type: '02',
        payee: '普华永道中天会计师事务所（特殊普通合伙）',
        purpose: '2025年度财务报表审计费',
        locked: ALL,
        plan: 'edited',
        edit: { purpose: '2026年度财务报表审计费' },
        account: 1,
      },
      { name: '易方达基金申购款', type: '03', payee: '易方达基金管理有限公司', purpose: '基金申购款', locked: ['type', 'payee'], plan: 'pendingEdit', edit: { locked: ['type', 'payee', 'purpose'] } },
      { name: '银行间清算保证金', type: '04', payee: '银行间市场清算所股份有限公司', purpose: '清算保证金划付', locked: ['payee'], plan: 'withdrawnEdit', edit: { purpose: '清算保证金追加' }, account: 1 },
      { name: '深交所日常交收划款', type: '01', payee: '中国证券登记结算有限责任公司深圳分公司', purpose: '证券交收资金划拨', locked: ['type', 'payee'], plan: 'pendingDelete' },
      { name: '债券托管服务费', type: '02', payee: '中央国债登记结算有限责任公司', purpose: '债券托管服务费', locked: ALL, plan: 'pendingNew' },
      { name: '华泰证券交易佣金', type: '02', payee: '华泰证券股份有限公司', purpose: '交易佣金', locked: ['payee'], plan: 'refused', reason: '佣金按季度结算，请按合同约定金额逐笔录入' },
      { name: '招商证券结算备付金', type: '01', payee: '招商证券股份有限公司', purpose: '结算备付金划转', locked: ['payee'], plan: 'deleted' },
    ],
  },
  {
    enterprise_no: '1000000002',
    maker: 'U100000201',
    reviewer: 'U100000202',
    templates: [
      { name: '国寿资管委托投资款', type: '01', payee: '中国人寿资产管理有限公司', purpose: '委托投资资金划拨', locked: ['type', 'payerAccountNo', 'payee'], plan: 'effective' },
      { name: '泰康资管管理费', type: '02', payee: '泰康资产管理有限责任公司', purpose: '投资管理费', locked: ALL, plan: 'pendingNew' },
    ],
  },
];

const DAY = 86_400_000;
const HOUR = 3_600_000;

export async function seedTemplates(trx: Transaction<DB>, now = Date.now()) {
  const existing = new Set((await trx.selectFrom('instruction_templates').select('enterprise_no').distinct().execute()).map((r) => r.enterprise_no));
  const plans = DEMO_TEMPLATES.filter((p) => !existing.has(p.enterprise_no));
  if (plans.length === 0) return;
  const seats = new Map((await trx.selectFrom('user_numbers').select(['user_no', 'user_id']).execute()).map((s) => [s.user_no, s.user_id]));

  for (const plan of plans) {
    const maker = { id: seats.get(plan.maker), no: plan.maker };
    const reviewer = { id: seats.get(plan.reviewer), no: plan.reviewer };
    if (maker.id === undefined || reviewer.id === undefined) continue;
    const payees = new Map(
      (await trx.selectFrom('payees').selectAll().where('enterprise_no', '=', plan.enterprise_no).where('status', '=', '20').execute()).map((p) => [p.name, p]),
    );
    const accounts = (
      await trx
        .selectFrom('ebank_accounts as e')
        .innerJoin('custody_accounts as c', 'c.account_no', 'e.account_no')
        .select('e.account_no')
        .where('e.enterprise_no', '=', plan.enterprise_no)
        .where('e.used', '=', 1)
        .where('c.status', '=', '00')
        .orderBy('e.account_no')
        .execute()
    ).map((a) => a.account_no);
    if (accounts.length === 0) continue;

    for (const [i, t] of plan.templates.entries()) {
      const payee = payees.get(t.payee);
      // A demo book changed by hand may no longer hold the payee: the template is left out.
      if (!payee) continue;
      const first = {
        name: t.name,
        type: t.type,
        payer_account_no: accounts[(t.account ?? 0) % accounts.length]!,
        payee_id: payee.id,
        payee_name: payee.name,
        payee_account_no: payee.account_no,
        payee_bank: payee.bank_name,
        payee_cnaps: payee.cnaps,
        purpose: t.purpose,
        locked: t.locked,
      };
      const edited = { ...first, ...t.edit };
      const added = new Date(now - (45 - i * 4) * DAY);
      const decided = new Date(added.getTime() + 3 * HOUR);
      const later = new Date(now - (12 - i) * DAY);
      const request = (at: Date) => ({ status: 'pending' as const, requested_by_user_id: maker.id!, requested_by_user_no: maker.no, requested_at: at });
      const decision = (result: 'approved' | 'refused', at: Date, revision: number | null, reason: string | null = null) => ({
        status: result,
        revision,
        decided_by_user_id: reviewer.id!,
        decided_by_user_no: reviewer.no,
        decided_at: at,
        reason,
      });

      const waitsFirst = t.plan === 'pendingNew';
      const status = waitsFirst ? '10' : t.plan === 'refused' ? '30' : t.plan === 'deleted' ? '90' : '20';
      const revision = waitsFirst || t.plan === 'refused' ? 0 : t.plan === 'edited' ? 2 : 1;
      const { id } = await trx
        .insertInto('instruction_templates')
        .values({
          enterprise_no: plan.enterprise_no,
          status,
          ...(t.plan === 'edited' ? edited : first),
          revision,
          refuse_reason: t.plan === 'refused' ? t.reason! : null,
          version: t.plan === 'effective' || waitsFirst ? 0 : 2,
          created_by_user_id: maker.id,
          created_by_user_no: maker.no,
          created_at: added,
          updated_at: waitsFirst ? added : t.plan === 'effective' ? decided : later,
        })
        .returning('id')
        .executeTakeFirstOrThrow();

      const changes: Insertable<InstructionTemplateChangesTable>[] = [];
      const add = { template_id: id, kind: 'add' as const, ...first, ...request(added) };
      const settled = new Date(later.getTime() + HOUR);
      if (waitsFirst) changes.push(add);
      else if (t.plan === 'refused') changes.push({ ...add, ...decision('refused', decided, null, t.reason!) });
      else changes.push({ ...add, ...decision('approved', decided, 1) });
      if (t.plan === 'edited') changes.push({ template_id: id, kind: 'edit', ...edited, ...request(later), ...decision('approved', settled, 2) });
      if (t.plan === 'withdrawnEdit') changes.push({ template_id: id, kind: 'edit', ...edited, ...request(later), status: 'withdrawn', decided_at: settled });
      if (t.plan === 'pendingEdit') changes.push({ template_id: id, kind: 'edit', ...edited, ...request(later) });
      if (t.plan === 'pendingDelete') changes.push({ template_id: id, kind: 'delete', ...first, ...request(later) });
      if (t.plan === 'deleted') changes.push({ template_id: id, kind: 'delete', ...first, ...request(later), ...decision('approved', settled, null) });
      await trx.insertInto('instruction_template_changes').values(changes).execute();
    }
  }
}
