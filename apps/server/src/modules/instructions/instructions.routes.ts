import type { FastifyInstance } from 'fastify';
import { RETURN_CODES, codeLabel, instructionsApi, nextStatus, statusLabel, type InstructionRecord, type InstructionStatus, type InstructionView } from '@portal/shared';
import type { AppContext } from '../../app-context';
import { recordAudit } from '../../platform/audit';
import { refuse } from '../../platform/refuse';
import type { SessionInfo } from '../../platform/sessions';
import { amountCell, writeSheet, type SheetColumn } from '../../platform/xlsx';
import { AppError } from '../../plugins/errors';
import { operationRoutes } from '../../plugins/operations';
import { countInstructions, findDetail, instructionChunks, listInstructions, payerAccountsOf, type Scope } from './instructions.queries';
import type { InstructionDesk } from './instructions.service';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const CONTENT_TYPES: Record<string, string> = { pdf: 'application/pdf', jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png' };
const forbidden = () => new AppError(RETURN_CODES.FORBIDDEN);

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
  if (!VIEW_AUTHORITY[view].some((a) => authorities.includes(a))) throw forbidden();
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

const COLUMNS = (today: string): SheetColumn<InstructionRecord>[] => [
  { header: '指令编号', width: 20, kind: 'text', value: (r) => r.instructionNo },
  { header: '指令类型', width: 12, value: (r) => codeLabel('instructionType', r.type) },
  { header: '状态', width: 14, value: (r) => statusLabel(r.status as InstructionStatus, r.valueDate, today) },
  { header: '付款账号', width: 24, kind: 'text', value: (r) => r.payerAccountNo },
  { header: '付款账户名称', width: 36, value: (r) => r.payerAccountName },
  { header: '收款人名称', width: 30, value: (r) => r.payeeName },
  { header: '收款账号', width: 24, kind: 'text', value: (r) => r.payeeAccountNo },
  { header: '收款行', width: 30, value: (r) => r.payeeBank },
  { header: '大额支付行号', width: 16, kind: 'text', value: (r) => r.payeeCnaps },
  { header: '金额', width: 20, kind: 'amount', value: (r) => amountCell(r.amount) },
  { header: '币种', width: 8, value: (r) => codeLabel('currencyName', r.currency) },
  { header: '起息日', width: 12, kind: 'text', value: (r) => r.valueDate },
  { header: '用途', width: 30, value: (r) => r.purpose },
  { header: '第三方机构', width: 30, value: (r) => r.thirdPartyEnterpriseName ?? '暂无' },
  { header: '录入人', width: 14, value: (r) => `${r.createdByName}（${r.createdByUserNo}）` },
];

/** Issue 12's instruction calls: thin routes over the desk (writes) and the queries (reads). */
export function instructionRoutes(app: FastifyInstance, ctx: AppContext, desk: InstructionDesk) {
  const db = ctx.database.db;
  const routes = operationRoutes(app, ctx);
  const api = instructionsApi;

  routes.json(api.instructionQuery, async ({ input, session }) => listInstructions(db, viewScope(session, input.view), input, desk.today()));

  routes.json(api.instructionDetail, async ({ input, session }) => {
    const detail = await findDetail(db, detailScopes(session), input.id, desk.today());
    if (!detail) throw new AppError(RETURN_CODES.NOT_FOUND, '指令不存在');
    return detail;
  });

  routes.json(api.payerAccounts, async ({ input, session }) => {
    const { enterpriseNo, userNo } = session;
    const valueDate = input.valueDate ?? desk.today();
    return { valueDate, accounts: await payerAccountsOf(db, enterpriseNo, userNo, valueDate) };
  });

  routes.json(api.instructionAdd, async ({ input, session, request }) => desk.add(request, session, input));
  routes.json(api.instructionUpdate, async ({ input, session, request }) => desk.update(request, session, input));
  routes.json(api.instructionSubmit, async ({ input, session, request }) => desk.submit(request, session, input.ids));
  routes.json(api.instructionRevoke, async ({ input, session, request }) => desk.revoke(request, session, input));
  routes.json(api.instructionReview, async ({ input, session, request }) => desk.decide(request, session, 'review', input));
  routes.json(api.instructionConfirm, async ({ input, session, request }) => desk.decide(request, session, 'confirm', input));
  routes.json(api.instructionConfirmReview, async ({ input, session, request }) => desk.decide(request, session, 'confirmReview', input));

  routes.json(api.attachmentUpload, async ({ input, session, request }) => {
    const extension = input.fileName.slice(input.fileName.lastIndexOf('.') + 1).toLowerCase();
    const content = Buffer.from(input.content, 'base64');
    const row = await db.transaction().execute(async (trx) => {
      const target = await trx
        .selectFrom('instructions')
        .select(['id', 'enterprise_no', 'created_by_user_no', 'status'])
        .where('id', '=', input.instructionId)
        .forUpdate()
        .executeTakeFirst();
      if (!target || target.enterprise_no !== session.enterpriseNo) throw new AppError(RETURN_CODES.NOT_FOUND, '指令不存在');
      if (target.created_by_user_no !== session.userNo) throw new AppError(RETURN_CODES.FORBIDDEN, '只能处理本人录入的指令');
      if (nextStatus(target.status as InstructionStatus, 'edit', { hasThirdParty: false }) === null) throw refuse(api.INSTRUCTION_MESSAGES.stale);
      const { n } = await trx.selectFrom('instruction_attachments').select((eb) => eb.fn.countAll<number>().as('n')).where('instruction_id', '=', target.id).executeTakeFirstOrThrow();
      if (Number(n) >= api.ATTACHMENT_MAX) throw refuse(api.ATTACHMENT_MAX_MESSAGE);
      const inserted = await trx
        .insertInto('instruction_attachments')
        .values({ instruction_id: target.id, file_name: input.fileName, content_type: CONTENT_TYPES[extension]!, size: content.length, content, uploaded_by: session.userNo, uploaded_at: new Date(ctx.now()) })
        .returning(['id', 'file_name', 'size', 'content_type', 'uploaded_by', 'uploaded_at'])
        .executeTakeFirstOrThrow();
      await recordAudit(trx, request, { event: 'instruction.attachment_upload', outcome: 'success', detail: { instructionId: target.id, fileName: input.fileName, size: content.length } });
      return inserted;
    });
    return { id: row.id, fileName: row.file_name, size: row.size, contentType: row.content_type, uploadedBy: row.uploaded_by, uploadedAt: new Date(row.uploaded_at).toISOString() };
  });

  routes.json(api.attachmentRemove, async ({ input, session, request }) => {
    await db.transaction().execute(async (trx) => {
      const target = await trx
        .selectFrom('instruction_attachments as a')
        .innerJoin('instructions as i', 'i.id', 'a.instruction_id')
        .select(['a.id', 'a.file_name', 'i.id as instruction_id', 'i.enterprise_no', 'i.created_by_user_no', 'i.status'])
        .where('a.id', '=', input.id)
        .forUpdate()
        .executeTakeFirst();
      if (!target || target.enterprise_no !== session.enterpriseNo) throw new AppError(RETURN_CODES.NOT_FOUND, '附件不存在');
      if (target.created_by_user_no !== session.userNo) throw new AppError(RETURN_CODES.FORBIDDEN, '只能处理本人录入的指令');
      if (nextStatus(target.status as InstructionStatus, 'edit', { hasThirdParty: false }) === null) throw refuse(api.INSTRUCTION_MESSAGES.stale);
      await trx.deleteFrom('instruction_attachments').where('id', '=', target.id).execute();
      await recordAudit(trx, request, { event: 'instruction.attachment_remove', outcome: 'success', detail: { instructionId: target.instruction_id, fileName: target.file_name } });
    });
    return null;
  });

  /** An attachment of an instruction visible in one of `scopes`. */
  async function attachment(scopes: readonly Scope[], id: number) {
    const file = await db.selectFrom('instruction_attachments').select(['instruction_id', 'file_name', 'content_type', 'content']).where('id', '=', id).executeTakeFirst();
    if (!file || !(await findDetail(db, scopes, file.instruction_id, desk.today()))) throw new AppError(RETURN_CODES.NOT_FOUND, '附件不存在');
    return { fileName: file.file_name, contentType: file.content_type, body: Buffer.from(file.content) };
  }

  routes.download(api.attachmentDownload, async ({ input, session }) => attachment(detailScopes(session), input.id));
  routes.download(api.custodianAttachmentDownload, async ({ input }) => attachment([{ kind: 'custodian' }], input.id));

  routes.download(api.instructionDownload, async ({ input, session, request }) => {
    const scope = viewScope(session, input.view);
    const total = await countInstructions(db, scope, input);
    if (total > api.INSTRUCTION_DOWNLOAD_MAX_ROWS) throw refuse(`导出数据共${total}条，超过${api.INSTRUCTION_DOWNLOAD_MAX_ROWS}条，请缩小查询范围`);
    const today = desk.today();
    const body = await writeSheet('指令列表', COLUMNS(today), instructionChunks(db, scope, input, today));
    await recordAudit(ctx.database, request, { event: 'instruction.download', outcome: 'success', detail: { filters: input, rows: total } });
    return { fileName: `指令列表_${today.replace(/-/g, '')}.xlsx`, contentType: XLSX, body };
  });

  routes.json(api.custodianQuery, async ({ input }) => listInstructions(db, { kind: 'custodian', statuses: CUSTODIAN_STATUSES[input.view] }, input, desk.today()));
  routes.json(api.custodianDetail, async ({ input }) => {
    const detail = await findDetail(db, [{ kind: 'custodian' }], input.id, desk.today());
    if (!detail) throw new AppError(RETURN_CODES.NOT_FOUND, '指令不存在');
    return detail;
  });
  routes.json(api.custodianCheck, async ({ input, session, request }) => desk.decide(request, session, 'check', input));
  routes.json(api.custodianExecute, async ({ input, session, request }) => desk.execute(request, session, input));
}
