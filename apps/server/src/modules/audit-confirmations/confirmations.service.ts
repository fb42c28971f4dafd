import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { auditConfirmationsApi, cashApi, formatDate, RETURN_CODES, type OperationParsed } from '@portal/shared';
import type { AppContext } from '../../app-context';
import type { DB } from '../../db/schema';
import { auditedTransaction, recordAudit } from '../../platform/audit';
import { signedPack, type BankSigner } from '../../platform/bank-document';
import { refuse } from '../../platform/refuse';
import type { SessionInfo } from '../../platform/sessions';
import { AppError } from '../../plugins/errors';
import { contentDisposition } from '../../plugins/file-tickets';
import { sm3Hex } from '../../sm3';
import { accountsInScope, countEntries, statementOf } from '../cash';
import { byToken, documentOf, findConfirmation, keepDocument, listConfirmations, statusOf, toRecord, type DocumentRow } from './confirmations.queries';

type Input<Op> = OperationParsed<Op>;
/** What a document states, as issued. */
interface Terms {
  enterpriseNo: string;
  confirmationNo: string;
  accountNos: readonly string[];
  periodStart: string;
  balanceDate: string;
  auditorName: string;
  auditorFirm: string;
  issuedBy: string;
  expiresAt: Date;
}
const { CONFIRMATION_STATUS } = auditConfirmationsApi;
const { CASH_STATEMENT_MAX_ENTRIES } = cashApi;
const ZIP = 'application/zip';
const notFound = () => new AppError(RETURN_CODES.NOT_FOUND, '询证函不存在');

/** The answer an auditor's browser shows when a link does not open: a small Chinese page. */
function refusalPage(reply: FastifyReply, status: number, message: string) {
  const html = `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>询证函</title><body style="font-family:sans-serif;margin:4em auto;max-width:36em"><h1>询证函无法打开</h1><p>${message}</p><p>如需查看，请联系出具询证函的单位重新出具。</p></body></html>`;
  return reply.code(status).type('text/html; charset=utf-8').send(html);
}

/** 询证函: issue (a document the bank signs, behind a link), list, revoke, download, and the auditor's open. */
export class ConfirmationDesk {
  readonly #ctx: AppContext;
  readonly #signer: BankSigner;

  constructor(ctx: AppContext, signer: BankSigner) {
    this.#ctx = ctx;
    this.#signer = signer;
  }

