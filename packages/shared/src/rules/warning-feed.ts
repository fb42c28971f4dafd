import { CODE_TABLES } from './code-tables';
import { csvCells } from './csv-text';
import { amountSchema } from './validators';

/**
 * The custody system's daily warning feeds (issue 13): one CSV per kind, a header line naming the
 * columns, then one warning a line, each carrying the feed's id. This is the format check, the
 * same wherever it runs; whether an enterprise, an account or an earlier feed exists only the
 * server knows (docs/features/warnings.md).
 */

export const WARNING_KINDS = ['clearPosition', 'preCleaning', 'newSharePayment'] as const;
export type WarningKind = (typeof WARNING_KINDS)[number];

export const WARNING_KIND_NAMES: Record<WarningKind, string> = {
  clearPosition: '清仓预警',
  preCleaning: '预清算提醒',
  newSharePayment: '新股缴款提醒',
};

/** The columns of each feed, in file order; a file's first line names exactly these. */
export const FEED_COLUMNS: Record<WarningKind, readonly string[]> = {
  clearPosition: ['批次号', '企业编号', '账号', '产品代码', '触发类型', '单位净值', '触发阈值', '触发日期', '处理截止日期'],
  preCleaning: ['批次号', '企业编号', '账号', '清算日期', '市场', '应付金额', '可用余额'],
  newSharePayment: ['批次号', '企业编号', '账号', '股票代码', '股票名称', '市场', '配售数量', '发行价格', '缴款截止日期'],
};

export const FEED_MAX_ROWS = 5_000;
export const FEED_ID_MESSAGE = '批次号须为6到40位字母、数字、_或-';
const FEED_ID = /^[A-Za-z0-9_-]{6,40}$/;

/** New shares are listed on an exchange: the interbank market and Stock Connect issue none. */
export const NEW_SHARE_MARKETS = ['SH', 'SZ', 'BJ'] as const;

interface RowBase {
  /** The 1-based line of the file. */
  rowNo: number;
  enterpriseNo: string;
  accountNo: string;
}

export interface ClearPositionRow extends RowBase {
  productCode: string;
  /** `CODE_TABLES.warningTrigger` code. */
  trigger: string;
  unitNav: string;
  /** Null for 到期清盘, which crosses no line. */
  threshold: string | null;
  triggerDate: string;
  deadline: string;
}

export interface PreCleaningRow extends RowBase {
  settleDate: string;
  /** `CODE_TABLES.market` code. */
  market: string;
  amountDue: string;
  availableBalance: string;
}

export interface NewSharePaymentRow extends RowBase {
  stockCode: string;
  stockName: string;
  market: string;
  quantity: number;
  issuePrice: string;
  /** quantity × issue price, exact, two decimals. */
  amountPayable: string;
  paymentDeadline: string;
}

export interface FeedRows {
  clearPosition: ClearPositionRow;
  preCleaning: PreCleaningRow;
  newSharePayment: NewSharePaymentRow;
}

/** One refused line: its number in the file, the account it names (as written) and every reason, joined. */
export interface FeedRowError {
  rowNo: number;
  accountNo: string;
  reason: string;
}

export interface ParsedFeed<K extends WarningKind> {
  /** The first data line's feed id, when it is well-formed. */
  feedId: string | null;
  rows: FeedRows[K][];
  errors: FeedRowError[];
  /** Every data line, well-formed or not. */
  rowCount: number;
  /** A problem with the file as a whole (header, no data, too many lines): no row is worth reading then. */
  fileError: string | null;
}

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001F\u007F]/;
const DECIMAL_4 = /^(?:0|[1-9]\d{0,7})(?:\.\d{1,4})?$/;

/** A valid calendar date written yyyy-MM-dd. */
export function isYmd(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

/** A non-negative decimal string as an integer count of 10^-4 units (exact, no float). */
export function tenThousandths(text: string): bigint {
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole + fraction.padEnd(4, '0'));
}

/**
 * quantity × price exactly, as a two-decimal string, or null when the product has a fraction of a
 * cent (nobody can pay it) or more than 17 integer digits (spec §9's amount limit).
 */
export function amountPayable(quantity: number, price: string): string | null {
  const product = BigInt(quantity) * tenThousandths(price);
  if (product % 100n !== 0n) return null;
  const cents = (product / 100n).toString().padStart(3, '0');
  const whole = cents.slice(0, -2);
  return whole.length > 17 ? null : `${whole}.${cents.slice(-2)}`;
}

