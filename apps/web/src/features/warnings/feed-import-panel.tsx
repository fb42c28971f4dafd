import { InboxOutlined } from '@ant-design/icons';
import { CSV_FORMAT_MESSAGE, FEED_COLUMNS, WARNING_KIND_NAMES, WARNING_KINDS, formatAccountNo, validateCsvFileName, warningsApi, type WarningImportResult, type WarningKind } from '@portal/shared';
import { Alert, Button, Form, Radio, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { toUploadFile, type UploadFile } from '../../lib/upload';
import { previewFeed, useImportFeed } from './api/warnings';
import { useMessage } from '../../lib/countdown-message';

interface Chosen {
  kind: WarningKind;
  file: UploadFile;
  /** The server's verdict: the preview's, then the import's. */
  result: WarningImportResult | null;
  /** A problem with the file as a whole (the server's refusal or the contract's own check). */
  fileError: string | null;
}

const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.success ? null : (result.error?.issues[0]?.message ?? null));

const ALERT_TYPE: Record<WarningImportResult['outcome'], 'success' | 'info' | 'error' | 'warning'> = { valid: 'info', imported: 'success', rejected: 'error', duplicate: 'warning' };

/**
 * 数据导入: choose the kind and the day's CSV; the server checks it at once (a preview writes
 * nothing) and lists each wrong line with its reason; 导入 writes it all, or nothing.
 */
export function FeedImportPanel() {
  const message = useMessage();
  const [kind, setKind] = useState<WarningKind>('clearPosition');
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [checking, setChecking] = useState(false);
  const importing = useImportFeed();

  const check = async (next: WarningKind, file: UploadFile) => {
    const fileError = firstIssue(warningsApi.warningImportSchema.safeParse({ ...file, kind: next }));
    setChosen({ kind: next, file, result: null, fileError });
    if (fileError) return;
    setChecking(true);
    try {
      setChosen({ kind: next, file, result: await previewFeed({ ...file, kind: next }), fileError: null });
    } catch (err) {
      // A refusal of the whole file (header, kind, feed id taken): its message stays beside the file.
      setChosen({ kind: next, file, result: null, fileError: err instanceof Error ? err.message : '文件校验失败' });
    } finally {
      setChecking(false);
    }
  };

  const choose = async (file: File) => {
    if (validateCsvFileName(file.name)) {
      message.error(CSV_FORMAT_MESSAGE);
      return;
    }
    await check(kind, toUploadFile(file.name, new Uint8Array(await file.arrayBuffer())));
  };

  const run = async () => {
    if (!chosen) return;
    try {
      const result = await importing.mutateAsync({ ...chosen.file, kind: chosen.kind });
      setChosen({ ...chosen, result });
      if (result.outcome === 'imported') message.success(result.message);
    } catch {
      // The HTTP client has shown the refusal.
    }
  };

  const result = chosen?.result;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Form layout="vertical" name="warning-import">
        <Form.Item label="预警类型">
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            value={kind}
            onChange={(e) => {
              const next = e.target.value as WarningKind;
              setKind(next);
              if (chosen) void check(next, chosen.file);
            }}
            options={WARNING_KINDS.map((k) => ({ value: k, label: WARNING_KIND_NAMES[k] }))}
          />
        </Form.Item>
        <Form.Item label="数据文件" extra={`CSV（UTF-8或GBK），第一行为表头：${FEED_COLUMNS[kind].join(',')}；每个文件一个批次号，最多5000条。`}>
          <Upload.Dragger
            accept={{ format: '.csv', filter: 'native' }}
            showUploadList={false}
            beforeUpload={(file) => {
              void choose(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{chosen ? `已选择：${chosen.file.fileName}（点击或拖入以更换）` : '点击或将当日预警数据文件拖到此处'}</p>
            <p className="ant-upload-hint">选择后立即校验，任何一行有误则整批不导入。</p>
          </Upload.Dragger>
        </Form.Item>
      </Form>
      {chosen?.fileError && <Alert type="error" showIcon title={chosen.fileError} />}
      {result && (
        <Alert
          type={ALERT_TYPE[result.outcome]}
          showIcon
          title={result.message}
          description={result.feedId ? `批次号 ${result.feedId}${result.enterpriseNos.length > 0 ? `，涉及企业 ${result.enterpriseNos.join('、')}` : ''}` : undefined}
        />
      )}
      <Space>
        <Button type="primary" disabled={result?.outcome !== 'valid'} loading={importing.isPending} onClick={() => void run()}>
          导入
        </Button>
        <Button disabled={!chosen || checking} loading={checking} onClick={() => chosen && void check(chosen.kind, chosen.file)}>
          重新校验
        </Button>
      </Space>
      {result && result.errors.length > 0 && (
        <Table
          aria-label="校验未通过的行"
          size="small"
          rowKey="rowNo"
          dataSource={result.errors}
          pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
          columns={[
            { key: 'rowNo', title: '行号', dataIndex: 'rowNo', width: 64, align: 'center' },
            { key: 'accountNo', title: '账号', dataIndex: 'accountNo', render: (v: string) => (/^\d{12,22}$/.test(v) ? formatAccountNo(v) : v || '—') },
            { key: 'reason', title: '原因', dataIndex: 'reason', render: (v: string) => <Typography.Text type="danger">{v}</Typography.Text> },
          ]}
        />
      )}
    </Space>
  );
}
