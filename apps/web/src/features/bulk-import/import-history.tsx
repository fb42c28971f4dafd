import { formatDateTime, formatMoney, type ImportRecord } from '@portal/shared';
import { Grid, Space, Tag, Typography } from 'antd';
import { DataTable, WIDE_SCREENS, type RowAction } from '../../components/data-table';
import { useMessage } from '../../lib/countdown-message';
import { downloadReport, fetchImportPage, importsKey } from './api/bulk-import';

/** pain.002 status codes as the list names them. */
const STATUS_NAMES: Record<string, { label: string; color: string }> = {
  PDNG: { label: '草稿', color: 'default' },
  ACSP: { label: '处理中', color: 'processing' },
  ACSC: { label: '已执行', color: 'success' },
  RJCT: { label: '已退回', color: 'error' },
  CANC: { label: '已撤销', color: 'warning' },
};

/** The enterprise's past imports, each with its payments' states now and its status reports. */
export function ImportHistory() {
  const message = useMessage();
  // A phone keeps the batch and its actions; the batch's count and sum go under its number.
  const narrow = !Grid.useBreakpoint().sm;
  const totalsText = (row: ImportRecord) => row.totals.map((t) => formatMoney(t.amount, t.currency)).join('；');
  const report = (format: 'xml' | 'csv') => async (row: ImportRecord) => {
    try {
      message.success(`已下载：${await downloadReport(row.id, format)}`);
    } catch {
      // Shown by the HTTP client.
    }
  };
  const rowActions: RowAction<ImportRecord>[] = [
    { key: 'pain002', label: narrow ? '报告' : '状态报告', onClick: report('xml') },
    { key: 'csv', label: 'CSV', onClick: report('csv') },
  ];
  return (
    <DataTable<ImportRecord>
      ariaLabel="导入记录"
      queryKey={[...importsKey, 'list']}
      fetchPage={fetchImportPage}
      rowKey="id"
      rowActions={rowActions}
      maxInlineActions={2}
      columns={[
        {
          key: 'importNo',
          title: '导入批次',
          width: narrow ? 160 : 200,
          render: (_, row) => (
            <>
              <div>{row.importNo}</div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }} title={`SM3 ${row.fileSm3}`}>
                {narrow ? `${row.rowCount} 笔 · ${totalsText(row)}` : row.fileName}
              </Typography.Text>
            </>
          ),
        },
        { key: 'rowCount', title: '笔数', dataIndex: 'rowCount', width: 70, align: 'right', responsive: ['sm'] },
        { key: 'totals', title: '金额', render: (_, row) => row.totals.map((t) => <div key={t.currency}>{formatMoney(t.amount, t.currency)}</div>), align: 'right', responsive: ['sm'] },
        { key: 'mode', title: '方式', width: 90, render: (_, row) => (row.submitted ? '提交复核' : '存为草稿'), responsive: ['lg'] },
        {
          key: 'status',
          title: '当前状态',
          width: 250,
          render: (_, row) => (
            <Space size={[4, 4]} wrap>
              {Object.entries(row.statusCounts).map(([code, n]) => (
                <Tag key={code} color={STATUS_NAMES[code]?.color}>
                  {STATUS_NAMES[code]?.label ?? code} {n}
                </Tag>
              ))}
              {row.duplicateOfNo && <Tag color="orange">重复导入</Tag>}
            </Space>
          ),
          responsive: ['md'],
        },
        { key: 'createdBy', title: '导入人', render: (_, row) => row.createdByName, responsive: WIDE_SCREENS },
        { key: 'createdAt', title: '导入时间', width: 170, render: (_, row) => formatDateTime(row.createdAt), responsive: ['lg'] },
      ]}
    />
  );
}
