import { sql, type Insertable, type Kysely } from 'kysely';
import type { ImportRecord, InstructionStatus } from '@portal/shared';
import type { DB, InstructionImportRowsTable, InstructionImportsTable } from '../../db/schema';
import type { ReportPayment } from './status-report';
import { transactionStatus } from './status-report';

type Db = Kysely<DB>;

/** The next import number's serial, as text. */
export async function nextImportSeq(db: Db) {
  const { rows } = await sql<{ seq: string }>`select nextval('instruction_import_no_seq')::text as seq`.execute(db);
  return rows[0]!.seq;
}

/** The enterprise's latest import of a file with this SM3, if any. */
export const importOfFile = (db: Db, enterpriseNo: string, fileSm3: string) =>
  db.selectFrom('instruction_imports').select(['id', 'import_no', 'created_at']).where('enterprise_no', '=', enterpriseNo).where('file_sm3', '=', fileSm3).orderBy('id', 'desc').executeTakeFirst();

export const insertImport = (db: Db, values: Insertable<InstructionImportsTable>) => db.insertInto('instruction_imports').values(values).returning('id').executeTakeFirstOrThrow();

export async function insertImportRows(db: Db, rows: readonly Insertable<InstructionImportRowsTable>[]) {
  for (let i = 0; i < rows.length; i += 1000) await db.insertInto('instruction_import_rows').values(rows.slice(i, i + 1000)).execute();
}

const importRows = (db: Db, enterpriseNo: string) =>
  db
    .selectFrom('instruction_imports as i')
    .innerJoin('users as u', 'u.user_id', 'i.created_by_user_id')
    .leftJoin('instruction_imports as d', 'd.id', 'i.duplicate_of')
    .where('i.enterprise_no', '=', enterpriseNo);

/** The instructions' states of each import, by pain.002 status code. */
async function statusCounts(db: Db, importIds: readonly number[]) {
  const counts = new Map<number, Record<string, number>>();
  if (importIds.length === 0) return counts;
  const rows = await db
    .selectFrom('instruction_import_rows as r')
    .innerJoin('instructions as n', 'n.id', 'r.instruction_id')
    .select(['r.import_id', 'n.status', (eb) => eb.fn.countAll<string>().as('count')])
    .where('r.import_id', 'in', importIds)
    .groupBy(['r.import_id', 'n.status'])
    .execute();
  for (const r of rows) {
    const of = counts.get(r.import_id) ?? {};
    const code = transactionStatus(r.status as InstructionStatus);
    of[code] = (of[code] ?? 0) + Number(r.count);
    counts.set(r.import_id, of);
  }
  return counts;
}

/** One page of the enterprise's imports, newest first, or one of them by id. */
export async function listImports(db: Db, enterpriseNo: string, f: { page: number; limit: number; id?: number }): Promise<{ records: ImportRecord[]; total: number }> {
  let q = importRows(db, enterpriseNo);
  if (f.id !== undefined) q = q.where('i.id', '=', f.id);
  const [{ total }] = (await q.select((eb) => eb.fn.countAll<string>().as('total')).execute()) as [{ total: string }];
  const rows = await q
    .select(['i.id', 'i.import_no', 'i.file_name', 'i.format', 'i.file_sm3', 'i.row_count', 'i.totals', 'i.submitted', 'd.import_no as duplicate_of_no', 'i.created_by_user_no', 'u.nick_name', 'i.created_at'])
    .orderBy('i.id', 'desc')
    .limit(f.limit)
    .offset((f.page - 1) * f.limit)
    .execute();
  const counts = await statusCounts(
    db,
    rows.map((r) => r.id),
  );
  return {
    total: Number(total),
    records: rows.map((r) => ({
      id: r.id,
      importNo: r.import_no,
      fileName: r.file_name,
      format: r.format,
      fileSm3: r.file_sm3,
      rowCount: r.row_count,
      totals: r.totals,
      submitted: r.submitted,
      duplicateOfNo: r.duplicate_of_no,
      createdByUserNo: r.created_by_user_no,
      createdByName: r.nick_name,
      createdAt: r.created_at.toISOString(),
      statusCounts: counts.get(r.id) ?? {},
    })),
  };
}

/** An import of the enterprise with what its report needs, or undefined (another enterprise's reads as unknown). */
export async function importForReport(db: Db, enterpriseNo: string, id: number, today: string) {
  const head = await db.selectFrom('instruction_imports').select(['import_no', 'message_id', 'format', 'row_count', 'totals']).where('id', '=', id).where('enterprise_no', '=', enterpriseNo).executeTakeFirst();
  if (!head) return undefined;
  const rows = await db
    .selectFrom('instruction_import_rows as r')
    .innerJoin('instructions as n', 'n.id', 'r.instruction_id')
    .select([
      'r.row_no',
      'r.payment_info_id',
      'r.instr_id',
      'r.end_to_end_id',
      'n.instruction_no',
      'n.status',
      'n.refuse_reason',
      sql<string>`n.amount::text`.as('amount'),
      'n.currency',
      sql<string>`to_char(n.value_date, 'YYYY-MM-DD')`.as('value_date'),
      'n.payer_account_no',
      'n.payee_name',
      'n.payee_account_no',
    ])
    .where('r.import_id', '=', id)
    .orderBy('r.row_no')
    .execute();
  const payments: ReportPayment[] = rows.map((r) => {
    const status = r.status as InstructionStatus;
    return {
      rowNo: r.row_no,
      paymentInfoId: r.payment_info_id,
      instrId: r.instr_id,
      endToEndId: r.end_to_end_id,
      instructionNo: r.instruction_no,
      status,
      expired: !['50', '60', '90'].includes(status) && r.value_date < today,
      refuseReason: r.refuse_reason,
      amount: r.amount,
      currency: r.currency,
      valueDate: r.value_date,
      payerAccountNo: r.payer_account_no,
      payeeName: r.payee_name,
      payeeAccountNo: r.payee_account_no,
    };
  });
  return { head, payments };
}