  get #db() {
    return this.#ctx.database.db;
  }

  #now = () => new Date(this.#ctx.now());

  async accounts(session: SessionInfo) {
    return (await accountsInScope(this.#db, session.enterpriseNo)).filter((a) => a.relation === 'own').map(({ accountNo, accountName, currency }) => ({ accountNo, accountName, currency }));
  }

  async list(session: SessionInfo, input: Input<typeof auditConfirmationsApi.confirmationQuery>) {
    const now = this.#now();
    const page = await listConfirmations(this.#db, session.enterpriseNo, input.page, input.limit);
    return { records: page.records.map((r) => toRecord(r, now)), total: page.total };
  }

  /** The document: the accounts' balances at the date and their statements of the period, signed by the bank now. */
  async #document(db: Kysely<DB>, t: Terms, now: Date) {
    const own = new Map((await accountsInScope(db, t.enterpriseNo)).filter((a) => a.relation === 'own').map((a) => [a.accountNo, a]));
    const accounts = [];
    for (const accountNo of t.accountNos) {
      const account = own.get(accountNo);
      if (!account) throw refuse(`账户${accountNo}不是本企业的托管账户`);
      const n = await countEntries(db, accountNo, t.periodStart, t.balanceDate);
      if (n > CASH_STATEMENT_MAX_ENTRIES) throw refuse(`账户${accountNo}该期间共${n}笔流水，超过${CASH_STATEMENT_MAX_ENTRIES}笔，请缩短期间`);
      const { account: _account, ...statement } = await statementOf(db, account, t.periodStart, t.balanceDate);
      // The balance is the custodian's daily statement's closing on or before the date; null when none covers it.
      accounts.push({ accountNo, accountName: account.accountName, productName: account.productName, currency: account.currency, balanceAtDate: statement.closing, statement });
    }
    const enterprise = await db.selectFrom('enterprises').select(['enterprise_no', 'enterprise_name']).where('enterprise_no', '=', t.enterpriseNo).executeTakeFirstOrThrow();
    const manifest = {
      kind: 'audit-confirmation',
      version: 1,
      title: '询证函',
      confirmationNo: t.confirmationNo,
      enterprise: { enterpriseNo: enterprise.enterprise_no, name: enterprise.enterprise_name },
      auditor: { name: t.auditorName, firm: t.auditorFirm },
      balanceDate: t.balanceDate,
      period: { from: t.periodStart, to: t.balanceDate },
      validUntil: t.expiresAt.toISOString(),
      issuedBy: t.issuedBy,
      accounts,
      bankCertificate: 'bank/signer.pem',
      bankRootCertificate: 'bank/ca.pem',
    };
    return signedPack(this.#signer, manifest, new Map(), now);
  }

  /** The stored document, made now if the row has none yet (the demo seed's). */
  async #stored(row: DocumentRow): Promise<Buffer> {
    if (row.document) return Buffer.from(row.document);
    const terms: Terms = {
      enterpriseNo: row.enterprise_no,
      confirmationNo: row.confirmation_no,
      accountNos: row.account_nos,
      periodStart: row.period_start,
      balanceDate: row.balance_date,
      auditorName: row.auditor_name,
      auditorFirm: row.auditor_firm,
      issuedBy: row.issued_by_user_no,
      expiresAt: new Date(row.expires_at),
    };
    const document = await this.#document(this.#db, terms, this.#now());
    return Buffer.from(await keepDocument(this.#db, row.id, document, sm3Hex(document)));
  }

  async issue(request: FastifyRequest, session: SessionInfo, input: Input<typeof auditConfirmationsApi.confirmationIssue>) {
    const now = this.#now();
    const expiresAt = new Date(now.getTime() + input.validDays * 86_400_000);
    const confirmationNo = `QZ${formatDate(now).replace(/-/g, '')}${randomBytes(4).readUInt32BE(0).toString().padStart(10, '0')}`;
    const token = randomBytes(32).toString('hex');
    const target = { accountNos: input.accountNos, balanceDate: input.balanceDate, auditorName: input.auditorName, auditorFirm: input.auditorFirm, validDays: input.validDays };
    const id = await auditedTransaction(this.#ctx.database, request, 'audit_confirmation.issue', target, now, async (trx) => {
      // Read in the transaction: its connection is the one a single-connection store has.
      const document = await this.#document(trx, { ...input, enterpriseNo: session.enterpriseNo, confirmationNo, issuedBy: session.userNo, expiresAt }, now);
      const row = await trx
        .insertInto('audit_confirmations')
        .values({
          confirmation_no: confirmationNo,
          enterprise_no: session.enterpriseNo,
          auditor_name: input.auditorName,
          auditor_firm: input.auditorFirm,
          period_start: input.periodStart,
          balance_date: input.balanceDate,
          account_nos: input.accountNos,
          token_sm3: sm3Hex(token),
          expires_at: expiresAt,
          document,
          document_sm3: sm3Hex(document),
          issued_by_user_no: session.userNo,
          issued_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { result: row.id, detail: { id: row.id, confirmationNo, expiresAt: expiresAt.toISOString() } };
    });
    const record = toRecord((await findConfirmation(this.#db, session.enterpriseNo, id))!, now);
    return { record, linkPath: `${this.#ctx.config.API_BASE}/auditConfirmation/open?token=${token}` };
  }

  async revoke(request: FastifyRequest, session: SessionInfo, id: number) {
    const now = this.#now();
    await auditedTransaction(this.#ctx.database, request, 'audit_confirmation.revoke', { id }, now, async (trx) => {
      const row = await findConfirmation(trx, session.enterpriseNo, id, true);
      if (!row) throw notFound();
      if (row.revoked_at) throw refuse('该询证函已撤销');
      await trx.updateTable('audit_confirmations').set({ revoked_at: now, revoked_by_user_no: session.userNo }).where('id', '=', id).execute();
      return { result: null, detail: { confirmationNo: row.confirmation_no, wasExpired: statusOf(row, now) === 'expired' } };
    });
    return toRecord((await findConfirmation(this.#db, session.enterpriseNo, id))!, now);
  }

  async download(request: FastifyRequest, session: SessionInfo, id: number) {
    const row = await documentOf(this.#db, session.enterpriseNo, id);
    if (!row) throw notFound();
    const body = await this.#stored(row);
    await recordAudit(this.#ctx.database, request, { event: 'audit_confirmation.download', outcome: 'success', detail: { id, confirmationNo: row.confirmation_no } });
    return { fileName: `询证函_${row.confirmation_no}.zip`, contentType: ZIP, body };
  }

  /** The auditor's link: the document while it is valid; every open, and every refused one, audited. */
  async open(request: FastifyRequest, reply: FastifyReply, token: string) {
    const row = /^[0-9a-f]{64}$/.test(token) ? await byToken(this.#db, sm3Hex(token)) : undefined;
    const now = this.#now();
    const status = row ? statusOf(row, now) : null;
    const detail = { confirmationNo: row?.confirmation_no ?? null, enterpriseNo: row?.enterprise_no ?? null, status: status && CONFIRMATION_STATUS[status] };
    if (!row || status !== 'active') {
      await recordAudit(this.#ctx.database, request, { event: 'audit_confirmation.open', outcome: 'failure', detail });
      if (!row) return refusalPage(reply, 404, '询证函链接无效：链接不完整或不存在。');
      return status === 'revoked'
        ? refusalPage(reply, 410, `询证函 ${row.confirmation_no} 已被出具单位撤销。`)
        : refusalPage(reply, 410, `询证函 ${row.confirmation_no} 的链接已于 ${formatDate(row.expires_at)} 过期。`);
    }
    const body = await this.#stored(row);
    await this.#db.updateTable('audit_confirmations').set((eb) => ({ open_count: eb('open_count', '+', 1), last_opened_at: now })).where('id', '=', row.id).execute();
    await recordAudit(this.#ctx.database, request, { event: 'audit_confirmation.open', outcome: 'success', detail });
    return reply.type(ZIP).header('content-disposition', contentDisposition(`询证函_${row.confirmation_no}.zip`)).send(body);
  }
}
