import type { Insertable, Kysely, Updateable } from 'kysely';
import type { OperationParsed, TemplateDetail, TemplateField, TemplateRecord, templatesApi } from '@portal/shared';
import { containsPattern } from '../../db/sql-helpers';
import type { DB, InstructionTemplateChangesTable, InstructionTemplatesTable } from '../../db/schema';

type Db = Kysely<DB>;
type TemplateQuery = OperationParsed<typeof templatesApi.templateQuery>;

/** A version's content columns, as both tables hold them. */
export const CONTENT_COLUMNS = ['name', 'type', 'payer_account_no', 'payee_id', 'payee_name', 'payee_account_no', 'payee_bank', 'payee_cnaps', 'purpose', 'locked'] as const;
export type Content = Pick<InstructionTemplatesTable, Exclude<(typeof CONTENT_COLUMNS)[number], 'locked'>> & { locked: string[] };

const iso = (d: Date | string) => new Date(d).toISOString();

const toContent = (r: Content) => ({
  name: r.name,
  type: r.type,
  payerAccountNo: r.payer_account_no,
  payeeId: r.payee_id,
  payeeName: r.payee_name,
  payeeAccountNo: r.payee_account_no,
  payeeBank: r.payee_bank,
  payeeCnaps: r.payee_cnaps,
  purpose: r.purpose,
  locked: r.locked as TemplateField[],
});

/** The templates of one enterprise with their creator. */
const templateRows = (db: Db, enterpriseNo: string) =>
  db
    .selectFrom('instruction_templates as t')
    .innerJoin('users as u', 'u.user_id', 't.created_by_user_id')
    .where('t.enterprise_no', '=', enterpriseNo)
    .selectAll('t')
    .select('u.nick_name as created_by_name');

type Row = Awaited<ReturnType<ReturnType<typeof templateRows>['executeTakeFirstOrThrow']>>;

/** The changes waiting on `ids`, with their requester's name. */
async function pendingChanges(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, TemplateRecord['pendingChange']>();
  const rows = await db
    .selectFrom('instruction_template_changes as c')
    .innerJoin('users as u', 'u.user_id', 'c.requested_by_user_id')
    .selectAll('c')
    .select('u.nick_name as requested_by_name')
    .where('c.template_id', 'in', ids)
    .where('c.status', '=', 'pending')
    .execute();
  return new Map(
    rows.map((c) => [
      c.template_id,
      { id: c.id, kind: c.kind, ...toContent(c), requestedByUserNo: c.requested_by_user_no, requestedByName: c.requested_by_name, requestedAt: iso(c.requested_at) },
    ]),
  );
}

async function toRecords(db: Db, rows: Row[]): Promise<TemplateRecord[]> {
  const pending = await pendingChanges(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    ...toContent(r),
    revision: r.revision,
    refuseReason: r.refuse_reason,
    pendingChange: pending.get(r.id) ?? null,
    version: r.version,
    createdByUserNo: r.created_by_user_no,
    createdByName: r.created_by_name,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  }));
}

/** One page of a view of the enterprise's templates, newest first. */
export async function listTemplates(db: Db, enterpriseNo: string, f: TemplateQuery): Promise<{ records: TemplateRecord[]; total: number }> {
  let q = templateRows(db, enterpriseNo);
  if (f.view === 'usable') q = q.where('t.status', '=', '20');
  if (f.view === 'review') q = q.where((w) => w.exists(w.selectFrom('instruction_template_changes as c').select('c.id').whereRef('c.template_id', '=', 't.id').where('c.status', '=', 'pending')));
  if (f.status) q = q.where('t.status', '=', f.status as InstructionTemplatesTable['status']);
  // Deleted templates stay in the history; a list shows them only when asked for.
  else if (f.view === 'all') q = q.where('t.status', '<>', '90');
  if (f.keyword) {
    const pattern = containsPattern(f.keyword);
    q = q.where((w) => w.or([w('t.name', 'ilike', pattern), w('t.payee_name', 'ilike', pattern), w('t.payee_account_no', 'like', pattern)]));
  }
  const [{ total }] = (await q.clearSelect().select((eb) => eb.fn.countAll<string>().as('total')).execute()) as [{ total: string }];
  const rows = await q
    .orderBy('t.id', 'desc')
    .limit(f.limit)
    .offset((f.page - 1) * f.limit)
    .execute();
  return { records: await toRecords(db, rows), total: Number(total) };
}

/** One template of the enterprise, or undefined (another enterprise's reads as unknown). */
export async function findTemplate(db: Db, enterpriseNo: string, id: number): Promise<TemplateRecord | undefined> {
  const row = await templateRows(db, enterpriseNo).where('t.id', '=', id).executeTakeFirst();
  return row && (await toRecords(db, [row]))[0];
}

