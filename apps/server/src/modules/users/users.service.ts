import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { PASSWORD_HISTORY_DEPTH, RETURN_CODES, newPasswordProblem, type OperationParsed, type usersApi, type AuditEventCode } from '@portal/shared';
import type { AppContext } from '../../app-context';
import type { DB } from '../../db/schema';
import { isUniqueViolation } from '../../db/sql-helpers';
import { AppError } from '../../plugins/errors';
import { audited } from '../../platform/audited';
import { refuse } from '../../platform/refuse';
import type { SessionInfo, SessionStore } from '../../platform/sessions';
import { revokeSeatSessions } from '../../platform/sessions.queries';
import { verifyOperationSignature } from '../../platform/verify-signature';
import { isStaffRole } from '../../reference/roles';
import { hashPassword, type AuthServices, type Credentials } from '../auth';
import { USER_CHANGED_CHANNEL } from '../current-user';
import { keepingAdministrators } from './administrators';
import { oneTimePassword } from './one-time-password';
import type { AdminScope } from './scope';
import { USER_NOT_FOUND, wholePerson } from './whole-person';
import { enterpriseForSeat, insertLogin, insertSeat, rolesFor, thirdPartyConflicts, userTypeOfEnterprise } from './seats';
import { changeRoleMembers, deleteOrDisablePerson, deleteSeatRow, hasSeats, personType, replaceSeatRoles, roleById, seatEnterprisesOf, seatIn, updatePerson } from './seats.queries';
import { findSeat, findUser, profileOf, roleMembers, rolesOfSeats } from './users.queries';

type Input<Op> = OperationParsed<Op>;

const SEAT_NOT_FOUND = '用户号不存在';
const OWN_ROLES = '不能修改自己的角色';

/**
 * What runs first in a write's transaction: by default the operation's signature check; when a
 * second administrator approves a held change (platform/dual-control.ts), the approval's.
 */
export type Confirm = (trx: Transaction<DB>) => Promise<unknown>;
const signatureOf = (request: FastifyRequest, input: object): Confirm => (trx) => verifyOperationSignature(trx, request, input);

const sameSet = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * Administration of logins, seats and roles by staff and by enterprise administrators within
 * their scope (docs/features/users-and-operators.md). Each write
 * runs in one transaction (a refusal leaves nothing behind), keeps at least one active gateway
 * administrator and every enterprise's last administrator, is audited with before/after (never
 * a password), and ends the sessions it makes stale. Add, edit, delete and role membership are signed
 * operations: their signature is verified first thing in their transaction.
 */
export class UserAdmin {
  readonly #ctx: AppContext;
  readonly #sessions: SessionStore;
  readonly #credentials: Credentials;

  constructor(auth: AuthServices) {
    this.#ctx = auth.ctx;
    this.#sessions = auth.sessions;
    this.#credentials = auth.credentials;
  }

