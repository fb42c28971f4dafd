import { sql, type Insertable, type Kysely } from 'kysely';
import { accountsApi, formatDate, instructionsApi, moneyRefusal, toCents, centsToDecimal, valueDateRefusal, type CustodyDay, type InstructionStatus } from '@portal/shared';
import type { DB, InstructionHistoryTable, InstructionsTable } from '../../db/schema';
import { approvalResolver } from '../approval-rules';
import { moneyHeld } from './instructions.queries';

/**
 * Many entries at once (批量导入): the checks `InstructionDesk.add` makes of one instruction —
 * the contract's field rules, the value date against today, the calendar and the cut-off, the payer
 * account (the enterprise's, in use, usable, the seat's entry right) and, for a submit, its money —
 * made of a whole file with a handful of set-based reads, and the inserts of the lot in bulk.
 */

const M = instructionsApi.INSTRUCTION_MESSAGES;
const SLICE = 500;

/** One row of a file: its place and its cells as text, by instruction field. */
export interface EntryRow {
  rowNo: number;
  fields: Record<string, unknown>;
}
export type EntryValues = Omit<ReturnType<typeof instructionsApi.instructionAddSchema.parse>, 'submit'>;
export interface Entry {
  rowNo: number;
  values: EntryValues;
  thirdParty: string | null;
}
export interface EntryError {
  rowNo: number;
  field: string;
  reason: string;
}

interface Actor {
  enterpriseNo: string;
  userNo: string;
  userId: number;
}

type Db = Kysely<DB>;

const slices = <T>(items: readonly T[]): T[][] => Array.from({ length: Math.ceil(items.length / SLICE) }, (_, i) => items.slice(i * SLICE, (i + 1) * SLICE));

/** The payer accounts of `accountNos` with what entry checks of them; locked (in account order) when `lock`. */
async function payerAccounts(db: Db, accountNos: readonly string[], lock: boolean) {
  const found = new Map<string, { enterprise_no: string; used: number; status: string; third_party_enterprise_no: string | null; balance: string; single_limit: string | null; daily_limit: string | null }>();
  for (const slice of slices(accountNos)) {
    let q = db
      .selectFrom('ebank_accounts as e')
      .innerJoin('custody_accounts as c', 'c.account_no', 'e.account_no')
      .select(['e.account_no', 'e.enterprise_no', 'e.used', 'c.status', 'c.third_party_enterprise_no', sql<string>`c.balance::text`.as('balance'), sql<string | null>`e.single_limit::text`.as('single_limit'), sql<string | null>`e.daily_limit::text`.as('daily_limit')])
      .where('e.account_no', 'in', slice)
      .orderBy('e.account_no');
    if (lock) q = q.forUpdate();
    for (const r of await q.execute()) found.set(r.account_no, r);
  }
  return found;
}

async function entryRights(db: Db, userNo: string, accountNos: readonly string[]) {
  const rights = new Set<string>();
  for (const slice of slices(accountNos)) {
    const rows = await db.selectFrom('account_auth').select('account_no').where('user_no', '=', userNo).where('account_no', 'in', slice).where('can_entry', '=', true).execute();
    for (const r of rows) rights.add(r.account_no);
  }
  return rights;
}

/**
 * Every row judged as entry would judge it, with every problem found (row, field, reason); the
 * rows without one as entries. A submit's money is judged in file order: each row is held against
 * its account's available balance and daily limit on top of the file's earlier rows. `lock` (inside
 * the import's transaction) locks the payer accounts, so nothing moves between judging and writing.
 */
