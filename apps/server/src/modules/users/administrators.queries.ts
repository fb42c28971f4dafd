import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { ENTERPRISE_ADMIN_ROLE_CODE, GATEWAY_ADMIN_ROLE_CODE } from '../../reference/roles';

type Trx = Transaction<DB>;

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
export async function enterprisesWithAdmin(trx: Trx, enterpriseNos: readonly string[]): Promise<Map<string, string>> {
  if (enterpriseNos.length === 0) return new Map();
  const rows = await activeHolders(trx, ENTERPRISE_ADMIN_ROLE_CODE)
    .select(['n.enterprise_no', 'e.enterprise_name'])
    .distinct()
    .where('n.enterprise_no', 'in', [...new Set(enterpriseNos)])
    .execute();
  return new Map(rows.map((r) => [r.enterprise_no, r.enterprise_name]));
}

/** Whether an enterprise still has an active seat of an active person: someone its administrator would manage. */
export async function hasActiveSeats(trx: Trx, enterpriseNo: string): Promise<boolean> {
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
