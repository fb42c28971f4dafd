import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** Kysely's view of migrations/*.sql; keep the two in step. */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | undefined, string>;
/** An approval rule's amount band: up to `upTo` (null: no upper bound), `reviewers` distinct passes. */
type RuleBand = { upTo: string | null; reviewers: number };

export interface EnterprisesTable {
  enterprise_no: string;
  enterprise_name: string;
  enterprise_type: 'fund_manager' | 'insurer' | 'corporate' | 'third_party' | 'bank';
  status: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface UsersTable {
  user_id: Generated<number>;
  username: string;
  password_hash: string;
  nick_name: string;
  user_desc: Generated<string>;
  avatar: Generated<string>;
  mobile: Generated<string>;
  email: Generated<string>;
  branch_code: Generated<string>;
  user_type: 'customer' | 'staff';
  status: Generated<number>;
  must_change_password: Generated<boolean>;
  password_changed_at: Timestamp;
  failed_attempts: Generated<number>;
  locked_at: Date | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface UserNumbersTable {
  user_no: string;
  user_id: number;
  enterprise_no: string;
  status: Generated<number>;
  created_at: CreatedAt;
}

export interface AuthoritiesTable {
  authority: string;
  description: string;
}

export interface RolesTable {
  role_id: Generated<number>;
  role_code: string;
  role_name: string;
}

export interface RoleAuthoritiesTable {
  role_id: number;
  authority: string;
}

export interface UserNumberRolesTable {
  user_no: string;
  role_id: number;
}

export interface MenusTable {
  menu_id: number;
  parent_id: number;
  menu_code: string;
  menu_name: string;
  path: string;
  scheme: string;
  target: string;
  icon: string;
  status: number;
  /** 1: shown as a group even with a single item. */
  always_show: number;
  sort: number;
  authority: string | null;
}

export interface SessionsTable {
  token_hash: string;
  user_id: number;
  user_no: string | null;
  created_at: CreatedAt;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Date | null;
  client_ip: Generated<string>;
  user_agent: Generated<string>;
  /** The SM2 public key ('04'+X+Y hex) that signed the login; null for sessions older than signing. */
  device_key: string | null;
  channel: Generated<'web' | 'mobile'>;
  /** The certificate of a certificate-edition login (its key is device_key); null otherwise. */
  cert_serial: Generated<string | null>;
}

export interface AuditLogTable {
  audit_id: Generated<number>;
  occurred_at: CreatedAt;
  event: string;
  outcome: 'success' | 'failure';
  user_id: number | null;
  user_no: string | null;
  enterprise_no: string | null;
  username: string | null;
  client_ip: Generated<string>;
  request_id: Generated<string>;
  detail: Json<Record<string, unknown>>;
}

export interface ApiDefinitionsTable {
  api_id: Generated<number>;
  api_code: string;
  api_name: string;
  api_category: Generated<string>;
  service_id: string;
  path: string;
  status: Generated<number>;
  priority: Generated<number>;
  api_desc: Generated<string>;
  is_auth: Generated<number>;
  is_open: Generated<number>;
  is_encrypt: Generated<number>;
  is_ara: Generated<number>;
  /** The operation this row governs; null for definitions of routes served elsewhere. */
  contract_id: string | null;
  contract_defaults: ColumnType<Record<string, number> | null, string | null | undefined, string | null>;
  /** Flags and status staff set; the sync never touches them. */
  overrides: Json<Record<string, number>>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface ApiCatalogueStateTable {
  id: Generated<number>;
  version: number;
}

export interface DictionaryOption {
  code: string;
  name: string;
}

export interface DictionaryStandardsTable {
  code: string;
  version: Generated<string>;
  name_zh: string;
  check_rule: Generated<string>;
  prompt: Generated<string>;
  regex: Generated<string>;
  replacement: Generated<string>;
  pattern: Generated<string>;
  options: Json<DictionaryOption[]>;
  code_value: Generated<string>;
  number_code: Generated<string>;
  letter_code: Generated<string>;
  two_letter_code: Generated<string>;
  three_letter_code: Generated<string>;
}

export interface PasswordHistoryTable {
  history_id: Generated<number>;
  user_id: number;
  password_hash: string;
  changed_at: Timestamp;
}

export interface LoginDevicesTable {
  user_id: number;
  device_key: string;
  first_seen_at: Timestamp;
  last_seen_at: Timestamp;
  failed_attempts: Generated<number>;
  locked_at: Date | null;
}

/** A device key the user has not logged in with: its wrong passwords (migration 0025). */
export interface UnknownDeviceFailuresTable {
  user_id: number;
  device_key: string;
  failed_attempts: Generated<number>;
  locked_at: Date | null;
}

/** numeric(19,2): read as a decimal string, written as one (amounts are never floats). */
type Amount = ColumnType<string, string, string>;
type NullableAmount = ColumnType<string | null, string | null | undefined, string | null>;
/** date: read as a Date at local midnight by pg, written as 'yyyy-MM-dd'. */
type DateOnly = ColumnType<Date | string, string, string>;

export interface CustodyAccountsTable {
  account_no: string;
  account_name: string;
  enterprise_no: string;
  product_name: string;
  product_code: string;
  card_type: string;
  status: string;
  currency: Generated<string>;
  open_branch: string;
  open_date: DateOnly;
  balance: Amount;
  reinvest_type: string | null;
  third_party_enterprise_no: string | null;
  third_party_type: ColumnType<string | null, never, never>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface EbankAccountsTable {
  account_no: string;
  enterprise_no: string;
  alias: Generated<string>;
  used: Generated<number>;
  single_limit: NullableAmount;
  daily_limit: NullableAmount;
  added_by: string;
  added_at: CreatedAt;
  updated_at: Timestamp;
}

export interface AccountAuthTable {
  user_no: string;
  account_no: string;
  enterprise_no: string;
  can_query: Generated<boolean>;
  can_entry: Generated<boolean>;
  can_review: Generated<boolean>;
  updated_by: string;
  updated_at: Timestamp;
}

export interface AccountBatchesTable {
  batch_id: Generated<number>;
  batch_no: string;
  enterprise_no: string;
  file_name: string;
  row_count: number;
  file_digest: string;
  created_by: string;
  created_at: CreatedAt;
}

export interface AccountBatchRowsTable {
  batch_id: number;
  row_no: number;
  account_no: string;
  alias: Generated<string>;
}

export interface SchemaMigrationsTable {
  version: string;
  name: string;
  checksum: string;
  applied_at: CreatedAt;
}

export interface InstructionsTable {
  id: Generated<number>;
  instruction_no: string;
  enterprise_no: string;
  type: string;
  payer_account_no: string;
  payee_name: string;
  payee_account_no: string;
  payee_bank: string;
  payee_cnaps: string;
  /** numeric(19,2): a decimal string. */
  amount: string;
  currency: string;
  /** date: read as yyyy-MM-dd text (cast in queries). */
  value_date: ColumnType<Date | string, string, string>;
  purpose: string;
  remark: Generated<string>;
  third_party_enterprise_no: string | null;
  status: string;
  refuse_reason: string | null;
  version: Generated<number>;
  created_by_user_id: number;
  created_by_user_no: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** The template (and its approved version) the instruction was made from, its name as it was then. */
  template_id: number | null;
  template_revision: number | null;
  template_name: string | null;
  /** The approval rule version it was submitted under (0041); null: the fixed chain. */
  approval_rule_id: Generated<number | null>;
  approvals_required: Generated<number>;
  /** Logins that passed its review since it was last submitted, in order. */
  approved_by: Generated<number[]>;
}

/** 审批规则 (0041): one version of one scope's rule. */
export interface ApprovalRulesTable {
  id: Generated<number>;
  enterprise_no: string;
  instruction_type: string;
  payer_account_no: string;
  version: number;
  active: boolean;
  bands: Json<RuleBand[]>;
  reviewer_limits: Json<{ userNo: string; limit: string }[]>;
  created_by_user_no: string;
  created_at: CreatedAt;
}

export interface InstructionHistoryTable {
  id: Generated<number>;
  instruction_id: number;
  action: string;
  from_status: string | null;
  to_status: string;
  result: 'pass' | 'refuse' | null;
  reason: string | null;
  user_id: number;
  user_no: string;
  sign_code: string | null;
  sign_data: string | null;
  sign_msg: string | null;
  created_at: CreatedAt;
}

/** 批量导入 (migration 0035): one signed import of a file of payments. */
export interface InstructionImportsTable {
  id: Generated<number>;
  import_no: string;
  enterprise_no: string;
  file_name: string;
  format: 'xlsx' | 'pain.001';
  file_sm3: string;
  message_id: string;
  row_count: number;
  /** jsonb: [{currency, count, amount}]. */
  totals: ColumnType<{ currency: string; count: number; amount: string }[], string, string>;
  submitted: boolean;
  duplicate_of: number | null;
  created_by_user_id: number;
  created_by_user_no: string;
  created_at: CreatedAt;
  sign_code: string | null;
  sign_data: string | null;
  sign_msg: string | null;
}

/** One payment of an import and the instruction it became. */
export interface InstructionImportRowsTable {
  import_id: number;
  row_no: number;
  instruction_id: number;
  payment_info_id: string;
  instr_id: string | null;
  end_to_end_id: string;
}

export interface InstructionAttachmentsTable {
  id: Generated<number>;
  instruction_id: number;
  file_name: string;
  content_type: string;
  size: number;
  content: Uint8Array;
  uploaded_by: string;
  uploaded_at: CreatedAt;
}

/** A write's Idempotency-Key (0027): written in the write's transaction, its answer after. */
export interface IdempotentRequestsTable {
  scope: string;
  /** SHA-256 hex of scope, newline and the Idempotency-Key value: the key itself is never stored. */
  key_sha256: string;
  operation_id: string;
  body_sha256: string;
  request_id: string;
  /** The success answer sealed under the key (plugins/idempotency.ts); null until it is kept. */
  answer: Uint8Array | null;
  created_at: CreatedAt;
}

/** 工作日历 (0028): a day staff marked; unmarked days follow the week. */
export interface BusinessCalendarDaysTable {
  day: string;
  kind: 'holiday' | 'workday' | 'exchangeClosed';
  name: string;
  updated_by: string;
  updated_at: Timestamp;
}

export interface BankCodesTable {
  cnaps: string;
  bank_name: string;
  bank_category: string;
  city: string;
}

export interface PayeesTable {
  id: Generated<number>;
  enterprise_no: string;
  status: '10' | '20' | '30' | '90';
  name: string;
  account_no: string;
  cnaps: string;
  bank_name: string;
  remark: Generated<string>;
  refuse_reason: string | null;
  version: Generated<number>;
  created_by_user_id: number;
  created_by_user_no: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface PayeeChangesTable {
  id: Generated<number>;
  payee_id: number;
  kind: 'add' | 'edit' | 'delete';
  name: string;
  account_no: string;
  cnaps: string;
  bank_name: string;
  remark: Generated<string>;
  status: 'pending' | 'approved' | 'refused';
  requested_by_user_id: number;
  requested_by_user_no: string;
  requested_at: Timestamp;
  decided_by_user_id: number | null;
  decided_by_user_no: string | null;
  decided_at: Timestamp | null;
  reason: string | null;
  sign_code: string | null;
  sign_data: string | null;
  sign_msg: string | null;
}

/** 双人复核 of administration (0042): a change waiting for, or decided by, a second administrator. */
export interface AdminChangesTable {
  id: Generated<number>;
  kind: string;
  enterprise_no: string;
  summary: string;
  payload: Json<unknown>;
  before: ColumnType<unknown, string | null | undefined, string | null>;
  status: 'pending' | 'applied' | 'withdrawn' | 'rejected';
  maker_user_id: number;
  maker_user_no: string;
  maker_sign_code: string | null;
  maker_sign_data: string | null;
  maker_sign_msg: string | null;
  created_at: CreatedAt;
  decided_by_user_id: number | null;
  decided_by_user_no: string | null;
  decided_at: Timestamp | null;
  reason: string | null;
  decision_sign_code: string | null;
  decision_sign_data: string | null;
  decision_sign_msg: string | null;
}

/** An enterprise the bank lets administer without a second approver (0042). */
export interface DualControlWaiversTable {
  enterprise_no: string;
  reason: string;
  waived_by_user_id: number;
  waived_by_user_no: string;
  waived_at: CreatedAt;
}

/** 截止时间 (0030): one type and currency's cut-off. */
export interface InstructionCutoffsTable {
  instruction_type: string;
  currency: string;
  cutoff_time: string;
  notice_hours: number;
  updated_by: string;
  updated_at: Timestamp;
}

/** The content of a template version (migration 0034). */
interface TemplateContent {
  name: string;
  type: string;
  payer_account_no: string;
  payee_id: number;
  payee_name: string;
  payee_account_no: string;
  payee_bank: string;
  payee_cnaps: string;
  purpose: string;
  /** `TemplateField` keys, in their order. */
  locked: ColumnType<string[], string[] | undefined, string[]>;
}

export interface InstructionTemplatesTable extends TemplateContent {
  id: Generated<number>;
  enterprise_no: string;
  status: '10' | '20' | '30' | '90';
  revision: Generated<number>;
  refuse_reason: string | null;
  version: Generated<number>;
  created_by_user_id: number;
  created_by_user_no: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface InstructionTemplateChangesTable extends TemplateContent {
  id: Generated<number>;
  template_id: number;
  kind: 'add' | 'edit' | 'delete';
  status: 'pending' | 'approved' | 'refused' | 'withdrawn';
  revision: number | null;
  requested_by_user_id: number;
  requested_by_user_no: string;
  requested_at: Timestamp;
  decided_by_user_id: number | null;
  decided_by_user_no: string | null;
  decided_at: Timestamp | null;
  reason: string | null;
  sign_code: string | null;
  sign_data: string | null;
  sign_msg: string | null;
}

export interface RiskNoticesTable {
  id: Generated<number>;
  title: string;
  body: string;
  level: string;
  audience: 'all' | 'chosen';
  status: Generated<'draft' | 'published' | 'withdrawn'>;
  expire_at: Timestamp;
  published_at: Timestamp | null;
  withdrawn_at: Timestamp | null;
  withdraw_reason: string | null;
  version: Generated<number>;
  created_by_user_id: number;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface RiskNoticeEnterprisesTable {
  notice_id: number;
  enterprise_no: string;
}

export interface RiskNoticeReadsTable {
  notice_id: number;
  user_no: string;
  user_id: number;
  read_at: CreatedAt;
}

export interface WarningFeedsTable {
  id: Generated<number>;
  feed_id: string;
  kind: 'clearPosition' | 'preCleaning' | 'newSharePayment';
  file_name: string;
  file_digest: string;
  row_count: number;
  enterprise_count: number;
  imported_by_user_id: number;
  imported_by_user_no: string;
  imported_at: CreatedAt;
}

export interface ValuationImportsTable {
  id: Generated<number>;
  file_name: string;
  file_digest: string;
  row_count: number;
  statement_count: number;
  added: number;
  imported_by_user_id: number;
  imported_by_user_no: string;
  imported_at: CreatedAt;
}

export interface ValuationStatementsTable {
  id: ColumnType<string, never, never>;
  import_id: number;
  enterprise_no: string;
  product_code: string;
  product_name: string;
  valuation_date: DateOnly;
  nav: Amount;
  units: Amount;
  unit_nav: Amount;
  cum_unit_nav: Amount;
  securities: Amount;
  cash: Amount;
  receivables: Amount;
  payables: Amount;
  content_digest: string;
}

export interface ValuationLinesTable {
  statement_id: ColumnType<string, string | number, never>;
  line_no: number;
  line_type: 'position' | 'cash' | 'receivable' | 'payable';
  security_code: string;
  market: string;
  name: string;
  asset_class: string;
  quantity: NullableAmount;
  unit_cost: NullableAmount;
  cost: NullableAmount;
  price: NullableAmount;
  market_value: Amount;
  gain: NullableAmount;
  nav_ratio: Amount;
}

/** Who handled a warning; null while it is still to do. */
interface HandledColumns {
  status: Generated<'0' | '1'>;
  handled_by_user_id: number | null;
  handled_by_user_no: string | null;
  handled_at: Date | null;
  remark: string | null;
  created_at: CreatedAt;
}

export interface ClearPositionWarningsTable extends HandledColumns {
  id: Generated<number>;
  feed_id: number;
  row_no: number;
  enterprise_no: string;
  account_no: string;
  product_code: string;
  product_name: string;
  trigger_type: string;
  /** numeric(12,4): a decimal string. */
  unit_nav: string;
  threshold: string | null;
  trigger_date: DateOnly;
  deadline: DateOnly;
}

export interface PreCleaningRemindersTable extends HandledColumns {
  id: Generated<number>;
  feed_id: number;
  row_no: number;
  enterprise_no: string;
  account_no: string;
  settle_date: DateOnly;
  market: string;
  amount_due: Amount;
  available_balance: Amount;
  shortfall: ColumnType<string, never, never>;
}

export interface NewSharePaymentsTable extends HandledColumns {
  id: Generated<number>;
  feed_id: number;
  row_no: number;
  enterprise_no: string;
  account_no: string;
  stock_code: string;
  stock_name: string;
  market: string;
  quantity: number;
  issue_price: string;
  amount_payable: ColumnType<string, never, never>;
  payment_deadline: DateOnly;
}

export interface CertificateActivationCodesTable {
  id: Generated<number>;
  code_hash: string;
  user_id: number;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_by_user_id: number;
  created_at: CreatedAt;
}

export type CertificateStatus = 'active' | 'frozen' | 'revoked';

export interface CertificatesTable {
  serial: string;
  user_id: number;
  subject: string;
  public_key: string;
  certificate: string;
  not_before: Timestamp;
  not_after: Timestamp;
  status: Generated<CertificateStatus>;
  renewed_from: string | null;
  activation_code_id: number | null;
  revoked_at: Timestamp | null;
  revoke_reason: string | null;
  /** Staff restored password login after revoking it (0022); unset keeps the login certificate-only. */
  password_restored_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface PartnerClientsTable {
  client_id: string;
  client_name: string;
  enterprise_no: string;
  api_codes: Json<string[]>;
  /** The seat the client acts as (0024): its authorities and account rights bound every call. */
  user_no: Generated<string | null>;
  secret_hash: string;
  secret_version: Generated<number>;
  status: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export type NotificationKind = 'report' | 'reconciliation' | 'warning' | 'riskNotice' | 'instruction';

/** 消息中心 (0038): a seat's notifications. */
export interface NotificationsTable {
  id: Generated<number>;
  user_no: string;
  kind: NotificationKind;
  title: string;
  body: Generated<string>;
  link: Generated<string>;
  /** What it is about (`riskNotice:12`), unique per seat (0044); null for a one-off. */
  subject: string | null;
  created_at: CreatedAt;
  read_at: Timestamp | null;
}

export interface NotificationPreferencesTable {
  user_no: string;
  kind: NotificationKind;
  email: Generated<boolean>;
}

/** The e-mail outbox (0038): sent after the commit, retried with backoff. */
export interface NotificationMailsTable {
  id: Generated<number>;
  notification_id: number;
  to_address: string;
  subject: string;
  text: string;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  locked_until: Timestamp | null;
  sent_at: Timestamp | null;
  last_error: string | null;
}

/** 报表中心 (0040): a seat's subscription, also the scheduled job's row (lease in locked_until). */
export interface ReportSubscriptionsTable {
  id: Generated<number>;
  user_no: string;
  enterprise_no: string;
  report_kind: string;
  frequency: 'daily' | 'weekly' | 'monthly';
  format: string;
  params: Json<Record<string, unknown>>;
  status: Generated<'active' | 'cancelled'>;
  next_run_at: Timestamp;
  locked_until: Timestamp | null;
  attempts: Generated<number>;
  last_run_at: Timestamp | null;
  last_status: 'ok' | 'failed' | 'retrying' | null;
  last_error: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** A produced report (0040), kept until expires_at (90 days). */
export interface GeneratedReportsTable {
  id: Generated<number>;
  user_no: string;
  enterprise_no: string;
  report_kind: string;
  title: string;
  format: string;
  subscription_id: number | null;
  period_from: string | null;
  period_to: string | null;
  file_name: string;
  content_type: string;
  body: Uint8Array;
  byte_size: number;
  created_at: CreatedAt;
  expires_at: Timestamp;
}

export interface CashFeedsTable {
  id: Generated<number>;
  feed_id: string;
  format: 'CSV' | 'camt.053.001.08';
  file_name: string;
  file_digest: string;
  day_count: number;
  entry_count: number;
  enterprise_count: number;
  imported_by_user_id: number;
  imported_by_user_no: string;
  imported_at: CreatedAt;
}

export interface CashDaysTable {
  account_no: string;
  statement_date: ColumnType<Date | string, string, string>;
  feed_id: number;
  currency: string;
  opening: Amount;
  closing: Amount;
}

export interface CashEntriesTable {
  id: Generated<number>;
  account_no: string;
  enterprise_no: string;
  booking_date: ColumnType<Date | string, string, string>;
  value_date: ColumnType<Date | string, string, string>;
  direction: 'C' | 'D';
  amount: Amount;
  currency: string;
  counterparty_name: string;
  counterparty_account: string;
  summary: string;
  instruction_no: string | null;
  ref: string | null;
  feed_id: number | null;
  row_no: number | null;
  source: 'feed' | 'instruction';
  created_at: CreatedAt;
}

export interface CashReconcileCalendarsTable {
  enterprise_no: string;
  frequency: 'monthly' | 'quarterly';
  updated_by_user_no: string;
  updated_at: Timestamp;
}

export interface CashReconciliationsTable {
  id: Generated<number>;
  enterprise_no: string;
  account_no: string;
  period_start: ColumnType<Date | string, string, string>;
  period_end: ColumnType<Date | string, string, string>;
  result: 'match' | 'mismatch';
  opening: NullableAmount;
  closing: NullableAmount;
  entry_count: number;
  entry_ids: ColumnType<number[], number[] | undefined, number[]>;
  reason: ColumnType<string, string | undefined, string>;
  signed_by_user_id: number;
  signed_by_user_no: string;
  sign_data: string;
  sign_msg: string;
  device_key: string;
  cert_serial: string | null;
  signed_at: ColumnType<Date, Date | string, Date | string>;
  reply: string | null;
  replied_by_user_no: string | null;
  replied_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** 询证函 (migration 0043): a signed document for a named auditor behind a time-limited link. */
export interface AuditConfirmationsTable {
  id: Generated<number>;
  confirmation_no: string;
  enterprise_no: string;
  auditor_name: string;
  auditor_firm: string;
  period_start: ColumnType<Date | string, string, string>;
  balance_date: ColumnType<Date | string, string, string>;
  account_nos: string[];
  token_sm3: string;
  expires_at: Timestamp;
  document: Buffer | null;
  document_sm3: string | null;
  issued_by_user_no: string;
  issued_at: Timestamp;
  revoked_at: Timestamp | null;
  revoked_by_user_no: string | null;
  open_count: Generated<number>;
  last_opened_at: Timestamp | null;
}

export interface DB {
  enterprises: EnterprisesTable;
  users: UsersTable;
  user_numbers: UserNumbersTable;
  authorities: AuthoritiesTable;
  roles: RolesTable;
  role_authorities: RoleAuthoritiesTable;
  user_number_roles: UserNumberRolesTable;
  menus: MenusTable;
  sessions: SessionsTable;
  audit_log: AuditLogTable;
  api_definitions: ApiDefinitionsTable;
  api_catalogue_state: ApiCatalogueStateTable;
  dictionary_standards: DictionaryStandardsTable;
  password_history: PasswordHistoryTable;
  login_devices: LoginDevicesTable;
  unknown_device_failures: UnknownDeviceFailuresTable;
  custody_accounts: CustodyAccountsTable;
  ebank_accounts: EbankAccountsTable;
  account_auth: AccountAuthTable;
  account_batches: AccountBatchesTable;
  account_batch_rows: AccountBatchRowsTable;
  instructions: InstructionsTable;
  approval_rules: ApprovalRulesTable;
  instruction_imports: InstructionImportsTable;
  instruction_import_rows: InstructionImportRowsTable;
  instruction_history: InstructionHistoryTable;
  instruction_attachments: InstructionAttachmentsTable;
  idempotent_requests: IdempotentRequestsTable;
  business_calendar_days: BusinessCalendarDaysTable;
  bank_codes: BankCodesTable;
  payees: PayeesTable;
  payee_changes: PayeeChangesTable;
  admin_changes: AdminChangesTable;
  dual_control_waivers: DualControlWaiversTable;
  instruction_templates: InstructionTemplatesTable;
  instruction_template_changes: InstructionTemplateChangesTable;
  instruction_cutoffs: InstructionCutoffsTable;
  risk_notices: RiskNoticesTable;
  risk_notice_enterprises: RiskNoticeEnterprisesTable;
  risk_notice_reads: RiskNoticeReadsTable;
  warning_feeds: WarningFeedsTable;
  valuation_imports: ValuationImportsTable;
  valuation_statements: ValuationStatementsTable;
  valuation_lines: ValuationLinesTable;
  cash_feeds: CashFeedsTable;
  cash_days: CashDaysTable;
  cash_entries: CashEntriesTable;
  cash_reconcile_calendars: CashReconcileCalendarsTable;
  cash_reconciliations: CashReconciliationsTable;
  clear_position_warnings: ClearPositionWarningsTable;
  pre_cleaning_reminders: PreCleaningRemindersTable;
  new_share_payments: NewSharePaymentsTable;
  partner_clients: PartnerClientsTable;
  certificate_activation_codes: CertificateActivationCodesTable;
  certificates: CertificatesTable;
  notifications: NotificationsTable;
  notification_preferences: NotificationPreferencesTable;
  notification_mails: NotificationMailsTable;
  report_subscriptions: ReportSubscriptionsTable;
  generated_reports: GeneratedReportsTable;
  audit_confirmations: AuditConfirmationsTable;
  schema_migrations: SchemaMigrationsTable;
}

export type User = Selectable<UsersTable>;
export type NewAuditEntry = Insertable<AuditLogTable>;
