import { InboxOutlined } from '@ant-design/icons';
import { CSV_FORMAT_MESSAGE, calendarApi, validateCsvFileName, type CalendarImportResult } from '@portal/shared';
import { Alert, Button, Modal, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useMessage } from '../../lib/countdown-message';
import { toUploadFile, type UploadFile } from '../../lib/upload';
import { previewCalendar, useImportCalendar } from './api/calendar';

const ALERT_TYPE = { valid: 'info', imported: 'success', rejected: 'error' } as const;

/** The chosen file and the server's verdict on it: `choose` previews it (nothing written), `run` imports it. */
function useCalendarImport(year: number, onDone: () => void) {
  const message = useMessage();
  const importing = useImportCalendar();
  const [file, setFile] = useState<UploadFile | null>(null);
  const [result, setResult] = useState<CalendarImportResult | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const choose = async (chosen: File) => {
    if (validateCsvFileName(chosen.name)) {
      message.error(CSV_FORMAT_MESSAGE);
      return;
    }
    const upload = toUploadFile(chosen.name, new Uint8Array(await chosen.arrayBuffer()));
    setFile(upload);
    setResult(null);
    const problem = calendarApi.calendarImportSchema.safeParse({ ...upload, year });
    setFileError(problem.success ? null : (problem.error.issues[0]?.message ?? '文件校验失败'));
    if (!problem.success) return;
    setChecking(true);
    try {
      setResult(await previewCalendar({ ...upload, year }));
    } catch (err) {
      setFileError(err instanceof Error ? err.message : '文件校验失败');
    } finally {
      setChecking(false);
    }
  };

  const run = async () => {
    try {
      const done = await importing.mutateAsync({ ...file!, year });
      setResult(done);
      if (done.outcome === 'imported') {
        message.success(done.message);
        onDone();
      }
    } catch {
      // The HTTP client has shown the refusal.
    }
  };

  const reset = () => {
    setFile(null);
    setResult(null);
    setFileError(null);
  };
  return { file, result, fileError, checking, choose, run, reset, importing: importing.isPending };
}

/**
 * 导入日历: the year's published schedule as CSV. The file is checked as soon as it is chosen
 * (nothing written) and every wrong row is listed; 导入 replaces the year's marks, all or nothing.
 */
export function ImportDialog({ year, open, onClose }: { year: number; open: boolean; onClose: () => void }) {
  const { file, result, fileError, checking, choose, run, reset, importing } = useCalendarImport(year, onClose);
  return (
    <Modal
      open={open}
      title={`导入${year}年工作日历`}
      width={640}
      onCancel={onClose}
      afterClose={reset}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" disabled={result?.outcome !== 'valid'} loading={importing} onClick={() => void run()}>
            导入
          </Button>
        </Space>
      }
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          CSV（UTF-8或GBK），第一行为表头“日期,类型,名称”；类型为节假日、调休上班或交易所休市；日期须在{year}年内。导入后该年的设置以文件为准。
        </Typography.Paragraph>
        <Upload.Dragger
          accept={{ format: '.csv', filter: 'native' }}
          showUploadList={false}
          disabled={checking}
          beforeUpload={(chosen) => {
            void choose(chosen);
            return Upload.LIST_IGNORE;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{file ? `已选择：${file.fileName}（点击或拖入以更换）` : '点击或将日历文件拖到此处'}</p>
          <p className="ant-upload-hint">选择后立即校验，任何一行有误则整个文件不导入。</p>
        </Upload.Dragger>
        {fileError && <Alert type="error" showIcon title={fileError} />}
        {result && (
          <Alert
            type={ALERT_TYPE[result.outcome]}
            showIcon
            title={result.message}
            description={`节假日${result.holidays}天，调休上班${result.workdays}天，交易所休市${result.exchangeClosures}天`}
          />
        )}
        {result && result.errors.length > 0 && (
          <Table
            aria-label="校验未通过的行"
            size="small"
            rowKey="rowNo"
            dataSource={result.errors}
            pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
            columns={[
              { key: 'rowNo', title: '行号', dataIndex: 'rowNo', width: 64, align: 'center' },
              { key: 'reason', title: '原因', dataIndex: 'reason', render: (v: string) => <Typography.Text type="danger">{v}</Typography.Text> },
            ]}
          />
        )}
      </Space>
    </Modal>
  );
}
