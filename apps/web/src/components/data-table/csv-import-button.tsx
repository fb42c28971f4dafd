import { UploadOutlined } from '@ant-design/icons';
import { CSV_FORMAT_MESSAGE, validateCsvFileName } from '@portal/shared';
import { Alert, Button, Modal, Table, Tag, Upload, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { readCsvFile, type CsvColumn, type CsvParseResult, type CsvRow } from './csv-import';
import styles from './data-table.module.css';
import { useMessage } from '../../lib/countdown-message';

interface CsvImportButtonProps {
  columns: readonly CsvColumn[];
  /** Receives the checked rows (values keyed by column key) once the clerk confirms. */
  onImport: (rows: Record<string, string>[]) => unknown;
  buttonText?: string;
  /** What is imported, for the preview's title, e.g. '托管账户'. */
  subject: string;
}

interface Preview extends CsvParseResult {
  fileName: string;
}

function previewColumns(columns: readonly CsvColumn[]): TableColumnsType<CsvRow> {
  // The verdict comes right after the row number: it is what the clerk reads first, and wide
  // files would otherwise push it out of sight.
  return [
    { key: 'line', title: '行号', dataIndex: 'line', width: 64, align: 'center' },
    {
      key: 'errors',
      title: '校验结果',
      width: 280,
      render: (_, row) =>
        row.errors.length === 0 ? <Tag color="success">通过</Tag> : <span className={styles.errorText}>{row.errors.join('；')}</span>,
    },
    ...columns.map((column) => ({ key: column.key, title: column.title, render: (_: unknown, row: CsvRow) => row.values[column.key] })),
  ];
}

function summary({ rows, fileErrors }: CsvParseResult) {
  if (fileErrors.length > 0) return <Alert type="error" showIcon title={fileErrors.join('；')} />;
  const bad = rows.filter((row) => row.errors.length > 0).length;
  return bad > 0 ? (
    <Alert type="error" showIcon title={`共 ${rows.length} 行，其中 ${bad} 行有误，请修改文件后重新导入。`} />
  ) : (
    <Alert type="success" showIcon title={`共 ${rows.length} 行，校验通过，确认后导入。`} />
  );
}

/**
 * Table import (spec §5: csv only, '[Format Error]:你上传的不是Csv文件' otherwise). The file is
 * read and checked in the browser and shown with a row-by-row report; nothing is sent until the
 * clerk confirms a file without errors.
 */
export function CsvImportButton({ columns, onImport, buttonText = '导入', subject }: CsvImportButtonProps) {
  const message = useMessage();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [importing, setImporting] = useState(false);

  const open = async (file: File) => {
    if (validateCsvFileName(file.name)) {
      message.error(CSV_FORMAT_MESSAGE);
      return;
    }
    setPreview({ fileName: file.name, ...(await readCsvFile(file, columns)) });
  };

  const confirm = async () => {
    if (!preview) return;
    setImporting(true);
    try {
      await onImport(preview.rows.map((row) => row.values));
      message.success(`成功导入 ${preview.rows.length} 条${subject}数据`);
      setPreview(null);
    } catch {
      // The HTTP client has already shown the server's message (spec §8); the preview stays
      // open so the clerk can try again or cancel.
    } finally {
      setImporting(false);
    }
  };

  const valid = preview !== null && preview.fileErrors.length === 0 && preview.rows.every((row) => row.errors.length === 0);
  return (
    <>
      <Upload
        // Every file reaches the name check, so a wrong type gets the spec message, not silence.
        accept={{ format: '.csv', filter: 'native' }}
        showUploadList={false}
        beforeUpload={(file) => {
          void open(file);
          return Upload.LIST_IGNORE;
        }}
      >
        <Button icon={<UploadOutlined />}>{buttonText}</Button>
      </Upload>
      <Modal
        open={preview !== null}
        title={`导入${subject}预览：${preview?.fileName ?? ''}`}
        width={960}
        okText="确认导入"
        okButtonProps={{ disabled: !valid }}
        confirmLoading={importing}
        onOk={() => void confirm()}
        onCancel={() => setPreview(null)}
        destroyOnHidden
      >
        {preview && (
          <>
            {summary(preview)}
            {preview.fileErrors.length === 0 && (
              <Table<CsvRow>
                style={{ marginTop: 12 }}
                size="small"
                rowKey="line"
                columns={previewColumns(columns)}
                dataSource={preview.rows}
                pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
                scroll={{ x: 'max-content' }}
              />
            )}
          </>
        )}
      </Modal>
    </>
  );
}
