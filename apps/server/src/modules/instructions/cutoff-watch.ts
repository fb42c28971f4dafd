import { sql, type Kysely } from 'kysely';
import { cutoffUrgency, deadlineOf, formatDate, type InstructionRecord, type InstructionStatus } from '@portal/shared';
import type { AppContext } from '../../app-context';
import type { DB } from '../../db/schema';
import type { LiveEvents } from '../events';
import type { ReminderScope } from '../home';
import { currentCustodyDay } from '../cutoffs';

/**
 * "Will this make today?" on the server: the home counts of the caller's waiting instructions
 * due today and at risk, and the live nudge to whoever an instruction reaches with under an
 * hour left. Both judge with rules/cutoff-countdown.ts, on the calendar and staff's cut-offs.
 */

/**
 * How far ahead a value date may lie whose cut-off still falls today: the longest notice period
 * (NOTICE_HOURS_MAX, 40 working hours: five business days) reaching back over the weekends and a
 * holiday week such as National Day's.
 */
const HORIZON_DAYS = 16;
const DAY_MS = 86_400_000;
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

const MAKER_HOLDS: readonly InstructionStatus[] = ['00', '11', '21', '31', '41'];

/**
 * The caller's waiting instructions with a value date from `today` to `until`, counted by type,
 * currency and value date (what their cut-off depends on): one statement, a branch per queue the
 * seat works, each on the index of its scope (maker, payer account, third party, status).
 */
