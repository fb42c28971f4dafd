import type { PayeeRecord } from '@portal/shared';
import { Card, Typography } from 'antd';
import { useState } from 'react';
import { DataTable, type RowAction } from '../../../components/data-table';
import { fetchPayeePage, payeesKey } from '../api/payees';
import { reviewColumns } from '../common/payee-columns';
import { PayeeDetailDrawer } from '../common/payee-detail-drawer';
import { PayeeReviewDialog } from './payee-review-dialog';

const fetchWaiting = fetchPayeePage('review');

/** 指令管理 › 收款人复核 (`/instructionManagement/payeeReview/index`): the changes of the book waiting for a second person. */
export function PayeeReviewPage() {
  const [reviewing, setReviewing] = useState<PayeeRecord | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const rowActions: RowAction<PayeeRecord>[] = [
    { key: 'review', label: '复核', onClick: (row) => setReviewing(row) },
    { key: 'detail', label: '详情', onClick: (row) => setOpenId(row.id) },
  ];
  return (
    <Card title="收款人复核">
      <Typography.Paragraph type="secondary">新增、修改或删除收款人须经复核（签名）后生效；修改或删除复核通过前，收款人仍按原信息使用。</Typography.Paragraph>
      <DataTable<PayeeRecord>
        ariaLabel="待复核收款人列表"
        queryKey={[...payeesKey, 'list', 'review']}
        fetchPage={fetchWaiting}
        columns={reviewColumns((row) => setReviewing(row))}
        rowKey="id"
        showIndex
        rowActions={rowActions}
      />
      {reviewing && <PayeeReviewDialog row={reviewing} onClose={() => setReviewing(null)} />}
      <PayeeDetailDrawer id={openId} onClose={() => setOpenId(null)} />
    </Card>
  );
}
