import type { OperationParsed, accountsApi } from '@portal/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { DualControl, Maker } from '../../platform/dual-control';
import { refuse } from '../../platform/refuse';
import type { AccountAdmin } from './accounts.service';

type Rights = OperationParsed<typeof accountsApi.personModify>;

const rightsText = (r: { can_query: boolean; can_entry: boolean; can_review: boolean }) => [r.can_query && '查询', r.can_entry && '录入', r.can_review && '复核'].filter(Boolean).join('、');

/** A seat's account rights as stored (also what the demo seed records of its changes). */
export async function rightsBefore(db: Kysely<DB>, enterpriseNo: string, p: { userNo: string }, maker: Maker) {
  const seat = await db.selectFrom('user_numbers').select(['user_no', 'enterprise_no']).where('user_no', '=', p.userNo).executeTakeFirst();
  if (!seat || seat.enterprise_no !== enterpriseNo) throw refuse('用户号不存在或不属于本企业');
  if (seat.user_no === maker.userNo) throw refuse('不能修改自己的账户权限');
  const rows = await db.selectFrom('account_auth').select(['account_no', 'can_query', 'can_entry', 'can_review']).where('user_no', '=', p.userNo).orderBy('account_no').execute();
  return { userNo: p.userNo, accounts: rows.map((r) => ({ accountNo: r.account_no, rights: rightsText(r) })) };
}

/** A seat's account rights (账户授权) as a change a second administrator approves (docs/features/dual-control.md). */
export function registerRightsChange(dual: DualControl, admin: AccountAdmin) {
  dual.registerChangeKind<Omit<Rights, 'signMsg' | 'signChallenge'>>({
    kind: 'account.rights',
    label: '账户授权',
    snapshot: rightsBefore,
    summary: (p) => `调整用户号 ${p.userNo} 的账户权限（${p.accounts.length} 个账户）`,
    apply: ({ request, session, payload, confirm }) => admin.setRights(request, session, payload as Rights, confirm),
  });
}
