import { sql } from 'kysely';
import { registerReport, renderTable } from '../reports';

const BEIJING = 8 * 3_600_000;
const dateTime = (d: Date | string | null) => (d ? new Date(new Date(d).getTime() + BEIJING).toISOString().replace('T', ' ').slice(0, 19) : '');
const rightsText = (r: { can_query: boolean; can_entry: boolean; can_review: boolean }) => [r.can_query && '查询', r.can_entry && '录入', r.can_review && '复核'].filter(Boolean).join('、');

/**
 * 权限复核报表 (entitlement review, docs/features/dual-control.md): per enterprise, who may do
 * what on which account, since when, who proposed it and who approved it (the seat whose write
 * set the rights: under dual control, the second administrator). Reviewed once a quarter.
 */
export function registerEntitlementReport() {
  registerReport({
    kind: 'entitlements',
    title: '权限复核报表',
    description: '每个用户号在各账户上的权限（查询、录入、复核）、角色、生效时间、提交人与审批人；请每季度复核一次',
    authority: ['ACCOUNT_AUTH', 'ENTERPRISE_MANAGE'],
    formats: ['xlsx', 'csv', 'pdf'],
    params: [],
    async generate(db, scope, _params, output) {
      let q = db
        .selectFrom('account_auth as a')
        .innerJoin('user_numbers as n', 'n.user_no', 'a.user_no')
        .innerJoin('users as u', 'u.user_id', 'n.user_id')
        .innerJoin('enterprises as e', 'e.enterprise_no', 'a.enterprise_no')
        .leftJoin('user_numbers as bn', 'bn.user_no', 'a.updated_by')
        .leftJoin('users as b', 'b.user_id', 'bn.user_id')
        .select([
          'e.enterprise_name',
          'a.user_no',
          'u.username',
          'u.nick_name',
          'a.account_no',
          'a.can_query',
          'a.can_entry',
          'a.can_review',
          'a.updated_at',
          'a.updated_by',
          'b.nick_name as approver_name',
          sql<string>`(select string_agg(ro.role_name, '、' order by ro.role_id) from user_number_roles r join roles ro on ro.role_id = r.role_id where r.user_no = a.user_no)`.as('roles'),
          // Who proposed the rights in force: the maker of the seat's latest applied change.
          sql<string | null>`(select m.nick_name || '（' || c.maker_user_no || '）' from admin_changes c join users m on m.user_id = c.maker_user_id
            where c.kind = 'account.rights' and c.status = 'applied' and c.payload->>'userNo' = a.user_no order by c.decided_at desc limit 1)`.as('maker'),
        ])
        .orderBy('a.enterprise_no')
        .orderBy('a.user_no')
        .orderBy('a.account_no');
      // Staff review every enterprise; an enterprise administrator its own.
      if (scope.userType !== 'staff') q = q.where('a.enterprise_no', '=', scope.enterpriseNo);
      const rows = await q.limit(50_000).execute();
      return renderTable(
        '权限复核',
        [
          { header: '企业', width: 30, value: (r) => r.enterprise_name },
          { header: '用户号', width: 14, kind: 'text', value: (r) => r.user_no },
          { header: '姓名', width: 12, value: (r) => r.nick_name },
          { header: '用户名', width: 16, value: (r) => r.username },
          { header: '角色', width: 24, value: (r) => r.roles ?? '' },
          { header: '账号', width: 24, kind: 'text', value: (r) => r.account_no },
          { header: '权限', width: 16, value: (r) => rightsText(r) },
          { header: '生效时间', width: 20, value: (r) => dateTime(r.updated_at) },
          { header: '提交人', width: 18, value: (r) => r.maker ?? '' },
          { header: '审批人', width: 18, value: (r) => (r.approver_name ? `${r.approver_name}（${r.updated_by}）` : r.updated_by) },
        ],
        rows,
        output,
      );
    },
  });
}
