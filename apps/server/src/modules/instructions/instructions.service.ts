import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import {
  DUTY_OF,
  RETURN_CODES,
  accountsApi,
  approvalRound,
  withinLimit,
  dutyConflict,
  dutyConflictMessage,
  deadlineOf,
  executionTiming,
  formatDate,
  instructionCutoffMessage,
  instructionsApi,
  isExpired,
  moneyRefusal,
  nextStatus,
  notBusinessDayMessage,
  toCents,
  valueDateRefusal,
  type CustodyDay,
  type InstructionAction,
  type InstructionStatus,
  type InstructionView,
  type OperationParsed,
  type PerformedDuty,
  type AuditEventCode,
  type StaleBatch,
} from '@portal/shared';
import { approvalFor, limitsOf } from '../approval-rules';
import { notify, type Notified } from '../messages';
import type { AppContext } from '../../app-context';
import type { DB } from '../../db/schema';
import { auditedTransaction, recordAudit, type AuditedSignature } from '../../platform/audit';
import type { BankSigner } from '../../platform/bank-document';
import { businessNow } from '../../platform/business-clock';
import { refuse } from '../../platform/refuse';
import type { SessionInfo } from '../../platform/sessions';
import { verifyOperationSignature } from '../../platform/verify-signature';
import { writeSheet } from '../../platform/xlsx';
import { AppError } from '../../plugins/errors';
import { currentCustodyDay } from '../cutoffs';
import { checkTemplateUse, type TemplateUse } from '../templates';
import type { ClaimList, InstructionClaims } from './claims';
import { evidencePack } from './evidence';
import {
  attachmentCount,
  availableOf,
  batchMoney,
  countInstructions,
  debitBalance,
  deleteAttachment,
  findAttachment,
  findDetail,
  historySteps,
  holdsRight,
  insertAttachment,
  insertHistory,
  insertInstruction,
  instructionChunks,
  listInstructions,
  lockAttachment,
  lockBalance,
  lockInstructions,
  lockPayerAccount,
  moneyHeld,
  nextInstructionSeq,
  payerAccountsOf,
  recordsOf,
  setApproval,
  setStatus,
  reviewersOf,
  setThirdParty,
  updateInstruction,
  type Scope,
} from './instructions.queries';
import { INSTRUCTION_COLUMNS } from './sheets';

type Trx = Transaction<DB>;
type Input<Op> = OperationParsed<Op>;
const M = instructionsApi.INSTRUCTION_MESSAGES;

const stale = () => refuse(M.stale);
const staleBatch = (rows: readonly { id: number; instruction_no: string }[]) =>
  new AppError(RETURN_CODES.INVALID_PARAMETER, `${M.stale}：${rows.map((r) => r.instruction_no).join('、')}`, { stale: rows.map((r) => r.id) } satisfies StaleBatch);
const notFound = () => new AppError(RETURN_CODES.NOT_FOUND, '指令不存在');
/** The columns a maker enters, from an add or an update; the third party comes from the account, never the maker. */
const entered = (input: Omit<Input<typeof instructionsApi.instructionAdd>, 'submit'>, thirdParty: string | null) => ({
  type: input.type,
  payer_account_no: input.payerAccountNo,
  payee_name: input.payeeName,
  payee_account_no: input.payeeAccountNo,
  payee_bank: input.payeeBank,
  payee_cnaps: input.payeeCnaps,
  amount: input.amount,
  currency: input.currency,
  value_date: input.valueDate,
  purpose: input.purpose,
  remark: input.remark,
  third_party_enterprise_no: thirdParty,
});

