import { sql, type Insertable, type Transaction } from 'kysely';
import { PENDING_STATUSES, businessCalendar, formatDate, nextStatus, type InstructionAction, type InstructionStatus } from '@portal/shared';
import type { DB, InstructionHistoryTable, InstructionsTable } from '../db/schema';
import { prng, type Prng } from './accounts-data';
import { DEMO_CALENDAR } from './calendar-seed';
import { PAYEES, PURPOSES, REFUSALS, REMARKS, REVOKE_REASONS } from './instructions-data';
import { seedNearCutoff } from './near-cutoff-seed';

/**
 * Demo payment instructions: a few hundred per customer over the last 90 days, in every state,
 * each with the history the server would have written. Who performs each step is read from the
 * seeded seats (their authorities and account rights), so segregation of duties holds and an
 * instruction only reaches a step some demo seat may perform. Idempotent: an enterprise that
 * already has instructions is left alone.
 *
 * Money: pending amounts (10–50) of an account stay within 60 % of its register balance, so the
 * available balance stays positive; executed ones stay within 2 %, and the register balance is
 * taken as today's, after them (it is not lowered again). Single and daily limits hold.
 */

/** Instructions per enterprise; an enterprise whose seats cannot review gets drafts, submits and revocations only. */
export const DEMO_INSTRUCTIONS = [
  { enterprise_no: '1000000001', count: 260 },
  { enterprise_no: '1000000002', count: 60 },
  { enterprise_no: '1000000003', count: 40 },
] as const;

/** Weighted target states: most executed, every other state present (the instructions bench draws its recent ones so too). */
export const STATE_WEIGHTS: readonly [InstructionStatus, number][] = [
  ['60', 40],
  ['90', 7],
  ['00', 5],
  ['10', 10],
  ['11', 4],
  ['20', 6],
  ['21', 3],
  ['30', 5],
  ['31', 3],
  ['40', 7],
  ['41', 3],
  ['50', 5],
];
const TOTAL_WEIGHT = STATE_WEIGHTS.reduce((s, [, w]) => s + w, 0);
const THIRD_PARTY_ONLY = new Set<InstructionStatus>(['20', '21', '30', '31']);
const PENDING = new Set<string>(PENDING_STATUSES);
const DAY = 86_400_000;
const DEMO_DAYS = businessCalendar(DEMO_CALENDAR);
const MINUTE = 60_000;
/** Beijing midnight of the day `ms` falls on, in epoch ms. */
const dayStart = (ms: number) => Date.parse(`${formatDate(ms)}T00:00:00+08:00`);

interface Seat {
  user_no: string;
  user_id: number;
  enterprise_no: string;
  authorities: Set<string>;
}

interface Account {
  account_no: string;
  currency: string;
  third_party: string | null;
  balance: number;
  single: number | null;
  daily: number | null;
  makers: Seat[];
  reviewers: Seat[];
}

type Step = { action: InstructionAction | 'create'; seat: Seat; reason?: string };

const pickState = (rnd: Prng): InstructionStatus => {
  let x = rnd.next() * TOTAL_WEIGHT;
  for (const [state, w] of STATE_WEIGHTS) if ((x -= w) < 0) return state;
  return '60';
};

/** Log-spread from a few thousand to tens of millions, cents included. */
const drawAmount = (rnd: Prng, cap: number) => Math.min(cap, Math.round(10 ** (3.5 + rnd.next() * 4) * 100 + rnd.int(0, 99)) / 100);

