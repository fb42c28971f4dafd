import { randomUUID } from 'node:crypto';
import { businessCalendar, custodyDayAt, cutoffsApi, defaultValueDateOf, formatDate, instructionsApi, noticesApi, sessionApi, signingDataToSend, signingDataTooLong, type AnyOperation, type InstructionRecord, type OperationData, accountsApi, warningsApi } from '@portal/shared';
import { PAYEES, PURPOSES } from '../../apps/server/src/seed/instructions-data';
import { apiSession, type Answer } from '../lib/api-login';
import type { LoadUser } from './load-users';
import type { Recorder } from './recorder';

type Session = Awaited<ReturnType<typeof apiSession>>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** At most this many instructions in one signed batch (and never more than the signing data holds). */
const BATCH = 10;
/** The share of successful adds sent once more with the same key, to see the first answer again. */
const REPEAT_SHARE = 0.1;
/** Sends of a write whose answer did not come, its key kept, before giving up. */
const MAX_ATTEMPTS = 8;
/** How long a maker keeps the value date the server offered (`instruction/custodyDay`) before asking again. */
const VALUE_DATE_MS = 60_000;

/** What a batch signature lists of each row, as the list showed it. */
const listing = (rows: readonly InstructionRecord[]) =>
  instructionsApi.signedListing(rows, true);
const passing = (rows: readonly InstructionRecord[]) => ({ ids: rows.map((r) => r.id), result: 'pass' as const, reason: '', instructions: listing(rows) });
/** The longest prefix of `rows` whose batch signature fits the signing limit. */
function fitting(rows: readonly InstructionRecord[], op: AnyOperation) {
  const batch: InstructionRecord[] = [];
  for (const row of rows.slice(0, BATCH)) {
    if (signingDataTooLong(signingDataToSend(op, passing([...batch, row])))) break;
    batch.push(row);
  }
  return batch;
}
const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;
/** One of `actions` drawn by weight. */
function draw(actions: [number, () => Promise<void>][]) {
  let r = Math.random() * actions.reduce((s, [w]) => s + w, 0);
  for (const [w, act] of actions) if ((r -= w) < 0) return act;
  return actions[0]![1];
}

/**
 * A virtual user: one login (its own device key), then the business mix of its duty with a
 * think time of 0 to `thinkMs` between actions, every call timed by the phase's recorder.
 */
export class VirtualUser {
  #session: Session | null = null;
  #seq = 0;
  #ids: number[] = [];
  /** The value date entry offers (today before the cut-off, else the next business day), and when it was asked. */
  #valueDate: { date: string; at: number } | null = null;
  /** What the last keyed send's Retry-After asked for, in ms. */
  #retryDelay: number | null = null;
  rec!: Recorder;

  constructor(
    readonly user: LoadUser,
    readonly userNo: string,
    readonly accounts: readonly string[],
    readonly login: (username: string) => Promise<Session>,
    readonly phaseTag: () => string,
  ) {}

  async signIn() {
    this.#session = await this.login(this.user.username);
  }

  /** Loops the mix until `until()` says stop. */
  async run(until: () => boolean, thinkMs: number) {
    while (!until()) {
      await this.#act();
      if (thinkMs > 0) await sleep(Math.random() * thinkMs);
    }
  }