const CONTENT_TYPES: Record<string, string> = { pdf: 'application/pdf', jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png' };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Locked = { id: number; instruction_no: string; enterprise_no: string; type: string; payer_account_no: string; payee_account_no: string; amount: string; currency: string; value_date: string; third_party_enterprise_no: string | null; template_id: number | null; template_revision: number | null; status: InstructionStatus; created_by_user_id: number; created_by_user_no: string; approval_rule_id: number | null; approvals_required: number; approved_by: number[] };

/** What a signature lists of an instruction, from the server's own row (docs/signing.md). */
const signedFieldsOf = (r: Locked) => ({ instructionNo: r.instruction_no, payerAccountNo: r.payer_account_no, payeeAccountNo: r.payee_account_no, amount: r.amount, currency: r.currency, valueDate: r.value_date });
/** A review also signs the round each instruction is at. */
const reviewSignedFieldsOf = (r: Locked) => ({ ...signedFieldsOf(r), approvalRound: approvalRound(r.approved_by.length, r.approvals_required) });
/** What the state machine needs of a locked row: its third party and its counted reviews. */
const flowFacts = (r: Locked) => ({ hasThirdParty: r.third_party_enterprise_no !== null, approvalsRequired: r.approvals_required, approvalsDone: r.approved_by.length });

/** Who acts: a customer seat or a bank staff member; `userId` is the login across all its seats. */
type Actor = Pick<SessionInfo, 'userId' | 'userNo' | 'enterpriseNo'>;
/** One step of an instruction's history: the action and the status it moved from and to. */
type HistoryStep = { id: number; action: string; from: string | null; to: string };
type PayerAccount = NonNullable<Awaited<ReturnType<typeof lockPayerAccount>>>;

const DECISIONS = {
  review: { pass: 'reviewPass', refuse: 'reviewRefuse', event: 'instruction.review' },
  confirm: { pass: 'confirmPass', refuse: 'confirmRefuse', event: 'instruction.confirm' },
  confirmReview: { pass: 'confirmReviewPass', refuse: 'confirmReviewRefuse', event: 'instruction.confirm_review' },
  check: { pass: 'checkPass', refuse: 'checkRefuse', event: 'instruction.check' },
} as const satisfies Record<string, { pass: InstructionAction; refuse: InstructionAction; event: AuditEventCode }>;
export type DecisionKind = keyof typeof DECISIONS;

/**
 * The writes of instructions. Each runs in one transaction: instruction rows locked in id order,
 * then payer accounts in account order (so two writers never wait on each other in a circle),
 * the state machine of `rules/instruction-flow.ts`, segregation of duties across the login's
 * seats, the money checks, the history row and the audit entry, or nothing at all.
 */
/** Who returned an instruction, as its maker's notification says. */
const REFUSED_BY: Record<DecisionKind, string> = { review: '复核', confirm: '第三方确认', confirmReview: '第三方确认复核', check: '托管行审核' };
const INSTRUCTION_QUERY_PATH = '/instructionManagement/instructionQuery/index';
const INSTRUCTION_REVIEW_PATH = '/instructionManagement/instructionReview/index';

export class InstructionDesk {
  readonly #ctx: AppContext;
  /** Tells 消息中心's seats after a commit (modules/messages); nothing without it. */
  readonly #announce: (notified: Notified[]) => Promise<void>;

  constructor(ctx: AppContext, announce: (notified: Notified[]) => Promise<void> = async () => undefined) {
    this.#ctx = ctx;
    this.#announce = announce;
  }

  /** The custody day the request is judged on (platform/business-clock.ts). */
  #day = (request: FastifyRequest) => currentCustodyDay(this.#ctx, businessNow(this.#ctx, request));

  #write<T>(request: FastifyRequest, event: AuditEventCode, target: Record<string, unknown>, work: (trx: Trx, now: Date) => Promise<{ result: T; detail: Record<string, unknown> }>): Promise<T> {
    return auditedTransaction(this.#ctx.database, request, event, target, new Date(this.#ctx.now()), work);
  }

  async #lock(trx: Trx, ids: readonly number[]): Promise<Locked[]> {
    const rows = await lockInstructions(trx, ids);
    const byId = new Map(rows.map((r) => [r.id, r as Locked]));
    return ids.map((id) => {
      const row = byId.get(id);
      if (!row) throw notFound();
      return row;
    });
  }

  /** The payer account as an instruction may use it: added, used, status 00, of the enterprise, with the seat's right; locked. */
  async #payerAccount(trx: Trx, enterpriseNo: string, accountNo: string, userNo: string | null, right: 'can_entry' | 'can_review' | null): Promise<PayerAccount> {
    const row = await lockPayerAccount(trx, accountNo);
    if (!row || row.enterprise_no !== enterpriseNo) throw refuse(`账号${accountNo}不是本企业已添加的网银账户`);
    if (row.used !== 1) throw refuse(`账号${accountNo}已停用`);
    if (row.status !== accountsApi.ACCOUNT_STATUS_USABLE) throw refuse(`账号${accountNo}状态不正常，不能办理指令`);
    if (right && userNo) {
      if (!(await holdsRight(trx, userNo, accountNo, right))) throw new AppError(RETURN_CODES.FORBIDDEN, right === 'can_entry' ? `您没有账号${accountNo}的指令录入权限` : `您没有账号${accountNo}的指令复核权限`);
    }
    return row;
  }

  /** Available balance and limits for one instruction of `amount` on a locked account (the instruction itself excluded). */
  async #checkMoney(trx: Trx, account: { account_no: string; balance: string; single_limit: string | null; daily_limit: string | null }, id: number | null, amount: string, valueDate: string) {
    const held = (await moneyHeld(trx, [account.account_no], valueDate, id)).get(account.account_no);
    const refusal = moneyRefusal(amount, {
      available: availableOf(account.balance, held),
      singleLimit: account.single_limit,
      dailyLimit: account.daily_limit,
      dailyUsed: held?.daily ?? '0',
    });
    if (refusal) throw refuse(M[refusal]);
  }

  /** Steps of instructions' history, written in one statement however many there are. */
  async #history(trx: Trx, now: Date, actor: Actor, steps: HistoryStep[], extra: { result?: 'pass' | 'refuse'; reason?: string; signature?: AuditedSignature } = {}) {
    if (steps.length === 0) return;
    await insertHistory(
      trx,
      steps.map((step) => ({
        instruction_id: step.id,
        action: step.action,
        from_status: step.from,
        to_status: step.to,
        result: extra.result ?? null,
        reason: extra.reason || null,
        user_id: actor.userId,
        user_no: actor.userNo,
        sign_code: extra.signature?.code ?? null,
        sign_data: extra.signature?.data ?? null,
        sign_msg: extra.signature?.signMsg ?? null,
        created_at: now,
      })),
    );
  }

  async #setStatus(trx: Trx, now: Date, id: number, from: InstructionStatus, to: InstructionStatus, refuseReason: string | null, approvedBy?: readonly number[]) {
    if ((await setStatus(trx, now, id, from, to, refuseReason, approvedBy)) !== 1) throw stale();
  }

  /** A value date the maker enters: not before today, a business day, its cut-off still ahead. */
  #checkValueDate(day: CustodyDay, entered: { type: string; currency: string; valueDate: string }) {
    if (entered.valueDate < day.today) throw refuse(M.valueDatePast);
    const refusal = valueDateRefusal(day, entered);
    if (refusal) throw refuse(refusal);
  }

  /**
   * An instruction a step sends on (submit, or a pass on the way to the custodian's check): its
   * value date a business day and its cut-off still ahead, else the maker must re-date or revoke it.
   */
  #checkOnTime(day: CustodyDay, row: Locked) {
    const notBusiness = notBusinessDayMessage(day.calendar, row.value_date);
    if (notBusiness) throw refuse(`指令${row.instruction_no}：${notBusiness}`);
    const deadline = deadlineOf(day, { type: row.type, currency: row.currency, valueDate: row.value_date });
    if (day.now >= deadline) throw refuse(instructionCutoffMessage(row.instruction_no, deadline));
  }

  /** Duties already performed on each instruction: its maker's entry and every step of its history (one query for all). */
  async #performed(trx: Trx, rows: readonly Locked[]): Promise<Map<number, PerformedDuty[]>> {
    const duties = new Map<number, PerformedDuty[]>(rows.map((row) => [row.id, [{ duty: 'entry', userId: row.created_by_user_id }]]));
    for (const step of await historySteps(trx, rows.map((r) => r.id))) {
      if (step.action in DUTY_OF) duties.get(step.instruction_id)!.push({ duty: DUTY_OF[step.action as InstructionAction], userId: step.user_id });
    }
    return duties;
  }

  /** The template columns of an instruction made from `use`, once its locked fields are checked (modules/templates). */
  async #template(trx: Trx, session: SessionInfo, use: TemplateUse | null, input: Omit<Input<typeof instructionsApi.instructionAdd>, 'submit'>) {
    if (!use) return {};
    const name = await checkTemplateUse(trx, session.enterpriseNo, use, input);
    return { template_id: use.templateId, template_revision: use.revision, template_name: name };
  }

  async add(request: FastifyRequest, session: SessionInfo, input: Input<typeof instructionsApi.instructionAdd>) {
    const day = await this.#day(request);
    const id = await this.#write(request, 'instruction.add', { payerAccountNo: input.payerAccountNo, amount: input.amount, submit: input.submit }, async (trx, now) => {
      this.#checkValueDate(day, input);
      const template = await this.#template(trx, session, input.templateId === undefined ? null : { templateId: input.templateId, revision: input.templateRevision!, fresh: true }, input);
      const account = await this.#payerAccount(trx, session.enterpriseNo, input.payerAccountNo, session.userNo, 'can_entry');
      if (input.submit) await this.#checkMoney(trx, account, null, input.amount, input.valueDate);
      const seq = await nextInstructionSeq(trx);
      const status: InstructionStatus = input.submit ? '10' : '00';
      const approval = input.submit ? await approvalFor(trx, { enterpriseNo: session.enterpriseNo, type: input.type, payerAccountNo: input.payerAccountNo, amount: input.amount }) : null;
      const inserted = await insertInstruction(trx, {
        instruction_no: `ZL${formatDate(now).replace(/-/g, '')}${seq.padStart(8, '0')}`,
        enterprise_no: session.enterpriseNo,
        ...entered(input, account.third_party_enterprise_no),
        ...template,
        ...(approval ? { approval_rule_id: approval.ruleId, approvals_required: approval.required } : {}),
        status,
        created_by_user_id: session.userId,
        created_by_user_no: session.userNo,
        created_at: now,
        updated_at: now,
      });
      const created: HistoryStep = { id: inserted.id, action: 'create', from: null, to: '00' };
      await this.#history(trx, now, session, input.submit ? [created, { id: inserted.id, action: 'submit', from: '00', to: '10' }] : [created]);
      return { result: inserted.id, detail: { id: inserted.id, instructionNo: inserted.instruction_no, status } };
    });
    return (await recordsOf(this.#ctx.database.db, [id], day))[0]!;
  }

  async update(request: FastifyRequest, session: SessionInfo, input: Input<typeof instructionsApi.instructionUpdate>) {
    const day = await this.#day(request);
    await this.#write(request, 'instruction.update', { id: input.id }, async (trx, now) => {
      const [row] = await this.#lock(trx, [input.id]);
      this.#ownMaker(row!, session);
      if (nextStatus(row!.status, 'edit', { hasThirdParty: false }) === null) throw stale();
      this.#checkValueDate(day, input);
      // An instruction made from a template keeps its locked fields whatever became of the template since.
      if (row!.template_id !== null) await this.#template(trx, session, { templateId: row!.template_id, revision: row!.template_revision!, fresh: false }, input);
      const account = await this.#payerAccount(trx, session.enterpriseNo, input.payerAccountNo, session.userNo, 'can_entry');
      const done = await updateInstruction(trx, input.id, input.version, { ...entered(input, account.third_party_enterprise_no), updated_at: now });
      if (done !== 1) throw stale();
      await this.#history(trx, now, session, [{ id: row!.id, action: 'edit', from: row!.status, to: row!.status }]);
      return { result: null, detail: { before: row, after: { amount: input.amount, valueDate: input.valueDate, payerAccountNo: input.payerAccountNo } } };
    });
    return (await recordsOf(this.#ctx.database.db, [input.id], day))[0]!;
  }

  #ownMaker(row: Pick<Locked, 'enterprise_no' | 'created_by_user_no'>, session: Actor) {
    if (row.enterprise_no !== session.enterpriseNo) throw notFound();
    if (row.created_by_user_no !== session.userNo) throw new AppError(RETURN_CODES.FORBIDDEN, '只能处理本人录入的指令');
  }

  async submit(request: FastifyRequest, session: SessionInfo, ids: readonly number[]) {
    const day = await this.#day(request);
    const notified: Notified[] = [];
    await this.#write(request, 'instruction.submit', { ids }, async (trx, now) => {
      const rows = await this.#lock(trx, [...ids].sort((a, b) => a - b));
      for (const row of rows) {
        this.#ownMaker(row, session);
        if (nextStatus(row.status, 'submit', { hasThirdParty: false }) === null) throw stale();
        if (row.value_date < day.today) throw refuse(M.valueDatePast);
        this.#checkOnTime(day, row);
      }
      const steps: HistoryStep[] = [];
      for (const row of [...rows].sort((a, b) => a.payer_account_no.localeCompare(b.payer_account_no) || a.id - b.id)) {
        const account = await this.#payerAccount(trx, session.enterpriseNo, row.payer_account_no, session.userNo, 'can_entry');
        // The new third party, should the account have changed it since the draft.
        await setThirdParty(trx, row.id, account.third_party_enterprise_no);
        // Submit moves the row to 10 first, so the next one of the batch counts it as held.
        await this.#checkMoney(trx, account, row.id, row.amount, row.value_date);
        // The rule in force now decides how many reviewers it needs; what passed it before counts no more.
        const approval = await approvalFor(trx, { enterpriseNo: row.enterprise_no, type: row.type, payerAccountNo: row.payer_account_no, amount: row.amount });
        await setApproval(trx, row.id, approval.ruleId, approval.required);
        await this.#setStatus(trx, now, row.id, row.status, '10', null);
        steps.push({ id: row.id, action: 'submit', from: row.status, to: '10' });
      }
      await this.#history(trx, now, session, steps);
      // The instructions reach their accounts' reviewers' queues: each hears of it once per account, with this write.
      const byAccount = new Map<string, typeof rows>();
      for (const r of rows) byAccount.set(r.payer_account_no, [...(byAccount.get(r.payer_account_no) ?? []), r]);
      for (const [accountNo, of] of byAccount) {
        notified.push(
          await notify(trx, {
            recipients: reviewersOf(trx, accountNo, session.userId),
            kind: 'instruction',
            title: `有${of.length}笔指令待您复核`,
            body: `付款账号${accountNo}的指令${of.map((r) => r.instruction_no).join('、')}已提交，请及时复核。`,
            link: INSTRUCTION_REVIEW_PATH,
            at: now,
          }),
        );
      }
      return { result: null, detail: { instructions: rows.map((r) => r.instruction_no) } };
    });
    await this.#announce(notified);
    return recordsOf(this.#ctx.database.db, ids, day);
  }

  async revoke(request: FastifyRequest, session: SessionInfo, input: { id: number; reason: string }) {
    const day = await this.#day(request);
    await this.#write(request, 'instruction.revoke', { id: input.id }, async (trx, now) => {
      const [row] = await this.#lock(trx, [input.id]);
      this.#ownMaker(row!, session);
      if (nextStatus(row!.status, 'revoke', { hasThirdParty: false }) === null) throw stale();
      await this.#setStatus(trx, now, row!.id, row!.status, '90', null);
      await this.#history(trx, now, session, [{ id: row!.id, action: 'revoke', from: row!.status, to: '90' }], { reason: input.reason });
      return { result: null, detail: { instructionNo: row!.instruction_no, from: row!.status, reason: input.reason } };
    });
    return (await recordsOf(this.#ctx.database.db, [input.id], day))[0]!;
  }

  /** Attaches a file to an instruction its maker may still edit, up to ATTACHMENT_MAX files. */
  async attach(request: FastifyRequest, session: SessionInfo, input: Input<typeof instructionsApi.attachmentUpload>) {
    const extension = input.fileName.slice(input.fileName.lastIndexOf('.') + 1).toLowerCase();
    const content = Buffer.from(input.content, 'base64');
    return this.#ctx.database.db.transaction().execute(async (trx) => {
      const [row] = await this.#lock(trx, [input.instructionId]);
      this.#ownMaker(row!, session);
      if (nextStatus(row!.status, 'edit', { hasThirdParty: false }) === null) throw stale();
      if ((await attachmentCount(trx, row!.id)) >= instructionsApi.ATTACHMENT_MAX) throw refuse(instructionsApi.ATTACHMENT_MAX_MESSAGE);
      const attachment = await insertAttachment(trx, {
        instruction_id: row!.id,
        file_name: input.fileName,
        content_type: CONTENT_TYPES[extension]!,
        size: content.length,
        content,
        uploaded_by: session.userNo,
        uploaded_at: new Date(this.#ctx.now()),
      });
      await recordAudit(trx, request, { event: 'instruction.attachment_upload', outcome: 'success', detail: { instructionId: row!.id, fileName: input.fileName, size: content.length } });
      return attachment;
    });
  }

  /** Removes an attachment of an instruction its maker may still edit. */
  async detach(request: FastifyRequest, session: SessionInfo, id: number) {
    await this.#ctx.database.db.transaction().execute(async (trx) => {
      const target = await lockAttachment(trx, id);
      if (!target || target.enterprise_no !== session.enterpriseNo) throw new AppError(RETURN_CODES.NOT_FOUND, '附件不存在');
      this.#ownMaker(target, session);
      if (nextStatus(target.status as InstructionStatus, 'edit', { hasThirdParty: false }) === null) throw stale();
      await deleteAttachment(trx, target.id);
      await recordAudit(trx, request, { event: 'instruction.attachment_remove', outcome: 'success', detail: { instructionId: target.instruction_id, fileName: target.file_name } });
    });
  }

  /**
   * A pass or refusal of a batch (review, confirm, confirm review, custodian check), all or
   * nothing: scope, state, segregation of duties, expiry and cut-off of each pass, the signature
   * over the server's own listing, then the money re-checked for each pass. A refusal is always
   * allowed: it returns the instruction to its maker, who may re-date it.
   */
  async decide(request: FastifyRequest, session: SessionInfo, kind: DecisionKind, input: { ids: number[]; result: 'pass' | 'refuse'; reason: string; signMsg: string }) {
    const spec = DECISIONS[kind];
    const day = await this.#day(request);
    const action: InstructionAction = input.result === 'pass' ? spec.pass : spec.refuse;
    const notified: Notified[] = [];
    await this.#write(request, spec.event, { ids: input.ids, result: input.result }, async (trx, now) => {
      const rows = await this.#lock(trx, [...input.ids].sort((a, b) => a - b));
      const byId = new Map(rows.map((r) => [r.id, r]));
      const ordered = input.ids.map((id) => byId.get(id)!);
      for (const row of ordered) {
        if (kind === 'review' && row.enterprise_no !== session.enterpriseNo) throw notFound();
        if ((kind === 'confirm' || kind === 'confirmReview') && row.third_party_enterprise_no !== session.enterpriseNo) throw notFound();
      }
      // Every instruction that changed under the batch is named, so the client can send the rest.
      const moved = ordered.filter((row) => nextStatus(row.status, action, flowFacts(row)) === null);
      if (moved.length > 0) throw staleBatch(moved);
      const performed = await this.#performed(trx, ordered);
      const limits = kind === 'review' && input.result === 'pass' ? await limitsOf(trx, ordered.flatMap((r) => (r.approval_rule_id === null ? [] : [r.approval_rule_id]))) : new Map();
      for (const row of ordered) {
        const duty = DUTY_OF[action];
        const earlier = dutyConflict(duty, session.userId, performed.get(row.id)!);
        if (earlier) throw new AppError(RETURN_CODES.FORBIDDEN, dutyConflictMessage(duty, earlier));
        if (input.result !== 'pass') continue;
        if (kind === 'review') {
          // Each pass of a counted review is a different person; a reviewer's limit binds him only.
          if (row.approved_by.includes(session.userId)) throw new AppError(RETURN_CODES.FORBIDDEN, `指令${row.instruction_no}：${M.approvedAlready}`);
          if (!withinLimit(limits.get(row.approval_rule_id) ?? [], session.userNo, row.amount)) throw new AppError(RETURN_CODES.FORBIDDEN, `指令${row.instruction_no}：${M.overApprovalLimit}`);
        }
        if (isExpired(row.status, row.value_date, day.today)) throw refuse(`指令${row.instruction_no}：${M.expired}`);
        this.#checkOnTime(day, row);
      }
      const signature = await verifyOperationSignature(trx, request, input, { instructions: ordered.map(kind === 'review' ? reviewSignedFieldsOf : signedFieldsOf) });
      const steps: HistoryStep[] = [];
      // Each payer account is locked and its right checked once: its row cannot change under the lock.
      const accounts = new Map<string, Promise<PayerAccount>>();
      const payerAccount = (row: Locked) => {
        let account = accounts.get(row.payer_account_no);
        if (!account) {
          const reviewer = kind === 'review' ? session.userNo : null;
          account = this.#payerAccount(trx, row.enterprise_no, row.payer_account_no, reviewer, reviewer ? 'can_review' : null);
          accounts.set(row.payer_account_no, account);
        }
        return account;
      };
      for (const row of [...ordered].sort((a, b) => a.payer_account_no.localeCompare(b.payer_account_no) || a.id - b.id)) {
        const to = nextStatus(row.status, action, flowFacts(row))!;
        if (input.result === 'pass' && kind !== 'check') {
          await this.#checkMoney(trx, await payerAccount(row), row.id, row.amount, row.value_date);
        } else if (kind === 'review') {
          await payerAccount(row);
        }
        // A review pass is counted; a refusal at review returns it with no pass standing.
        const approvedBy = kind !== 'review' ? undefined : input.result === 'pass' ? [...row.approved_by, session.userId] : [];
        await this.#setStatus(trx, now, row.id, row.status, to, input.result === 'refuse' ? input.reason : null, approvedBy);
        steps.push({ id: row.id, action, from: row.status, to });
      }
      await this.#history(trx, now, session, steps, { result: input.result, reason: input.reason, signature });
      // A refusal returns each instruction to its maker: they hear of it in 消息中心, with this write.
      if (input.result === 'refuse') {
        for (const row of ordered) {
          notified.push(
            await notify(trx, {
              recipients: [row.created_by_user_no],
              kind: 'instruction',
              title: `指令${row.instruction_no}已被退回`,
              body: `${REFUSED_BY[kind]}退回，原因：${input.reason}`,
              link: INSTRUCTION_QUERY_PATH,
              at: now,
            }),
          );
        }
      }
      return { result: null, detail: { instructions: ordered.map((r) => r.instruction_no), reason: input.reason } };
    });
    await this.#announce(notified);
    return recordsOf(this.#ctx.database.db, input.ids, day);
  }

  /**
   * Execution (→ 60) on the value date (China's today): refused before it, and after it only with
   * the reason it is late. Signed over the server's own row; the register balance goes down by the
   * amount in the same transaction.
   */
  async execute(request: FastifyRequest, session: SessionInfo, input: Input<typeof instructionsApi.custodianExecute>) {
    const { id, reason } = input;
    const day = await this.#day(request);
    const notified: Notified[] = [];
    await this.#write(request, 'instruction.execute', { id }, async (trx, now) => {
      const [row] = await this.#lock(trx, [id]);
      if (nextStatus(row!.status, 'execute', { hasThirdParty: false }) === null) throw stale();
      const timing = executionTiming(row!.value_date, day.today);
      if (timing === 'early') throw refuse(`指令${row!.instruction_no}起息日为${row!.value_date}，${M.executeEarly}`);
      if (timing === 'late' && reason === '') throw refuse(`指令${row!.instruction_no}起息日为${row!.value_date}，${M.lateReason}`);
      const earlier = dutyConflict('execute', session.userId, (await this.#performed(trx, [row!])).get(row!.id)!);
      if (earlier) throw new AppError(RETURN_CODES.FORBIDDEN, dutyConflictMessage('execute', earlier));
      const signature = await verifyOperationSignature(trx, request, input, signedFieldsOf(row!));
      const account = await lockBalance(trx, row!.payer_account_no);
      if (toCents(account.balance)! < toCents(row!.amount)!) throw refuse(M.balance);
      await debitBalance(trx, row!.payer_account_no, row!.amount, now);
      await this.#setStatus(trx, now, row!.id, row!.status, '60', null);
      await this.#history(trx, now, session, [{ id: row!.id, action: 'execute', from: row!.status, to: '60' }], { reason, signature });
      // Done: the maker hears of it in 消息中心, with this write.
      notified.push(
        await notify(trx, {
          recipients: [row!.created_by_user_no],
          kind: 'instruction',
          title: `指令${row!.instruction_no}已执行`,
          body: `付款账号${row!.payer_account_no}的指令（金额 ${row!.amount} 元）已由托管行执行完毕。`,
          link: INSTRUCTION_QUERY_PATH,
          at: now,
        }),
      );
      return { result: null, detail: { instructionNo: row!.instruction_no, amount: row!.amount, accountNo: row!.payer_account_no, balanceBefore: account.balance, ...(reason ? { reason } : {}) } };
    });
    await this.#announce(notified);
    return (await recordsOf(this.#ctx.database.db, [id], day))[0]!;
  }
}

/** The authority each customer view needs. */
const VIEW_AUTHORITY: Record<InstructionView, readonly string[]> = {
  entry: ['INSTRUCTION_ENTRY'],
  review: ['INSTRUCTION_REVIEW'],
  confirm: ['INSTRUCTION_CONFIRM'],
  confirmReview: ['INSTRUCTION_CONFIRM_REVIEW'],
  all: ['INSTRUCTION_QUERY', 'INSTRUCTION_ENTRY', 'INSTRUCTION_REVIEW'],
};

function viewScope(session: SessionInfo, view: InstructionView): Scope {
  const { enterpriseNo, userNo, authorities } = session;
  if (!VIEW_AUTHORITY[view].some((a) => authorities.includes(a))) throw new AppError(RETURN_CODES.FORBIDDEN);
  switch (view) {
    case 'entry':
      return { kind: 'maker', enterpriseNo, userNo };
    case 'review':
      return { kind: 'reviewer', enterpriseNo, userNo };
    case 'confirm':
    case 'confirmReview':
      return { kind: 'thirdParty', enterpriseNo };
    case 'all':
      return { kind: 'enterprise', enterpriseNo };
  }
}

/** Every scope in which the session may see one instruction (its own enterprise's, or as third party). */
function detailScopes(session: SessionInfo): Scope[] {
  return (['all', 'confirm', 'confirmReview'] as const).filter((v) => VIEW_AUTHORITY[v].some((a) => session.authorities.includes(a))).map((v) => viewScope(session, v));
}

const CUSTODIAN_STATUSES: Record<(typeof instructionsApi.CUSTODIAN_VIEWS)[number], readonly InstructionStatus[] | undefined> = { check: ['40'], execute: ['50'], all: undefined };
const CUSTODIAN: Scope = { kind: 'custodian' };

/** The custodian's check list as its checkers share it. */
const CHECK_LIST: ClaimList = { step: 'check', owner: 'staff', scope: { kind: 'custodian', statuses: CUSTODIAN_STATUSES.check } };

/** A customer's view as the people of its enterprise (or institution) working it share it; null for a view that is no step's list. */
function customerClaimList(session: SessionInfo, view: InstructionView, scope: Scope): ClaimList | null {
  const step = instructionsApi.CUSTOMER_CLAIM_STEPS.find((s) => s === view);
  return step ? { step, owner: `enterprise:${session.enterpriseNo}`, scope } : null;
}

/**
 * The reads of instructions: a customer sees them through the views its authorities open (its
 * enterprise's, its own entries or reviews, or as third-party institution), the custodian through
 * the statuses of its desk; an attachment goes with its instruction; a download is audited.
 */
export class InstructionViews {
  readonly #ctx: AppContext;
  readonly #claims: InstructionClaims;

  constructor(ctx: AppContext, claims: InstructionClaims) {
    this.#ctx = ctx;
    this.#claims = claims;
  }

  get #db() {
    return this.#ctx.database.db;
  }

  /** The custody day a read is judged on: 已过期 and the standing against each cut-off. */
  #day = (request: FastifyRequest) => currentCustodyDay(this.#ctx, businessNow(this.#ctx, request));

  /** One page of a view; in a step's list, the rows others have selected are named and go last. */
  async list(request: FastifyRequest, session: SessionInfo, input: Input<typeof instructionsApi.instructionQuery>) {
    const scope = viewScope(session, input.view);
    const page = await listInstructions(this.#db, scope, input, await this.#day(request));
    return { ...page, records: await this.#claims.mark(session.userId, customerClaimList(session, input.view, scope), page.records) };
  }

  /** The rows the caller has selected now in a customer step's list (`instruction/claim`). */
  claim(session: SessionInfo, step: (typeof instructionsApi.CUSTOMER_CLAIM_STEPS)[number], ids: readonly number[]) {
    return this.#claims.claim(session.userId, customerClaimList(session, step, viewScope(session, step))!, ids);
  }

  /** The rows the checker has selected now in the custodian's check list. */
  custodianClaim(session: SessionInfo, ids: readonly number[]) {
    return this.#claims.claim(session.userId, CHECK_LIST, ids);
  }

  detail(request: FastifyRequest, session: SessionInfo, id: number) {
    return this.#detail(request, detailScopes(session), id);
  }

  /** The accounts the seat may enter instructions on, with their money on the value date (today unless asked). */
  async payerAccounts(request: FastifyRequest, session: SessionInfo, asked: string | undefined) {
    const valueDate = asked ?? formatDate(businessNow(this.#ctx, request));
    return { valueDate, accounts: await payerAccountsOf(this.#db, session.enterpriseNo, session.userNo, valueDate) };
  }

  /** The money of the accounts a review batch pays from (`instruction/batchAccounts`). */
  async batchAccounts(session: SessionInfo, ids: readonly number[]) {
    return { accounts: await batchMoney(this.#db, viewScope(session, 'review'), ids) };
  }

  attachment(request: FastifyRequest, session: SessionInfo, id: number) {
    return this.#attachment(request, detailScopes(session), id);
  }

  /** The list of one view as xlsx, its filters applied. */
  async sheet(request: FastifyRequest, session: SessionInfo, input: Input<typeof instructionsApi.instructionDownload>) {
    const scope = viewScope(session, input.view);
    const total = await countInstructions(this.#db, scope, input);
    if (total > instructionsApi.INSTRUCTION_DOWNLOAD_MAX_ROWS) throw refuse(`导出数据共${total}条，超过${instructionsApi.INSTRUCTION_DOWNLOAD_MAX_ROWS}条，请缩小查询范围`);
    const day = await this.#day(request);
    const body = await writeSheet('指令列表', INSTRUCTION_COLUMNS, instructionChunks(this.#db, scope, input, day));
    await recordAudit(this.#ctx.database, request, { event: 'instruction.download', outcome: 'success', detail: { filters: input, rows: total } });
    return { fileName: `指令列表_${day.today.replace(/-/g, '')}.xlsx`, contentType: XLSX, body };
  }

  async custodianList(request: FastifyRequest, session: SessionInfo, input: Input<typeof instructionsApi.custodianQuery>) {
    const page = await listInstructions(this.#db, { kind: 'custodian', statuses: CUSTODIAN_STATUSES[input.view] }, input, await this.#day(request));
    return { ...page, records: await this.#claims.mark(session.userId, input.view === 'check' ? CHECK_LIST : null, page.records) };
  }

  custodianDetail(request: FastifyRequest, id: number) {
    return this.#detail(request, [CUSTODIAN], id);
  }

  custodianAttachment(request: FastifyRequest, id: number) {
    return this.#attachment(request, [CUSTODIAN], id);
  }

  /** The 证据包 of an instruction the caller sees (a session's scopes, or the custodian's). */
  async evidence(request: FastifyRequest, session: SessionInfo | null, id: number, signer: BankSigner) {
    const detail = await this.#detail(request, session ? detailScopes(session) : [CUSTODIAN], id);
    const pack = await evidencePack(this.#db, signer, detail, new Date(this.#ctx.now()));
    await recordAudit(this.#ctx.database, request, { event: 'instruction.evidence', outcome: 'success', detail: { id, instructionNo: detail.instructionNo, bytes: pack.body.length } });
    return pack;
  }

  async #detail(request: FastifyRequest, scopes: readonly Scope[], id: number) {
    const detail = await findDetail(this.#db, scopes, id, await this.#day(request));
    if (!detail) throw notFound();
    return detail;
  }

  /** An attachment of an instruction visible in one of `scopes`. */
  async #attachment(request: FastifyRequest, scopes: readonly Scope[], id: number) {
    const file = await findAttachment(this.#db, id);
    if (!file || !(await findDetail(this.#db, scopes, file.instruction_id, await this.#day(request)))) throw new AppError(RETURN_CODES.NOT_FOUND, '附件不存在');
    return { fileName: file.file_name, contentType: file.content_type, body: Buffer.from(file.content) };
  }
}
