import { bulkImportApi, formatDateTime, formatMoney, type ImportRowError, type ImportTrialResult } from '@portal/shared';
import { Alert, Space, Table, Tag, Typography } from 'antd';

const { IMPORT_FIELD_LABELS } = bulkImportApi;

interface TrialResultProps {
  fileName: string;
  result: ImportTrialResult;
}

const rowLabel = (result: ImportTrialResult, rowNo: number) => (rowNo === 0 ? '文件' : result.format === 'xlsx' ? `第${rowNo}行` : `第${rowNo}笔`);

/** A trial run's verdict: the totals, the earlier import of the same file, and every row's problems. */
export function TrialResult({ fileName, result }: TrialResultProps) {
  const clean = result.errors.length === 0;
  const badRows = new Set(result.errors.map((e) => e.rowNo)).size;
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      {clean ? (
        <Alert type="success" showIcon title={`试算通过：${fileName} 共 ${result.rowCount} 笔，全部校验通过，可以确认导入。`} />
      ) : (
        <Alert type="error" showIcon title={`试算未通过：${fileName} 共 ${result.rowCount} 笔，${badRows} 行（笔）有 ${result.errors.length} 处错误，未导入任何指令。请修改文件后重新上传。`} />
      )}
      <Space wrap size={[8, 8]} aria-label="金额合计">
        <Typography.Text type="secondary">合计</Typography.Text>
        {result.totals.map((t) => (
          <Tag key={t.currency} color="blue">
            {t.count} 笔 · {formatMoney(t.amount, t.currency)}
          </Tag>
        ))}
        <Typography.Text type="secondary" copyable={{ text: result.fileSm3, tooltips: ['复制文件SM3摘要', '已复制'] }} style={{ fontSize: 12 }}>
          SM3 {result.fileSm3.slice(0, 16)}…
        </Typography.Text>
      </Space>
      {result.duplicateOf && (
        <Alert type="warning" showIcon title={`该文件已于 ${formatDateTime(result.duplicateOf.createdAt)} 导入（批次 ${result.duplicateOf.importNo}），再次导入将重复创建指令。`} />
      )}
      {!clean && (
        <section aria-label="试算错误">
          <Table<ImportRowError>
            size="small"
            rowKey={(e) => `${e.rowNo}-${e.field}`}
            dataSource={result.errors}
            pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
            columns={[
              { key: 'rowNo', title: '位置', width: 90, render: (_, e) => rowLabel(result, e.rowNo) },
              { key: 'field', title: '字段', width: 110, render: (_, e) => IMPORT_FIELD_LABELS[e.field] ?? e.field },
              { key: 'reason', title: '原因', render: (_, e) => <Typography.Text type="danger">{e.reason}</Typography.Text> },
            ]}
          />
        </section>
      )}
    </Space>
  );
}
