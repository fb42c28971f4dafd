import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import type { PartnerClient } from '@portal/shared';
import type { DB, PartnerClientsTable } from '../../db/schema';

type Trx = Transaction<DB>;

/** Every client with its enterprise's name, newest first. */
export async function partnerClients(db: Kysely<DB>): Promise<PartnerClient[]> {
  const rows = await db
    .selectFrom('partner_clients as c')
    .innerJoin('enterprises as e', 'e.enterprise_no', 'c.enterprise_no')
    .select(['c.client_id', 'c.client_name', 'c.enterprise_no', 'e.enterprise_name', 'c.api_codes', 'c.user_no', 'c.status', 'c.created_at', 'c.updated_at'])
    .orderBy('c.created_at', 'desc')
    .orderBy('c.client_id')
    .execute();
  return rows.map((r) => ({
    clientId: r.client_id,
    clientName: r.client_name,
    enterpriseNo: r.enterprise_no,
    enterpriseName: r.enterprise_name,
    apiCodes: r.api_codes,
    userNo: r.user_no,
    status: r.status,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  }));
}

/** Which of `codes` name a catalogue entry open to partners. */
export async function openApiCodes(trx: Trx, codes: readonly string[]): Promise<Set<string>> {
  const open = await trx.selectFrom('api_definitions').select('api_code').where('api_code', 'in', codes).where('is_open', '=', 1).execute();
  return new Set(open.map((r) => r.api_code));
}

/** A customer seat of `enterpriseNo` in service, with its login: what a partner client may act as. */
export function customerSeat(trx: Trx, enterpriseNo: string, userNo: string) {
  return trx
    .selectFrom('user_numbers as n')
    .innerJoin('users as u', 'u.user_id', 'n.user_id')
    .select(['n.user_no', 'n.status', 'u.status as user_status'])
    .where('n.user_no', '=', userNo)
    .where('n.enterprise_no', '=', enterpriseNo)
    .where('u.user_type', '=', 'customer')
    .executeTakeFirst();
}

export function enterpriseStatus(trx: Trx, enterpriseNo: string) {
  return trx.selectFrom('enterprises').select('status').where('enterprise_no', '=', enterpriseNo).executeTakeFirst();
}

export function lockClient(trx: Trx, clientId: string) {
  return trx.selectFrom('partner_clients').selectAll().where('client_id', '=', clientId).forUpdate().executeTakeFirst();
}

export async function insertClient(trx: Trx, values: Insertable<PartnerClientsTable>) {
  await trx.insertInto('partner_clients').values(values).execute();
}

export async function updateClient(trx: Trx, clientId: string, values: Updateable<PartnerClientsTable>) {
  await trx.updateTable('partner_clients').set(values).where('client_id', '=', clientId).execute();
}

/** A client with its secret and its enterprise's status, whatever their states: the token endpoint tells them apart. */
export function clientWithEnterprise(db: Kysely<DB>, clientId: string) {
  return db
    .selectFrom('partner_clients as c')
    .innerJoin('enterprises as e', 'e.enterprise_no', 'c.enterprise_no')
    .select(['c.secret_hash', 'c.secret_version', 'c.status', 'c.enterprise_no', 'c.api_codes', 'e.status as enterprise_status'])
    .where('c.client_id', '=', clientId)
    .executeTakeFirst();
}

/**
 * An active client of an enterprise in service, with the seat it acts as when that seat and its
 * login are in service (else null columns) and the seat's authorities, read live on every call.
 */
export function activeClient(db: Kysely<DB>, clientId: string) {
  return db
    .selectFrom('partner_clients as c')
    .innerJoin('enterprises as e', 'e.enterprise_no', 'c.enterprise_no')
    .leftJoin('user_numbers as n', (join) => join.onRef('n.user_no', '=', 'c.user_no').onRef('n.enterprise_no', '=', 'c.enterprise_no').on('n.status', '=', 1))
    .leftJoin('users as u', (join) => join.onRef('u.user_id', '=', 'n.user_id').on('u.status', '=', 1).on('u.user_type', '=', 'customer'))
    .select(['c.client_id', 'c.enterprise_no', 'c.api_codes', 'c.secret_version', 'n.user_no', 'u.user_id'])
    .select((eb) =>
      eb
        .selectFrom('user_number_roles as r')
        .innerJoin('role_authorities as a', 'a.role_id', 'r.role_id')
        .whereRef('r.user_no', '=', 'n.user_no')
        .select(sql<string[]>`coalesce(array_agg(distinct a.authority), '{}')`.as('authorities'))
        .as('authorities'),
    )
    .where('c.client_id', '=', clientId)
    .where('c.status', '=', 1)
    .where('e.status', '=', 1)
    .executeTakeFirst();
}
