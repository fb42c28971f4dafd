import { formatAccountNo, formatDateTime, type PayeeRecord } from '@portal/shared';
import { Button, type TableColumnsType } from 'antd';
import { PayeeStatusTag } from './payee-format';

/** The book's columns: the payee (its effective version, or the new one waiting) and its state. */
export const payeeColumns = (open: (row: PayeeRecord) => void): TableColumnsType<PayeeRecord> => [
  {
    key: 'name',
    title: '收款人名称',
    render: (_, row) => (
      <Button type="link" size="small" onClick={() => open(row)}>
        {row.name}
      </Button>
    ),
  },
  { key: 'accountNo', title: '收款账号', render: (_, row) => formatAccountNo(row.accountNo) },
  { key: 'bankName', title: '开户行', dataIndex: 'bankName' },
  { key: 'cnaps', title: '大额支付行号', dataIndex: 'cnaps' },
  { key: 'status', title: '状态', render: (_, row) => <PayeeStatusTag record={row} /> },
  { key: 'createdBy', title: '录入人', render: (_, row) => row.createdByName },
  { key: 'updatedAt', title: '更新时间', render: (_, row) => formatDateTime(row.updatedAt) },
];
