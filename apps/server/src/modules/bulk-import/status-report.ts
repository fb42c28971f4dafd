import { XMLBuilder } from 'fast-xml-parser';
import { EXPIRED_LABEL, INSTRUCTION_STATUS, formatDateTime, type InstructionStatus } from '@portal/shared';

/**
 * The status of each payment of an import, as ISO 20022 pain.002.001.10 (CustomerPaymentStatusReport)
 * and as CSV, derived from its instruction's state now: a draft is pending, an instruction on its
 * way accepted (settlement in process), a paid one settled, a returned one rejected with the
 * reason it was returned, a revoked one cancelled.
 */

export interface ReportPayment {
  rowNo: number;
  paymentInfoId: string;
  instrId: string | null;
  endToEndId: string;
  instructionNo: string;
  status: InstructionStatus;
  expired: boolean;
  refuseReason: string | null;
  amount: string;
  currency: string;
  valueDate: string;
  payerAccountNo: string;
  payeeName: string;
  payeeAccountNo: string;
}

export interface ReportImport {
  importNo: string;
  messageId: string;
  format: string;
  rowCount: number;
  controlSum: string;
}

const RETURNED: readonly InstructionStatus[] = ['11', '21', '31', '41'];

/** ExternalPaymentTransactionStatus1Code of an instruction's state. */
export function transactionStatus(status: InstructionStatus): 'PDNG' | 'ACSP' | 'ACSC' | 'RJCT' | 'CANC' {
  if (status === '00') return 'PDNG';
  if (status === '60') return 'ACSC';
  if (status === '90') return 'CANC';
  return RETURNED.includes(status) ? 'RJCT' : 'ACSP';
}

/** The person's reading of the state: the portal's status label, and the reason of a return. */
const statusText = (p: ReportPayment) => (p.expired && p.status !== '60' && p.status !== '90' ? EXPIRED_LABEL : INSTRUCTION_STATUS[p.status]);
const reasonOf = (p: ReportPayment) => (transactionStatus(p.status) === 'RJCT' ? (p.refuseReason ?? statusText(p)) : transactionStatus(p.status) === 'CANC' ? '已撤销' : '');

/** pain.002's AddtlInf is Max105Text: longer reasons are cut there (the CSV keeps them whole). */
const max105 = (text: string) => (text.length > 105 ? text.slice(0, 105) : text);

export function pain002(imp: ReportImport, payments: readonly ReportPayment[], now: number): string {
  const groups = new Map<string, ReportPayment[]>();
  for (const p of payments) groups.set(p.paymentInfoId, [...(groups.get(p.paymentInfoId) ?? []), p]);
  const document = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    Document: {
      '@_xmlns': 'urn:iso:std:iso:20022:tech:xsd:pain.002.001.10',
      CstmrPmtStsRpt: {
        GrpHdr: { MsgId: `${imp.importNo}-${now}`.slice(0, 35), CreDtTm: new Date(now).toISOString().slice(0, 19) + 'Z' },
        OrgnlGrpInfAndSts: {
          OrgnlMsgId: imp.messageId,
          OrgnlMsgNmId: imp.format === 'pain.001' ? 'pain.001.001.09' : 'XLSX-TEMPLATE',
          OrgnlNbOfTxs: String(imp.rowCount),
          OrgnlCtrlSum: imp.controlSum,
        },
        OrgnlPmtInfAndSts: [...groups].map(([paymentInfoId, group]) => ({
          OrgnlPmtInfId: paymentInfoId || imp.importNo,
          TxInfAndSts: group.map((p) => {
            const reason = reasonOf(p);
            return {
              StsId: p.instructionNo,
              ...(p.instrId ? { OrgnlInstrId: p.instrId } : {}),
              OrgnlEndToEndId: p.endToEndId,
              TxSts: transactionStatus(p.status),
              ...(reason ? { StsRsnInf: { AddtlInf: max105(reason) } } : {}),
              OrgnlTxRef: {
                Amt: { InstdAmt: { '@_Ccy': p.currency, '#text': p.amount } },
                ReqdExctnDt: { Dt: p.valueDate },
              },
            };
          }),
        })),
      },
    },
  };
  const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, indentBy: '  ', suppressEmptyNode: true });
  return builder.build(document) as string;
}

const CSV_HEADER = ['序号', '业务参考号', '指令编号', '付款账号', '收款人名称', '收款账号', '金额', '币种', '起息日', '状态代码', '状态', '原因'];
const csvCell = (value: string) => (/[",\r\n]/.test(value) || /^[=+\-@]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The same report as CSV (UTF-8 with BOM, so Excel reads the Chinese), one payment a line. */
export function statusCsv(payments: readonly ReportPayment[], now: number): string {
  const lines = [
    CSV_HEADER,
    ...payments.map((p) => [String(p.rowNo), p.endToEndId, p.instructionNo, p.payerAccountNo, p.payeeName, p.payeeAccountNo, p.amount, p.currency, p.valueDate, transactionStatus(p.status), statusText(p), reasonOf(p)]),
  ];
  return `\uFEFF${lines.map((l) => l.map(csvCell).join(',')).join('\r\n')}\r\n# 生成时间 ${formatDateTime(now)}\r\n`;
}
