import { formatAccountNo, formatDateTime, type PayeeRecord } from '@portal/shared';
import { Button, Typography, type TableColumnsType } from 'antd';
import { ClippedText, WIDE_SCREENS } from '../../../components/data-table';
import { PayeeStatusTag, changeKindLabel } from './payee-format';

type Column = TableColumnsType<PayeeRecord>[number];

/** The payee's name (opening it) over its account number: one column, so the list fits its card at 1280 px. */
const payeeColumn = (open: (row: PayeeRecord) => void): Column => ({
  key: 'payee',
  title: '收款人',
  render: (_, row) => (
    <div>
      <Button type="link" size="small" style={{ paddingInline: 0, height: 'auto' }} onClick={() => open(row)}>
        <ClippedText text={row.name} width={200} />
      </Button>
      <Typography.Text type="secondary" style={{ display: 'block' }}>
        {formatAccountNo(row.accountNo)}
      </Typography.Text>
    </div>
  ),
});

const bankColumn: Column = { key: 'bankName', title: '开户行', render: (_, row) => <ClippedText text={row.bankName} width={180} /> };
// Always in the detail drawer; shown here from 1600 px.
const cnapsColumn: Column = { key: 'cnaps', title: '大额支付行号', dataIndex: 'cnaps', responsive: WIDE_SCREENS };

/** The book's columns: the payee (its effective version, or the new one waiting) and its state. */
export const payeeColumns = (open: (row: PayeeRecord) => void): TableColumnsType<PayeeRecord> => [
  payeeColumn(open),
  bankColumn,
  cnapsColumn,
  { key: 'status', title: '状态', render: (_, row) => <PayeeStatusTag record={row} /> },
  { key: 'createdBy', title: '录入人', render: (_, row) => row.createdByName, responsive: WIDE_SCREENS },
  { key: 'updatedAt', title: '更新时间', render: (_, row) => formatDateTime(row.updatedAt), responsive: WIDE_SCREENS },
];

/** The review list's columns: what each waiting change proposes, and who asked. */
export const reviewColumns = (open: (row: PayeeRecord) => void): TableColumnsType<PayeeRecord> => [
  { key: 'kind', title: '变更类型', render: (_, row) => changeKindLabel(row.pendingChange?.kind ?? '') },
  payeeColumn(open),
  bankColumn,
  cnapsColumn,
  { key: 'requestedBy', title: '申请人', render: (_, row) => row.pendingChange?.requestedByName },
  { key: 'requestedAt', title: '申请时间', render: (_, row) => (row.pendingChange ? formatDateTime(row.pendingChange.requestedAt) : ''), responsive: WIDE_SCREENS },
];
