import type { Insertable, Transaction } from 'kysely';
import type { DB, PayeeChangesTable } from '../db/schema';
import { PAYEES } from './instructions-data';

/**
 * Demo payee books (docs/features/payees.md): each demo enterprise's maker proposed its payees
 * and its reviewer decided them, so every state shows: effective (some edited once), new and
 * waiting, refused, effective with an edit or a deletion waiting, deleted. Seeded decisions carry
 * no signature (the demo reviewers' device keys do not exist yet). Idempotent: an enterprise that
 * already has payees is left alone.
 */
type Plan = 'effective' | 'edited' | 'pendingNew' | 'refused' | 'pendingEdit' | 'pendingDelete' | 'deleted';

interface DemoPayee {
  name: string;
  accountNo: string;
  cnaps: string;
  plan: Plan;
  /** For 'edited' and 'pendingEdit': the account the edit moves to. */
  editTo?: { accountNo: string; cnaps: string };
  reason?: string;
}

const fromMaterial = (i: number, plan: Plan, extra: Partial<DemoPayee> = {}): DemoPayee => ({ ...PAYEES[i]!, plan, ...extra });

export const DEMO_PAYEES: { enterprise_no: string; maker: string; reviewer: string; payees: DemoPayee[] }[] = [
  {
    enterprise_no: '1000000001',
    maker: 'U100000101',
    reviewer: 'U100000102',
    payees: [
      fromMaterial(0, 'effective'),
      fromMaterial(1, 'effective'),
      fromMaterial(2, 'edited', { editTo: { accountNo: '31001550400050067890', cnaps: '105290036005' } }),
      fromMaterial(3, 'effective'),
      fromMaterial(4, 'effective'),
      fromMaterial(5, 'effective'),
      fromMaterial(6, 'pendingEdit', { editTo: { accountNo: '216200100100654321', cnaps: '309290000107' } }),
      fromMaterial(7, 'effective'),
      fromMaterial(8, 'pendingDelete'),
      fromMaterial(9, 'effective'),
      fromMaterial(10, 'pendingNew'),
      fromMaterial(11, 'refused', { reason: '收款账号与合同约定不符' }),
      fromMaterial(12, 'deleted'),
      fromMaterial(13, 'effective'),
      fromMaterial(14, 'pendingNew'),
      fromMaterial(15, 'effective'),
    ],
  },
  {
    enterprise_no: '1000000002',
    maker: 'U100000201',
    reviewer: 'U100000202',
    payees: [
      { name: '中国人寿资产管理有限公司', accountNo: '0200001409026401234', cnaps: '102100000919', plan: 'effective' },
      { name: '泰康资产管理有限责任公司', accountNo: '110060149018800012345', cnaps: '301100000015', plan: 'effective' },
      { name: '中国平安财产保险股份有限公司深圳分公司', accountNo: '11014850012345', cnaps: '307584007998', plan: 'pendingEdit', editTo: { accountNo: '11014850067890', cnaps: '307584007998' } },
      { name: '上海保险交易所股份有限公司', accountNo: '98010078801300012345', cnaps: '310290000021', plan: 'pendingNew' },
      { name: '北京中伦律师事务所', accountNo: '0200003209200012345', cnaps: '102100020307', plan: 'refused', reason: '收款人名称与营业执照不一致' },
    ],
  },
  {
    enterprise_no: '1000000003',
    maker: 'U100000301',
    reviewer: 'U100000302',
    payees: [
      { name: '宝山钢铁股份有限公司', accountNo: '1001266309006601234', cnaps: '102290002202', plan: 'effective' },
      { name: '杭州海康威视数字技术股份有限公司', accountNo: '1202021209900012345', cnaps: '102331002233', plan: 'effective' },
      { name: '深圳市汇川技术股份有限公司', accountNo: '755912345610101', cnaps: '308584001037', plan: 'pendingDelete' },
      { name: '江苏恒立液压股份有限公司', accountNo: '10301000000012345', cnaps: '102301000012', plan: 'pendingNew' },
      { name: '广州视源电子科技股份有限公司', accountNo: '3602000109200012345', cnaps: '102581002017', plan: 'deleted' },
    ],
  },
];

