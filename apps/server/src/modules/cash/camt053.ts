import {
  CAMT053_NAMESPACE,
  CAMT053_VERSION,
  CASH_FEED_MAX_ENTRIES,
  CASH_MESSAGES,
  checkDayFields,
  checkEntryFields,
  checkStatementDays,
  dayKey,
  toCents,
  centsToDecimal,
  type CashDayRow,
  type CashEntryRow,
  type ParsedCashFeed,
} from '@portal/shared';
import { at, list, readXmlFile, text, xmlParser, type XmlNode } from '../../platform/xml-file';

const parser = xmlParser(['Stmt', 'Bal', 'Ntry', 'TxDtls', 'Ustrd']);

const empty = (fileError: string): ParsedCashFeed => ({ format: CAMT053_VERSION, feedId: null, days: [], entries: [], errors: [], rowCount: 0, fileError });

/** A balance of the statement by its type code (OPBD opening booked, CLBD closing booked), signed by CdtDbtInd. */
function balance(statement: unknown, code: string): { amount: string; currency: string; date: string } | null {
  const found = list(at(statement, 'Bal')).find((b) => text(at(b, 'Tp', 'CdOrPrtry', 'Cd')) === code);
  if (!found) return null;
  const amount = text(at(found, 'Amt'));
  const negative = text(at(found, 'CdtDbtInd')) === 'DBIT';
  return { amount: negative && amount !== '' ? `-${amount}` : amount, currency: text(at(found, 'Amt', '@_Ccy')), date: text(at(found, 'Dt', 'Dt')) || text(at(found, 'Dt', 'DtTm')).slice(0, 10) };
}

/**
 * camt.053.001.08 (BkToCstmrStmt): each Stmt is one account's day, its account Acct/Id/Othr/Id,
 * its OPBD and CLBD balances (the day is CLBD's date), and its booked entries: NtryRef, Amt and
 * currency, CdtDbtInd, BookgDt, ValDt, and from the first TxDtls the instruction number
 * (Refs/InstrId), the counterparty (the creditor of a debit, the debtor of a credit) and the
 * remittance text. Entries are numbered across the file from 1, as the error list shows them.
 */
