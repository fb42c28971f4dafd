import type { TemplateRecord } from '@portal/shared';
import { Card, Typography } from 'antd';
import { useState } from 'react';
import { DataTable, type RowAction } from '../../../components/data-table';
import { fetchTemplatePage, templatesKey } from '../api/templates';
import { reviewColumns } from '../common/template-columns';
import { TemplateDetailDrawer } from '../common/template-detail-drawer';
import { TemplateReviewDialog } from './template-review-dialog';

const fetchWaiting = fetchTemplatePage('review');

/** 指令管理 › 模板复核 (`/instructionManagement/templateReview/index`): the template changes waiting for a second person. */
export function TemplateReviewPage() {
  const [reviewing, setReviewing] = useState<TemplateRecord | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const rowActions: RowAction<TemplateRecord>[] = [
    { key: 'review', label: '复核', onClick: (row) => setReviewing(row) },
    { key: 'detail', label: '详情', onClick: (row) => setOpenId(row.id) },
  ];
  return (
    <Card title="模板复核">
      <Typography.Paragraph type="secondary">新增、修改或删除指令模板须经复核（签名）后生效；修改或删除复核通过前，模板仍按原版本使用。</Typography.Paragraph>
      <DataTable<TemplateRecord>
        ariaLabel="待复核模板列表"
        queryKey={[...templatesKey, 'list', 'review']}
        fetchPage={fetchWaiting}
        columns={reviewColumns((row) => setReviewing(row))}
        rowKey="id"
        showIndex
        rowActions={rowActions}
      />
      {reviewing && <TemplateReviewDialog row={reviewing} onClose={() => setReviewing(null)} />}
      <TemplateDetailDrawer id={openId} onClose={() => setOpenId(null)} />
    </Card>
  );
}
