import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import { ENTERPRISE_TYPES, type EnterpriseType } from '@portal/shared';
import type { DB, EnterprisesTable } from '../../db/schema';
import { containsPattern } from '../../db/sql-helpers';

export async function listEnterprises(
  db: Kysely<DB>,
  query: { page: number; limit: number; enterpriseNo?: string; enterpriseName?: string; enterpriseType?: EnterpriseType },
) {
  let base = db.selectFrom('enterprises as e');
  if (query.enterpriseNo) base = base.where('e.enterprise_no', 'ilike', containsPattern(query.enterpriseNo));
  if (query.enterpriseName) base = base.where('e.enterprise_name', 'ilike', containsPattern(query.enterpriseName));
  if (query.enterpriseType) base = base.where('e.enterprise_type', '=', query.enterpriseType);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['e.enterprise_no', 'e.enterprise_name', 'e.enterprise_type', 'e.status', 'e.created_at'])
    .select((eb) =>
      eb
        .selectFrom('user_numbers as n')
        .whereRef('n.enterprise_no', '=', 'e.enterprise_no')
        .select((c) => c.fn.countAll<number>().as('n'))
        .as('user_count'),
    )
    .orderBy('e.enterprise_no')
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  return {
    total: Number(total),
    records: rows.map((r) => ({
      enterpriseNo: r.enterprise_no,
      enterpriseName: r.enterprise_name,
      enterpriseType: r.enterprise_type,
      enterpriseTypeName: ENTERPRISE_TYPES[r.enterprise_type],
      status: r.status,
      userCount: Number(r.user_count ?? 0),
      createdAt: r.created_at.toISOString(),
    })),
  };
}

export async function enterprisesInService(db: Kysely<DB>) {
  const rows = await db
    .selectFrom('enterprises')
    .select(['enterprise_no', 'enterprise_name', 'enterprise_type'])
    .where('status', '=', 1)
    .orderBy('enterprise_no')
    .execute();
  return rows.map((r) => ({ enterpriseNo: r.enterprise_no, enterpriseName: r.enterprise_name, enterpriseType: r.enterprise_type }));
}

/** Whether another enterprise than `except` has the name, case-insensitively. */
export async function enterpriseNameTaken(db: Kysely<DB>, name: string, except?: string): Promise<boolean> {
  let query = db.selectFrom('enterprises').select('enterprise_no').where(sql<string>`lower(enterprise_name)`, '=', name.toLowerCase());
  if (except) query = query.where('enterprise_no', '!=', except);
  return Boolean(await query.executeTakeFirst());
}

export function enterpriseByNo(db: Kysely<DB>, enterpriseNo: string) {
  return db.selectFrom('enterprises').selectAll().where('enterprise_no', '=', enterpriseNo).executeTakeFirst();
}

export async function insertEnterprise(db: Kysely<DB>, values: Insertable<EnterprisesTable>) {
  await db.insertInto('enterprises').values(values).execute();
}

export async function updateEnterprise(db: Kysely<DB>, enterpriseNo: string, values: Updateable<EnterprisesTable>) {
  await db.updateTable('enterprises').set(values).where('enterprise_no', '=', enterpriseNo).execute();
}

export async function deleteEnterprise(db: Kysely<DB>, enterpriseNo: string) {
  await db.deleteFrom('enterprises').where('enterprise_no', '=', enterpriseNo).execute();
}

export async function hasSeats(db: Kysely<DB>, enterpriseNo: string): Promise<boolean> {
  return Boolean(await db.selectFrom('user_numbers').select('user_no').where('enterprise_no', '=', enterpriseNo).limit(1).executeTakeFirst());
}

export async function roleIdOf(db: Kysely<DB>, roleCode: string): Promise<number> {
  const { role_id } = await db.selectFrom('roles').select('role_id').where('role_code', '=', roleCode).executeTakeFirstOrThrow();
  return role_id;
}
