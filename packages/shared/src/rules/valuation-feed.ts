import { CODE_TABLES } from './code-tables';
import { csvCells } from './csv-text';
import { checkLayout, type FeedFormat } from './feed-layout';
import { isYmd } from './warning-feed';

/**
 * The custodian's daily valuation statements (估值表, issue 29): one CSV may carry several
 * products' statements for one or more days. Each line names the day, the enterprise, the product
 * and what the line is: the statement's summary (净值: NAV, units, unit NAV, cumulative unit NAV),
 * a position (持仓), or a cash (现金), receivable (应收) or payable (应付) line. This is the format
 * check, the same wherever it runs; whether the product exists and whose it is only the server knows.
 */

export const VALUATION_COLUMNS = [
  '估值日期',
  '企业编号',
  '产品代码',
  '行类型',
  '证券代码',
  '市场',
  '名称',
  '资产类别',
  '数量',
  '单位成本',
  '成本',
  '估值价格',
  '市值',
  '估值增值',
  '占净值比例(%)',
  '资产净值',
  '实收份额',
  '单位净值',
  '累计单位净值',
] as const;

export const VALUATION_FORMAT: FeedFormat = {
  feed: 'valuation',
  name: '估值表',
  version: '1.0',
  since: '2026-11-28',
  fileTypes: ['CSV'],
  columns: VALUATION_COLUMNS,
};

/** The kinds of line: the summary, a position, and the three money lines. */
export const VALUATION_LINE_TYPES = { summary: '净值', position: '持仓', cash: '现金', receivable: '应收', payable: '应付' } as const;
export type ValuationLineType = keyof typeof VALUATION_LINE_TYPES;
export type ValuationItemType = Exclude<ValuationLineType, 'summary'>;

/** Asset classes of a position, by code. */
export const ASSET_CLASSES = { stock: '股票', govBond: '国债', policyBond: '政策性金融债', ncd: '同业存单', fund: '基金', repo: '逆回购', other: '其他' } as const;
export type AssetClass = keyof typeof ASSET_CLASSES;

export const VALUATION_MAX_ROWS = 60_000;

export interface ValuationItem {
  rowNo: number;
  type: ValuationItemType;
  /** Positions only; empty for money lines. */
  securityCode: string;
  market: string;
  name: string;
  assetClass: AssetClass | '';
  quantity: string | null;
  unitCost: string | null;
  cost: string | null;
  price: string | null;
  /** The line's amount: market value of a position, the balance of a money line. */
  marketValue: string;
  gain: string | null;
  navRatio: string;
}

export interface ValuationStatement {
  /** The summary line's number. */
  rowNo: number;
  valuationDate: string;
  enterpriseNo: string;
  productCode: string;
  nav: string;
  units: string;
  unitNav: string;
  cumUnitNav: string;
  items: ValuationItem[];
}

export interface ValuationRowError {
  rowNo: number;
  productCode: string;
  reason: string;
}

export interface ParsedValuation {
  statements: ValuationStatement[];
  errors: ValuationRowError[];
  rowCount: number;
  /** The file as a whole (layout, no data, too many lines): no row is worth reading then. */
  fileError: string | null;
}

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001F\u007F]/;

/** A decimal string with at most `scale` decimals as an integer of 10^-scale units; null when malformed. */
export function scaled(text: string, scale: number, signed = false): bigint | null {
  const pattern = new RegExp(`^${signed ? '-?' : ''}(?:0|[1-9]\\d{0,16})(?:\\.\\d{1,${scale}})?$`);
  if (!pattern.test(text)) return null;
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const value = BigInt(whole + fraction.padEnd(scale, '0'));
  return negative ? -value : value;
}

