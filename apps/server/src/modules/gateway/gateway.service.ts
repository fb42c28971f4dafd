import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { RETURN_CODES, floorViolation, operationById, type ApiFields, type FlagField, type AuditEventCode } from '@portal/shared';
import type { AppContext } from '../../app-context';
import type { DB } from '../../db/schema';
import { isUniqueViolation } from '../../db/sql-helpers';
import type { ApiRegistry } from '../../platform/api-registry';
import { recordAudit } from '../../platform/audit';
import { AppError } from '../../plugins/errors';
import { FLAG_COLUMN, bumpCatalogueVersion } from '../../reference/api-catalogue';
import { toDefinition, type DefinitionRow } from './gateway.queries';

const MESSAGES = {
  missing: (ids: number[]) => `接口不存在：编号${ids.join('、')}`,
  codeTaken: '接口编码已存在',
  pathTaken: '接口路径已存在',
  contractRemove: (code: string) => `${code}：本服务的接口不可删除，如需停用请将状态设为0`,
  contractFixed: '本服务接口的路径和服务标识由接口契约决定，不可修改',
} as const;

const refuse = (message: string) => new AppError(RETURN_CODES.INVALID_PARAMETER, message);

type Flags = Record<FlagField, number>;
const flagsOf = (fields: Flags): Flags => ({ status: fields.status, isEncrypt: fields.isEncrypt, isAra: fields.isAra, isAuth: fields.isAuth, isOpen: fields.isOpen });

/**
 * The overrides of a row of this server's after `changes`: a value equal to the contract's
 * default is no override (the sync may move the default), any other value is one.
 */
function overridesAfter(row: DefinitionRow, changes: Partial<Flags>): Record<string, number> {
  const defaults = row.contract_defaults ?? {};
  const overrides: Record<string, number> = { ...row.overrides };
  for (const [field, value] of Object.entries(changes) as [FlagField, number][]) {
    const column = FLAG_COLUMN[field];
    if (defaults[column] === value) delete overrides[column];
    else overrides[column] = value;
  }
  return overrides;
}

const columnsOf = (flags: Partial<Flags>) =>
  Object.fromEntries(Object.entries(flags).map(([field, value]) => [FLAG_COLUMN[field as FlagField], value])) as Partial<Record<(typeof FLAG_COLUMN)[FlagField], number>>;


/**
 * Staff changes to the API catalogue: each in one transaction that also bumps the catalogue
 * version and audits the rows before and after, then announced so every instance enforces it
 * within a second. The floor (`floorViolation`) is checked before anything is written.
 */
