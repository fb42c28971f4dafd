import { sql, type Transaction } from 'kysely';
import { OPERATIONS, operationPath, type AnyOperation, type PathPrefixes } from '@portal/shared';
import type { DB } from '../db/schema';

/** The catalogue columns staff may override; an override wins over the contract's default. */
export const FLAG_COLUMNS = ['is_encrypt', 'is_ara', 'is_auth', 'is_open', 'status'] as const;
export type FlagColumn = (typeof FLAG_COLUMNS)[number];
type Flags = Record<FlagColumn, number>;

export function contractDefaults(op: AnyOperation): Flags {
  const d = op.defaults;
  return { is_encrypt: d.isEncrypt, is_ara: d.isAra, is_auth: d.isAuth, is_open: d.isOpen, status: 1 };
}

/** Effective flags: the contract's defaults overlaid with what staff set. */
export function effectiveFlags(defaults: Flags, overrides: Partial<Record<string, number>>): Flags {
  const out = { ...defaults };
  for (const column of FLAG_COLUMNS) {
    const value = overrides[column];
    if (value === 0 || value === 1) out[column] = value;
  }
  return out;
}

/** Inside the transaction that changed the catalogue: the new version, to announce after commit. */
export async function bumpCatalogueVersion(trx: Transaction<DB>): Promise<number> {
  const { version } = await trx
    .updateTable('api_catalogue_state')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', 1)
    .returning('version')
    .executeTakeFirstOrThrow();
  return Number(version);
}

/**
 * Brings the catalogue up to date with the contracts, in every environment: adds new
 * operations, refreshes paths and defaults, recomputes the effective flags, and never
 * touches an override. An operation is taken out of service by `status` 0, never deleted.
 */
export async function syncApiCatalogue(trx: Transaction<DB>, prefixes: PathPrefixes, operations: readonly AnyOperation[] = OPERATIONS) {
  // Instances already running see the new contracts' rows too.
  await bumpCatalogueVersion(trx);
  const rows = await trx.selectFrom('api_definitions').select(['api_id', 'contract_id', 'path', 'overrides']).execute();
  const byContract = new Map(rows.filter((r) => r.contract_id).map((r) => [r.contract_id as string, r]));
  const byPath = new Map(rows.map((r) => [r.path, r]));
  let priority = 0;
  for (const op of operations) {
    priority += 1;
    const path = operationPath(op, prefixes);
    const defaults = contractDefaults(op);
    // A row this contract already owns, or one an earlier release seeded for its path.
    const existing = byContract.get(op.id) ?? byPath.get(path);
    const values = {
      contract_id: op.id,
      path,
      api_category: op.category,
      service_id: op.serviceId,
      contract_defaults: JSON.stringify(defaults),
      ...effectiveFlags(defaults, existing?.overrides ?? {}),
      updated_at: sql<Date>`now()`,
    };
    if (existing) {
      await trx.updateTable('api_definitions').set(values).where('api_id', '=', existing.api_id).execute();
    } else {
      await trx
        .insertInto('api_definitions')
        .values({ ...values, api_code: op.id, api_name: op.name, priority, overrides: '{}' })
        .execute();
    }
  }
}
