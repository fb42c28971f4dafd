import { codeLabel, formatAccountNo, type InstructionRecord } from '@portal/shared';
import { Button, Tooltip, Typography, type TableColumnsType } from 'antd';
import { ClippedText, WIDE_SCREENS } from '../../components/data-table';
import { moneyOf, StatusTag } from './instruction-format';

interface ColumnOptions {
  /** Staff lists: whose instruction it is. */
  enterprise?: boolean;
  /** Lists of the instructions waiting for one step, where every row has the same status. */
  oneStatus?: boolean;
  /** Lists whose row buttons take room: the type is kept for wide screens too. */
  wideActions?: boolean;
}

/**
 * The instruction lists' columns; the number opens the detail drawer, which shows the columns
 * kept for wide screens (payer account, third party, return reason, clerk) too.
 */
export function instructionColumns(onOpen: (row: InstructionRecord) => void, options: ColumnOptions = {}): TableColumnsType<InstructionRecord> {
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
    ...(options.enterprise ? [{ key: 'enterprise', title: '企业', dataIndex: 'enterpriseName', render: (v: string) => <ClippedText text={v} width={120} /> }] : []),
    {
      key: 'type',
      title: '指令类型',
      dataIndex: 'type',
      responsive: options.wideActions ? WIDE_SCREENS : undefined,
      render: (v: string) => codeLabel('instructionType', v),
    },
    ...(options.oneStatus
      ? []
      : [
          {
            key: 'status',
            title: '状态',
            render: (_: unknown, row: InstructionRecord) =>
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
        ]),
    {
      key: 'payer',
      title: '付款账号',
      responsive: WIDE_SCREENS,
      render: (_, row) => <Tooltip title={row.payerAccountName}>{formatAccountNo(row.payerAccountNo)}</Tooltip>,
    },
    {
      key: 'payee',
      title: '收款人',
      render: (_, row) => <ClippedText text={row.payeeName} width={140} tooltip={`${row.payeeName}（${formatAccountNo(row.payeeAccountNo)}）`} />,
    },
    { key: 'amount', title: '金额', align: 'right', render: (_, row) => moneyOf(row.amount, row.currency) },
    { key: 'valueDate', title: '起息日', dataIndex: 'valueDate' },
    {
      key: 'thirdParty',
      title: '第三方机构',
      dataIndex: 'thirdPartyEnterpriseName',
      responsive: WIDE_SCREENS,
      render: (v: string | null) => (v ? <ClippedText text={v} width={180} /> : '—'),
    },
    {
      key: 'refuseReason',
      title: '退回原因',
      dataIndex: 'refuseReason',
      responsive: WIDE_SCREENS,
      render: (v: string | null) => (v ? <Typography.Text type="danger">{v}</Typography.Text> : '—'),
    },
    { key: 'createdBy', title: '经办人', dataIndex: 'createdByName', responsive: WIDE_SCREENS },
  ];
}
