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
import { definitionClash, deleteDefinitions, insertDefinition, lockDefinitions, toDefinition, updateDefinition, type DefinitionRow } from './gateway.queries';

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

type Confirm = (trx: Transaction<DB>) => Promise<unknown>;
type Work<T> = (trx: Transaction<DB>) => Promise<{ result: T; detail: Record<string, unknown> }>;

/**
 * One staff change to the API catalogue: in one transaction that also bumps the catalogue
 * version and audits the rows before and after, then announced so every instance enforces it
 * within a second.
 */
async function catalogueWrite<T>(ctx: AppContext, registry: ApiRegistry, request: FastifyRequest, event: AuditEventCode, work: Work<T>) {
  let outcome: { result: T; detail: Record<string, unknown>; version: number };
  try {
    outcome = await ctx.database.db.transaction().execute(async (trx) => {
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
  const rows = await lockDefinitions(trx, ids);
  const missing = ids.filter((id) => !rows.some((r) => r.api_id === id));
  if (missing.length > 0) throw refuse(MESSAGES.missing(missing));
  return rows;
}

async function checkUnique(trx: Transaction<DB>, fields: Pick<ApiFields, 'apiCode' | 'path'>, exceptId?: number) {
  const clash = await definitionClash(trx, fields, exceptId);
  if (clash) throw refuse(clash.api_code === fields.apiCode ? MESSAGES.codeTaken : MESSAGES.pathTaken);
}

const rowValues = (fields: ApiFields) => ({
  api_code: fields.apiCode,
  api_name: fields.apiName,
  api_category: fields.apiCategory,
  api_desc: fields.apiDesc,
  priority: fields.priority,
});

/** A definition of a route served elsewhere behind the gateway. */
async function addDefinition(trx: Transaction<DB>, fields: ApiFields) {
  await checkUnique(trx, fields);
  const row = await insertDefinition(trx, { ...rowValues(fields), service_id: fields.serviceId, path: fields.path, ...columnsOf(flagsOf(fields)), overrides: '{}' });
  const after = toDefinition(row);
  return { result: after, detail: { apiId: row.api_id, after } };
}

/** A row of this server's keeps the path and service its contract gives, and the floor's flags. */
async function changeDefinition(trx: Transaction<DB>, apiId: number, fields: ApiFields, now: () => Date) {
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
  const updated = await updateDefinition(trx, apiId, {
    ...rowValues(fields),
    ...(op ? { overrides: JSON.stringify(overridesAfter(before, flags)) } : { service_id: fields.serviceId, path: fields.path }),
    ...columnsOf(flags),
    updated_at: now(),
  });
  const after = toDefinition(updated);
  return { result: after, detail: { apiId, before: toDefinition(before), after } };
}

/** Only definitions staff created: an operation of this server leaves service by `status` 0. */
async function removeDefinitions(trx: Transaction<DB>, ids: number[]) {
  const rows = await rowsFor(trx, ids);
  const served = rows.find((r) => r.contract_id);
  if (served) throw refuse(MESSAGES.contractRemove(served.api_code));
  await deleteDefinitions(trx, ids);
  return { result: { changed: rows.length }, detail: { before: rows.map(toDefinition) } };
}

/** One flag on many rows, all or nothing. */
async function setFlagOf(trx: Transaction<DB>, ids: number[], field: FlagField, value: 0 | 1, now: () => Date) {
  const rows = await rowsFor(trx, ids);
  for (const row of rows) {
    const violation = floorViolation(operationById(row.contract_id), row.api_code, { [field]: value });
    if (violation) throw refuse(violation);
  }
  const column = FLAG_COLUMN[field];
  for (const row of rows) {
    await updateDefinition(trx, row.api_id, {
      [column]: value,
      ...(row.contract_id ? { overrides: JSON.stringify(overridesAfter(row, { [field]: value })) } : {}),
      updated_at: now(),
    });
  }
  const changes = rows.map((r) => ({ apiId: r.api_id, apiCode: r.api_code, before: r[column], after: value }));
  return { result: { changed: rows.length }, detail: { field, changes } };
}

/**
 * Staff changes to the API catalogue, each one `catalogueWrite`. The floor (`floorViolation`) is
 * checked before anything is written.
 */
export function gatewayService(ctx: AppContext, registry: ApiRegistry) {
  const write = <T>(request: FastifyRequest, event: AuditEventCode, work: Work<T>) => catalogueWrite(ctx, registry, request, event, work);
  const now = () => new Date(ctx.now());
  return {
    add: (request: FastifyRequest, fields: ApiFields) => write(request, 'gateway.api.add', (trx) => addDefinition(trx, fields)),
    /** `confirm`: a second staff member's approval of a change that loosens the call (待审批变更), first in the transaction. */
    update: (request: FastifyRequest, apiId: number, fields: ApiFields, confirm?: Confirm) =>
      write(request, 'gateway.api.update', async (trx) => {
        await confirm?.(trx);
        return changeDefinition(trx, apiId, fields, now);
      }),
    remove: (request: FastifyRequest, ids: number[]) =>
      write(request, ids.length === 1 ? 'gateway.api.remove' : 'gateway.api.batch_remove', (trx) => removeDefinitions(trx, ids)),
    setFlag: (request: FastifyRequest, ids: number[], field: FlagField, value: 0 | 1, confirm?: Confirm) =>
      write(request, 'gateway.api.batch_update', async (trx) => {
        await confirm?.(trx);
        return setFlagOf(trx, ids, field, value, now);
      }),
  };
}
export type GatewayService = ReturnType<typeof gatewayService>;