/** Every proposal on a template and what became of it, oldest first. */
export async function templateHistory(db: Db, templateId: number): Promise<TemplateDetail['history']> {
  const rows = await db
    .selectFrom('instruction_template_changes as c')
    .innerJoin('users as ru', 'ru.user_id', 'c.requested_by_user_id')
    .leftJoin('users as du', 'du.user_id', 'c.decided_by_user_id')
    .selectAll('c')
    .select(['ru.nick_name as requested_by_name', 'du.nick_name as decided_by_name'])
    .where('c.template_id', '=', templateId)
    .orderBy('c.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    ...toContent(r),
    status: r.status,
    revision: r.revision,
    requestedByUserNo: r.requested_by_user_no,
    requestedByName: r.requested_by_name,
    requestedAt: iso(r.requested_at),
    decidedByUserNo: r.decided_by_user_no,
    decidedByName: r.decided_by_name,
    decidedAt: r.decided_at ? iso(r.decided_at) : null,
    reason: r.reason,
    signed: r.sign_code !== null,
  }));
}

/** The approved version `revision` of a template of the enterprise, with the template's status now. */
export const approvedVersion = (db: Db, enterpriseNo: string, templateId: number, revision: number) =>
  db
    .selectFrom('instruction_template_changes as c')
    .innerJoin('instruction_templates as t', 't.id', 'c.template_id')
    .select([...CONTENT_COLUMNS.map((c) => `c.${c}` as const), 't.status', 't.revision as current_revision'])
    .where('t.enterprise_no', '=', enterpriseNo)
    .where('c.template_id', '=', templateId)
    .where('c.revision', '=', revision)
    .where('c.status', '=', 'approved')
    .executeTakeFirst();

/** The template row, locked for a write, if it is the enterprise's. */
export const lockTemplate = (db: Db, enterpriseNo: string, id: number) =>
  db.selectFrom('instruction_templates').selectAll().where('id', '=', id).where('enterprise_no', '=', enterpriseNo).forUpdate().executeTakeFirst();

/** The change waiting on a template, locked. */
export const lockPendingChange = (db: Db, templateId: number) =>
  db.selectFrom('instruction_template_changes').selectAll().where('template_id', '=', templateId).where('status', '=', 'pending').forUpdate().executeTakeFirst();

/** The template a change belongs to (read before anything is locked; the caller locks the template in its enterprise). */
export const changeOwner = (db: Db, changeId: number) => db.selectFrom('instruction_template_changes').select('template_id').where('id', '=', changeId).executeTakeFirst();

/** A change, locked (after its template: every write locks the template first). */
export const lockChange = (db: Db, changeId: number) => db.selectFrom('instruction_template_changes').selectAll().where('id', '=', changeId).forUpdate().executeTakeFirstOrThrow();

/** Another live template of the enterprise (new or effective, or proposed by a waiting change) of this name. */
export async function sameNamedTemplate(db: Db, enterpriseNo: string, name: string, exceptId: number | null) {
  let q = db
    .selectFrom('instruction_templates as t')
    .leftJoin('instruction_template_changes as c', (j) => j.onRef('c.template_id', '=', 't.id').on('c.status', '=', 'pending'))
    .select('t.id')
    .where('t.enterprise_no', '=', enterpriseNo)
    .where('t.status', 'in', ['10', '20'])
    .where((w) => w.or([w('t.name', '=', name), w('c.name', '=', name)]));
  if (exceptId !== null) q = q.where('t.id', '<>', exceptId);
  return q.executeTakeFirst();
}

export const insertTemplate = async (db: Db, row: Insertable<InstructionTemplatesTable>) =>
  (await db.insertInto('instruction_templates').values(row).returning('id').executeTakeFirstOrThrow()).id;

export const insertChange = async (db: Db, row: Insertable<InstructionTemplateChangesTable>) =>
  (await db.insertInto('instruction_template_changes').values(row).returning('id').executeTakeFirstOrThrow()).id;

export async function updateTemplate(db: Db, id: number, values: Updateable<InstructionTemplatesTable>, now: Date) {
  await db
    .updateTable('instruction_templates')
    .set((eb) => ({ ...values, version: eb('version', '+', 1), updated_at: now }))
    .where('id', '=', id)
    .execute();
}

export async function closeChange(
  db: Db,
  id: number,
  values: Pick<Updateable<InstructionTemplateChangesTable>, 'status' | 'revision' | 'decided_by_user_id' | 'decided_by_user_no' | 'reason' | 'sign_code' | 'sign_data' | 'sign_msg'> & { decided_at: Date },
) {
  await db.updateTable('instruction_template_changes').set(values).where('id', '=', id).execute();
}
