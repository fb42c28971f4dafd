import { csvCells } from './csv-text';
import { checkLayout, type FeedFormat } from './feed-layout';
import { toCents, centsToDecimal } from './decimal';
import { isYmd } from './warning-feed';

/**
 * The custodian's daily cash statements (资金对账单, issue 29): for each custody account and day,
 * the balance at the start and at the end and every movement between. Two file types carry them,
 * the portal's own CSV and ISO 20022 camt.053.001.08; both are read into the same rows and checked
 * by the same rules here. Whether an account, an instruction or an earlier statement exists only
 * the server knows (docs/features/cash-statements.md).
 */

export const CASH_FEED = 'cashStatement';
export const CASH_FEED_NAME = '资金对账单';
export const CAMT053_VERSION = 'camt.053.001.08';
export const CAMT053_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:camt.053.001.08';

/** The CSV layout 1.0, in file order: one entry a line, the day's balances repeated on each. */
export const CASH_FEED_COLUMNS = ['批次号', '账号', '对账日期', '币种', '期初余额', '期末余额', '流水号', '借贷方向', '金额', '起息日期', '对方户名', '对方账号', '摘要', '指令编号'] as const;

export const CASH_FEED_FORMAT: FeedFormat = {
  feed: CASH_FEED,
  name: CASH_FEED_NAME,
  version: '1.0',
  since: '2026-11-28',
  fileTypes: ['CSV', CAMT053_VERSION],
  columns: CASH_FEED_COLUMNS,
};

export const CASH_FEED_MAX_ENTRIES = 10_000;
export const CASH_DIRECTIONS = { C: '贷', D: '借' } as const;
export type CashDirection = keyof typeof CASH_DIRECTIONS;

export interface CashDayRow {
  /** The line (CSV) or statement (camt.053, 1-based) that gave the day first. */
  rowNo: number;
  accountNo: string;
  date: string;
  currency: string;
  opening: string;
  closing: string;
}

export interface CashEntryRow {
  rowNo: number;
  accountNo: string;
  bookingDate: string;
  valueDate: string;
  /** The custody system's reference of the entry, unique per account. */
  ref: string;
  direction: CashDirection;
  amount: string;
  currency: string;
  counterpartyName: string;
  counterpartyAccount: string;
  summary: string;
  instructionNo: string | null;
}

export interface CashFeedError {
  rowNo: number;
  accountNo: string;
  reason: string;
}

export interface ParsedCashFeed {
  format: 'CSV' | typeof CAMT053_VERSION;
  feedId: string | null;
  days: CashDayRow[];
  entries: CashEntryRow[];
  errors: CashFeedError[];
  /** Lines (CSV) or entries (camt.053) read, well-formed or not. */
  rowCount: number;
  fileError: string | null;
}

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001F\u007F]/;
const FEED_ID = /^[A-Za-z0-9_-]{6,40}$/;
const REF = /^[A-Za-z0-9_-]{1,40}$/;
const INSTRUCTION_NO = /^[A-Za-z0-9-]{1,40}$/;
const ACCOUNT = /^\d{12,22}$/;
const CURRENCY = /^[A-Z]{3}$/;
/** A signed amount: up to 17 integer digits and 2 decimals (a balance may be overdrawn). */
const BALANCE = /^-?(?:0|[1-9]\d{0,16})(?:\.\d{1,2})?$/;
const AMOUNT = /^(?:0|[1-9]\d{0,16})(?:\.\d{1,2})?$/;

export const CASH_MESSAGES = {
  feedId: '批次号须为6到40位字母、数字、_或-',
  account: '账号须为12到22位数字',
  currency: '币种须为3位大写字母（如CNY）',
  balance: (label: string) => `${label}格式不合法（最大17位整数和2位小数）`,
  amount: '金额须为大于0的数（最大17位整数和2位小数）',
  ref: '流水号须为1到40位字母、数字、_或-',
  direction: '借贷方向须为借或贷（D或C）',
  instructionNo: '指令编号须为1到40位字母、数字或-',
  name: '对方户名不能超过60个字符',
  counterpartyAccount: '对方账号不能超过40个字符',
  summary: '摘要不能超过100个字符',
  empty: '文件中没有对账单数据',
} as const;