/** A code of `table` written as the code or as its label (a person editing a feed may write either). */
function codeOf(table: Readonly<Record<string, string>>, text: string): string | undefined {
  if (Object.hasOwn(table, text)) return text;
  return Object.entries(table).find(([, label]) => label === text)?.[0];
}

const listing = (table: Readonly<Record<string, string>>, codes = Object.keys(table)) => codes.map((c) => `${c}${table[c]}`).join('、');

type Cells = Record<string, string>;
/** A kind's own columns: reports each problem through `fail`; what it returns counts only when nothing failed. */
type Check<K extends WarningKind> = (c: Cells, fail: (reason: string) => void) => Omit<FeedRows[K], keyof RowBase>;

const date = (c: Cells, column: string, fail: (reason: string) => void) => {
  const v = c[column]!;
  if (v === '') fail(`${column}为空`);
  else if (!isYmd(v)) fail(`${column}须为有效日期（yyyy-MM-dd）`);
  return v;
};

const CHECKS: { [K in WarningKind]: Check<K> } = {
  clearPosition: (c, fail) => {
    if (!/^[0-9A-Za-z]{1,20}$/.test(c['产品代码']!)) fail('产品代码须为1到20位字母或数字');
    const trigger = codeOf(CODE_TABLES.warningTrigger, c['触发类型']!);
    if (!trigger) fail(`触发类型须为${listing(CODE_TABLES.warningTrigger)}`);
    const nav = c['单位净值']!;
    const navOk = DECIMAL_4.test(nav) && tenThousandths(nav) > 0n;
    if (!navOk) fail('单位净值须为大于0的数，最多8位整数和4位小数');
    const threshold = c['触发阈值']!;
    if (trigger === '03') {
      if (threshold !== '') fail('到期清盘不填写触发阈值');
    } else if (trigger) {
      if (!(DECIMAL_4.test(threshold) && tenThousandths(threshold) > 0n)) fail('触发阈值须为大于0的数，最多8位整数和4位小数');
      else if (navOk && tenThousandths(nav) > tenThousandths(threshold)) fail(`单位净值${nav}高于触发阈值${threshold}，未触发${CODE_TABLES.warningTrigger[trigger as '01']}`);
    }
    const triggerDate = date(c, '触发日期', fail);
    const deadline = date(c, '处理截止日期', fail);
    if (isYmd(triggerDate) && isYmd(deadline) && deadline < triggerDate) fail('处理截止日期不能早于触发日期');
    return { productCode: c['产品代码']!, trigger: trigger!, unitNav: nav, threshold: threshold === '' ? null : threshold, triggerDate, deadline };
  },
  preCleaning: (c, fail) => {
    const settleDate = date(c, '清算日期', fail);
    const market = codeOf(CODE_TABLES.market, c['市场']!);
    if (!market) fail(`市场须为${listing(CODE_TABLES.market)}`);
    for (const column of ['应付金额', '可用余额']) {
      if (!amountSchema.safeParse(c[column]).success) fail(`${column}格式不合法（最大17位整数和2位小数）`);
    }
    return { settleDate, market: market!, amountDue: c['应付金额']!, availableBalance: c['可用余额']! };
  },
  newSharePayment: (c, fail) => {
    if (!/^\d{6}$/.test(c['股票代码']!)) fail('股票代码须为6位数字');
    const stockName = c['股票名称']!;
    if (stockName === '') fail('股票名称为空');
    else if (stockName.length > 20) fail('股票名称不能超过20个字符');
    const market = codeOf(CODE_TABLES.market, c['市场']!);
    if (!market || !(NEW_SHARE_MARKETS as readonly string[]).includes(market)) fail(`新股市场须为${listing(CODE_TABLES.market, [...NEW_SHARE_MARKETS])}`);
    const quantityText = c['配售数量']!;
    const quantityOk = /^[1-9]\d{0,9}$/.test(quantityText);
    if (!quantityOk) fail('配售数量须为1到9999999999之间的整数');
    const price = c['发行价格']!;
    const priceOk = DECIMAL_4.test(price) && tenThousandths(price) > 0n;
    if (!priceOk) fail('发行价格须为大于0的数，最多8位整数和4位小数');
    const payable = quantityOk && priceOk ? amountPayable(Number(quantityText), price) : null;
    if (quantityOk && priceOk && payable === null) fail('应缴金额（配售数量×发行价格）须为整分且不超过17位整数');
    const deadline = date(c, '缴款截止日期', fail);
    return { stockCode: c['股票代码']!, stockName, market: market!, quantity: Number(quantityText), issuePrice: price, amountPayable: payable!, paymentDeadline: deadline };
  },
};

