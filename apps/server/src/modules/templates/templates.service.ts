import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import {
  RETURN_CODES,
  editKind,
  isUsablePayee,
  lockedFieldsChanged,
  lockedFieldsMessage,
  sameMakerAndReviewer,
  statusAfterDecision,
  statusAfterWithdrawal,
  statusWhilePending,
  templateRequestProblem,
  templatesApi,
  type AuditEventCode,
  type OperationParsed,
  type PayeeStatus,
  type TemplateField,
  type TemplateRecord,
  type TemplateValues,
} from '@portal/shared';
import type { AppContext } from '../../app-context';
import type { DB } from '../../db/schema';
import { takeTurns } from '../../db/sql-helpers';
import { auditedTransaction } from '../../platform/audit';
import { refuse } from '../../platform/refuse';
import type { SessionInfo } from '../../platform/sessions';
import { verifyOperationSignature } from '../../platform/verify-signature';
import { AppError } from '../../plugins/errors';
import { usableEbankAccounts } from '../accounts';
import { findPayee } from '../payees';
import {
  approvedVersion,
  changeOwner,
  closeChange,
  findTemplate,
  insertChange,
  insertTemplate,
  lockChange,
  lockPendingChange,
  lockTemplate,
  sameNamedTemplate,
  updateTemplate,
  type Content,
} from './templates.queries';

type Trx = Transaction<DB>;
type Input<Op> = OperationParsed<Op>;
type Fields = Input<typeof templatesApi.templateAdd>;
const M = templatesApi.TEMPLATE_MESSAGES;

const notFound = () => new AppError(RETURN_CODES.NOT_FOUND, M.notFound);

/** Proposals of one enterprise take turns, so two makers cannot both name a template alike at once. */
const bookLock = (enterpriseNo: string) => 7_262_200_000_000_000 + (Number.parseInt(enterpriseNo, 10) % 10_000_000_000 || 0);

const contentOf = (r: Content): Content => ({
  name: r.name,
  type: r.type,
  payer_account_no: r.payer_account_no,
  payee_id: r.payee_id,
  payee_name: r.payee_name,
  payee_account_no: r.payee_account_no,
  payee_bank: r.payee_bank,
  payee_cnaps: r.payee_cnaps,
  purpose: r.purpose,
  locked: r.locked,
});

const sameContent = (a: Content, b: Content) => JSON.stringify(contentOf(a)) === JSON.stringify(contentOf(b));

/**
 * The writes of instruction templates, each in one transaction with its audit entry: the
 * template row locked, the state machine of `rules/instruction-template.ts`, the payer account and
 * the payee checked to be the enterprise's (an effective payee, copied as the book holds it), a
 * change row (the history) written, decided or withdrawn, or nothing at all. The enterprise is
 * always the session's.
 */
export class TemplateDesk {
  readonly #ctx: AppContext;

  constructor(ctx: AppContext) {
    this.#ctx = ctx;
  }