  get #db() {
    return this.#ctx.database.db;
  }

  /** The person's profile and seats as `current/user` caches them: dropped on every instance. */
  async #profileChanged(userId: number) {
    await this.#ctx.kv.publish(USER_CHANGED_CHANNEL, String(userId)).catch(() => undefined);
  }

  #inScope(scope: AdminScope, enterpriseNo: string) {
    if (scope.enterpriseNo && scope.enterpriseNo !== enterpriseNo) throw refuse('只能管理本企业的用户');
  }

  async add(request: FastifyRequest, scope: AdminScope, input: Input<typeof usersApi.userAdd>, confirm = signatureOf(request, input)) {
    this.#inScope(scope, input.enterpriseNo);
    const initialPassword = oneTimePassword(input.username);
    const passwordHash = await hashPassword(initialPassword);
    return audited(this.#ctx.database, request, 'user.add', { username: input.username, enterpriseNo: input.enterpriseNo }, async () => {
      const created = await this.#db
        .transaction()
        .execute(async (trx) => {
          await confirm(trx);
          await enterpriseForSeat(trx, input.enterpriseNo);
          return insertLogin(this.#ctx.database, trx, { ...input, passwordHash });
        })
        .catch((err: unknown) => {
          throw isUniqueViolation(err) ? refuse('用户名已存在') : err;
        });
      return {
        result: { userId: created.userId, userNo: created.userNo, username: input.username, initialPassword },
        detail: {
          after: {
            userId: created.userId,
            userNo: created.userNo,
            username: input.username,
            nickName: input.nickName,
            userType: created.userType,
            enterpriseNo: input.enterpriseNo,
            roles: created.roleCodes,
          },
        },
      };
    });
  }

  async addSeat(request: FastifyRequest, scope: AdminScope, input: Input<typeof usersApi.userSeatAdd>) {
    this.#inScope(scope, input.enterpriseNo);
    return audited(this.#ctx.database, request, 'user.seat_add', { targetUserId: input.userId, enterpriseNo: input.enterpriseNo }, async () => {
      const result = await this.#db.transaction().execute(async (trx) => {
        const user = await personType(trx, input.userId);
        if (!user) throw refuse(USER_NOT_FOUND);
        await enterpriseForSeat(trx, input.enterpriseNo);
        const userType = userTypeOfEnterprise(input.enterpriseNo);
        if (userType !== user.user_type) {
          throw refuse(user.user_type === 'staff' ? '银行员工只能在银行托管部开立用户号' : '客户用户不能在银行托管部开立用户号');
        }
        const existing = await seatIn(trx, input.userId, input.enterpriseNo);
        if (existing) throw refuse(`该用户在此企业已有用户号${existing.user_no}`);
        const conflicts = await thirdPartyConflicts(trx, input.userId, input.enterpriseNo);
        if (conflicts.length && !input.confirmConflict) {
          throw new AppError(RETURN_CODES.SEAT_DUTY_CONFLICT, `${RETURN_CODES.SEAT_DUTY_CONFLICT.message}：${conflicts.join('、')}`);
        }
        const roles = await rolesFor(trx, input.roleIds, userType);
        const userNo = await insertSeat(this.#ctx.database, trx, input.userId, input.enterpriseNo, roles.map((r) => r.role_id));
        return { userNo, roles: roles.map((r) => r.role_code), conflicts };
      });
      await this.#profileChanged(input.userId);
      const after = { userNo: result.userNo, enterpriseNo: input.enterpriseNo, roles: result.roles };
      return { result: { userNo: result.userNo }, detail: { after: result.conflicts.length ? { ...after, conflictConfirmed: result.conflicts } : after } };
    });
  }

  async update(request: FastifyRequest, scope: AdminScope, session: SessionInfo, input: Input<typeof usersApi.userUpdate>, confirm = signatureOf(request, input)) {
    return audited(this.#ctx.database, request, 'user.update', { targetUserId: input.userId }, async () => {
      const user = await findUser(this.#db, scope, input.userId);
      if (!user) throw refuse(USER_NOT_FOUND);
      const self = user.user_id === session.userId;
      if (self && input.status === 0) throw refuse('不能停用自己');

      // The listed seats: this person's, in scope, once each.
      const listed = new Map(input.seatRoles.map((s) => [s.userNo, [...new Set(s.roleIds)]]));
      if (listed.size !== input.seatRoles.length) throw refuse('用户号重复');
      const seats = await Promise.all([...listed.keys()].map((userNo) => findSeat(this.#db, scope, userNo)));
      if (seats.some((s) => !s || s.user_id !== user.user_id)) throw refuse('用户号不属于该用户');
      const currentRoles = await rolesOfSeats(this.#db, [...listed.keys()]);
      const changedSeats = [...listed].filter(([userNo, ids]) => !sameSet(ids, (currentRoles.get(userNo) ?? []).map((r) => r.roleId)));
      if (self && changedSeats.length > 0) throw refuse(OWN_ROLES);
      const loginChanged =
        input.nickName !== user.nick_name ||
        input.mobile !== user.mobile ||
        input.email !== user.email ||
        input.userDesc !== user.user_desc ||
        input.branchCode !== user.branch_code ||
        input.status !== user.status;

      const before = {
        ...profileOf(user),
        roles: Object.fromEntries(changedSeats.map(([userNo]) => [userNo, (currentRoles.get(userNo) ?? []).map((r) => r.roleCode)])),
      };
      // Every enterprise the person has a seat in, whatever the scope: those the change touches.
      const afterRoles = await keepingAdministrators(this.#ctx.database, await seatEnterprisesOf(this.#db, user.user_id), async (trx) => {
        await confirm(trx);
        // In the write's transaction: a seat given elsewhere meanwhile cannot slip past.
        if (loginChanged) await wholePerson(trx, scope, user.user_id, '修改其姓名、联系方式或状态');
        await updatePerson(trx, user.user_id, {
          nick_name: input.nickName,
          mobile: input.mobile,
          email: input.email,
          user_desc: input.userDesc,
          branch_code: input.branchCode,
          status: input.status,
          updated_at: new Date(this.#ctx.now()),
        });
        const after: Record<string, string[]> = {};
        for (const [userNo, roleIds] of changedSeats) {
          const roles = await rolesFor(trx, roleIds, user.user_type);
          await replaceSeatRoles(trx, userNo, roles.map((r) => r.role_id));
          after[userNo] = roles.map((r) => r.role_code);
        }
        return after;
      });
      if (input.status === 0 && user.status !== 0) await this.#sessions.revokeUser(user.user_id);
      await this.#profileChanged(user.user_id);
      const after = { nickName: input.nickName, mobile: input.mobile, email: input.email, userDesc: input.userDesc, branchCode: input.branchCode, status: input.status, roles: afterRoles };
      return { result: null, detail: { username: user.username, before, after } };
    });
  }

  /** Removes one seat and ends its sessions; the person goes with their last seat. */
  async deleteSeat(request: FastifyRequest, scope: AdminScope, session: SessionInfo, input: Input<typeof usersApi.userDelete>, confirm = signatureOf(request, input)) {
    const { userNo } = input;
    return audited(this.#ctx.database, request, 'user.delete', { targetUserNo: userNo }, async () => {
      const seat = await findSeat(this.#db, scope, userNo);
      if (!seat) throw refuse(SEAT_NOT_FOUND);
      if (seat.user_id === session.userId) throw refuse('不能删除自己');
      const roles = ((await rolesOfSeats(this.#db, [userNo])).get(userNo) ?? []).map((r) => r.roleCode);
      const now = new Date(this.#ctx.now());
      const userDeleted = await keepingAdministrators(this.#ctx.database, [seat.enterprise_no], async (trx) => {
        await confirm(trx);
        // Marked ended here, in the same transaction; the store's revocation below drops cached copies.
        await revokeSeatSessions(trx, userNo, now);
        await deleteSeatRow(trx, userNo);
        if (await hasSeats(trx, seat.user_id)) return false;
        await deleteOrDisablePerson(trx, seat.user_id, now);
        return true;
      });
      await this.#sessions.revokeUserNo(userNo);
      if (userDeleted) await this.#sessions.revokeUser(seat.user_id);
      await this.#profileChanged(seat.user_id);
      return {
        result: { userNo, userDeleted },
        detail: {
          targetUserId: seat.user_id,
          username: seat.username,
          before: { userNo, enterpriseNo: seat.enterprise_no, roles },
          after: null,
          userDeleted,
        },
      };
    });
  }

  /** A one-time password (answered once), to be changed at the next login; every session of the person ends. */
  /** A one-time password, answered once; a signed operation (UserResetPassword). */
  async resetPassword(request: FastifyRequest, scope: AdminScope, session: SessionInfo, input: Input<typeof usersApi.userResetPassword>, confirm = signatureOf(request, input)) {
    return this.#setPassword(request, scope, session, input.userId, oneTimePassword, 'user.password_reset', '重置其密码', confirm);
  }

  /** A password staff chose (spec §3 "User update password"), to be changed at the next login. */
  async setPassword(request: FastifyRequest, scope: AdminScope, session: SessionInfo, userId: number, password: string) {
    const chosen = (username: string) => {
      // The contract checked the rules that need no name; a chosen password must not hold the user's.
      const problem = newPasswordProblem(password, username);
      if (problem) throw refuse(problem);
      return password;
    };
    await this.#setPassword(request, scope, session, userId, chosen, 'user.password_set', '设置其密码');
    return null;
  }

  /** `passwordFor` gives the new password once the user (and so the username) is known. */
  async #setPassword(request: FastifyRequest, scope: AdminScope, session: SessionInfo, userId: number, passwordFor: (username: string) => string, event: AuditEventCode, action: string, confirm?: Confirm) {
    return audited(this.#ctx.database, request, event, { targetUserId: userId }, async () => {
      const user = await wholePerson(this.#db, scope, userId, action);
      // One's own password is changed with the old one (userPassword/update), not by administration.
      if (user.user_id === session.userId) throw refuse('请通过修改密码功能修改自己的密码');
      const password = passwordFor(user.username);
      await this.#credentials.setPassword(user, password, PASSWORD_HISTORY_DEPTH, {
        mustChange: true,
        // In the write's transaction: the signature, and a seat given elsewhere meanwhile cannot slip past.
        beforeWrite: async (trx) => {
          await confirm?.(trx);
          await wholePerson(trx, scope, userId, action);
        },
      });
      await this.#sessions.revokeUser(user.user_id);
      return {
        result: { userId: user.user_id, username: user.username, password },
        detail: { username: user.username, before: { mustChangePassword: user.must_change_password }, after: { mustChangePassword: true }, sessionsEnded: true },
      };
    });
  }

  /** Spec §7 `user/roles/add`: the role's members (those the scope sees) become exactly `userNos`. */
  async assignRole(request: FastifyRequest, scope: AdminScope, session: SessionInfo, input: Input<typeof usersApi.userRolesAssign>, confirm = signatureOf(request, input)) {
    return audited(this.#ctx.database, request, 'role.members', { roleId: input.roleId }, async () => {
      const wanted = [...new Set(input.userNos)];
      const role = await roleById(this.#db, input.roleId);
      if (!role) throw refuse('角色不存在');
      const seats = await Promise.all(wanted.map((userNo) => findSeat(this.#db, scope, userNo)));
      const missing = wanted.filter((_, i) => !seats[i]);
      if (missing.length > 0) throw refuse(`用户号不存在：${missing.slice(0, 5).join('、')}${missing.length > 5 ? '等' : ''}`);
      const staffRole = isStaffRole(role.role_code);
      // An enterprise's scope has no staff seat: without this, an empty list would pass as "no change".
      if (scope.enterpriseNo && staffRole) throw refuse(`角色“${role.role_name}”只能分配给银行员工`);
      if (seats.some((s) => (s!.user_type === 'staff') !== staffRole)) {
        throw refuse(staffRole ? `角色“${role.role_name}”只能分配给银行员工` : `角色“${role.role_name}”不能分配给银行员工`);
      }

      const current = await roleMembers(this.#db, scope, role.role_id);
      const currentNos = new Set(current.map((m) => m.user_no));
      const added = wanted.filter((userNo) => !currentNos.has(userNo));
      const removed = current.filter((m) => !wanted.includes(m.user_no)).map((m) => m.user_no);
      const touchedPeople = new Set([...seats.filter((s) => added.includes(s!.user_no)).map((s) => s!.user_id), ...current.filter((m) => removed.includes(m.user_no)).map((m) => m.user_id)]);
      if (touchedPeople.has(session.userId)) throw refuse(OWN_ROLES);

      const touchedEnterprises = [
        ...seats.filter((s) => added.includes(s!.user_no)).map((s) => s!.enterprise_no),
        ...current.filter((m) => removed.includes(m.user_no)).map((m) => m.enterprise_no),
      ];
      await keepingAdministrators(this.#ctx.database, touchedEnterprises, async (trx) => {
        await confirm(trx);
        await changeRoleMembers(trx, role.role_id, removed, added);
      });
      return {
        result: { roleId: role.role_id, added, removed },
        detail: { roleCode: role.role_code, before: [...currentNos].sort(), after: [...wanted].sort(), added, removed },
      };
    });
  }
}
