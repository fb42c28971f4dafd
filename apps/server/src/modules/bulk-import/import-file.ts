import { CODE_TABLES, bulkImportApi, type ImportFormat, type ImportRowError } from '@portal/shared';
import { readSheetRows } from '../../platform/xlsx';
import { at, list, readXmlFile, text, xmlParser, type XmlNode } from '../../platform/xml-file';

/**
 * A file of payments read into rows of instruction fields, the xlsx template or the subset of
 * ISO 20022 pain.001.001.09 docs/features/bulk-import.md documents. Reading judges only what the
 * format itself says; the fields are judged by the instruction rules afterwards.
 */

const { IMPORT_COLUMNS, IMPORT_MESSAGES } = bulkImportApi;

export interface FileRow {
  rowNo: number;
  paymentInfoId: string;
  instrId: string | null;
  endToEndId: string;
  fields: Record<string, string>;
}

export interface ReadFile {
  format: ImportFormat;
  /** pain.001 GrpHdr/MsgId; null for an xlsx. */
  messageId: string | null;
  rows: FileRow[];
  /** What the format refused (the whole file at row 0, or a row). */
  errors: ImportRowError[];
}

const fileError = (format: ImportFormat, reason: string): ReadFile => ({ format, messageId: null, rows: [], errors: [{ rowNo: 0, field: 'file', reason }] });

/** A code table's code by its code or its label (划款 → 01, 人民币 → CNY); anything else as written, for the rules to refuse. */
function codeOf(table: Record<string, string>, text: string): string {
  if (text in table) return text;
  return Object.entries(table).find(([, label]) => label === text)?.[0] ?? text;
}

export async function readImportFile(fileName: string, bytes: Buffer): Promise<ReadFile> {
  return fileName.toLowerCase().endsWith('.xml') ? readPain001(bytes) : readTemplate(bytes);
}

async function readTemplate(bytes: Buffer): Promise<ReadFile> {
  const rows = await readSheetRows(bytes, IMPORT_COLUMNS.length);
  if (!rows) return fileError('xlsx', IMPORT_MESSAGES.badXlsx);
  const [header, ...data] = rows;
  if (!header || IMPORT_COLUMNS.some((c, i) => header.cells[i] !== c.header)) return fileError('xlsx', `${IMPORT_MESSAGES.badXlsx}（第1行须为表头：${IMPORT_COLUMNS.map((c) => c.header).join('、')}）`);
  return {
    format: 'xlsx',
    messageId: null,
    errors: [],
    rows: data.map(({ rowNo, cells }) => {
      const fields: Record<string, string> = Object.fromEntries(IMPORT_COLUMNS.map((c, i) => [c.field, cells[i]!]));
      fields.type = codeOf(CODE_TABLES.instructionType, fields.type!);
      fields.currency = codeOf(CODE_TABLES.currencyName, fields.currency!) || 'CNY';
      const { endToEndId, ...rest } = fields;
      return { rowNo, paymentInfoId: '', instrId: null, endToEndId: endToEndId || String(rowNo), fields: rest };
    }),
  };
}

const parser = xmlParser(['PmtInf', 'CdtTrfTxInf', 'Ustrd']);

/**
 * pain.001.001.09: each PmtInf's debtor account and requested execution date, and each of its
 * CdtTrfTxInf's amount and currency, creditor, creditor account, creditor agent's CNAPS member id
 * and name, and unstructured remittance text (the purpose). The instruction type is the PmtInf's
 * CtgyPurp/Prtry (01 to 05), 01 划款 when absent.
 */
function readPain001(bytes: Buffer): ReadFile {
  const read = readXmlFile(bytes, parser, { unreadable: IMPORT_MESSAGES.badXml, doctype: IMPORT_MESSAGES.doctype });
  if ('problem' in read) return fileError('pain.001', read.problem);
  const document = read.root.Document as XmlNode | undefined;
  const namespace = text(at(document, '@_xmlns'));
  const initiation = at(document, 'CstmrCdtTrfInitn');
  if (!initiation || (namespace && namespace !== 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09')) return fileError('pain.001', IMPORT_MESSAGES.notPain001);
  const messageId = text(at(initiation, 'GrpHdr', 'MsgId'));
  const errors: ImportRowError[] = [];
  if (!messageId) errors.push({ rowNo: 0, field: 'file', reason: '缺少报文标识（GrpHdr/MsgId）' });
  const rows: FileRow[] = [];
  for (const payment of list(at(initiation, 'PmtInf'))) {
    const paymentInfoId = text(at(payment, 'PmtInfId'));
    const valueDate = text(at(payment, 'ReqdExctnDt', 'Dt')) || text(at(payment, 'ReqdExctnDt', 'DtTm')).slice(0, 10);
    const payerAccountNo = text(at(payment, 'DbtrAcct', 'Id', 'Othr', 'Id')) || text(at(payment, 'DbtrAcct', 'Id', 'IBAN'));
    const type = text(at(payment, 'PmtTpInf', 'CtgyPurp', 'Prtry')) || '01';
    for (const tx of list(at(payment, 'CdtTrfTxInf'))) {
      const rowNo = rows.length + 1;
      const amount = at(tx, 'Amt', 'InstdAmt');
      rows.push({
        rowNo,
        paymentInfoId,
        instrId: text(at(tx, 'PmtId', 'InstrId')) || null,
        endToEndId: text(at(tx, 'PmtId', 'EndToEndId')) || String(rowNo),
        fields: {
          type,
          payerAccountNo,
          payeeName: text(at(tx, 'Cdtr', 'Nm')),
          payeeAccountNo: text(at(tx, 'CdtrAcct', 'Id', 'Othr', 'Id')) || text(at(tx, 'CdtrAcct', 'Id', 'IBAN')),
          payeeBank: text(at(tx, 'CdtrAgt', 'FinInstnId', 'Nm')),
          payeeCnaps: text(at(tx, 'CdtrAgt', 'FinInstnId', 'ClrSysMmbId', 'MmbId')),
          amount: text(amount),
          currency: text(at(amount, '@_Ccy')),
          valueDate,
          purpose: list(at(tx, 'RmtInf', 'Ustrd')).map(text).join(' '),
          remark: text(at(tx, 'InstrForDbtrAgt', 'InstrInf')),
        },
      });
    }
  }
  if (rows.length === 0 && errors.length === 0) errors.push({ rowNo: 0, field: 'file', reason: IMPORT_MESSAGES.empty });
  // The group header's count is the sender's own check that nothing was lost on the way.
  const declared = text(at(initiation, 'GrpHdr', 'NbOfTxs'));
  if (declared !== String(rows.length)) errors.push({ rowNo: 0, field: 'file', reason: `报文声明的笔数（GrpHdr/NbOfTxs：${declared || '未填'}）与实际笔数${rows.length}不符` });
  return { format: 'pain.001', messageId, rows, errors };
}