  #write(
    request: FastifyRequest,
    session: SessionInfo,
    event: AuditEventCode,
    target: Record<string, unknown>,
    work: (trx: Trx, now: Date) => Promise<{ id: number; detail: Record<string, unknown> }>,
  ): Promise<TemplateRecord> {
    return auditedTransaction(this.#ctx.database, request, event, target, new Date(this.#ctx.now()), async (trx, now) => {
      const { id, detail } = await work(trx, now);
      return { result: (await findTemplate(trx, session.enterpriseNo, id))!, detail };
    });
  }

  /** The version a maker proposes: the account and the payee the enterprise's, the name its only live one. */
  async #proposal(trx: Trx, enterpriseNo: string, fields: Fields, exceptId: number | null): Promise<Content> {
    await takeTurns(this.#ctx.database, trx, bookLock(enterpriseNo));
    if ((await usableEbankAccounts(trx, enterpriseNo, fields.payerAccountNo)).length === 0) throw refuse(M.payerAccount);
    const payee = await findPayee(trx, enterpriseNo, fields.payeeId);
    if (!payee || !isUsablePayee(payee.status as PayeeStatus)) throw refuse(M.payee);
    if (await sameNamedTemplate(trx, enterpriseNo, fields.name, exceptId)) throw refuse(M.duplicateName);
    return {
      name: fields.name,
      type: fields.type,
      payer_account_no: fields.payerAccountNo,
      payee_id: payee.id,
      payee_name: payee.name,
      payee_account_no: payee.accountNo,
      payee_bank: payee.bankName,
      payee_cnaps: payee.cnaps,
      purpose: fields.purpose,
      locked: fields.locked,
    };
  }

  #requester(session: SessionInfo) {
    return { status: 'pending' as const, requested_by_user_id: session.userId, requested_by_user_no: session.userNo };
  }

  add(request: FastifyRequest, session: SessionInfo, input: Fields) {
    return this.#write(request, session, 'template.add', { name: input.name }, async (trx, now) => {
      const proposal = await this.#proposal(trx, session.enterpriseNo, input, null);
      const id = await insertTemplate(trx, {
        enterprise_no: session.enterpriseNo,
        status: statusWhilePending('add'),
        ...proposal,
        refuse_reason: null,
        created_by_user_id: session.userId,
        created_by_user_no: session.userNo,
        created_at: now,
        updated_at: now,
      });
      const changeId = await insertChange(trx, { template_id: id, kind: 'add', ...proposal, ...this.#requester(session), requested_at: now });
      return { id, detail: { templateId: id, changeId, payeeAccountNo: proposal.payee_account_no, locked: proposal.locked } };
    });
  }

  /** An edit of an effective template waits beside it (the approved version stays usable); a refused new one is proposed again. */
  update(request: FastifyRequest, session: SessionInfo, input: Input<typeof templatesApi.templateUpdate>) {
    return this.#write(request, session, 'template.update', { id: input.id }, async (trx, now) => {
      const row = await this.#locked(trx, session, input.id, input.version, 'edit');
      const proposal = await this.#proposal(trx, session.enterpriseNo, input, row.id);
      if (row.status === '20' && sameContent(proposal, row)) throw refuse(M.unchanged);
      const kind = editKind(row.status);
      const changeId = await insertChange(trx, { template_id: row.id, kind, ...proposal, ...this.#requester(session), requested_at: now });
      await updateTemplate(trx, row.id, kind === 'add' ? { status: statusWhilePending(kind), ...proposal, refuse_reason: null } : {}, now);
      return { id: row.id, detail: { changeId, kind, before: contentOf(row), after: proposal } };
    });
  }

  delete(request: FastifyRequest, session: SessionInfo, input: Input<typeof templatesApi.templateDelete>) {
    return this.#write(request, session, 'template.delete', { id: input.id }, async (trx, now) => {
      const row = await this.#locked(trx, session, input.id, input.version, 'delete');
      const changeId = await insertChange(trx, { template_id: row.id, kind: 'delete', ...contentOf(row), ...this.#requester(session), requested_at: now });
      await updateTemplate(trx, row.id, {}, now);
      return { id: row.id, detail: { changeId, name: row.name } };
    });
  }

  /** The maker takes back the change they proposed: kept in the history as 已撤回; a never-approved template goes with it. */
  withdraw(request: FastifyRequest, session: SessionInfo, input: Input<typeof templatesApi.templateWithdraw>) {
    return this.#write(request, session, 'template.withdraw', { id: input.id }, async (trx, now) => {
      const row = await lockTemplate(trx, session.enterpriseNo, input.id);
      if (!row) throw notFound();
      const change = await lockPendingChange(trx, row.id);
      if (!change) throw refuse(M.changeNotPending);
      if (row.version !== input.version) throw refuse(M.stale);
      if (change.requested_by_user_id !== session.userId) throw new AppError(RETURN_CODES.FORBIDDEN, M.withdrawOwnOnly);
      await closeChange(trx, change.id, { status: 'withdrawn', revision: null, decided_by_user_id: null, decided_by_user_no: null, decided_at: now, reason: null, sign_code: null, sign_data: null, sign_msg: null });
      await updateTemplate(trx, row.id, { status: statusAfterWithdrawal(change.kind) }, now);
      return { id: row.id, detail: { changeId: change.id, kind: change.kind } };
    });
  }

  /** The template, locked, at the version the maker saw, in a state that takes the request. */
  async #locked(trx: Trx, session: SessionInfo, id: number, version: number, request: 'edit' | 'delete') {
    const row = await lockTemplate(trx, session.enterpriseNo, id);
    if (!row) throw notFound();
    const pending = await lockPendingChange(trx, row.id);
    const problem = templateRequestProblem(row.status, pending !== undefined, request);
    if (problem) throw refuse(M[problem]);
    if (row.version !== version) throw refuse(M.stale);
    return row;
  }

  /**
   * A reviewer's decision on one waiting change: scoped to the session's enterprise, never by its
   * maker, signed over the change as the server holds it; a pass applies it and numbers the version.
   */
  review(request: FastifyRequest, session: SessionInfo, input: Input<typeof templatesApi.templateReview>) {
    return this.#write(request, session, 'template.review', { changeId: input.changeId, result: input.result }, async (trx, now) => {
      const owner = await changeOwner(trx, input.changeId);
      const template = owner && (await lockTemplate(trx, session.enterpriseNo, owner.template_id));
      if (!template) throw new AppError(RETURN_CODES.NOT_FOUND, M.changeNotFound);
      const change = await lockChange(trx, input.changeId);
      if (change.status !== 'pending') throw refuse(M.changeNotPending);
      if (sameMakerAndReviewer(change.requested_by_user_id, session.userId)) throw new AppError(RETURN_CODES.FORBIDDEN, M.sameUser);
      const signature = await verifyOperationSignature(trx, request, input, {
        kind: change.kind,
        name: change.name,
        type: change.type,
        payerAccountNo: change.payer_account_no,
        payeeAccountNo: change.payee_account_no,
        payeeCnaps: change.payee_cnaps,
        purpose: change.purpose,
        locked: change.locked,
      });
      const pass = input.result === 'pass';
      const applies = pass && change.kind !== 'delete';
      const revision = applies ? template.revision + 1 : null;
      const reason = pass ? input.reason || null : input.reason;
      await closeChange(trx, change.id, {
        status: pass ? 'approved' : 'refused',
        revision,
        decided_by_user_id: session.userId,
        decided_by_user_no: session.userNo,
        decided_at: now,
        reason,
        sign_code: signature.code,
        sign_data: signature.data,
        sign_msg: signature.signMsg,
      });
      const to = statusAfterDecision(change.kind, input.result);
      await updateTemplate(
        trx,
        template.id,
        { status: to, ...(applies ? { ...contentOf(change), revision: revision! } : {}), refuse_reason: change.kind === 'add' && !pass ? input.reason : null },
        now,
      );
      return { id: template.id, detail: { templateId: template.id, kind: change.kind, from: template.status, to, name: change.name, ...(revision ? { revision } : {}), ...(reason ? { reason } : {}) } };
    });
  }
}

