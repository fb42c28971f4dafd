import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
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

  async #nameTaken(name: string, except?: string) {
    let query = this.#db.selectFrom('enterprises').select('enterprise_no').where(sql<string>`lower(enterprise_name)`, '=', name.toLowerCase());
    if (except) query = query.where('enterprise_no', '!=', except);
    return Boolean(await query.executeTakeFirst());
  }

  async #existing(enterpriseNo: string) {
    if (enterpriseNo === BANK_ENTERPRISE.enterprise_no) throw refuse(BANK_IS_FIXED);
    const row = await this.#db.selectFrom('enterprises').selectAll().where('enterprise_no', '=', enterpriseNo).executeTakeFirst();
    if (!row) throw refuse(NOT_FOUND);
    return row;
  }

  async add(request: FastifyRequest, input: OperationParsed<typeof enterprisesApi.enterpriseAdd>) {
    const initialPassword = oneTimePassword(input.adminUsername);
    const passwordHash = await hashPassword(initialPassword);
    return audited(this.#ctx.database, request, 'enterprise.add', { enterpriseNo: input.enterpriseNo }, async () => {
      if (await this.#nameTaken(input.enterpriseName)) throw refuse('企业名称已存在');
      const created = await this.#db
        .transaction()
        .execute(async (trx) => {
          const existing = await trx.selectFrom('enterprises').select('enterprise_no').where('enterprise_no', '=', input.enterpriseNo).executeTakeFirst();
          if (existing) throw refuse('企业编号已存在');
          await trx
            .insertInto('enterprises')
            .values({ enterprise_no: input.enterpriseNo, enterprise_name: input.enterpriseName, enterprise_type: input.enterpriseType })
            .execute();
          const role = await trx.selectFrom('roles').select('role_id').where('role_code', '=', ENTERPRISE_ADMIN_ROLE_CODE).executeTakeFirstOrThrow();
          return insertLogin(this.#ctx.database, trx, {
            username: input.adminUsername,
            nickName: input.adminNickName,
            enterpriseNo: input.enterpriseNo,
            passwordHash,
            roleIds: [role.role_id],
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
      if (await this.#nameTaken(input.enterpriseName, input.enterpriseNo)) throw refuse('企业名称已存在');
      await this.#db
        .updateTable('enterprises')
        .set({ enterprise_name: input.enterpriseName, enterprise_type: input.enterpriseType, updated_at: new Date(this.#ctx.now()) })
        .where('enterprise_no', '=', input.enterpriseNo)
        .execute()
        .catch((err: unknown) => {
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
      await this.#db.updateTable('enterprises').set({ status, updated_at: new Date(this.#ctx.now()) }).where('enterprise_no', '=', enterpriseNo).execute();
      if (status === 0) await this.#sessions.revokeEnterprise(enterpriseNo);
      return { result: null, detail: { before: { status: before.status }, after: { status }, ...(status === 0 ? { sessionsEnded: true } : {}) } };
    });
  }

  /** Only an enterprise without seats goes; one with users can only be disabled. */
  async delete(request: FastifyRequest, enterpriseNo: string) {
    return audited(this.#ctx.database, request, 'enterprise.delete', { enterpriseNo }, async () => {
      const before = await this.#existing(enterpriseNo);
      await this.#db.transaction().execute(async (trx) => {
        const seat = await trx.selectFrom('user_numbers').select('user_no').where('enterprise_no', '=', enterpriseNo).limit(1).executeTakeFirst();
        if (seat) throw refuse('企业下仍有用户，不能删除，只能停用');
        await trx
          .deleteFrom('enterprises')
          .where('enterprise_no', '=', enterpriseNo)
          .execute()
          .catch((err: unknown) => {
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
