export { auditLogRoutes } from './audit-log.routes';