export function gatewayService(ctx: AppContext, registry: ApiRegistry) {
  const db = ctx.database.db;

  async function write<T>(request: FastifyRequest, event: AuditEventCode, work: (trx: Transaction<DB>) => Promise<{ result: T; detail: Record<string, unknown> }>) {
    let outcome: { result: T; detail: Record<string, unknown>; version: number };
    try {
      outcome = await db.transaction().execute(async (trx) => {
        const done = await work(trx);
        await recordAudit(trx, request, { event, outcome: 'success', detail: done.detail });
        return { ...done, version: await bumpCatalogueVersion(trx) };
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw refuse(`${MESSAGES.codeTaken}或${MESSAGES.pathTaken}`);
      throw err;
    }
    await registry.changed(outcome.version);
    return outcome.result;
  }

  async function rowsFor(trx: Transaction<DB>, ids: number[]) {
    const rows = await trx.selectFrom('api_definitions').selectAll().where('api_id', 'in', ids).forUpdate().execute();
    const missing = ids.filter((id) => !rows.some((r) => r.api_id === id));
    if (missing.length > 0) throw refuse(MESSAGES.missing(missing));
    return rows;
  }

  async function checkUnique(trx: Transaction<DB>, fields: Pick<ApiFields, 'apiCode' | 'path'>, exceptId?: number) {
    let query = trx.selectFrom('api_definitions').select(['api_code', 'path']).where((eb) => eb.or([eb('api_code', '=', fields.apiCode), eb('path', '=', fields.path)]));
    if (exceptId !== undefined) query = query.where('api_id', '!=', exceptId);
    const clash = await query.executeTakeFirst();
    if (clash) throw refuse(clash.api_code === fields.apiCode ? MESSAGES.codeTaken : MESSAGES.pathTaken);
  }

  const rowValues = (fields: ApiFields) => ({
    api_code: fields.apiCode,
    api_name: fields.apiName,
    api_category: fields.apiCategory,
    api_desc: fields.apiDesc,
    priority: fields.priority,
  });

  return {
    /** A definition of a route served elsewhere behind the gateway. */
    add: (request: FastifyRequest, fields: ApiFields) =>
      write(request, 'gateway.api.add', async (trx) => {
        await checkUnique(trx, fields);
        const row = await trx
          .insertInto('api_definitions')
          .values({ ...rowValues(fields), service_id: fields.serviceId, path: fields.path, ...columnsOf(flagsOf(fields)), overrides: '{}' })
          .returningAll()
          .executeTakeFirstOrThrow();
        const after = toDefinition(row);
        return { result: after, detail: { apiId: row.api_id, after } };
      }),

    update: (request: FastifyRequest, apiId: number, fields: ApiFields) =>
      write(request, 'gateway.api.update', async (trx) => {
        const [row] = await rowsFor(trx, [apiId]);
        const before = row!;
        const op = operationById(before.contract_id);
        const flags = flagsOf(fields);
        if (op) {
          if (fields.path !== before.path || fields.serviceId !== before.service_id) throw refuse(MESSAGES.contractFixed);
          const violation = floorViolation(op, fields.apiCode, flags);
          if (violation) throw refuse(violation);
        }
        await checkUnique(trx, fields, apiId);
        const updated = await trx
          .updateTable('api_definitions')
          .set({
            ...rowValues(fields),
            ...(op ? { overrides: JSON.stringify(overridesAfter(before, flags)) } : { service_id: fields.serviceId, path: fields.path }),
            ...columnsOf(flags),
            updated_at: new Date(ctx.now()),
          })
          .where('api_id', '=', apiId)
          .returningAll()
          .executeTakeFirstOrThrow();
        const after = toDefinition(updated);
        return { result: after, detail: { apiId, before: toDefinition(before), after } };
      }),

    /** Only definitions staff created: an operation of this server leaves service by `status` 0. */
    remove: (request: FastifyRequest, ids: number[]) =>
      write(request, ids.length === 1 ? 'gateway.api.remove' : 'gateway.api.batch_remove', async (trx) => {
        const rows = await rowsFor(trx, ids);
        const served = rows.find((r) => r.contract_id);
        if (served) throw refuse(MESSAGES.contractRemove(served.api_code));
        await trx.deleteFrom('api_definitions').where('api_id', 'in', ids).execute();
        return { result: { changed: rows.length }, detail: { before: rows.map(toDefinition) } };
      }),

    /** One flag on many rows, all or nothing. */
    setFlag: (request: FastifyRequest, ids: number[], field: FlagField, value: 0 | 1) =>
      write(request, 'gateway.api.batch_update', async (trx) => {
        const rows = await rowsFor(trx, ids);
        for (const row of rows) {
          const violation = floorViolation(operationById(row.contract_id), row.api_code, { [field]: value });
          if (violation) throw refuse(violation);
        }
        const column = FLAG_COLUMN[field];
        for (const row of rows) {
          await trx
            .updateTable('api_definitions')
            .set({
              [column]: value,
              ...(row.contract_id ? { overrides: JSON.stringify(overridesAfter(row, { [field]: value })) } : {}),
              updated_at: new Date(ctx.now()),
            })
            .where('api_id', '=', row.api_id)
            .execute();
        }
        const changes = rows.map((r) => ({ apiId: r.api_id, apiCode: r.api_code, before: r[column], after: value }));
        return { result: { changed: rows.length }, detail: { field, changes } };
      }),
  };
}
