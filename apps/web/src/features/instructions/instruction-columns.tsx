import { codeLabel, formatAccountNo, type InstructionRecord } from '@portal/shared';
import { Button, Tooltip, Typography, type TableColumnsType } from 'antd';
import { moneyOf, StatusTag } from './instruction-format';

/** The instruction lists' columns; the number opens the detail drawer. */
export function instructionColumns(onOpen: (row: InstructionRecord) => void, options: { enterprise?: boolean } = {}): TableColumnsType<InstructionRecord> {
  return [
    {
      key: 'instructionNo',
      title: '指令编号',
      dataIndex: 'instructionNo',
      render: (no: string, row) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onOpen(row)}>
          {no}
        </Button>
      ),
    },
    ...(options.enterprise ? [{ key: 'enterprise', title: '企业', dataIndex: 'enterpriseName' }] : []),
    { key: 'type', title: '指令类型', dataIndex: 'type', render: (v: string) => codeLabel('instructionType', v) },
    {
      key: 'status',
      title: '状态',
      render: (_, row) =>
        row.refuseReason ? (
          <Tooltip title={`退回原因：${row.refuseReason}`}>
            <span>
              <StatusTag record={row} />
            </span>
          </Tooltip>
        ) : (
          <StatusTag record={row} />
        ),
    },
    { key: 'payer', title: '付款账号', render: (_, row) => <Tooltip title={row.payerAccountName}>{formatAccountNo(row.payerAccountNo)}</Tooltip> },
    { key: 'payee', title: '收款人', render: (_, row) => <Tooltip title={row.payeeAccountNo}>{row.payeeName}</Tooltip> },
    { key: 'amount', title: '金额', align: 'right', render: (_, row) => moneyOf(row.amount, row.currency) },
    { key: 'valueDate', title: '起息日', dataIndex: 'valueDate' },
    { key: 'thirdParty', title: '第三方机构', dataIndex: 'thirdPartyEnterpriseName', render: (v: string | null) => v ?? '—' },
    {
      key: 'refuseReason',
      title: '退回原因',
      dataIndex: 'refuseReason',
      render: (v: string | null) => (v ? <Typography.Text type="danger">{v}</Typography.Text> : '—'),
    },
    { key: 'createdBy', title: '经办人', dataIndex: 'createdByName' },
  ];
}