export async function seedInstructions(trx: Transaction<DB>, now = Date.now()) {
  const existing = new Set(
    (await trx.selectFrom('instructions').select('enterprise_no').distinct().where('enterprise_no', 'in', DEMO_INSTRUCTIONS.map((p) => p.enterprise_no)).execute()).map((r) => r.enterprise_no),
  );
  const plans = DEMO_INSTRUCTIONS.filter((p) => !existing.has(p.enterprise_no));
  if (plans.length === 0) return;

  const seatRows = await trx
    .selectFrom('user_numbers as un')
    .innerJoin('user_number_roles as ur', 'ur.user_no', 'un.user_no')
    .innerJoin('role_authorities as ra', 'ra.role_id', 'ur.role_id')
    .select(['un.user_no', 'un.user_id', 'un.enterprise_no', 'ra.authority'])
    .where('ra.authority', 'in', ['INSTRUCTION_ENTRY', 'INSTRUCTION_REVIEW', 'INSTRUCTION_CONFIRM', 'INSTRUCTION_CONFIRM_REVIEW', 'CUSTODIAN_CHECK', 'CUSTODIAN_EXECUTE'])
    .orderBy('un.user_no')
    .execute();
  const seats = new Map<string, Seat>();
  for (const r of seatRows) {
    const seat = seats.get(r.user_no) ?? { user_no: r.user_no, user_id: r.user_id, enterprise_no: r.enterprise_no, authorities: new Set<string>() };
    seat.authorities.add(r.authority);
    seats.set(r.user_no, seat);
  }
  const holding = (authority: string, enterpriseNo?: string) => [...seats.values()].filter((s) => s.authorities.has(authority) && (!enterpriseNo || s.enterprise_no === enterpriseNo));
  const checkers = holding('CUSTODIAN_CHECK');
  const executors = holding('CUSTODIAN_EXECUTE');

  const instructions: { row: Insertable<InstructionsTable>; steps: { step: Step; at: number; from: string | null; to: string }[] }[] = [];
  for (const plan of plans) {
    const rnd = prng(Number(plan.enterprise_no) + 12);
    const accountRows = await trx
      .selectFrom('ebank_accounts as e')
      .innerJoin('custody_accounts as c', 'c.account_no', 'e.account_no')
      .select(['c.account_no', 'c.currency', 'c.third_party_enterprise_no', sql<string>`c.balance::text`.as('balance'), sql<string | null>`e.single_limit::text`.as('single'), sql<string | null>`e.daily_limit::text`.as('daily')])
      .where('e.enterprise_no', '=', plan.enterprise_no)
      .where('e.used', '=', 1)
      .where('c.status', '=', '00')
      .orderBy('c.account_no')
      .execute();
    const rights = await trx.selectFrom('account_auth').select(['user_no', 'account_no', 'can_entry', 'can_review']).where('enterprise_no', '=', plan.enterprise_no).execute();
    const accounts: Account[] = accountRows
      .map((a) => {
        const of = (flag: 'can_entry' | 'can_review', authority: string) =>
          rights.filter((r) => r.account_no === a.account_no && r[flag]).flatMap((r) => {
            const seat = seats.get(r.user_no);
            return seat?.authorities.has(authority) && seat.enterprise_no === plan.enterprise_no ? [seat] : [];
          });
        return {
          account_no: a.account_no,
          currency: a.currency,
          third_party: a.third_party_enterprise_no,
          balance: Number(a.balance),
          single: a.single === null ? null : Number(a.single),
          daily: a.daily === null ? null : Number(a.daily),
          makers: of('can_entry', 'INSTRUCTION_ENTRY'),
          reviewers: of('can_review', 'INSTRUCTION_REVIEW'),
        };
      })
      .filter((a) => a.makers.length > 0 && a.balance > 0);
    if (accounts.length === 0) continue;

    const held = new Map<string, number>();
    const daily = new Map<string, number>();
    const confirmersOf = (a: Account) => (a.third_party ? holding('INSTRUCTION_CONFIRM', a.third_party) : []);
    const confirmReviewersOf = (a: Account) => (a.third_party ? holding('INSTRUCTION_CONFIRM_REVIEW', a.third_party) : []);
    /** Whether some seat may perform every step up to `state` on the account. */
    const reachable = (a: Account, state: InstructionStatus) => {
      if (state === '00' || state === '10' || state === '90') return true;
      if (!a.reviewers.some((r) => a.makers.some((m) => m.user_id !== r.user_id))) return false;
      const tp = a.third_party !== null;
      if (THIRD_PARTY_ONLY.has(state) && !tp) return false;
      if (tp && !['11'].includes(state) && (confirmersOf(a).length === 0 || (state !== '20' && state !== '21' && confirmReviewersOf(a).length === 0))) return false;
      if (['40', '41', '50', '60'].includes(state) && checkers.length === 0) return false;
      if (state === '60' && executors.length === 0) return false;
      return true;
    };

    for (let n = 0; n < plan.count; n += 1) {
      let state = pickState(rnd);
      let candidates = accounts.filter((a) => reachable(a, state));
      if (candidates.length === 0) {
        // Nobody here may take it that far: a submitted or draft one instead.
        state = rnd.chance(0.6) ? '10' : rnd.pick(['00', '90'] as const);
        candidates = accounts;
      }
      const account = rnd.pick(candidates);
      const tp = account.third_party !== null;
      const pending = PENDING.has(state);
      const done = state === '60' || state === '90';

      // When: done ones over the last 90 days; pending ones recent, a fifth of them past their value date.
      const expired = pending && state !== '50' && rnd.chance(0.2);
      const today = dayStart(now);
      const createdDay = done ? today - rnd.int(1, 89) * DAY : expired ? today - rnd.int(3, 12) * DAY : today - rnd.int(0, state === '00' ? 20 : 6) * DAY;
      const valueDay = expired ? Math.min(today - DAY, createdDay + rnd.int(0, 2) * DAY) : done ? createdDay + rnd.int(0, 3) * DAY : Math.max(today, createdDay) + rnd.int(0, 7) * DAY;
      // Value dates are business days: the ones still ahead move to the next, the others to the last.
      const drawn = formatDate(valueDay);
      const valueDate = DEMO_DAYS.isBusinessDay(drawn) ? drawn : expired || done ? DEMO_DAYS.previousBusinessDay(drawn) : DEMO_DAYS.nextBusinessDay(drawn);

      // How much: within the single limit, the daily limit and, while held, 60 % of the balance; executed ones small.
      const dayKey = `${account.account_no}|${valueDate}`;
      const counts = pending || state === '60';
      let cap = Math.min(account.single ?? Infinity, state === '60' ? account.balance * 0.02 : pending ? account.balance * 0.6 - (held.get(account.account_no) ?? 0) : account.balance);
      if (counts && account.daily !== null) cap = Math.min(cap, account.daily - (daily.get(dayKey) ?? 0));
      cap = Math.floor(cap * 100) / 100;
      // Too little room left on this account: skip the draw (the count is a target, not a promise).
      if (cap < 1000) continue;
      const amount = drawAmount(rnd, cap);
      if (pending) held.set(account.account_no, (held.get(account.account_no) ?? 0) + amount);
      if (counts) daily.set(dayKey, (daily.get(dayKey) ?? 0) + amount);

      // Who: the maker, then a reviewer other than the maker, the institution's two seats, the custodian's two staff.
      const reviewed = !['00', '10', '90'].includes(state);
      const maker = rnd.pick(reviewed ? account.makers.filter((m) => account.reviewers.some((r) => r.user_id !== m.user_id)) : account.makers);
      const reviewer = () => rnd.pick(account.reviewers.filter((r) => r.user_id !== maker.user_id));
      const confirmer = () => rnd.pick(confirmersOf(account));
      const confirmReviewer = (c: Seat) => rnd.pick(confirmReviewersOf(account).filter((s) => s.user_id !== c.user_id));
      const checker = (r: Seat) => rnd.pick(checkers.filter((s) => s.user_id !== maker.user_id && s.user_id !== r.user_id));
      const steps: Step[] = [{ action: 'create', seat: maker }];
      const refuse = (action: InstructionAction, seat: Seat, reasons: readonly string[]) => steps.push({ action, seat, reason: rnd.pick(reasons) });
      if (state !== '00') {
        if (state === '90' && rnd.chance(0.4)) {
          steps.push({ action: 'revoke', seat: maker, reason: rnd.pick(REVOKE_REASONS) });
        } else {
          steps.push({ action: 'submit', seat: maker });
          // Some that went on were refused once on the way, edited and resubmitted.
          const r = state === '10' || state === '90' ? null : reviewer();
          if (r && ['40', '41', '50', '60'].includes(state) && rnd.chance(0.15)) {
            refuse('reviewRefuse', r, REFUSALS.review);
            steps.push({ action: 'edit', seat: maker }, { action: 'submit', seat: maker });
          }
          if (state === '11') refuse('reviewRefuse', r!, REFUSALS.review);
          else if (r) {
            steps.push({ action: 'reviewPass', seat: r });
            if (tp) {
              const c = confirmer();
              if (state === '21') refuse('confirmRefuse', c, REFUSALS.confirm);
              else if (state !== '20') {
                steps.push({ action: 'confirmPass', seat: c });
                if (state === '31') refuse('confirmReviewRefuse', confirmReviewer(c), REFUSALS.confirmReview);
                else if (state !== '30') steps.push({ action: 'confirmReviewPass', seat: confirmReviewer(c) });
              }
            }
            if (state === '41') refuse('checkRefuse', checker(r), REFUSALS.check);
            else if (state === '50' || state === '60') {
              const k = checker(r);
              steps.push({ action: 'checkPass', seat: k });
              if (state === '60') steps.push({ action: 'execute', seat: rnd.pick(executors.filter((s) => s.user_id !== k.user_id)) });
            }
          }
          if (state === '90') {
            if (account.reviewers.some((x) => x.user_id !== maker.user_id) && rnd.chance(0.5)) refuse('reviewRefuse', reviewer(), REFUSALS.review);
            steps.push({ action: 'revoke', seat: maker, reason: rnd.pick(REVOKE_REASONS) });
          }
        }
      }

      // The timeline: business hours on the day of entry, minutes to hours between steps, never after now.
      let at = createdDay + rnd.int(9 * 60, 16 * 60) * MINUTE;
      const times = steps.map((s, i) => (i === 0 ? at : (at += (s.action === 'submit' && steps[i - 1]!.action === 'create' && rnd.chance(0.7) ? 0 : rnd.int(8, 200)) * MINUTE)));
      const overshoot = times.at(-1)! - (now - MINUTE);
      const shifted = overshoot > 0 ? times.map((t) => t - overshoot) : times;

      let status: InstructionStatus | null = null;
      let refuseReason: string | null = null;
      const written = steps.map((step, i) => {
        const from = status;
        const to = step.action === 'create' ? '00' : nextStatus(status!, step.action, { hasThirdParty: tp });
        if (to === null) throw new Error(`demo instruction: ${step.action} not allowed from ${status}`);
        status = to;
        refuseReason = step.action.endsWith('Refuse') ? step.reason! : step.action === 'edit' ? refuseReason : null;
        return { step, at: shifted[i]!, from, to };
      });
      if (status !== state) throw new Error(`demo instruction ended in ${status}, meant ${state}`);
      const type = rnd.pick(Object.keys(PURPOSES));
      const payee = rnd.pick(PAYEES);
      // An add that submits writes version 0 with two history rows; every later write adds one.
      const inOneAdd = written.length > 1 && written[1]!.at === written[0]!.at;
      instructions.push({
        row: {
          instruction_no: '',
          enterprise_no: plan.enterprise_no,
          type,
          payer_account_no: account.account_no,
          payee_name: payee.name,
          payee_account_no: payee.accountNo,
          payee_bank: payee.bank,
          payee_cnaps: payee.cnaps,
          amount: amount.toFixed(2),
          currency: account.currency,
          value_date: valueDate,
          purpose: rnd.pick(PURPOSES[type]!),
          remark: rnd.pick(REMARKS),
          third_party_enterprise_no: account.third_party,
          status: state,
          refuse_reason: refuseReason,
          version: written.length - (inOneAdd ? 2 : 1),
          created_by_user_id: maker.user_id,
          created_by_user_no: maker.user_no,
          created_at: new Date(written[0]!.at),
          updated_at: new Date(written.at(-1)!.at),
        },
        steps: written,
      });
    }
  }
  if (instructions.length === 0) return;

  // Numbers in the order of entry, from the server's own sequence, so later instructions never collide.
  instructions.sort((a, b) => (a.row.created_at as Date).getTime() - (b.row.created_at as Date).getTime());
  const { rows: seqs } = await sql<{ seq: string }>`select nextval('instruction_no_seq')::text as seq from generate_series(1, ${instructions.length})`.execute(trx);
  instructions.forEach((ins, i) => {
    ins.row.instruction_no = `ZL${formatDate(ins.row.created_at as Date).replace(/-/g, '')}${seqs[i]!.seq.padStart(8, '0')}`;
  });

  const history: Insertable<InstructionHistoryTable>[] = [];
  for (let i = 0; i < instructions.length; i += 200) {
    const chunk = instructions.slice(i, i + 200);
    const ids = await trx.insertInto('instructions').values(chunk.map((c) => c.row)).returning('id').execute();
    chunk.forEach((c, j) => {
      for (const { step, at, from, to } of c.steps) {
        history.push({
          instruction_id: ids[j]!.id,
          action: step.action,
          from_status: from,
          to_status: to,
          result: step.action.endsWith('Pass') ? 'pass' : step.action.endsWith('Refuse') ? 'refuse' : null,
          reason: step.reason ?? null,
          user_id: step.seat.user_id,
          user_no: step.seat.user_no,
          sign_code: null,
          sign_data: null,
          sign_msg: null,
          created_at: new Date(at),
        });
      }
    });
  }
  for (let i = 0; i < history.length; i += 500) await trx.insertInto('instruction_history').values(history.slice(i, i + 500)).execute();
  await seedNearCutoff(trx, now);
}
