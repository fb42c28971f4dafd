import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { PartnerClient } from '@portal/shared';
import type { DB, PartnerClientsTable } from '../../db/schema';

type Trx = Transaction<DB>;

/** Every client with its enterprise's name, newest first. */
export async function partnerClients(db: Kysely<DB>): Promise<PartnerClient[]> {
  const rows = await db
    .selectFrom('partner_clients as c')
    .innerJoin('enterprises as e', 'e.enterprise_no', 'c.enterprise_no')
    .select(['c.client_id', 'c.client_name', 'c.enterprise_no', 'e.enterprise_name', 'c.api_codes', 'c.status', 'c.created_at', 'c.updated_at'])
    .orderBy('c.created_at', 'desc')
    .orderBy('c.client_id')
    .execute();
  return rows.map((r) => ({
    clientId: r.client_id,
    clientName: r.client_name,
    enterpriseNo: r.enterprise_no,
    enterpriseName: r.enterprise_name,
    apiCodes: r.api_codes,
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

/** An active client of an enterprise in service. */
export function activeClient(db: Kysely<DB>, clientId: string) {
  return db
    .selectFrom('partner_clients as c')
    .innerJoin('enterprises as e', 'e.enterprise_no', 'c.enterprise_no')
    .select(['c.client_id', 'c.enterprise_no', 'c.api_codes', 'c.secret_version'])
    .where('c.client_id', '=', clientId)
    .where('c.status', '=', 1)
    .where('e.status', '=', 1)
    .executeTakeFirst();
}
