import { sql, type Kysely } from 'kysely';
import type { OperationParsed, authApi, usersApi } from '@portal/shared';
import type { DB } from '../../db/schema';
import type { DualControl, Maker } from '../../platform/dual-control';
import { refuse } from '../../platform/refuse';
import type { SessionInfo } from '../../platform/sessions';
import { BANK_ENTERPRISE } from '../../reference/bank';
import { isStaffRole } from '../../reference/roles';
import type { AuthServices } from '../auth';
import { unlocker } from './unlock';
import { scopeOf } from './scope';
import { roleById } from './seats.queries';
import { findSeat, findUser, profileOf, roleMembers, rolesOfSeats } from './users.queries';
import type { UserAdmin } from './users.service';
import { USER_NOT_FOUND, wholePerson } from './whole-person';

type Input<Op> = Omit<OperationParsed<Op>, 'signMsg' | 'signChallenge'>;

const SELF = '对自己的变更须由另一位管理员提交';
const scopeIn = (enterpriseNo: string) => (enterpriseNo === BANK_ENTERPRISE.enterprise_no ? {} : { enterpriseNo });

/**
 * Which administrative user changes wait for a second administrator (docs/features/dual-control.md):
 * every one an enterprise administrator makes, and a staff member's to staff people (a seat of
 * the bank, a staff role). A staff member's changes to customers' operators apply at once.
 */
export async function heldForUsers(db: Kysely<DB>, session: SessionInfo, target: { enterpriseNo?: string; userId?: number; userNo?: string; roleId?: number }) {
  if (session.userType === 'customer') return true;
  if (target.enterpriseNo) return target.enterpriseNo === BANK_ENTERPRISE.enterprise_no;
  if (target.userId) return (await findUser(db, {}, target.userId))?.user_type === 'staff';
  if (target.userNo) return (await findSeat(db, {}, target.userNo))?.user_type === 'staff';
  if (target.roleId) {
    const role = await roleById(db, target.roleId);
    return Boolean(role && isStaffRole(role.role_code));
  }
  return false;
}

const personOf = async (db: Kysely<DB>, enterpriseNo: string, userId: number, maker: Maker) => {
  const user = await findUser(db, scopeIn(enterpriseNo), userId);
  if (!user) throw refuse(USER_NOT_FOUND);
  if (user.user_id === maker.userId) throw refuse(SELF);
  return user;
};

/** A role's members as the scope sees them (also what the demo seed records of its changes). */
export async function roleMembersBefore(db: Kysely<DB>, enterpriseNo: string, p: { roleId: number; userNos: string[] }, maker: Maker) {
  const role = await roleById(db, p.roleId);
  if (!role) throw refuse('角色不存在');
  const members = await roleMembers(db, scopeIn(enterpriseNo), p.roleId);
  const current = new Set(members.map((m) => m.user_no));
  const wanted = new Set(p.userNos);
  const touched = [...members.filter((m) => !wanted.has(m.user_no)).map((m) => m.user_no), ...p.userNos.filter((n) => !current.has(n))];
  if (touched.includes(maker.userNo) || members.some((m) => m.user_id === maker.userId && !wanted.has(m.user_no))) throw refuse('不能修改自己的角色');
  // Keyed as the request is (`userNos`), so the before/after view pairs them.
  return { roleCode: role.role_code, roleName: role.role_name, userNos: [...current].sort() };
}