  async #call(kind: string, op: AnyOperation, input: unknown, headers: Record<string, string> = {}): Promise<Answer | null> {
    const start = this.rec.now();
    try {
      if (!this.#session) {
        this.rec.relogins++;
        await this.signIn();
      }
      const answer = await this.#session!.request(op, input, headers);
      this.rec.record(kind, start, answer);
      // A session the portal no longer knows: the next call logs in again, as a person would.
      if (answer.returnCode === '040001') this.#session = null;
      return answer.returnCode === '000000' ? answer : null;
    } catch (err) {
      this.rec.record(kind, start, err as Error);
      return null;
    }
  }

  #act() {
    const u = this.user;
    const home = (): Promise<void> => this.#call('home counts', sessionApi.messageReminder, {}).then(() => undefined);
    const detail = (staff: boolean) => async () => {
      if (this.#ids.length > 0) await this.#call('instruction detail', staff ? instructionsApi.custodianDetail : instructionsApi.instructionDetail, { id: pick(this.#ids) });
    };
    const accounts = async () => void (await this.#call('account list', accountsApi.queryAccountInfo, { page: 1, limit: 10 }));
    switch (u.role) {
      case 'maker':
        return draw([
          [15, home],
          [20, async () => void (await this.#list('entry'))],
          [10, detail(false)],
          [10, accounts],
          [30, () => this.#add()],
          [8, () => this.#handleWarning()],
          [7, () => this.#readNotice()],
        ])();
      case 'reviewer':
        return draw([
          [20, home],
          [50, () => this.#review()],
          [10, detail(false)],
          [10, accounts],
          [10, () => this.#readNotice()],
        ])();
      case 'checker':
        return draw([
          [15, home],
          [70, () => this.#check()],
          [15, detail(true)],
        ])();
      case 'executor':
        return draw([
          [10, home],
          [80, () => this.#execute()],
          [10, detail(true)],
        ])();
    }
  }

  async #list(view: 'entry' | 'review', status?: string) {
    const answer = await this.#call(view === 'entry' ? 'instruction list' : 'review list', instructionsApi.instructionQuery, { page: 1, limit: view === 'entry' ? 10 : 50, view, ...(status ? { status } : {}) });
    const records = (answer?.data as { records: InstructionRecord[] } | undefined)?.records ?? [];
    if (records.length > 0) this.#ids = records.map((r) => r.id);
    return records;
  }

  /** instruction/add, submitted at once, with an Idempotency-Key: retried with its key until answered, sometimes repeated after success. */
  async #add() {
    const key = `scale-${this.phaseTag()}-${this.user.index}-${++this.#seq}-${randomUUID().slice(0, 8)}`;
    const payee = pick(PAYEES);
    const input = {
      type: '01',
      payerAccountNo: pick(this.accounts),
      payeeName: payee.name,
      payeeAccountNo: payee.accountNo,
      payeeBank: payee.bank,
      payeeCnaps: payee.cnaps,
      amount: (1_000 + Math.floor(Math.random() * 19_900_000) / 100).toFixed(2),
      currency: 'CNY',
      valueDate: await this.#offeredValueDate(),
      purpose: pick(PURPOSES['01']!),
      // The key in the remark: the check after the run finds every instruction a key made.
      remark: key,
      submit: true,
    };
    const headers = { 'idempotency-key': key };
    let answer = await this.#sendKeyed('instruction add+submit', input, headers);
    if (answer === 'unanswered') {
      this.rec.retried.writes++;
      for (let attempt = 2; attempt <= MAX_ATTEMPTS && answer === 'unanswered'; attempt++) {
        this.rec.retried.attempts++;
        await sleep(this.#retryDelay ?? Math.min(4_000, 250 * 2 ** attempt));
        answer = await this.#sendKeyed('instruction add+submit (retry with key)', input, headers);
      }
      if (answer === 'unanswered') this.rec.retried.gaveUp++;
      else this.rec.retried.settled++;
    }
    if (answer === 'unanswered' || answer === 'refused') return;
    this.rec.acknowledged.adds.set(key, { id: answer.id, instructionNo: answer.instructionNo, amount: answer.amount, account: answer.payerAccountNo });
    this.#ids = [answer.id, ...this.#ids].slice(0, 10);
    if (Math.random() < REPEAT_SHARE) {
      this.rec.repeats.sent++;
      const again = await this.#sendKeyed('instruction add+submit (repeat with key)', input, headers);
      if (again === 'unanswered' || again === 'refused') this.rec.repeats.failed++;
      else if (again.id === answer.id && again.instructionNo === answer.instructionNo) this.rec.repeats.sameAnswer++;
      else this.rec.repeats.otherAnswer++;
    }
  }

  /** One send of a keyed write: the record it answered, a refusal, or 'unanswered' (no answer, 5xx, 429: the outcome is unknown, so it is sent again). */
  async #sendKeyed(kind: string, input: unknown, headers: Record<string, string>): Promise<InstructionRecord | 'refused' | 'unanswered'> {
    const start = this.rec.now();
    this.#retryDelay = null;
    try {
      if (!this.#session) {
        this.rec.relogins++;
        await this.signIn();
      }
      const answer = await this.#session!.request(instructionsApi.instructionAdd, input, headers);
      this.rec.record(kind, start, answer);
      if (answer.returnCode === '000000') return answer.data as InstructionRecord;
      if (answer.returnCode === '040001') this.#session = null;
      if (answer.status >= 500 || answer.status === 429 || answer.status === 0 || answer.returnCode === '040001') {
        const seconds = Number(answer.retryAfter);
        if (answer.retryAfter !== null && Number.isFinite(seconds)) this.#retryDelay = Math.min(10_000, seconds * 1_000);
        return 'unanswered';
      }
      return 'refused';
    } catch (err) {
      this.rec.record(kind, start, err as Error);
      return 'unanswered';
    }
  }

  /**
   * The value date the entry form would offer now, as the server judges it. When it cannot say (an
   * outage), the date it last offered, or today, kept for this call only: a guess kept for a
   * minute would outlive the outage (today is no business day at a weekend).
   */
  async #offeredValueDate() {
    if (!this.#valueDate || Date.now() - this.#valueDate.at > VALUE_DATE_MS) {
      const answer = await this.#call('custody day', cutoffsApi.custodyDay, {});
      const day = answer?.data as OperationData<typeof cutoffsApi.custodyDay> | undefined;
      if (!day) return this.#valueDate?.date ?? formatDate(Date.now());
      this.#valueDate = { date: defaultValueDateOf(custodyDayAt(Date.parse(day.now), businessCalendar(day.days), day.cutoffs), '01', 'CNY'), at: Date.now() };
    }
    return this.#valueDate.date;
  }

  async #review() {
    const rows = (await this.#list('review', '10')).filter((r) => !r.expired && r.cutoffState !== 'missed');
    const batch = fitting(rows, instructionsApi.instructionReview);
    if (batch.length === 0) return;
    if (await this.#call('batch review (signed)', instructionsApi.instructionReview, passing(batch))) batch.forEach((r) => this.rec.acknowledged.reviewed.add(r.id));
  }

  /** The rows of this staff member's enterprise in the custodian's `view`, every `peers`-th by id (so two executors never take the same). */
  async #custodianRows(view: 'check' | 'execute') {
    const answer = await this.#call(`custodian ${view} list`, instructionsApi.custodianQuery, { page: 1, limit: 50, view, enterpriseNo: this.user.enterpriseNo });
    const records = (answer?.data as { records: InstructionRecord[] } | undefined)?.records ?? [];
    if (records.length > 0) this.#ids = records.map((r) => r.id);
    // A check passes only before the cut-off; an execution only on the value date (today after a cut-off, the load enters the next business day).
    const today = formatDate(Date.now());
    const open = (r: InstructionRecord) => (view === 'check' ? !r.expired && r.cutoffState !== 'missed' : r.valueDate <= today);
    return records.filter((r) => open(r) && r.id % this.user.peers === this.user.rank);
  }

  async #check() {
    const batch = fitting(await this.#custodianRows('check'), instructionsApi.custodianCheck);
    if (batch.length === 0) return;
    if (await this.#call('custodian check (signed)', instructionsApi.custodianCheck, passing(batch))) batch.forEach((r) => this.rec.acknowledged.checked.add(r.id));
  }

  async #execute() {
    const [row] = await this.#custodianRows('execute');
    if (!row) return;
    if (await this.#call('custodian execute (signed)', instructionsApi.custodianExecute, { id: row.id, instruction: listing([row])[0], reason: '' })) this.rec.acknowledged.executed.add(row.id);
  }

  async #handleWarning() {
    const answer = await this.#call('warning list', warningsApi.preCleaningQuery, { page: 1, limit: 50, status: '0' });
    const records = (answer?.data as { records: { id: number }[] } | undefined)?.records ?? [];
    const mine = records.find((r) => r.id % this.user.peers === this.user.rank);
    if (!mine) return;
    if (await this.#call('warning handle', warningsApi.preCleaningHandle, { ids: [mine.id], remark: '已核实资金安排（压测）' })) this.rec.acknowledged.warningsHandled.add(mine.id);
  }

  async #readNotice() {
    const answer = await this.#call('notice list', noticesApi.noticeQuery, { page: 1, limit: 10, read: 'unread' });
    const records = (answer?.data as { records: { id: number }[] } | undefined)?.records ?? [];
    const notice = records[0];
    if (!notice) return;
    if (await this.#call('notice read', noticesApi.noticeRead, { ids: [notice.id] })) this.rec.acknowledged.noticesRead.push({ userNo: this.userNo, id: notice.id });
  }
}
