import type { FastifyRequest } from 'fastify';
import type { OperationParsed, enterprisesApi } from '@portal/shared';
import type { AppContext } from '../../app-context';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/sql-helpers';
import { audited } from '../../platform/audited';
import { refuse } from '../../platform/refuse';
import type { SessionStore } from '../../platform/sessions';
import { BANK_ENTERPRISE } from '../../reference/bank';
import { ENTERPRISE_ADMIN_ROLE_CODE } from '../../reference/roles';
import { hashPassword, type AuthServices } from '../auth';
import { insertLogin, oneTimePassword } from '../users';
import { deleteEnterprise, enterpriseByNo, enterpriseNameTaken, hasSeats, insertEnterprise, roleIdOf, updateEnterprise } from './enterprises.queries';

const NOT_FOUND = '企业不存在';
const BANK_IS_FIXED = '银行托管部为系统数据，不能修改、停用或删除';

/**
 * Staff administration of enterprises. An enterprise with seats is never deleted, only
 * disabled: its users can then no longer log in, and their live sessions end at once.
 */
export class EnterpriseAdmin {
  readonly #ctx: AppContext;
  readonly #sessions: SessionStore;

  constructor(auth: AuthServices) {
    this.#ctx = auth.ctx;
    this.#sessions = auth.sessions;
  }

  get #db() {
    return this.#ctx.database.db;
  }

  async #existing(enterpriseNo: string) {
    if (enterpriseNo === BANK_ENTERPRISE.enterprise_no) throw refuse(BANK_IS_FIXED);
    const row = await enterpriseByNo(this.#db, enterpriseNo);
    if (!row) throw refuse(NOT_FOUND);
    return row;
  }

  async add(request: FastifyRequest, input: OperationParsed<typeof enterprisesApi.enterpriseAdd>) {
    const initialPassword = oneTimePassword(input.adminUsername);
    const passwordHash = await hashPassword(initialPassword);
    return audited(this.#ctx.database, request, 'enterprise.add', { enterpriseNo: input.enterpriseNo }, async () => {
      if (await enterpriseNameTaken(this.#db, input.enterpriseName)) throw refuse('企业名称已存在');
      const created = await this.#db
        .transaction()
        .execute(async (trx) => {
          if (await enterpriseByNo(trx, input.enterpriseNo)) throw refuse('企业编号已存在');
          await insertEnterprise(trx, { enterprise_no: input.enterpriseNo, enterprise_name: input.enterpriseName, enterprise_type: input.enterpriseType });
          return insertLogin(this.#ctx.database, trx, {
            username: input.adminUsername,
            nickName: input.adminNickName,
            enterpriseNo: input.enterpriseNo,
            passwordHash,
            roleIds: [await roleIdOf(trx, ENTERPRISE_ADMIN_ROLE_CODE)],
          });
        })
        .catch((err: unknown) => {
          throw isUniqueViolation(err) ? refuse('企业编号或用户名已存在') : err;
        });
      return {
        result: { enterpriseNo: input.enterpriseNo, userId: created.userId, userNo: created.userNo, username: input.adminUsername, initialPassword },
        detail: {
          after: {
            enterpriseNo: input.enterpriseNo,
            enterpriseName: input.enterpriseName,
            enterpriseType: input.enterpriseType,
            status: 1,
            admin: { userId: created.userId, userNo: created.userNo, username: input.adminUsername, roles: created.roleCodes },
          },
        },
      };
    });
  }

  async update(request: FastifyRequest, input: OperationParsed<typeof enterprisesApi.enterpriseUpdate>) {
    return audited(this.#ctx.database, request, 'enterprise.update', { enterpriseNo: input.enterpriseNo }, async () => {
      const before = await this.#existing(input.enterpriseNo);
      if (await enterpriseNameTaken(this.#db, input.enterpriseName, input.enterpriseNo)) throw refuse('企业名称已存在');
      const changes = { enterprise_name: input.enterpriseName, enterprise_type: input.enterpriseType, updated_at: new Date(this.#ctx.now()) };
      await updateEnterprise(this.#db, input.enterpriseNo, changes).catch((err: unknown) => {
        // Custody accounts name it as their third-party institution (migration 0007).
        throw isForeignKeyViolation(err) ? refuse('该企业是托管账户的第三方机构，不能修改企业类型') : err;
      });
      return {
        result: null,
        detail: {
          before: { enterpriseName: before.enterprise_name, enterpriseType: before.enterprise_type },
          after: { enterpriseName: input.enterpriseName, enterpriseType: input.enterpriseType },
        },
      };
    });
  }

  /** Status 0: the enterprise's seats can no longer log in, and the live sessions on them end. */
  async setStatus(request: FastifyRequest, enterpriseNo: string, status: 0 | 1) {
    return audited(this.#ctx.database, request, status === 0 ? 'enterprise.disable' : 'enterprise.enable', { enterpriseNo }, async () => {
      const before = await this.#existing(enterpriseNo);
      if (before.status === status) throw refuse(status === 0 ? '企业已停用' : '企业未停用');
      await updateEnterprise(this.#db, enterpriseNo, { status, updated_at: new Date(this.#ctx.now()) });
      if (status === 0) await this.#sessions.revokeEnterprise(enterpriseNo);
      return { result: null, detail: { before: { status: before.status }, after: { status }, ...(status === 0 ? { sessionsEnded: true } : {}) } };
    });
  }

  /** Only an enterprise without seats goes; one with users can only be disabled. */
  async delete(request: FastifyRequest, enterpriseNo: string) {
    return audited(this.#ctx.database, request, 'enterprise.delete', { enterpriseNo }, async () => {
      const before = await this.#existing(enterpriseNo);
      await this.#db.transaction().execute(async (trx) => {
        if (await hasSeats(trx, enterpriseNo)) throw refuse('企业下仍有用户，不能删除，只能停用');
        await deleteEnterprise(trx, enterpriseNo).catch((err: unknown) => {
          throw isForeignKeyViolation(err) ? refuse('企业仍关联托管账户，不能删除，只能停用') : err;
        });
      });
      return {
        result: null,
        detail: { before: { enterpriseName: before.enterprise_name, enterpriseType: before.enterprise_type, status: before.status }, after: null },
      };
    });
  }
}
