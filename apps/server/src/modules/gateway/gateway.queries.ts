import type { Kysely, Selectable } from 'kysely';
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
