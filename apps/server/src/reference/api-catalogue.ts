import { sql, type Transaction } from 'kysely';
import { OPERATIONS, floorLocks, operationPath, type AnyOperation, type FlagField, type FloorLock, type PathPrefixes } from '@portal/shared';
import type { DB } from '../db/schema';

/** The catalogue columns staff may override; an override wins over the contract's default. */
export const FLAG_COLUMNS = ['is_encrypt', 'is_ara', 'is_auth', 'is_open', 'status'] as const;
export type FlagColumn = (typeof FLAG_COLUMNS)[number];
type Flags = Record<FlagColumn, number>;

/** The catalogue column of each flag of spec §3 "API definition". */
export const FLAG_COLUMN = { status: 'status', isEncrypt: 'is_encrypt', isAra: 'is_ara', isAuth: 'is_auth', isOpen: 'is_open' } as const satisfies Record<FlagField, FlagColumn>;

export function contractDefaults(op: AnyOperation): Flags {
  const d = op.defaults;
  return { is_encrypt: d.isEncrypt, is_ara: d.isAra, is_auth: d.isAuth, is_open: d.isOpen, status: 1 };
}

/**
 * Effective flags: the contract's defaults overlaid with what staff set, then the floor, which
 * wins over an override a later release made illegal (a newly pinned operation).
 */
export function effectiveFlags(op: AnyOperation, overrides: Partial<Record<string, number>>): Flags {
  const out = contractDefaults(op);
  for (const column of FLAG_COLUMNS) {
    const value = overrides[column];
    if (value === 0 || value === 1) out[column] = value;
  }
  for (const [field, lock] of Object.entries(floorLocks(op)) as [FlagField, FloorLock][]) out[FLAG_COLUMN[field]] = lock.value;
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

/** Equal entries, whatever the key order (jsonb keeps its own). */
const sameRecord = (a: Record<string, number>, b: Record<string, number>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);

/**
 * Brings the catalogue up to date with the contracts, in every environment: adds new
 * operations, refreshes paths and defaults, recomputes the effective flags, keeps every override
 * the floor allows and drops those it no longer does. An operation is taken out of service by
 * `status` 0, never deleted. The version moves only when a row did, so a restart with the same
 * contracts sends no client back for a new API list.
 */
export async function syncApiCatalogue(trx: Transaction<DB>, prefixes: PathPrefixes, operations: readonly AnyOperation[] = OPERATIONS) {
  const rows = await trx
    .selectFrom('api_definitions')
    .select(['api_id', 'contract_id', 'path', 'api_category', 'service_id', 'contract_defaults', 'overrides', ...FLAG_COLUMNS])
    .execute();
  const byContract = new Map(rows.filter((r) => r.contract_id).map((r) => [r.contract_id as string, r]));
  const byPath = new Map(rows.map((r) => [r.path, r]));
  let changed = false;
  let priority = 0;
  for (const op of operations) {
    priority += 1;
    const path = operationPath(op, prefixes);
    // A row this contract already owns, or one an earlier release seeded for its path.
    const existing = byContract.get(op.id) ?? byPath.get(path);
    const flags = effectiveFlags(op, existing?.overrides ?? {});
    const overrides = Object.fromEntries(Object.entries(existing?.overrides ?? {}).filter(([column, value]) => flags[column as FlagColumn] === value));
    const values = {
      contract_id: op.id,
      path,
      api_category: op.category,
      service_id: op.serviceId,
      contract_defaults: JSON.stringify(contractDefaults(op)),
      overrides: JSON.stringify(overrides),
      ...flags,
    };
    if (existing) {
      const same =
        existing.contract_id === op.id &&
        existing.path === path &&
        existing.api_category === op.category &&
        existing.service_id === op.serviceId &&
        sameRecord(existing.contract_defaults ?? {}, contractDefaults(op)) &&
        sameRecord(existing.overrides, overrides) &&
        FLAG_COLUMNS.every((column) => existing[column] === flags[column]);
      if (same) continue;
      await trx.updateTable('api_definitions').set({ ...values, updated_at: sql<Date>`now()` }).where('api_id', '=', existing.api_id).execute();
    } else {
      await trx.insertInto('api_definitions').values({ ...values, api_code: op.id, api_name: op.name, priority }).execute();
    }
    changed = true;
  }
  // Instances already running see the change too.
  if (changed) await bumpCatalogueVersion(trx);
}
