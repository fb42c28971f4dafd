import type { Transaction } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import { takeTurns } from '../../db/sql-helpers';
import { refuse } from '../../platform/refuse';
import { enterprisesWithAdmin, gatewayAdminCount, hasActiveSeats } from './administrators.queries';

type Trx = Transaction<DB>;

/** An arbitrary constant: concurrent writers take turns removing administrators. */
const ADMIN_LOCK = 7_262_021;

export const LAST_GATEWAY_ADMIN = '至少保留一名API网关管理员，不能移除最后一名';
const lastEnterpriseAdmin = (enterpriseName: string) => `${enterpriseName}至少保留一名企业管理员，不能移除最后一名`;

/**
 * Runs a write in one transaction and refuses it (rolled back) when it would leave no active
 * gateway administrator where there was one, or one of `enterpriseNos` (the enterprises whose
 * seats the write touches) with operators but without the administrator it had. An enterprise
 * whose last seat goes needs none (staff wind it down before deleting it).
 */
export async function keepingAdministrators<T>(database: Database, enterpriseNos: readonly string[], write: (trx: Trx) => Promise<T>): Promise<T> {
  return database.db.transaction().execute(async (trx) => {
    // Two removals at once must not each see the other's administrator as the one that stays.
    await takeTurns(database, trx, ADMIN_LOCK);
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