export function readCamt053(bytes: Buffer): ParsedCashFeed {
  const read = readXmlFile(bytes, parser, { unreadable: 'XML文件无法解析', doctype: 'XML文件不能包含DOCTYPE或实体声明' });
  if ('problem' in read) return empty(read.problem);
  const { xml } = read;
  const document = read.root.Document as XmlNode | undefined;
  // The parser drops namespace declarations: the version is read from the root element as written.
  const namespace = /<(?:[\w-]+:)?Document\b[^>]*?\sxmlns(?::[\w-]+)?="([^"]*)"/.exec(xml)?.[1] ?? '';
  const root = at(document, 'BkToCstmrStmt');
  if (!root) return empty(`不是${CAMT053_VERSION}对账单报文（缺少BkToCstmrStmt）`);
  if (namespace !== CAMT053_NAMESPACE) return empty(`报文版本须为${CAMT053_VERSION}（命名空间${CAMT053_NAMESPACE}），文件中为${namespace || '未声明'}`);

  const result: ParsedCashFeed = { format: CAMT053_VERSION, feedId: null, days: [], entries: [], errors: [], rowCount: 0, fileError: null };
  const messageId = text(at(root, 'GrpHdr', 'MsgId'));
  if (!/^[A-Za-z0-9_-]{6,40}$/.test(messageId)) result.errors.push({ rowNo: 0, accountNo: '', reason: `报文标识（GrpHdr/MsgId）${CASH_MESSAGES.feedId.replace('批次号', '')}` });
  else result.feedId = messageId;
  const statements = list(at(root, 'Stmt'));
  if (statements.length === 0) return { ...result, fileError: CASH_MESSAGES.empty };
  const total = statements.reduce<number>((n, s) => n + list(at(s, 'Ntry')).length, 0);
  if (total > CASH_FEED_MAX_ENTRIES) return { ...result, fileError: `一个文件最多${CASH_FEED_MAX_ENTRIES}笔流水，该文件有${total}笔` };

  const days = new Map<string, CashDayRow>();
  let entryNo = 0;
  statements.forEach((statement, index) => {
    const accountNo = text(at(statement, 'Acct', 'Id', 'Othr', 'Id')) || text(at(statement, 'Acct', 'Id', 'IBAN'));
    const currency = text(at(statement, 'Acct', 'Ccy'));
    const opening = balance(statement, 'OPBD');
    const closing = balance(statement, 'CLBD');
    const reasons: string[] = [];
    const fail = (reason: string) => void reasons.push(reason);
    const statementId = text(at(statement, 'Id')) || String(index + 1);
    if (!opening) fail('缺少期初余额（Bal/Tp/CdOrPrtry/Cd为OPBD）');
    if (!closing) fail('缺少期末余额（Bal/Tp/CdOrPrtry/Cd为CLBD）');
    const day: CashDayRow = { rowNo: 0, accountNo, date: closing?.date ?? '', currency: currency || closing?.currency || '', opening: opening?.amount ?? '0', closing: closing?.amount ?? '0' };
    if (opening && closing) checkDayFields(day, fail);
    if (opening && closing && (opening.currency !== day.currency || closing.currency !== day.currency)) fail('余额币种与账户币种不一致');
    if (days.has(dayKey(day))) fail(`账号${accountNo}在${day.date}的对账单在报文中重复`);
    const entries: CashEntryRow[] = [];
    const entryErrors: { rowNo: number; reason: string }[] = [];
    for (const entry of list(at(statement, 'Ntry'))) {
      entryNo += 1;
      const rowNo = entryNo;
      if (day.rowNo === 0) day.rowNo = rowNo;
      const own: string[] = [];
      const entryFail = (reason: string) => void own.push(reason);
      const indicator = text(at(entry, 'CdtDbtInd'));
      const direction = indicator === 'CRDT' ? 'C' : indicator === 'DBIT' ? 'D' : indicator;
      const tx = list(at(entry, 'NtryDtls', 'TxDtls'))[0];
      const party = direction === 'C' ? 'Dbtr' : 'Cdtr';
      const fields = {
        bookingDate: text(at(entry, 'BookgDt', 'Dt')) || text(at(entry, 'BookgDt', 'DtTm')).slice(0, 10),
        valueDate: text(at(entry, 'ValDt', 'Dt')) || text(at(entry, 'ValDt', 'DtTm')).slice(0, 10),
        ref: text(at(entry, 'NtryRef')),
        direction,
        amount: text(at(entry, 'Amt')),
        counterpartyName: text(at(tx, 'RltdPties', party, 'Pty', 'Nm')) || text(at(tx, 'RltdPties', party, 'Nm')),
        counterpartyAccount: text(at(tx, 'RltdPties', `${party}Acct`, 'Id', 'Othr', 'Id')) || text(at(tx, 'RltdPties', `${party}Acct`, 'Id', 'IBAN')),
        summary: list(at(tx, 'RmtInf', 'Ustrd')).map(text).join(' ') || text(at(entry, 'AddtlNtryInf')),
        instructionNo: text(at(tx, 'Refs', 'InstrId')) || null,
      };
      checkEntryFields(fields, entryFail);
      const status = text(at(entry, 'Sts', 'Cd')) || text(at(entry, 'Sts'));
      if (status !== 'BOOK') entryFail(`流水状态须为BOOK（已记账），文件中为${status || '未填'}`);
      if (fields.bookingDate !== day.date) entryFail(`记账日期（BookgDt）${fields.bookingDate || '未填'}须为对账单日期${day.date}`);
      const entryCurrency = text(at(entry, 'Amt', '@_Ccy'));
      if (entryCurrency !== day.currency) entryFail(`流水币种${entryCurrency || '未填'}与账户币种${day.currency}不一致`);
      if (own.length > 0) entryErrors.push({ rowNo, reason: own.join('；') });
      else entries.push({ ...fields, rowNo, accountNo, currency: day.currency, direction: direction as 'C' | 'D', amount: centsToDecimal(toCents(fields.amount)!) });
    }
    if (day.rowNo === 0) day.rowNo = -(index + 1);
    result.rowCount = entryNo;
    if (reasons.length > 0) result.errors.push({ rowNo: Math.max(day.rowNo, 0), accountNo, reason: `对账单${statementId}：${reasons.join('；')}` });
    for (const e of entryErrors) result.errors.push({ rowNo: e.rowNo, accountNo, reason: e.reason });
    if (reasons.length === 0) {
      const kept = { ...day, rowNo: Math.max(day.rowNo, 0), opening: centsToDecimal(toCents(day.opening)!), closing: centsToDecimal(toCents(day.closing)!) };
      days.set(dayKey(kept), kept);
      result.entries.push(...entries);
    }
  });
  result.days = [...days.values()];
  if (result.errors.length === 0) checkStatementDays(result.days, result.entries, result.errors);
  return result;
}