/** The change kinds of operators (操作员) and staff users: each applies through `UserAdmin` as the approver. */
export function registerUserChanges(dual: DualControl, admin: UserAdmin, auth: AuthServices) {
  const unlock = unlocker(auth);
  dual.registerChangeKind<Input<typeof usersApi.userAdd>>({
    kind: 'operator.add',
    label: '新增操作员',
    async snapshot(db, enterpriseNo, p) {
      if (enterpriseNo !== p.enterpriseNo) throw refuse('只能管理本企业的用户');
      const taken = await db.selectFrom('users').select('user_id').where(sql<string>`lower(username)`, '=', p.username.toLowerCase()).executeTakeFirst();
      if (taken) throw refuse('用户名已存在');
      return null;
    },
    summary: (p) => `新增操作员 ${p.nickName}（${p.username}）`,
    apply: ({ request, session, payload, confirm }) => admin.add(request, scopeOf(session), payload as OperationParsed<typeof usersApi.userAdd>, confirm),
  });

  dual.registerChangeKind<Input<typeof usersApi.userUpdate>>({
    kind: 'operator.update',
    label: '修改操作员',
    async snapshot(db, enterpriseNo, p, maker) {
      const user = await personOf(db, enterpriseNo, p.userId, maker);
      const roles = await rolesOfSeats(db, p.seatRoles.map((s) => s.userNo));
      return {
        username: user.username,
        ...profileOf(user),
        seatRoles: p.seatRoles.map((s) => ({ userNo: s.userNo, roles: (roles.get(s.userNo) ?? []).map((r) => r.roleCode) })),
      };
    },
    summary: (p, before) => `修改操作员 ${p.nickName}（${(before as { username: string }).username}）`,
    apply: async ({ request, session, payload, confirm }) => {
      await admin.update(request, scopeOf(session), session, payload as OperationParsed<typeof usersApi.userUpdate>, confirm);
      return null;
    },
  });

  dual.registerChangeKind<Input<typeof usersApi.userDelete>>({
    kind: 'operator.delete',
    label: '删除操作员',
    async snapshot(db, enterpriseNo, p, maker) {
      const seat = await findSeat(db, scopeIn(enterpriseNo), p.userNo);
      if (!seat) throw refuse('用户号不存在');
      if (seat.user_id === maker.userId) throw refuse('不能删除自己');
      return { userNo: seat.user_no, username: seat.username, roles: ((await rolesOfSeats(db, [p.userNo])).get(p.userNo) ?? []).map((r) => r.roleCode) };
    },
    summary: (p, before) => `删除操作员 ${(before as { username: string }).username}（${p.userNo}）`,
    apply: ({ request, session, payload, confirm }) => admin.deleteSeat(request, scopeOf(session), session, payload as OperationParsed<typeof usersApi.userDelete>, confirm),
  });

  dual.registerChangeKind<Input<typeof usersApi.userResetPassword>>({
    kind: 'operator.reset_password',
    label: '重置操作员密码',
    async snapshot(db, enterpriseNo, p, maker) {
      const user = await wholePerson(db, scopeIn(enterpriseNo), p.userId, '重置其密码');
      if (user.user_id === maker.userId) throw refuse('请通过修改密码功能修改自己的密码');
      return { userId: user.user_id, username: user.username };
    },
    summary: (_p, before) => `重置操作员 ${(before as { username: string }).username} 的密码（一次性密码交审批人）`,
    apply: ({ request, session, payload, confirm }) => admin.resetPassword(request, scopeOf(session), session, payload as OperationParsed<typeof usersApi.userResetPassword>, confirm),
  });

  dual.registerChangeKind<Input<typeof usersApi.userRolesAssign>>({
    kind: 'operator.roles',
    label: '分配角色成员',
    snapshot: roleMembersBefore,
    summary: (p, before) => `角色“${(before as { roleName: string }).roleName}”的成员改为 ${p.userNos.length} 个用户号`,
    apply: ({ request, session, payload, confirm }) => admin.assignRole(request, scopeOf(session), session, payload as OperationParsed<typeof usersApi.userRolesAssign>, confirm),
  });

  dual.registerChangeKind<Input<typeof authApi.unlockUser>>({
    kind: 'operator.unlock',
    label: '解锁操作员',
    async snapshot(db, enterpriseNo, p, maker) {
      const user = await personOf(db, enterpriseNo, p.userId, maker);
      const locked = (await auth.credentials.lockedUsers(db)).some((l) => l.userId === user.user_id);
      if (!locked) throw refuse('该用户未被锁定');
      return { userId: user.user_id, username: user.username, locked };
    },
    summary: (_p, before) => `解锁操作员 ${(before as { username: string }).username}`,
    apply: ({ request, session, payload, confirm }) => unlock(request, session, payload.userId, confirm),
  });
}
