import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import {
  RETURN_CODES,
  editKind,
  payeesApi,
  requestProblem,
  sameMakerAndReviewer,
  statusAfterDecision,
  statusWhilePending,
  type AuditEventCode,
  type OperationParsed,
  type PayeeChangeKind,
  type PayeeRecord,
  type PayeeStatus,
} from '@portal/shared';
import type { AppContext } from '../../app-context';
import type { DB } from '../../db/schema';
import { takeTurns } from '../../db/sql-helpers';
import { auditedTransaction } from '../../platform/audit';
import { refuse } from '../../platform/refuse';
import type { SessionInfo } from '../../platform/sessions';
import { verifyOperationSignature } from '../../platform/verify-signature';
import { AppError } from '../../plugins/errors';
import { bankByCnaps, changeOwner, decideChange, duplicatePayee, findPayee, insertChange, insertPayee, lockChange, lockPayee, lockPendingChange, updatePayee } from './payees.queries';

type Trx = Transaction<DB>;
type Input<Op> = OperationParsed<Op>;
type Fields = Input<typeof payeesApi.payeeAdd>;
const M = payeesApi.PAYEE_MESSAGES;

const notFound = () => new AppError(RETURN_CODES.NOT_FOUND, M.notFound);

/** Proposals of one enterprise take turns, so two makers cannot both add the same account at once. */
const bookLock = (enterpriseNo: string) => 7_262_100_000_000_000 + (Number.parseInt(enterpriseNo, 10) % 10_000_000_000 || 0);

/**
 * The writes of the payee book, each in one transaction with its audit entry: the payee row
 * locked, the state machine of `rules/payee-book.ts`, the CNAPS code checked against the
 * bank-code table, a change row (the history) written or decided, or nothing at all. The
 * enterprise is always the session's.
 */
export class PayeeDesk {
  readonly #ctx: AppContext;

  constructor(ctx: AppContext) {
    this.#ctx = ctx;
  }