export async function judgeEntries(db: Db, day: CustodyDay, actor: Actor, rows: readonly EntryRow[], options: { submit: boolean; lock: boolean }) {
  const errors: EntryError[] = [];
  const parsed: { rowNo: number; values: EntryValues }[] = [];
  for (const row of rows) {
    const result = instructionsApi.instructionAddSchema.safeParse({ ...row.fields, submit: options.submit });
    if (!result.success) {
      const seen = new Set<string>();
      for (const issue of result.error.issues) {
        const field = String(issue.path[0] ?? 'file');
        if (seen.has(field)) continue;
        seen.add(field);
        errors.push({ rowNo: row.rowNo, field, reason: issue.message });
      }
      continue;
    }
    const { submit: _submit, ...values } = result.data;
    parsed.push({ rowNo: row.rowNo, values });
  }

  const accountNos = [...new Set(parsed.map((p) => p.values.payerAccountNo))].sort();
  const [accounts, rights] = await Promise.all([payerAccounts(db, accountNos, options.lock), entryRights(db, actor.userNo, accountNos)]);
  const dates = [...new Set(parsed.map((p) => p.values.valueDate))];
  const heldByDate = new Map(await Promise.all(dates.map(async (d) => [d, await moneyHeld(db, accountNos, d)] as const)));
  // What the file's earlier rows already take of each account, in cents: in total, and per value date.
  const takenTotal = new Map<string, bigint>();
  const takenOnDate = new Map<string, bigint>();

  const entries: Entry[] = [];
  for (const { rowNo, values } of parsed) {
    const problems: EntryError[] = [];
    if (values.valueDate < day.today) problems.push({ rowNo, field: 'valueDate', reason: M.valueDatePast });
    else {
      const refusal = valueDateRefusal(day, values);
      if (refusal) problems.push({ rowNo, field: 'valueDate', reason: refusal });
    }
    const no = values.payerAccountNo;
    const account = accounts.get(no);
    // Another enterprise's account reads exactly like an unknown one.
    if (!account || account.enterprise_no !== actor.enterpriseNo) problems.push({ rowNo, field: 'payerAccountNo', reason: `账号${no}不是本企业已添加的网银账户` });
    else if (account.used !== 1) problems.push({ rowNo, field: 'payerAccountNo', reason: `账号${no}已停用` });
    else if (account.status !== accountsApi.ACCOUNT_STATUS_USABLE) problems.push({ rowNo, field: 'payerAccountNo', reason: `账号${no}状态不正常，不能办理指令` });
    else if (!rights.has(no)) problems.push({ rowNo, field: 'payerAccountNo', reason: `您没有账号${no}的指令录入权限` });
    else if (options.submit && problems.length === 0) {
      const held = heldByDate.get(values.valueDate)!.get(no);
      const dateKey = `${no}|${values.valueDate}`;
      const total = takenTotal.get(no) ?? 0n;
      const onDate = takenOnDate.get(dateKey) ?? 0n;
      const refusal = moneyRefusal(values.amount, {
        available: centsToDecimal(toCents(account.balance)! - toCents(held?.pending ?? '0')! - total),
        singleLimit: account.single_limit,
        dailyLimit: account.daily_limit,
        dailyUsed: centsToDecimal(toCents(held?.daily ?? '0')! + onDate),
      });
      if (refusal) problems.push({ rowNo, field: 'amount', reason: M[refusal] });
      else {
        const cents = toCents(values.amount)!;
        takenTotal.set(no, total + cents);
        takenOnDate.set(dateKey, onDate + cents);
      }
    }
    if (problems.length > 0) errors.push(...problems);
    else entries.push({ rowNo, values, thirdParty: account!.third_party_enterprise_no });
  }
  errors.sort((a, b) => a.rowNo - b.rowNo);
  return { errors, entries };
}

const ruleColumns = (a: { ruleId: number | null; required: number }) => ({ approval_rule_id: a.ruleId, approvals_required: a.required });

/**
 * The entries inserted as instructions of `actor` (drafts, or submitted for review) with the
 * history entry would write; their ids in the entries' order. Run inside the import's transaction.
 */
export async function createEntries(trx: Db, now: Date, actor: Actor, entries: readonly Entry[], submit: boolean): Promise<number[]> {
  const { rows: seqs } = await sql<{ seq: string }>`select nextval('instruction_no_seq')::text as seq from generate_series(1, ${entries.length}::int)`.execute(trx);
  const day = formatDate(now).replace(/-/g, '');
  const status: InstructionStatus = submit ? '10' : '00';
  // Submitted, each takes the approval rule in force, as one submitted from the form does.
  const approval = submit ? await approvalResolver(trx, actor.enterpriseNo) : null;
  const ids: number[] = [];
  let at = 0;
  for (const slice of slices(entries)) {
    const values: Insertable<InstructionsTable>[] = slice.map((e) => ({
      instruction_no: `ZL${day}${seqs[at++]!.seq.padStart(8, '0')}`,
      enterprise_no: actor.enterpriseNo,
      type: e.values.type,
      payer_account_no: e.values.payerAccountNo,
      payee_name: e.values.payeeName,
      payee_account_no: e.values.payeeAccountNo,
      payee_bank: e.values.payeeBank,
      payee_cnaps: e.values.payeeCnaps,
      amount: e.values.amount,
      currency: e.values.currency,
      value_date: e.values.valueDate,
      purpose: e.values.purpose,
      remark: e.values.remark,
      third_party_enterprise_no: e.thirdParty,
      ...(approval ? ruleColumns(approval({ type: e.values.type, payerAccountNo: e.values.payerAccountNo, amount: e.values.amount })) : {}),
      status,
      created_by_user_id: actor.userId,
      created_by_user_no: actor.userNo,
      created_at: now,
      updated_at: now,
    }));
    const inserted = await trx.insertInto('instructions').values(values).returning(['id', 'instruction_no']).execute();
    const byNo = new Map(inserted.map((r) => [r.instruction_no, r.id]));
    const sliceIds = values.map((v) => byNo.get(v.instruction_no)!);
    ids.push(...sliceIds);
    const step = (id: number, action: string, from: string | null, to: string): Insertable<InstructionHistoryTable> => ({
      instruction_id: id,
      action,
      from_status: from,
      to_status: to,
      result: null,
      reason: null,
      user_id: actor.userId,
      user_no: actor.userNo,
      sign_code: null,
      sign_data: null,
      sign_msg: null,
      created_at: now,
    });
    await trx
      .insertInto('instruction_history')
      .values(sliceIds.flatMap((id) => (submit ? [step(id, 'create', null, '00'), step(id, 'submit', '00', '10')] : [step(id, 'create', null, '00')])))
      .execute();
  }
  return ids;
}
