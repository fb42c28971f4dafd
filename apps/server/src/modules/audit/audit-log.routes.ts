import type { FastifyInstance } from 'fastify';
import { auditApi, auditEventLabel, auditReasonLabel, formatDate, formatDateTime, type AuditRecord } from '@portal/shared';
import type { AppContext } from '../../app-context';
import { recordAudit } from '../../platform/audit';
import { refuse } from '../../platform/refuse';
import { writeSheet, type SheetColumn } from '../../platform/xlsx';
import { operationRoutes } from '../../plugins/operations';
import { auditDetailText } from './audit-detail';
import { AUDIT_MAX_ROWS, auditChunks, countAudit, listAudit, type AuditScope } from './audit-log.queries';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const COLUMNS: SheetColumn<AuditRecord>[] = [
  { header: '时间', width: 20, value: (r) => formatDateTime(r.occurredAt) },
  { header: '登录名', width: 14, value: (r) => r.username, kind: 'text' },
  { header: '用户号', width: 14, value: (r) => r.userNo, kind: 'text' },
  { header: '企业', width: 30, value: (r) => (r.enterpriseNo ? `${r.enterpriseName ?? ''}（${r.enterpriseNo}）` : '') },
  { header: '操作', width: 16, value: (r) => auditEventLabel(r.event) },
  { header: '结果', width: 8, value: (r) => (r.outcome === 'success' ? '成功' : '失败') },
  { header: '原因', width: 24, value: (r) => (r.reason ? auditReasonLabel(r.reason) : null) },
  { header: '地址', width: 16, value: (r) => r.clientIp, kind: 'text' },
  { header: '设备', width: 28, value: (r) => (r.device ? `${r.deviceName ?? '设备'} ${r.device}` : null), kind: 'text' },
  { header: '签名/证书', width: 18, value: (r) => r.signature, kind: 'text' },
  { header: '详情（修改前后）', width: 60, value: (r) => auditDetailText(r.details) },
];

/** 系统管理 › 操作日志 (issue 16): staff see every entry, an enterprise administrator its own enterprise's. */
export function auditLogRoutes(app: FastifyInstance, ctx: AppContext) {
  const routes = operationRoutes(app, ctx);
  const db = ctx.database.db;
  const scopeOf = (session: { userType: 'customer' | 'staff'; enterpriseNo: string }): AuditScope =>
    session.userType === 'staff' ? { all: true } : { all: false, enterpriseNo: session.enterpriseNo };

  routes.json(auditApi.auditQuery, async ({ input, session }) => listAudit(db, scopeOf(session), input));

  routes.download(auditApi.auditDownload, async ({ input, session, request }) => {
    const scope = scopeOf(session);
    const total = await countAudit(db, scope, input);
    if (total > AUDIT_MAX_ROWS) throw refuse(`导出数据共${total}条，超过${AUDIT_MAX_ROWS}条，请缩小查询范围`);
    const body = await writeSheet('操作日志', COLUMNS, auditChunks(db, scope, input));
    await recordAudit(ctx.database, request, { event: 'audit.download', outcome: 'success', detail: { filters: input, rows: total } });
    return { fileName: `操作日志_${formatDate(ctx.now()).replace(/-/g, '')}.xlsx`, contentType: XLSX, body };
  });
}