  /** A write answering the payee as it now reads. */
  #write(
    request: FastifyRequest,
    session: SessionInfo,
    event: AuditEventCode,
    target: Record<string, unknown>,
    work: (trx: Trx, now: Date) => Promise<{ id: number; detail: Record<string, unknown> }>,
  ): Promise<PayeeRecord> {
    return auditedTransaction(this.#ctx.database, request, event, target, new Date(this.#ctx.now()), async (trx, now) => {
      const { id, detail } = await work(trx, now);
      return { result: (await findPayee(trx, session.enterpriseNo, id))!, detail };
    });
  }

  /** The version a maker proposes, with the bank's name from the table; refused when the code is unknown or the account is already in the book. */
  async #proposal(trx: Trx, enterpriseNo: string, fields: Fields, exceptId: number | null) {
    await takeTurns(this.#ctx.database, trx, bookLock(enterpriseNo));
    const bank = await bankByCnaps(trx, fields.cnaps);
    if (!bank) throw refuse(M.cnapsUnknown);
    if (await duplicatePayee(trx, enterpriseNo, fields.accountNo, fields.cnaps, exceptId)) throw refuse(M.duplicate);
    return { name: fields.name, account_no: fields.accountNo, cnaps: fields.cnaps, bank_name: bank.bankName, remark: fields.remark };
  }

  #requester(session: SessionInfo) {
    return { status: 'pending' as const, requested_by_user_id: session.userId, requested_by_user_no: session.userNo };
  }

  add(request: FastifyRequest, session: SessionInfo, input: Fields) {
    return this.#write(request, session, 'payee.add', { name: input.name, accountNo: input.accountNo, cnaps: input.cnaps }, async (trx, now) => {
      const proposal = await this.#proposal(trx, session.enterpriseNo, input, null);
      const id = await insertPayee(trx, {
        enterprise_no: session.enterpriseNo,
        status: statusWhilePending('add'),
        ...proposal,
        refuse_reason: null,
        created_by_user_id: session.userId,
        created_by_user_no: session.userNo,
        created_at: now,
        updated_at: now,
      });
      const changeId = await insertChange(trx, { payee_id: id, kind: 'add', ...proposal, ...this.#requester(session), requested_at: now });
      return { id, detail: { payeeId: id, changeId, bankName: proposal.bank_name } };
    });
  }

  /** An edit of an effective payee waits beside it; a refused new payee is proposed again (待复核). */
  update(request: FastifyRequest, session: SessionInfo, input: Input<typeof payeesApi.payeeUpdate>) {
    return this.#write(request, session, 'payee.update', { id: input.id }, async (trx, now) => {
      const row = await this.#locked(trx, session, input.id, input.version, 'edit');
      const proposal = await this.#proposal(trx, session.enterpriseNo, input, row.id);
      const same = proposal.name === row.name && proposal.account_no === row.account_no && proposal.cnaps === row.cnaps && proposal.remark === row.remark;
      if (same && row.status === '20') throw refuse(M.unchanged);
      const kind = editKind(row.status);
      const changeId = await insertChange(trx, { payee_id: row.id, kind, ...proposal, ...this.#requester(session), requested_at: now });
      // A new payee proposed again shows what now waits; an effective one keeps its version until the edit passes.
      await updatePayee(trx, row.id, kind === 'add' ? { status: statusWhilePending(kind), ...proposal, refuse_reason: null } : {}, now);
      return { id: row.id, detail: { changeId, kind, before: { name: row.name, accountNo: row.account_no, cnaps: row.cnaps }, after: { name: proposal.name, accountNo: proposal.account_no, cnaps: proposal.cnaps } } };
    });
  }

  delete(request: FastifyRequest, session: SessionInfo, input: Input<typeof payeesApi.payeeDelete>) {
    return this.#write(request, session, 'payee.delete', { id: input.id }, async (trx, now) => {
      const row = await this.#locked(trx, session, input.id, input.version, 'delete');
      const { name, account_no, cnaps, bank_name, remark } = row;
      const changeId = await insertChange(trx, { payee_id: row.id, kind: 'delete', name, account_no, cnaps, bank_name, remark, ...this.#requester(session), requested_at: now });
      await updatePayee(trx, row.id, {}, now);
      return { id: row.id, detail: { changeId, name, accountNo: account_no } };
    });
  }

  /** The payee, locked, the version the maker saw, and in a state that takes the request. */
  async #locked(trx: Trx, session: SessionInfo, id: number, version: number, request: 'edit' | 'delete') {
    const row = await lockPayee(trx, session.enterpriseNo, id);
    if (!row) throw notFound();
    const pending = await lockPendingChange(trx, row.id);
    const problem = requestProblem(row.status, pending !== undefined, request);
    if (problem) throw refuse(M[problem]);
    if (row.version !== version) throw refuse(M.stale);
    return row;
  }

  /**
   * A reviewer's decision on one waiting change: scoped to the session's enterprise, never by its
   * maker, signed over the change as the server holds it; a pass applies it to the payee.
   */
  review(request: FastifyRequest, session: SessionInfo, input: Input<typeof payeesApi.payeeReview>) {
    return this.#write(request, session, 'payee.review', { changeId: input.changeId, result: input.result }, async (trx, now) => {
      const owner = await changeOwner(trx, input.changeId);
      const payee = owner && (await lockPayee(trx, session.enterpriseNo, owner.payee_id));
      if (!payee) throw new AppError(RETURN_CODES.NOT_FOUND, '收款人变更不存在');
      const change = await lockChange(trx, input.changeId);
      if (change.status !== 'pending') throw refuse(M.changeNotPending);
      if (sameMakerAndReviewer(change.requested_by_user_id, session.userId)) throw new AppError(RETURN_CODES.FORBIDDEN, M.sameUser);
      const signature = await verifyOperationSignature(trx, request, input, { kind: change.kind, name: change.name, accountNo: change.account_no, cnaps: change.cnaps });
      const kind: PayeeChangeKind = change.kind;
      const to: PayeeStatus = statusAfterDecision(kind, input.result);
      const reason = input.result === 'refuse' ? input.reason : input.reason || null;
      await decideChange(trx, change.id, {
        status: input.result === 'pass' ? 'approved' : 'refused',
        decided_by_user_id: session.userId,
        decided_by_user_no: session.userNo,
        decided_at: now,
        reason,
        sign_code: signature.code,
        sign_data: signature.data,
        sign_msg: signature.signMsg,
      });
      const applied = input.result === 'pass' && kind !== 'delete' ? { name: change.name, account_no: change.account_no, cnaps: change.cnaps, bank_name: change.bank_name, remark: change.remark } : {};
      await updatePayee(trx, change.payee_id, { status: to, ...applied, refuse_reason: kind === 'add' && input.result === 'refuse' ? input.reason : null }, now);
      return { id: change.payee_id, detail: { payeeId: change.payee_id, kind, from: payee.status, to, name: change.name, accountNo: change.account_no, ...(reason ? { reason } : {}) } };
    });
  }
}
