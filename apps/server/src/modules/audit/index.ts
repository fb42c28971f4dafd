export { recordAudit, type AuditEvent, type AuditedSignature } from './audit';
export { auditLogRoutes } from './audit-log.routes';