/** A two-decimal text of a valid amount, e.g. `1200` → `1200.00`. */
const money = (text: string) => centsToDecimal(toCents(text)!);

/** The checks of one entry's own fields, both file types. Each problem goes to `fail`. */
export function checkEntryFields(e: Omit<CashEntryRow, 'rowNo' | 'accountNo' | 'currency' | 'direction'> & { direction: string }, fail: (reason: string) => void) {
  if (!REF.test(e.ref)) fail(CASH_MESSAGES.ref);
  if (e.direction !== 'C' && e.direction !== 'D') fail(CASH_MESSAGES.direction);
  if (!AMOUNT.test(e.amount) || toCents(e.amount) === 0n) fail(CASH_MESSAGES.amount);
  if (!isYmd(e.valueDate)) fail('起息日期须为有效日期（yyyy-MM-dd）');
  if (e.counterpartyName.length > 60) fail(CASH_MESSAGES.name);
  if (e.counterpartyAccount.length > 40) fail(CASH_MESSAGES.counterpartyAccount);
  if (e.summary.length > 100) fail(CASH_MESSAGES.summary);
  if (e.instructionNo !== null && !INSTRUCTION_NO.test(e.instructionNo)) fail(CASH_MESSAGES.instructionNo);
}

export function checkDayFields(d: Omit<CashDayRow, 'rowNo'>, fail: (reason: string) => void) {
  if (!ACCOUNT.test(d.accountNo)) fail(d.accountNo === '' ? '账号为空' : CASH_MESSAGES.account);
  if (!isYmd(d.date)) fail('对账日期须为有效日期（yyyy-MM-dd）');
  if (!CURRENCY.test(d.currency)) fail(CASH_MESSAGES.currency);
  if (!BALANCE.test(d.opening)) fail(CASH_MESSAGES.balance('期初余额'));
  if (!BALANCE.test(d.closing)) fail(CASH_MESSAGES.balance('期末余额'));
}

const DIRECTION_OF: Record<string, CashDirection> = { 借: 'D', D: 'D', 贷: 'C', C: 'C' };

/** What makes a day one: an account and a date. */
export const dayKey = (d: { accountNo: string; date: string }) => `${d.accountNo}|${d.date}`;

/**
 * The checks across a file, both types: a day's entries and balances agree (opening + credits −
 * debits = closing), an entry reference or an instruction number appears once. Adds to `errors`.
 */
export function checkStatementDays(days: readonly CashDayRow[], entries: readonly CashEntryRow[], errors: CashFeedError[]) {
  const byDay = new Map<string, bigint>();
  for (const e of entries) {
    const key = dayKey({ accountNo: e.accountNo, date: e.bookingDate });
    const signed = e.direction === 'C' ? toCents(e.amount)! : -toCents(e.amount)!;
    byDay.set(key, (byDay.get(key) ?? 0n) + signed);
  }
  for (const d of days) {
    const moved = byDay.get(dayKey(d)) ?? 0n;
    const expected = toCents(d.opening)! + moved;
    if (expected !== toCents(d.closing)!) {
      errors.push({ rowNo: d.rowNo, accountNo: d.accountNo, reason: `${d.date}期初余额${money(d.opening)}加贷方减借方发生额应为${centsToDecimal(expected)}，与期末余额${money(d.closing)}不符` });
    }
  }
  const refs = new Map<string, number>();
  const instructions = new Map<string, number>();
  for (const e of entries) {
    const refKey = `${e.accountNo}|${e.ref}`;
    const earlier = refs.get(refKey);
    if (earlier !== undefined) errors.push({ rowNo: e.rowNo, accountNo: e.accountNo, reason: `流水号${e.ref}与第${earlier}行重复` });
    else refs.set(refKey, e.rowNo);
    if (e.instructionNo) {
      const first = instructions.get(e.instructionNo);
      if (first !== undefined) errors.push({ rowNo: e.rowNo, accountNo: e.accountNo, reason: `指令编号${e.instructionNo}与第${first}行重复` });
      else instructions.set(e.instructionNo, e.rowNo);
    }
  }
}