/** What makes two warnings the same one: a line repeating it within the file, or an earlier feed. */
export function warningKey<K extends WarningKind>(kind: K, row: FeedRows[K]): string {
  switch (kind) {
    case 'clearPosition': {
      const r = row as ClearPositionRow;
      return `${r.accountNo}|${r.trigger}|${r.triggerDate}`;
    }
    case 'preCleaning': {
      const r = row as PreCleaningRow;
      return `${r.accountNo}|${r.settleDate}|${r.market}`;
    }
    default: {
      const r = row as NewSharePaymentRow;
      return `${r.accountNo}|${r.stockCode}`;
    }
  }
}

const sameColumns = (cells: readonly string[], columns: readonly string[]) => cells.length === columns.length && cells.every((c, i) => c === columns[i]);

/**
 * Reads one feed of `kind`: the header, then each data line's cells checked for format. A line
 * with errors gives every reason at once, so the feed's owner fixes it in one go. Blank lines are
 * skipped; line numbers count them, as an editor does.
 */
export function parseWarningFeed<K extends WarningKind>(kind: K, text: string): ParsedFeed<K> {
  const columns = FEED_COLUMNS[kind];
  const lines = text.split(/\r\n|\n|\r/);
  const empty = (line: string) => /^[,\s]*$/.test(line);
  const headerIndex = lines.findIndex((line) => !empty(line));
  const result: ParsedFeed<K> = { feedId: null, rows: [], errors: [], rowCount: 0, fileError: null };
  if (headerIndex < 0) return { ...result, fileError: '文件中没有预警数据' };
  const header = csvCells(lines[headerIndex]!).map((c) => c.trim());
  if (!sameColumns(header, columns)) {
    const other = WARNING_KINDS.find((k) => sameColumns(header, FEED_COLUMNS[k]));
    return {
      ...result,
      fileError: other
        ? `该文件为“${WARNING_KIND_NAMES[other]}”数据，与所选类型“${WARNING_KIND_NAMES[kind]}”不符`
        : `文件第一行应为表头：${columns.join(',')}`,
    };
  }
  const data = lines.map((line, index) => ({ line, rowNo: index + 1 })).filter(({ line, rowNo }) => rowNo - 1 > headerIndex && !empty(line));
  result.rowCount = data.length;
  if (data.length === 0) return { ...result, fileError: '文件中没有预警数据' };
  if (data.length > FEED_MAX_ROWS) return { ...result, fileError: `一个文件最多${FEED_MAX_ROWS}条预警，该文件有${data.length}条` };

  const firstSeen = new Map<string, number>();
  for (const { line, rowNo } of data) {
    const cells = csvCells(line).map((c) => c.trim());
    const accountNo = (cells[2] ?? '').slice(0, 40);
    const reasons: string[] = [];
    const fail = (reason: string) => void reasons.push(reason);
    if (cells.length !== columns.length) {
      result.errors.push({ rowNo, accountNo, reason: `格式错误：每行应为${columns.length}列（${columns.join(',')}）` });
      continue;
    }
    if (cells.some((c) => CONTROL.test(c))) {
      result.errors.push({ rowNo, accountNo, reason: '不能包含控制字符' });
      continue;
    }
    const c = Object.fromEntries(columns.map((name, i) => [name, cells[i]!]));
    const feedId = c['批次号']!;
    if (!FEED_ID.test(feedId)) fail(FEED_ID_MESSAGE);
    else if (result.feedId === null) result.feedId = feedId;
    else if (feedId !== result.feedId) fail(`批次号与首行不一致（应为${result.feedId}）`);
    if (!/^\d{10}$/.test(c['企业编号']!)) fail('企业编号须为10位数字');
    if (!/^\d{12,22}$/.test(c['账号']!)) fail(c['账号'] === '' ? '账号为空' : '账号须为12到22位数字');
    const fields = (CHECKS[kind] as Check<K>)(c, fail);
    if (reasons.length > 0) {
      result.errors.push({ rowNo, accountNo, reason: reasons.join('；') });
      continue;
    }
    const row = { rowNo, enterpriseNo: c['企业编号']!, accountNo: c['账号']!, ...fields } as FeedRows[K];
    const key = warningKey(kind, row);
    const earlier = firstSeen.get(key);
    if (earlier !== undefined) {
      result.errors.push({ rowNo, accountNo, reason: `与第${earlier}行重复` });
      continue;
    }
    firstSeen.set(key, rowNo);
    result.rows.push(row);
  }
  return result;
}
