import { sql, type Kysely } from 'kysely';
import { DAILY_STATUSES, PENDING_STATUSES } from '@portal/shared';
import type { DB } from '../../apps/server/src/db/schema';
import type { Recorder } from './recorder';

const count = async (db: Kysely<DB>, query: ReturnType<typeof sql<{ n: string }>>) => Number((await query.execute(db)).rows[0]?.n ?? 0);
const SCALE_ACCOUNTS = sql`(select account_no from scale_start_balances)`;

/**
 * The checks after the run, in SQL against what the portal stored, over every phase's
 * acknowledged writes: each acknowledged add present exactly once (by the key in its remark) and
 * as answered; no instruction twice for one key; every acknowledged step reflected; no account
 * over its balance, single or daily limit, and each balance its start less exactly what was
 * executed; each instruction's history one unbroken chain ending in its status (no step twice).
 */
export async function verify(db: Kysely<DB>, recorders: readonly Recorder[]) {
  const adds = recorders.flatMap((r) => [...r.acknowledged.adds.entries()]);
  const stored = new Map<string, { id: number; n: number; amount: string; account: string }>();
  const keys = adds.map(([key]) => key);
  for (let i = 0; i < keys.length; i += 5_000) {
    const { rows } = await sql<{ remark: string; id: number; n: string; amount: string; account: string }>`
      select remark, min(id) as id, count(*)::text as n, min(amount::text) as amount, min(payer_account_no) as account
      from instructions where remark = any(${keys.slice(i, i + 5_000)}::text[]) group by remark`.execute(db);
    for (const r of rows) stored.set(r.remark, { id: r.id, n: Number(r.n), amount: r.amount, account: r.account });
  }
  const lost = adds.filter(([key]) => !stored.has(key)).map(([key]) => key);
  const changed = adds.filter(([key, a]) => {
    const s = stored.get(key);
    return s && (s.id !== a.id || s.amount !== a.amount || s.account !== a.account);
  });
  const duplicated = await sql<{ remark: string; n: string }>`
    select remark, count(*)::text as n from instructions where remark like 'scale-%' group by remark having count(*) > 1`.execute(db);

  const ids = (pick: (r: Recorder) => Set<number>) => [...new Set(recorders.flatMap((r) => [...pick(r)]))];
  const notIn = async (list: number[], statuses: string[]) =>
    list.length === 0 ? 0 : count(db, sql<{ n: string }>`select count(*)::text as n from unnest(${list}::int[]) a(id) left join instructions i on i.id = a.id where i.status is null or i.status <> all(${statuses}::text[])`);
  const steps = {
    reviewedNotPast10: await notIn(ids((r) => r.acknowledged.reviewed), ['20', '30', '40', '41', '50', '60']),
    checkedNotPast40: await notIn(ids((r) => r.acknowledged.checked), ['50', '60']),
    executedNot60: await notIn(ids((r) => r.acknowledged.executed), ['60']),
  };
  const handled = ids((r) => r.acknowledged.warningsHandled);
  const warningsNotHandled = handled.length === 0 ? 0 : await count(db, sql<{ n: string }>`select count(*)::text as n from pre_cleaning_reminders where id = any(${handled}::int[]) and status <> '1'`);
  const reads = recorders.flatMap((r) => r.acknowledged.noticesRead);
  const readsMissing = reads.length === 0 ? 0 : await count(db, sql<{ n: string }>`
    select count(*)::text as n from unnest(${reads.map((r) => r.userNo)}::text[], ${reads.map((r) => r.id)}::int[]) a(user_no, id)
    where not exists (select 1 from risk_notice_reads r where r.user_no = a.user_no and r.notice_id = a.id)`);

  const overLimits = {
    negativeBalance: await count(db, sql<{ n: string }>`select count(*)::text as n from custody_accounts where account_no in ${SCALE_ACCOUNTS} and balance < 0`),
    heldOverBalance: await count(db, sql<{ n: string }>`
      select count(*)::text as n from custody_accounts c
      where c.account_no in ${SCALE_ACCOUNTS}
        and c.balance < (select coalesce(sum(amount), 0) from instructions i where i.payer_account_no = c.account_no and i.status = any(${[...PENDING_STATUSES]}::text[]))`),
    overSingleLimit: await count(db, sql<{ n: string }>`
      select count(*)::text as n from instructions i join ebank_accounts e on e.account_no = i.payer_account_no
      where i.payer_account_no in ${SCALE_ACCOUNTS} and i.status = any(${[...DAILY_STATUSES]}::text[]) and e.single_limit is not null and i.amount > e.single_limit`),
    overDailyLimit: await count(db, sql<{ n: string }>`
      select count(*)::text as n from (
        select i.payer_account_no, i.value_date from instructions i join ebank_accounts e on e.account_no = i.payer_account_no
        where i.payer_account_no in ${SCALE_ACCOUNTS} and i.status = any(${[...DAILY_STATUSES]}::text[]) and e.daily_limit is not null
        group by i.payer_account_no, i.value_date, e.daily_limit having sum(i.amount) > e.daily_limit) x`),
    balanceNotStartLessExecuted: await count(db, sql<{ n: string }>`
      select count(*)::text as n from scale_start_balances s join custody_accounts c on c.account_no = s.account_no
      where c.balance <> s.balance - (select coalesce(sum(amount), 0) from instructions i where i.payer_account_no = s.account_no and i.status = '60')`),
  };
  // Each history row starts where the one before it ended; the last ends in the instruction's status.
  const history = {
    brokenChains: await count(db, sql<{ n: string }>`
      select count(*)::text as n from (
        select h.instruction_id, h.from_status, h.to_status, lag(h.to_status) over (partition by h.instruction_id order by h.id) as before, h.action
        from instruction_history h join instructions i on i.id = h.instruction_id where i.payer_account_no in ${SCALE_ACCOUNTS}) x
      where (x.before is null and x.action <> 'create') or (x.before is not null and x.from_status is distinct from x.before)`),
    lastStepNotStatus: await count(db, sql<{ n: string }>`
      select count(*)::text as n from instructions i
      join lateral (select to_status from instruction_history h where h.instruction_id = i.id order by h.id desc limit 1) last on true
      where i.payer_account_no in ${SCALE_ACCOUNTS} and last.to_status <> i.status`),
    doubleExecutions: await count(db, sql<{ n: string }>`
      select count(*)::text as n from (select instruction_id from instruction_history where action = 'execute' group by instruction_id having count(*) > 1) x`),
  };
  const totals = (await sql<{ instructions: string; executed: string }>`
    select count(*)::text as instructions, count(*) filter (where status = '60')::text as executed from instructions where payer_account_no in ${SCALE_ACCOUNTS}`.execute(db)).rows[0]!;

  const violations = [
    ...(lost.length ? [`${lost.length} acknowledged add(s) missing`] : []),
    ...(changed.length ? [`${changed.length} acknowledged add(s) stored otherwise than answered`] : []),
    ...(duplicated.rows.length ? [`${duplicated.rows.length} key(s) with more than one instruction`] : []),
    ...Object.entries({ ...steps, warningsNotHandled, readsMissing, ...overLimits, ...history })
      .filter(([, n]) => n > 0)
      .map(([name, n]) => `${name}: ${n}`),
  ];
  return {
    acknowledged: {
      adds: adds.length,
      reviewed: ids((r) => r.acknowledged.reviewed).length,
      checked: ids((r) => r.acknowledged.checked).length,
      executed: ids((r) => r.acknowledged.executed).length,
      warningsHandled: handled.length,
      noticesRead: reads.length,
    },
    stored: { instructions: Number(totals.instructions), executed: Number(totals.executed) },
    lostAdds: lost.length,
    addsStoredOtherwise: changed.length,
    duplicatedKeys: duplicated.rows.length,
    stepsNotReflected: { ...steps, warningsNotHandled, noticeReadsMissing: readsMissing },
    overLimits,
    history,
    violations,
  };
}
