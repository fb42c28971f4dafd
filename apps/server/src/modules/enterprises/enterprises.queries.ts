import type { Kysely } from 'kysely';
import { ENTERPRISE_TYPES, type EnterpriseType } from '@portal/shared';
import type { DB } from '../../db/schema';
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