function waitingByCutoffKey(db: Kysely<DB>, s: ReminderScope, today: string, until: string) {
  const has = (a: string) => s.authorities.includes(a);
  const base = () =>
    db
      .selectFrom('instructions as i')
      .select(['i.type', 'i.currency', sql<string>`to_char(i.value_date, 'YYYY-MM-DD')`.as('value_date')])
      .where('i.value_date', '>=', sql<Date>`${today}::date`)
      .where('i.value_date', '<=', sql<Date>`${until}::date`);
  const notByUser = (action: string) =>
    sql<boolean>`not exists (select 1 from instruction_history h where h.instruction_id = i.id and h.user_id = ${s.userId} and h.action like ${action + '%'})`;
  const branches = [
    has('INSTRUCTION_ENTRY') && base().where('i.created_by_user_no', '=', s.userNo).where('i.status', 'in', MAKER_HOLDS),
    has('INSTRUCTION_REVIEW') &&
      base()
        .where('i.payer_account_no', 'in', (sub) => sub.selectFrom('account_auth').select('account_no').where('user_no', '=', s.userNo).where('can_review', '=', true))
        .where('i.status', '=', '10')
        .where('i.created_by_user_id', '<>', s.userId),
    has('INSTRUCTION_CONFIRM') && base().where('i.third_party_enterprise_no', '=', s.enterpriseNo).where('i.status', '=', '20').where(notByUser('confirmReview')),
    has('INSTRUCTION_CONFIRM_REVIEW') && base().where('i.third_party_enterprise_no', '=', s.enterpriseNo).where('i.status', '=', '30').where(notByUser('confirmPass')),
    has('CUSTODIAN_CHECK') && base().where('i.status', '=', '40'),
  ].filter((b) => b !== false);
  if (branches.length === 0) return Promise.resolve([]);
  const union = branches.slice(1).reduce((all, b) => all.unionAll(b), branches[0]!);
  return db
    .selectFrom(union.as('w'))
    .select(['w.type', 'w.currency', 'w.value_date', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy(['w.type', 'w.currency', 'w.value_date'])
    .execute();
}

/** `dueTodayCount` and `atRiskCount` of the home counts, judged at the request's business instant. */
export async function cutoffCounts(ctx: AppContext, s: ReminderScope): Promise<{ dueTodayCount: number; atRiskCount: number }> {
  const db = ctx.database.db;
  const today = formatDate(s.now);
  const rows = await waitingByCutoffKey(db, s, today, addDays(today, HORIZON_DAYS));
  const counts = { dueTodayCount: 0, atRiskCount: 0 };
  if (rows.length === 0) return counts;
  const day = await currentCustodyDay(ctx, s.now);
  for (const r of rows) {
    const { dueToday, atRisk } = cutoffUrgency(deadlineOf(day, { type: r.type, currency: r.currency, valueDate: r.value_date }), s.now);
    if (dueToday) counts.dueTodayCount += Number(r.n);
    if (atRisk) counts.atRiskCount += Number(r.n);
  }
  return counts;
}

/** The authority a seat needs to act on an instruction waiting in each third-party or custodian state. */
const HOLDER_AUTHORITY: Partial<Record<InstructionStatus, string>> = { '20': 'INSTRUCTION_CONFIRM', '30': 'INSTRUCTION_CONFIRM_REVIEW', '40': 'CUSTODIAN_CHECK' };

/**
 * The seats (user numbers) whose queue an instruction now waits in, the person who just acted
 * left out: its maker once refused; the reviewers of its payer account other than its maker; the
 * third party's confirmers or confirm reviewers; the custodian's checkers. Active seats only.
 */
async function holdersOf(db: Kysely<DB>, r: InstructionRecord, actorUserId: number): Promise<string[]> {
  const status = r.status as InstructionStatus;
  let q = db
    .selectFrom('user_numbers as n')
    .innerJoin('users as u', 'u.user_id', 'n.user_id')
    .select('n.user_no')
    .where('n.status', '=', 1)
    .where('u.status', '=', 1)
    .where('n.user_id', '<>', actorUserId);
  const holds = (authority: string) =>
    sql<boolean>`exists (select 1 from user_number_roles ur join role_authorities ra on ra.role_id = ur.role_id where ur.user_no = n.user_no and ra.authority = ${authority})`;
  if (MAKER_HOLDS.includes(status)) q = q.where('n.user_no', '=', r.createdByUserNo);
  else if (status === '10') {
    q = q
      .where('n.user_no', 'in', (sub) => sub.selectFrom('account_auth').select('user_no').where('account_no', '=', r.payerAccountNo).where('can_review', '=', true))
      .where('n.user_id', '<>', (sub) => sub.selectFrom('user_numbers').select('user_id').where('user_no', '=', r.createdByUserNo))
      .where(holds('INSTRUCTION_REVIEW'));
  } else if (HOLDER_AUTHORITY[status]) {
    if (status !== '40') q = q.where('n.enterprise_no', '=', r.thirdPartyEnterpriseNo ?? '');
    q = q.where(holds(HOLDER_AUTHORITY[status]));
  } else return [];
  return (await q.orderBy('n.user_no').execute()).map((row) => row.user_no);
}

/**
 * After a step, tells each seat an instruction reached with under an hour left to its cut-off
 * (`instruction.cutoffNear`), one event per audience with the instruction numbers and the least
 * time left. `records` are the step's answer, judged at its business instant.
 */
export async function nudgeNearCutoff(db: Kysely<DB>, events: LiveEvents, actorUserId: number, records: readonly InstructionRecord[]) {
  const near = records.filter((r) => r.cutoffState === 'atRisk');
  const byAudience = new Map<string, { userNos: string[]; nos: string[]; msLeft: number }>();
  for (const r of near) {
    const userNos = await holdersOf(db, r, actorUserId);
    if (userNos.length === 0) continue;
    const key = userNos.join(',');
    const msLeft = Math.max(0, Date.parse(r.cutoffAt) - Date.parse(r.judgedAt));
    const group = byAudience.get(key) ?? { userNos, nos: [], msLeft };
    group.nos.push(r.instructionNo);
    group.msLeft = Math.min(group.msLeft, msLeft);
    byAudience.set(key, group);
  }
  for (const { userNos, nos, msLeft } of byAudience.values()) {
    await events.publish({ kind: 'instruction.cutoffNear', ids: nos, counts: { msLeft } }, { to: 'seats', userNos });
  }
}