/**
 * Reads the CSV layout: the header is checked against the declared format (a different layout is
 * refused whole, naming each difference), then every line at once, each with all its reasons. A
 * line with no 流水号, 借贷方向 or 金额 states a day without movements.
 */
export function parseCashCsv(text: string): ParsedCashFeed {
  const lines = text.split(/\r\n|\n|\r/);
  const blank = (line: string) => /^[,\s]*$/.test(line);
  const headerIndex = lines.findIndex((line) => !blank(line));
  const result: ParsedCashFeed = { format: 'CSV', feedId: null, days: [], entries: [], errors: [], rowCount: 0, fileError: null };
  if (headerIndex < 0) return { ...result, fileError: CASH_MESSAGES.empty };
  const layout = checkLayout(CASH_FEED_FORMAT, csvCells(lines[headerIndex]!));
  if (layout) return { ...result, fileError: layout };
  const columns = CASH_FEED_COLUMNS;
  const data = lines.map((line, index) => ({ line, rowNo: index + 1 })).filter(({ line, rowNo }) => rowNo - 1 > headerIndex && !blank(line));
  result.rowCount = data.length;
  if (data.length === 0) return { ...result, fileError: CASH_MESSAGES.empty };
  if (data.length > CASH_FEED_MAX_ENTRIES) return { ...result, fileError: `一个文件最多${CASH_FEED_MAX_ENTRIES}行，该文件有${data.length}行` };

  const days = new Map<string, CashDayRow>();
  for (const { line, rowNo } of data) {
    const cells = csvCells(line).map((c) => c.trim());
    const accountNo = (cells[1] ?? '').slice(0, 40);
    if (cells.length !== columns.length) {
      result.errors.push({ rowNo, accountNo, reason: `格式错误：每行应为${columns.length}列（${columns.join(',')}）` });
      continue;
    }
    if (cells.some((c) => CONTROL.test(c))) {
      result.errors.push({ rowNo, accountNo, reason: '不能包含控制字符' });
      continue;
    }
    const c = Object.fromEntries(columns.map((name, i) => [name, cells[i]!])) as Record<(typeof CASH_FEED_COLUMNS)[number], string>;
    const reasons: string[] = [];
    const fail = (reason: string) => void reasons.push(reason);
    if (!FEED_ID.test(c['批次号'])) fail(CASH_MESSAGES.feedId);
    else if (result.feedId === null) result.feedId = c['批次号'];
    else if (c['批次号'] !== result.feedId) fail(`批次号与首行不一致（应为${result.feedId}）`);
    const day: CashDayRow = { rowNo, accountNo: c['账号'], date: c['对账日期'], currency: c['币种'], opening: c['期初余额'], closing: c['期末余额'] };
    checkDayFields(day, fail);
    const seen = days.get(dayKey(day));
    if (seen && reasons.length === 0 && (seen.opening !== day.opening || seen.closing !== day.closing || seen.currency !== day.currency)) {
      fail(`同一账号同一对账日期的币种和期初、期末余额须与第${seen.rowNo}行一致`);
    }
    const movement = c['流水号'] !== '' || c['借贷方向'] !== '' || c['金额'] !== '';
    const entry = {
      bookingDate: day.date,
      valueDate: c['起息日期'] === '' ? day.date : c['起息日期'],
      ref: c['流水号'],
      direction: DIRECTION_OF[c['借贷方向'].toUpperCase()] ?? c['借贷方向'],
      amount: c['金额'],
      counterpartyName: c['对方户名'],
      counterpartyAccount: c['对方账号'],
      summary: c['摘要'],
      instructionNo: c['指令编号'] === '' ? null : c['指令编号'],
    };
    if (movement) checkEntryFields(entry, fail);
    if (reasons.length > 0) {
      result.errors.push({ rowNo, accountNo, reason: reasons.join('；') });
      continue;
    }
    if (!seen) days.set(dayKey(day), day);
    if (movement) result.entries.push({ ...entry, rowNo, accountNo: day.accountNo, currency: day.currency, direction: entry.direction as CashDirection, amount: money(entry.amount) });
  }
  result.days = [...days.values()].map((d) => ({ ...d, opening: money(d.opening), closing: money(d.closing) }));
  if (result.errors.length === 0) checkStatementDays(result.days, result.entries, result.errors);
  return result;
}
