import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import { refuse } from '../../platform/refuse';
import { ENTERPRISE_ADMIN_ROLE_CODE, GATEWAY_ADMIN_ROLE_CODE } from '../../reference/roles';

type Trx = Transaction<DB>;

/** An arbitrary constant: concurrent writers take turns removing administrators. */
const ADMIN_LOCK = 7_262_021;

export const LAST_GATEWAY_ADMIN = '至少保留一名API网关管理员，不能移除最后一名';
const lastEnterpriseAdmin = (enterpriseName: string) => `${enterpriseName}至少保留一名企业管理员，不能移除最后一名`;

/** Active seats of active people holding `roleCode`. */
const activeHolders = (trx: Trx, roleCode: string) =>
  trx
    .selectFrom('user_number_roles as r')
    .innerJoin('roles as ro', 'ro.role_id', 'r.role_id')
    .innerJoin('user_numbers as n', 'n.user_no', 'r.user_no')
    .innerJoin('users as u', 'u.user_id', 'n.user_id')
    .innerJoin('enterprises as e', 'e.enterprise_no', 'n.enterprise_no')
    .where('ro.role_code', '=', roleCode)
    .where('n.status', '=', 1)
    .where('u.status', '=', 1);

/** Active seats holding the gateway administrator role, in enterprises in service: people who can still administer the portal. */
export async function gatewayAdminCount(trx: Trx): Promise<number> {
  const row = await activeHolders(trx, GATEWAY_ADMIN_ROLE_CODE)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('e.status', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Which of `enterpriseNos` have an active administrator, with their names. */
async function enterprisesWithAdmin(trx: Trx, enterpriseNos: readonly string[]): Promise<Map<string, string>> {
  if (enterpriseNos.length === 0) return new Map();
  const rows = await activeHolders(trx, ENTERPRISE_ADMIN_ROLE_CODE)
    .select(['n.enterprise_no', 'e.enterprise_name'])
    .distinct()
    .where('n.enterprise_no', 'in', [...new Set(enterpriseNos)])
    .execute();
  return new Map(rows.map((r) => [r.enterprise_no, r.enterprise_name]));
}

/** Whether an enterprise still has an active seat of an active person: someone its administrator would manage. */
async function hasActiveSeats(trx: Trx, enterpriseNo: string): Promise<boolean> {
  const row = await trx
    .selectFrom('user_numbers as n')
    .innerJoin('users as u', 'u.user_id', 'n.user_id')
    .select('n.user_no')
    .where('n.enterprise_no', '=', enterpriseNo)
    .where('n.status', '=', 1)
    .where('u.status', '=', 1)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Runs a write in one transaction and refuses it (rolled back) when it would leave no active
 * gateway administrator where there was one, or one of `enterpriseNos` (the enterprises whose
 * seats the write touches) with operators but without the administrator it had. An enterprise
 * whose last seat goes needs none (staff wind it down before deleting it).
 */
export async function keepingAdministrators<T>(database: Database, enterpriseNos: readonly string[], write: (trx: Trx) => Promise<T>): Promise<T> {
  return database.db.transaction().execute(async (trx) => {
    // Two removals at once must not each see the other's administrator as the one that stays.
    if (database.kind === 'postgres') await sql`select pg_advisory_xact_lock(${ADMIN_LOCK})`.execute(trx);
    const gatewayBefore = await gatewayAdminCount(trx);
    const adminsBefore = await enterprisesWithAdmin(trx, enterpriseNos);
    const result = await write(trx);
    if (gatewayBefore > 0 && (await gatewayAdminCount(trx)) === 0) throw refuse(LAST_GATEWAY_ADMIN);
    const adminsAfter = await enterprisesWithAdmin(trx, [...adminsBefore.keys()]);
    for (const [enterpriseNo, enterpriseName] of adminsBefore) {
      if (!adminsAfter.has(enterpriseNo) && (await hasActiveSeats(trx, enterpriseNo))) throw refuse(lastEnterpriseAdmin(enterpriseName));
    }
    return result;
  });
}