/** A template an instruction names: the one it is made from now, or the one it was made from (an edit). */
export interface TemplateUse {
  templateId: number;
  revision: number;
  /** A new instruction needs the template effective at that version; an edit only its locked fields kept. */
  fresh: boolean;
}

/**
 * The name of the template an instruction comes from, once it is known to be the enterprise's,
 * usable and its locked fields unchanged; else the refusal (4xx, before anything is written).
 */
export async function checkTemplateUse(trx: Trx, enterpriseNo: string, use: TemplateUse, entered: TemplateValues): Promise<string> {
  const version = await approvedVersion(trx, enterpriseNo, use.templateId, use.revision);
  if (!version) throw refuse(use.fresh ? M.unusable : M.notFound);
  if (use.fresh && version.status !== '20') throw refuse(M.unusable);
  if (use.fresh && version.current_revision !== use.revision) throw refuse(M.revision);
  const template: TemplateValues = {
    type: version.type,
    payerAccountNo: version.payer_account_no,
    payeeName: version.payee_name,
    payeeAccountNo: version.payee_account_no,
    payeeBank: version.payee_bank,
    payeeCnaps: version.payee_cnaps,
    purpose: version.purpose,
  };
  const message = lockedFieldsMessage(version.name, lockedFieldsChanged(version.locked as TemplateField[], template, entered));
  if (message) throw refuse(message);
  return version.name;
}
