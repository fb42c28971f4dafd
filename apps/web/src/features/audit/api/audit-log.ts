import { auditApi, type AuditFilters, type AuditRecord } from '@portal/shared';
import type { FetchPage, PageParams } from '../../../components/data-table';
import type { FormValues } from '../../../components/form-builder';
import { http } from '../../../lib/http';

/** The query form's values as the contract's filters: the date range becomes its two ends. */
export function auditFilters(criteria: FormValues): AuditFilters {
  const { period, ...rest } = criteria as FormValues & { period?: [string, string] };
  return { ...(rest as AuditFilters), ...(period ? { dateFrom: period[0], dateTo: period[1] } : {}) };
}

export const fetchAuditPage: FetchPage<AuditRecord> = ({ page, limit, ...criteria }: PageParams) =>
  http.call(auditApi.auditQuery, { page, limit, ...auditFilters(criteria as FormValues) });

/** The filtered log as xlsx; resolves to the saved file's name. */
export const downloadAudit = (criteria: FormValues) => http.download(auditApi.auditDownload, auditFilters(criteria), '操作日志.xlsx');