const DAY = 86_400_000;

export async function seedPayees(trx: Transaction<DB>, now = Date.now()) {
  const existing = new Set((await trx.selectFrom('payees').select('enterprise_no').distinct().execute()).map((r) => r.enterprise_no));
  const plans = DEMO_PAYEES.filter((p) => !existing.has(p.enterprise_no));
  if (plans.length === 0) return;
  const banks = new Map((await trx.selectFrom('bank_codes').select(['cnaps', 'bank_name']).execute()).map((b) => [b.cnaps, b.bank_name]));
  const seats = new Map((await trx.selectFrom('user_numbers').select(['user_no', 'user_id']).execute()).map((s) => [s.user_no, s.user_id]));

  for (const plan of plans) {
    const maker = { id: seats.get(plan.maker), no: plan.maker };
    const reviewer = { id: seats.get(plan.reviewer), no: plan.reviewer };
    // A demo enterprise whose seats were removed keeps no book.
    if (maker.id === undefined || reviewer.id === undefined) continue;
    for (const [i, p] of plan.payees.entries()) {
      const version = (accountNo: string, cnaps: string) => ({ name: p.name, account_no: accountNo, cnaps, bank_name: banks.get(cnaps)!, remark: '' });
      const first = version(p.accountNo, p.cnaps);
      const edited = p.editTo ? version(p.editTo.accountNo, p.editTo.cnaps) : first;
      const added = new Date(now - (60 - i * 3) * DAY);
      const decided = new Date(added.getTime() + 2 * 3_600_000);
      const later = new Date(now - (20 - i) * DAY);
      const request = (at: Date) => ({ status: 'pending' as const, requested_by_user_id: maker.id!, requested_by_user_no: maker.no, requested_at: at });
      const decision = (result: 'approved' | 'refused', at: Date, reason: string | null = null) => ({
        status: result,
        decided_by_user_id: reviewer.id!,
        decided_by_user_no: reviewer.no,
        decided_at: at,
        reason,
      });

      const waitsFirst = p.plan === 'pendingNew';
      const status = waitsFirst ? '10' : p.plan === 'refused' ? '30' : p.plan === 'deleted' ? '90' : '20';
      const current = p.plan === 'edited' ? edited : first;
      const { id } = await trx
        .insertInto('payees')
        .values({
          enterprise_no: plan.enterprise_no,
          status,
          ...current,
          refuse_reason: p.plan === 'refused' ? p.reason! : null,
          version: p.plan === 'effective' || p.plan === 'pendingNew' ? 0 : 2,
          created_by_user_id: maker.id,
          created_by_user_no: maker.no,
          created_at: added,
          updated_at: waitsFirst ? added : p.plan === 'effective' ? decided : later,
        })
        .returning('id')
        .executeTakeFirstOrThrow();

      const changes: Insertable<PayeeChangesTable>[] = [];
      const add = { payee_id: id, kind: 'add' as const, ...first, ...request(added) };
      if (waitsFirst) changes.push(add);
      else if (p.plan === 'refused') changes.push({ ...add, ...decision('refused', decided, p.reason!) });
      else changes.push({ ...add, ...decision('approved', decided) });
      if (p.plan === 'edited') changes.push({ payee_id: id, kind: 'edit', ...edited, ...request(later), ...decision('approved', new Date(later.getTime() + 3_600_000)) });
      if (p.plan === 'pendingEdit') changes.push({ payee_id: id, kind: 'edit', ...edited, ...request(later) });
      if (p.plan === 'pendingDelete') changes.push({ payee_id: id, kind: 'delete', ...first, ...request(later) });
      if (p.plan === 'deleted') changes.push({ payee_id: id, kind: 'delete', ...first, ...request(later), ...decision('approved', new Date(later.getTime() + 3_600_000)) });
      await trx.insertInto('payee_changes').values(changes).execute();
    }
  }
}