/** cents (10^-2) as a decimal string. */
export function centsText(cents: bigint): string {
  const negative = cents < 0n;
  const digits = (negative ? -cents : cents).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

const labelOf = <T extends Record<string, string>>(table: T, text: string): keyof T | undefined =>
  (Object.keys(table) as (keyof T)[]).find((k) => k === text || table[k] === text);

/** What makes two statements the same one. */
export const statementKey = (s: Pick<ValuationStatement, 'enterpriseNo' | 'productCode' | 'valuationDate'>) => `${s.enterpriseNo}|${s.productCode}|${s.valuationDate}`;

/**
 * A statement's content in a canonical form (independent of line order and of the file it came
 * in): the same statement sent again is recognised by it, a different one is told apart.
 */
export function statementFingerprint(s: ValuationStatement): string {
  const items = s.items
    .map((i) => [i.type, i.securityCode, i.market, i.name, i.assetClass, i.quantity, i.unitCost, i.cost, i.price, i.marketValue, i.gain, i.navRatio].map((v) => v ?? '').join(','))
    .sort();
  return [statementKey(s), s.nav, s.units, s.unitNav, s.cumUnitNav, ...items].join('\n');
}

/**
 * Reads a valuation file: the header against the format in force (a changed layout refuses the
 * file, naming each difference), then each line checked at once with every reason, then each
 * statement as a whole: one summary line, positions not repeated, and the NAV equal to positions
 * + cash + receivables − payables.
 */
export function parseValuationFeed(text: string): ParsedValuation {
  const columns = VALUATION_COLUMNS;
  const lines = text.split(/\r\n|\n|\r/);
  const empty = (line: string) => /^[,\s]*$/.test(line);
  const headerIndex = lines.findIndex((line) => !empty(line));
  const result: ParsedValuation = { statements: [], errors: [], rowCount: 0, fileError: null };
  if (headerIndex < 0) return { ...result, fileError: '文件中没有估值数据' };
  const layout = checkLayout(VALUATION_FORMAT, csvCells(lines[headerIndex]!));
  if (layout) return { ...result, fileError: layout };
  const data = lines.map((line, index) => ({ line, rowNo: index + 1 })).filter(({ line, rowNo }) => rowNo - 1 > headerIndex && !empty(line));
  result.rowCount = data.length;
  if (data.length === 0) return { ...result, fileError: '文件中没有估值数据' };
  if (data.length > VALUATION_MAX_ROWS) return { ...result, fileError: `一个文件最多${VALUATION_MAX_ROWS}行，该文件有${data.length}行` };

  const groups = new Map<string, { summaries: { rowNo: number; values: Omit<ValuationStatement, 'items'> }[]; items: ValuationItem[]; seen: Map<string, number>; productCode: string }>();
  const groupOf = (key: string, productCode: string) => {
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { summaries: [], items: [], seen: new Map(), productCode }));
    return g;
  };

  for (const { line, rowNo } of data) {
    const cells = csvCells(line).map((c) => c.trim());
    const productCode = (cells[2] ?? '').slice(0, 20);
    const reasons: string[] = [];
    const fail = (reason: string) => void reasons.push(reason);
    if (cells.length !== columns.length) {
      result.errors.push({ rowNo, productCode, reason: `格式错误：每行应为${columns.length}列` });
      continue;
    }
    if (cells.some((c) => CONTROL.test(c))) {
      result.errors.push({ rowNo, productCode, reason: '不能包含控制字符' });
      continue;
    }
    const c = Object.fromEntries(columns.map((name, i) => [name, cells[i]!])) as Record<(typeof columns)[number], string>;
    if (c['估值日期'] === '') fail('估值日期为空');
    else if (!isYmd(c['估值日期'])) fail('估值日期须为有效日期（yyyy-MM-dd）');
    if (!/^\d{10}$/.test(c['企业编号'])) fail('企业编号须为10位数字');
    if (!/^[0-9A-Za-z]{1,20}$/.test(c['产品代码'])) fail('产品代码须为1到20位字母或数字');
    const type = labelOf(VALUATION_LINE_TYPES, c['行类型']);
    if (!type) fail(`行类型须为${Object.values(VALUATION_LINE_TYPES).join('、')}`);
    const need = (column: (typeof columns)[number], scale: number, { signed = false, positive = false } = {}) => {
      const v = c[column];
      if (v === '') return void fail(`${column}为空`);
      const n = scaled(v, scale, signed);
      if (n === null) return void fail(`${column}须为${signed ? '' : '非负'}数，最多17位整数和${scale}位小数`);
      if (positive && n <= 0n) return void fail(`${column}须大于0`);
      return n;
    };
    const blank = (names: readonly (typeof columns)[number][], what: string) => {
      const filled = names.filter((n) => c[n] !== '');
      if (filled.length > 0) fail(`${what}不填写${filled.join('、')}`);
    };
    const key = statementKey({ enterpriseNo: c['企业编号'], productCode: c['产品代码'], valuationDate: c['估值日期'] });

    if (type === 'summary') {
      blank(['证券代码', '市场', '名称', '资产类别', '数量', '单位成本', '成本', '估值价格', '市值', '估值增值', '占净值比例(%)'], '净值行');
      const nav = need('资产净值', 2, { positive: true });
      const units = need('实收份额', 2, { positive: true });
      const unitNav = need('单位净值', 4, { positive: true });
      need('累计单位净值', 4, { positive: true });
      if (nav !== undefined && units !== undefined && unitNav !== undefined) {
        // NAV / units rounded half-up to four decimals, in 10^-4 units: nav (cents) × 100 / units (cents).
        const exact = (nav * 10_000n * 2n) / units;
        const rounded = (exact + 1n) / 2n;
        const diff = rounded - unitNav;
        if (diff > 1n || diff < -1n) fail(`单位净值${c['单位净值']}与资产净值÷实收份额（${(Number(rounded) / 10_000).toFixed(4)}）不符`);
      }
      if (reasons.length > 0) {
        result.errors.push({ rowNo, productCode, reason: reasons.join('；') });
        continue;
      }
      groupOf(key, c['产品代码']).summaries.push({
        rowNo,
        values: { rowNo, valuationDate: c['估值日期'], enterpriseNo: c['企业编号'], productCode: c['产品代码'], nav: c['资产净值'], units: c['实收份额'], unitNav: c['单位净值'], cumUnitNav: c['累计单位净值'] },
      });
      continue;
    }

    blank(['资产净值', '实收份额', '单位净值', '累计单位净值'], '明细行');
    let item: ValuationItem | undefined;
    if (type === 'position') {
      if (!/^[0-9A-Za-z.]{1,20}$/.test(c['证券代码'])) fail('证券代码须为1到20位字母、数字或.');
      const market = labelOf(CODE_TABLES.market, c['市场']);
      if (!market) fail(`市场须为${Object.entries(CODE_TABLES.market).map(([k, v]) => `${k}${v}`).join('、')}`);
      if (c['名称'] === '') fail('名称为空');
      else if (c['名称'].length > 40) fail('名称不能超过40个字符');
      const assetClass = labelOf(ASSET_CLASSES, c['资产类别']);
      if (!assetClass) fail(`资产类别须为${Object.values(ASSET_CLASSES).join('、')}`);
      need('数量', 4, { positive: true });
      need('单位成本', 4);
      const cost = need('成本', 2);
      need('估值价格', 4);
      const value = need('市值', 2);
      const gain = need('估值增值', 2, { signed: true });
      need('占净值比例(%)', 4, { signed: true });
      if (cost !== undefined && value !== undefined && gain !== undefined && value - cost !== gain) fail(`估值增值须等于市值−成本（${centsText(value - cost)}）`);
      item = { rowNo, type, securityCode: c['证券代码'], market: market ?? '', name: c['名称'], assetClass: assetClass ?? '', quantity: c['数量'], unitCost: c['单位成本'], cost: c['成本'], price: c['估值价格'], marketValue: c['市值'], gain: c['估值增值'], navRatio: c['占净值比例(%)'] };
    } else if (type) {
      blank(['证券代码', '市场', '资产类别', '数量', '单位成本', '成本', '估值价格', '估值增值'], `${VALUATION_LINE_TYPES[type]}行`);
      if (c['名称'] === '') fail('名称为空');
      else if (c['名称'].length > 40) fail('名称不能超过40个字符');
      need('市值', 2);
      need('占净值比例(%)', 4, { signed: true });
      item = { rowNo, type, securityCode: '', market: '', name: c['名称'], assetClass: '', quantity: null, unitCost: null, cost: null, price: null, marketValue: c['市值'], gain: null, navRatio: c['占净值比例(%)'] };
    }
    if (reasons.length > 0 || !item) {
      result.errors.push({ rowNo, productCode, reason: reasons.join('；') });
      continue;
    }
    const g = groupOf(key, c['产品代码']);
    const itemKey = `${item.type}|${item.securityCode}|${item.market}|${item.name}`;
    const earlier = g.seen.get(itemKey);
    if (earlier !== undefined) {
      result.errors.push({ rowNo, productCode, reason: `与第${earlier}行重复` });
      continue;
    }
    g.seen.set(itemKey, rowNo);
    g.items.push(item);
  }

  for (const g of groups.values()) {
    const [summary, ...others] = g.summaries;
    if (!summary) {
      const first = g.items[0];
      if (first) result.errors.push({ rowNo: first.rowNo, productCode: g.productCode, reason: '该产品当日缺少净值行' });
      continue;
    }
    for (const o of others) result.errors.push({ rowNo: o.rowNo, productCode: g.productCode, reason: `净值行与第${summary.rowNo}行重复` });
    const total = g.items.reduce((sum, i) => sum + (i.type === 'payable' ? -1n : 1n) * scaled(i.marketValue, 2)!, 0n);
    if (total !== scaled(summary.values.nav, 2)) {
      result.errors.push({ rowNo: summary.rowNo, productCode: g.productCode, reason: `资产净值${summary.values.nav}与明细合计（持仓+现金+应收−应付=${centsText(total)}）不符` });
      continue;
    }
    result.statements.push({ ...summary.values, items: g.items });
  }
  result.errors.sort((a, b) => a.rowNo - b.rowNo);
  return result;
}
