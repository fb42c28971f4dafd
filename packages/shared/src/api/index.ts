import * as accounts from './accounts';
import * as approvalRules from './approval-rules';
import * as adminChanges from './admin-changes';
import * as audit from './audit';
import * as auth from './auth';
import * as bulkImport from './bulk-import';
import * as calendar from './calendar';
import * as auditConfirmations from './audit-confirmations';
import * as cash from './cash';
import * as certificates from './certificates';
import * as cutoffs from './cutoffs';
import * as dictionary from './dictionary';
import * as enterprises from './enterprises';
import * as events from './events';
import * as files from './files';
import * as gateway from './gateway';
import * as instructions from './instructions';
import * as messages from './messages';
import * as notices from './notices';
import * as partners from './partners';
import * as payees from './payees';
import type { AnyOperation } from './operation';
import * as platform from './platform';
import * as reports from './reports';
import * as scan from './scan';
import * as templates from './templates';
import * as session from './session';
import * as signing from './signing';
import * as users from './users';
import * as valuation from './valuation';
import * as warnings from './warnings';

export * from './operation';
export * as accountsApi from './accounts';
export * as approvalRulesApi from './approval-rules';
export * as auditApi from './audit';
export * as authApi from './auth';
export * as bulkImportApi from './bulk-import';
export * as calendarApi from './calendar';
export * as auditConfirmationsApi from './audit-confirmations';
export * as cashApi from './cash';
export * as certificatesApi from './certificates';
export * as cutoffsApi from './cutoffs';
export * as dictionaryApi from './dictionary';
export * as enterprisesApi from './enterprises';
export * as eventsApi from './events';
export * as filesApi from './files';
export * as gatewayApi from './gateway';
export * as instructionsApi from './instructions';
export * as messagesApi from './messages';
export * as noticesApi from './notices';
export * as partnersApi from './partners';
export * as payeesApi from './payees';
export * as adminChangesApi from './admin-changes';
export { type AdminChange, type AdminChangeStatus, type DualControl, type DualControlWaiver } from './admin-changes';
export { HELD_MESSAGE, heldChangeSchema, isHeld, type HeldChange } from './held';
export * as platformApi from './platform';
export * as reportsApi from './reports';
export * as scanApi from './scan';
export * as templatesApi from './templates';
export * as sessionApi from './session';
export * as signingApi from './signing';
export * as usersApi from './users';
export * as valuationApi from './valuation';
export * as warningsApi from './warnings';
export type { NavPoint, ValuationImportRecord, ValuationImportResult, ValuationLine, ValuationProduct, ValuationStatementRecord, ValuationSummary } from './valuation';
export type { SessionUser, MenuItem } from './session';
export type { LockedUser } from './auth';
export type { ApiDefinition, ApiFields, FlagField } from './gateway';
export { BATCH_FIELDS } from './gateway';
export type { StandardEntry } from './dictionary';
export type { HealthComponent } from './platform';
export type { Role, UserDetail, UserRecord } from './users';
export type { AccountBatch, AccountRecord, AccountRights, BatchRowError, Institution, PersonRecord, SeatAccountRight, UserProduct } from './accounts';
export { CERT_BROWSER_MESSAGE, CERT_STATUS_LABELS, CERT_STATUS_MESSAGE, CERT_STATUSES, queryByKeySigningString, type CertificateRecord, type CertificateStatus } from './certificates';
export { AUDIT_EVENTS, auditEventLabel, auditReasonLabel, isAuditEventCode, type AuditDetailItem, type AuditEventCode, type AuditFilters, type AuditRecord } from './audit';
export type { CustomerNotice, NoticeReader, StaffNotice } from './notices';
export { MESSAGE_KINDS, MESSAGE_KIND_LABELS, type Message, type MessageKind, type MessagePreference } from './messages';
export { REPORT_FORMATS, REPORT_FORMAT_CODES, REPORT_PARAMS, type GeneratedReport, type ReportAccount, type ReportFormat, type ReportKind, type ReportParam, type ReportParams, type ReportSubscription } from './reports';
export type { BatchAccount, ClaimStep, InstructionAttachment, InstructionDetail, InstructionHistory, InstructionListRecord, InstructionRecord, InstructionView, PayerAccount, SignedInstruction, StaleBatch } from './instructions';
export type { ClearPositionRecord, NewSharePaymentRecord, PreCleaningRecord, WarningFeed, WarningImportResult, WarningRecord, WarningRecordOf } from './warnings';
export type { PartnerClient } from './partners';
export type { CalendarDayRecord, CalendarImportResult } from './calendar';
export type { CashAccount, CashEntry, CashFeed, CashImportResult, CashStatement, ReconcileItem, Reconciliation, ReconcileStatus } from './cash';
export type { BankCode, PayeeChange, PayeeDetail, PayeeHistory, PayeeRecord, PayeeView } from './payees';
export type { TemplateAccount, TemplateChange, TemplateDetail, TemplateHistory, TemplateRecord, TemplateView } from './templates';
export type { CutoffRecord } from './cutoffs';
export type { ApprovalRule, ApprovalRuleSave } from './approval-rules';
export type { ImportFormat, ImportRecord, ImportRowError, ImportTotal, ImportTrialResult } from './bulk-import';
export { SCAN_MESSAGES } from './scan';
export { PARTNER_TOKEN_PREFIX, PARTNER_TOKEN_TTL_SECONDS } from './partners';
export { ENTERPRISE_TYPES, type Enterprise, type EnterpriseType } from './enterprises';
export { PAGE_SIZES } from './paging';
export {
  EVENT_RESUME_WINDOW_MS,
  EVENT_TICKET_TTL_MS,
  HOME_COUNT_EVENT_KINDS,
  LIVE_EVENT_KINDS,
  liveEventInputSchema,
  liveEventSchema,
  type LiveEvent,
  type LiveEventInput,
  type LiveEventKind,
} from './events';
export { FILE_TICKET_TTL_MS, base64Size, downloadTicketSchema, uploadProblem, uploadSchema, type UploadExtension } from './files';

const isOperation = (value: unknown): value is AnyOperation =>
  typeof value === 'object' && value !== null && 'id' in value && 'defaults' in value && 'audience' in value;

/** Every operation this server serves: the source of its routes, OpenAPI document and API catalogue. */
export const OPERATIONS: readonly AnyOperation[] = [platform, auth, session, dictionary, files, events, gateway, enterprises, users, accounts, audit, instructions, warnings, notices, calendar, cutoffs, payees, templates, bulkImport, signing, certificates, partners, scan, valuation, cash, messages, reports, auditConfirmations, approvalRules, adminChanges].flatMap((m) => Object.values(m).filter(isOperation));

const byId = new Map(OPERATIONS.map((op) => [op.id, op]));

/** The operation a catalogue row's `contract_id` names. */
export const operationById = (id: string | null | undefined): AnyOperation | undefined => (id ? byId.get(id) : undefined);
