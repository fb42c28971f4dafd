import { formatDateTime, type AccountBatch } from '@portal/shared';
import { DataTable } from '../../components/data-table';
import { batchesKey, fetchBatchPage } from './api/list-batches';

/** 批量添加记录: the enterprise's accepted batch uploads, newest first. */
export function BatchHistory() {
  return (
    <DataTable<AccountBatch>
      ariaLabel="批量添加记录"
      queryKey={batchesKey}
      fetchPage={fetchBatchPage}
      rowKey="batchNo"
      showIndex
      columns={[
        { title: '批次号', dataIndex: 'batchNo' },
        { title: '文件名', dataIndex: 'fileName' },
        { title: '账户数', dataIndex: 'rowCount', align: 'right' },
        { title: '上传人', dataIndex: 'createdBy' },
        { title: '上传时间', dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
      ]}
    />
  );
}
