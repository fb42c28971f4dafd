import type { Kysely, Selectable } from 'kysely';
import { floorLocks, operationById, type ApiDefinition, type FlagField } from '@portal/shared';
import type { ApiDefinitionsTable, DB } from '../../db/schema';

export type DefinitionRow = Selectable<ApiDefinitionsTable>;

export interface DefinitionFilter {
  path?: string | undefined;
  apiName?: string | undefined;
  apiCode?: string | undefined;
  serviceId?: string | undefined;
}

/** `%` and `_` match themselves in a contains-search. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filtered(db: Kysely<DB>, filter: DefinitionFilter) {
  let query = db.selectFrom('api_definitions');
  for (const column of ['path', 'apiName', 'apiCode', 'serviceId'] as const) {
    const value = filter[column];
    if (!value) continue;
    const name = ({ path: 'path', apiName: 'api_name', apiCode: 'api_code', serviceId: 'service_id' } as const)[column];
    query = query.where(name, 'ilike', containing(value));
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

export const FLAG_COLUMN = { status: 'status', isEncrypt: 'is_encrypt', isAra: 'is_ara', isAuth: 'is_auth', isOpen: 'is_open' } as const satisfies Record<FlagField, string>;

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
