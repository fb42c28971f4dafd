import { sql, type Transaction } from 'kysely';
import { centsToDecimal, formatDate, toCents } from '@portal/shared';
import type { DB } from '../db/schema';
import { sm3Hex } from '../sm3';

/**
 * A demo past import (批量导入): the xlsx `demo` (U100000101) imported on the busiest day of its
 * seeded entries, whose instructions have since gone their separate ways (paid, checked, waiting,
 * returned, revoked), so its pain.002 report shows every status but a draft's. Seeded without a
 * signature (the demo device keys do not exist yet) and with a stand-in file hash. Idempotent.
 */
const MAKER = 'U100000101';
const ENTERPRISE = '1000000001';

export async function seedBulkImport(trx: Transaction<DB>) {
  if (await trx.selectFrom('instruction_imports').select('id').where('enterprise_no', '=', ENTERPRISE).executeTakeFirst()) return;
  // The maker's day whose entries reached the most different states.
  const { rows: days } = await sql<{ day: string }>`
    select to_char(created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day
    from instructions where created_by_user_no = ${MAKER} and enterprise_no = ${ENTERPRISE} and status <> '00'
    group by 1 order by count(distinct status) desc, count(*) desc, 1 desc limit 1`.execute(trx);
  const day = days[0]?.day;
  if (!day) return;
  const rows = await trx
    .selectFrom('instructions')
    .select(['id', 'created_by_user_id', 'created_at', sql<string>`amount::text`.as('amount'), 'currency'])
    .where('created_by_user_no', '=', MAKER)
    .where('enterprise_no', '=', ENTERPRISE)
    // Imported as submitted: none of them is still a draft.
    .where('status', '<>', '00')
    .where(sql<string>`to_char(created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`, '=', day)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const totals = new Map<string, { count: number; cents: bigint }>();
  for (const r of rows) {
    const t = totals.get(r.currency) ?? { count: 0, cents: 0n };
    totals.set(r.currency, { count: t.count + 1, cents: t.cents + toCents(r.amount)! });
  }
  const importNo = `PL${day.replace(/-/g, '')}${(await sql<{ seq: string }>`select nextval('instruction_import_no_seq')::text as seq`.execute(trx)).rows[0]!.seq.padStart(6, '0')}`;
  const { id } = await trx
    .insertInto('instruction_imports')
    .values({
      import_no: importNo,
      enterprise_no: ENTERPRISE,
      file_name: `${formatDate(rows[0]!.created_at).replace(/-/g, '')}_划款批量.xlsx`,
      format: 'xlsx',
      file_sm3: sm3Hex(importNo),
      message_id: importNo,
      row_count: rows.length,
      totals: JSON.stringify([...totals].map(([currency, t]) => ({ currency, count: t.count, amount: centsToDecimal(t.cents) }))),
      submitted: true,
      created_by_user_id: rows[0]!.created_by_user_id,
      created_by_user_no: MAKER,
      created_at: rows[0]!.created_at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('instruction_import_rows')
    .values(rows.map((r, i) => ({ import_id: id, row_no: i + 2, instruction_id: r.id, payment_info_id: importNo, instr_id: null, end_to_end_id: `HX${day.replace(/-/g, '')}${String(i + 1).padStart(3, '0')}` })))
    .execute();
}
