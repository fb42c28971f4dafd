import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import { floorLocks, operationById, type ApiDefinition } from '@portal/shared';
import type { ApiDefinitionsTable, DB } from '../../db/schema';
import { containsPattern } from '../../db/sql-helpers';

export type DefinitionRow = Selectable<ApiDefinitionsTable>;

export interface DefinitionFilter {
  path?: string | undefined;
  apiName?: string | undefined;
  apiCode?: string | undefined;
  serviceId?: string | undefined;
}


function filtered(db: Kysely<DB>, filter: DefinitionFilter) {
  let query = db.selectFrom('api_definitions');
  for (const column of ['path', 'apiName', 'apiCode', 'serviceId'] as const) {
    const value = filter[column];
    if (!value) continue;
    const name = ({ path: 'path', apiName: 'api_name', apiCode: 'api_code', serviceId: 'service_id' } as const)[column];
    query = query.where(name, 'ilike', containsPattern(value));
  }
  return query;
}

export async function pageOfDefinitions(db: Kysely<DB>, filter: DefinitionFilter, page: number, limit: number) {
  const [records, counted] = await Promise.all([
    filtered(db, filter).selectAll().orderBy('priority').orderBy('api_id').limit(limit).offset((page - 1) * limit).execute(),
    filtered(db, filter).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { records: records.map(toDefinition), total: Number(counted.total) };
}

export async function allDefinitions(db: Kysely<DB>, serviceId: string | undefined) {
  const rows = await filtered(db, { serviceId }).selectAll().orderBy('priority').orderBy('api_id').execute();
  return rows.map(toDefinition);
}

/** The enabled rows open to partners, for their API document. */
export function partnerOpenDefinitions(db: Kysely<DB>) {
  return db.selectFrom('api_definitions').selectAll().where('is_open', '=', 1).where('status', '=', 1).orderBy('priority').orderBy('api_id').execute();
}

/** The rows of this server's own operations, whose calls are counted. */
export function servedDefinitions(db: Kysely<DB>) {
  return db.selectFrom('api_definitions').select(['api_id', 'api_code', 'path', 'contract_id']).where('contract_id', 'is not', null).orderBy('priority').execute();
}

/** The rows of `ids` that exist, locked for the change. */
export function lockDefinitions(trx: Transaction<DB>, ids: readonly number[]) {
  return trx.selectFrom('api_definitions').selectAll().where('api_id', 'in', ids).forUpdate().execute();
}

/** A row (other than `exceptId`) that already has the code or the path. */
export function definitionClash(trx: Transaction<DB>, fields: { apiCode: string; path: string }, exceptId?: number) {
  let query = trx.selectFrom('api_definitions').select(['api_code', 'path']).where((eb) => eb.or([eb('api_code', '=', fields.apiCode), eb('path', '=', fields.path)]));
  if (exceptId !== undefined) query = query.where('api_id', '!=', exceptId);
  return query.executeTakeFirst();
}

export function insertDefinition(trx: Transaction<DB>, values: Insertable<ApiDefinitionsTable>) {
  return trx.insertInto('api_definitions').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateDefinition(trx: Transaction<DB>, apiId: number, values: Updateable<ApiDefinitionsTable>) {
  return trx.updateTable('api_definitions').set(values).where('api_id', '=', apiId).returningAll().executeTakeFirstOrThrow();
}

export async function deleteDefinitions(trx: Transaction<DB>, ids: readonly number[]) {
  await trx.deleteFrom('api_definitions').where('api_id', 'in', ids).execute();
}


export function toDefinition(r: DefinitionRow): ApiDefinition {
  const locks = Object.fromEntries(Object.entries(floorLocks(operationById(r.contract_id))).map(([field, lock]) => [field, lock.reason]));
  return {
    apiId: r.api_id,
    apiCode: r.api_code,
    apiName: r.api_name,
    apiCategory: r.api_category,
    serviceId: r.service_id,
    path: r.path,
    status: r.status,
    priority: r.priority,
    apiDesc: r.api_desc,
    isAuth: r.is_auth,
    isOpen: r.is_open,
    isEncrypt: r.is_encrypt,
    isAra: r.is_ara,
    contractId: r.contract_id,
    locks,
  };
}
