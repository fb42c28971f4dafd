import type { Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { rightsBefore } from '../modules/accounts/rights-change';
import { flagsBefore } from '../modules/gateway/changes';
import { roleMembersBefore } from '../modules/users/changes';
import { BANK_ENTERPRISE } from '../reference/bank';

const HXYH = '1000000001';
const at = (iso: string) => new Date(iso);

/**
 * Demo 待审批变更 (docs/features/dual-control.md): in 华夏远航, qyadmin (刘芳) proposed a role
 * change and an account right still waiting for qyapprove (赵敏), who approved an earlier unlock
 * and rejected a deletion; at the bank, admin (陈涛) asked to enable a partner's quote feed,
 * waiting for secadmin (黄静). The waiting changes' "before" is read as the kinds read it, so
 * approving them in the demo applies them. Seeded rows carry no signature (the demo device keys
 * do not exist yet). Idempotent: left alone once the enterprise has any change.
 */
export async function seedAdminChanges(trx: Transaction<DB>) {
  if (await trx.selectFrom('admin_changes').select('id').limit(1).executeTakeFirst()) return;
  const seat = async (userNo: string) => (await trx.selectFrom('user_numbers').select(['user_id', 'user_no']).where('user_no', '=', userNo).executeTakeFirstOrThrow());
  const [qyadmin, qyapprove, admin] = await Promise.all([seat('U100000103'), seat('U100000106'), seat('S900000001')]);
  const maker = (s: { user_id: number; user_no: string }) => ({ maker_user_id: s.user_id, maker_user_no: s.user_no });
  const decider = (s: { user_id: number; user_no: string }) => ({ decided_by_user_id: s.user_id, decided_by_user_no: s.user_no });
  const json = (v: unknown) => JSON.stringify(v);

  // 孙丽 (U100000105) also becomes a reviewer.
  const reviewer = await trx.selectFrom('roles').select('role_id').where('role_code', '=', 'CUSTOMER_REVIEWER').executeTakeFirstOrThrow();
  const members = await trx.selectFrom('user_number_roles as r').innerJoin('user_numbers as n', 'n.user_no', 'r.user_no').select('r.user_no').where('r.role_id', '=', reviewer.role_id).where('n.enterprise_no', '=', HXYH).execute();
  const roles = { roleId: reviewer.role_id, userNos: [...new Set([...members.map((m) => m.user_no), 'U100000105'])].sort() };
  const rolesBefore = await roleMembersBefore(trx, HXYH, roles, { userId: qyadmin.user_id, userNo: qyadmin.user_no });

  // 周洋 (U100000104): query and entry on the first two e-banking accounts, review on the first.
  const accounts = await trx.selectFrom('ebank_accounts').select('account_no').where('enterprise_no', '=', HXYH).orderBy('account_no').limit(2).execute();
  const rights = { userNo: 'U100000104', accounts: accounts.map((a, i) => ({ accountNo: a.account_no, canQuery: true, canEntry: true, canReview: i === 0 })) };
  const rightsNow = await rightsBefore(trx, HXYH, rights, { userId: qyadmin.user_id, userNo: qyadmin.user_no });

  const quote = await trx.selectFrom('api_definitions').select('api_id').where('api_code', '=', 'PARTNER_BOND_QUOTE').executeTakeFirstOrThrow();
  const flags = { ids: [quote.api_id], field: 'status', value: 1 } as const;
  const flagsNow = await flagsBefore(trx, { ...flags, ids: [...flags.ids] });

  await trx
    .insertInto('admin_changes')
    .values([
      {
        kind: 'operator.unlock',
        enterprise_no: HXYH,
        summary: '解锁操作员 zhouyang',
        payload: json({ userId: (await trx.selectFrom('user_numbers').select('user_id').where('user_no', '=', 'U100000104').executeTakeFirstOrThrow()).user_id }),
        before: json({ username: 'zhouyang', locked: true }),
        status: 'applied',
        ...maker(qyadmin),
        created_at: at('2026-09-14T01:12:00Z'),
        ...decider(qyapprove),
        decided_at: at('2026-09-14T01:40:00Z'),
      },
      {
        kind: 'operator.delete',
        enterprise_no: HXYH,
        summary: '删除操作员 sunli（U100000105）',
        payload: json({ userNo: 'U100000105' }),
        before: json({ userNo: 'U100000105', username: 'sunli', roles: ['CUSTOMER_MAKER'] }),
        status: 'rejected',
        ...maker(qyadmin),
        created_at: at('2026-10-21T06:05:00Z'),
        ...decider(qyapprove),
        decided_at: at('2026-10-21T07:30:00Z'),
        reason: '孙丽仍在办理新产品开户，暂不删除',
      },
      {
        kind: 'operator.roles',
        enterprise_no: HXYH,
        summary: `角色“${rolesBefore.roleName}”的成员改为 ${roles.userNos.length} 个用户号`,
        payload: json(roles),
        before: json(rolesBefore),
        status: 'pending',
        ...maker(qyadmin),
        created_at: at('2026-11-24T02:20:00Z'),
      },
      {
        kind: 'account.rights',
        enterprise_no: HXYH,
        summary: `调整用户号 U100000104 的账户权限（${rights.accounts.length} 个账户）`,
        payload: json(rights),
        before: json(rightsNow),
        status: 'pending',
        ...maker(qyadmin),
        created_at: at('2026-11-26T08:45:00Z'),
      },
      {
        kind: 'gateway.flags',
        enterprise_no: BANK_ENTERPRISE.enterprise_no,
        summary: '启用：PARTNER_BOND_QUOTE',
        payload: json(flags),
        before: json(flagsNow),
        status: 'pending',
        ...maker(admin),
        created_at: at('2026-11-25T03:10:00Z'),
      },
    ])
    .execute();
}
