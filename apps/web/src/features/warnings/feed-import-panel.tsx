import { InboxOutlined } from '@ant-design/icons';
import { FEED_COLUMNS, WARNING_KIND_NAMES, WARNING_KINDS, formatAccountNo, type WarningImportResult, type WarningKind } from '@portal/shared';
import { Alert, Button, Form, Radio, Space, Table, Typography, Upload } from 'antd';
import { useFeedImport } from './use-feed-import';

const ALERT_TYPE: Record<WarningImportResult['outcome'], 'success' | 'info' | 'error' | 'warning'> = { valid: 'info', imported: 'success', rejected: 'error', duplicate: 'warning' };

/** The lines the check refused, each with its reason. */
function FeedErrorTable({ errors }: { errors: WarningImportResult['errors'] }) {
  return (
    <Table
      aria-label="校验未通过的行"
      size="small"
      rowKey="rowNo"
      dataSource={errors}
      pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
      columns={[
        { key: 'rowNo', title: '行号', dataIndex: 'rowNo', width: 64, align: 'center' },
        { key: 'accountNo', title: '账号', dataIndex: 'accountNo', render: (v: string) => (/^\d{12,22}$/.test(v) ? formatAccountNo(v) : v || '—') },
        { key: 'reason', title: '原因', dataIndex: 'reason', render: (v: string) => <Typography.Text type="danger">{v}</Typography.Text> },
      ]}
    />
  );
}

/** The server's verdict on the file: its outcome, batch and the enterprises it concerns. */
function FeedResult({ result }: { result: WarningImportResult }) {
  return (
    <Alert
      type={ALERT_TYPE[result.outcome]}
      showIcon
      title={result.message}
      description={result.feedId ? `批次号 ${result.feedId}${result.enterpriseNos.length > 0 ? `，涉及企业 ${result.enterpriseNos.join('、')}` : ''}` : undefined}
    />
  );
}

/**
 * 数据导入: choose the kind and the day's CSV; the server checks it at once (a preview writes
 * nothing) and lists each wrong line with its reason; 导入 writes it all, or nothing.
 */
export function FeedImportPanel() {
  const { kind, chooseKind, chosen, choose, checking, recheck, run, importing } = useFeedImport();
  const result = chosen?.result;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Form layout="vertical" name="warning-import">
        <Form.Item label="预警类型">
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            value={kind}
            onChange={(e) => chooseKind(e.target.value as WarningKind)}
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
      {result && <FeedResult result={result} />}
      <Space>
        <Button type="primary" disabled={result?.outcome !== 'valid'} loading={importing} onClick={() => void run()}>
          导入
        </Button>
        <Button disabled={!chosen || checking} loading={checking} onClick={recheck}>
          重新校验
        </Button>
      </Space>
      {result && result.errors.length > 0 && <FeedErrorTable errors={result.errors} />}
    </Space>
  );
}
