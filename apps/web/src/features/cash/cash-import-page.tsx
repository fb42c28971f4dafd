import { InboxOutlined } from '@ant-design/icons';
import { CAMT053_VERSION, CASH_FEED_COLUMNS, cashApi, formatAccountNo, uploadProblem, type CashFeed, type CashImportResult } from '@portal/shared';
import { Alert, Button, Card, Space, Table, Tabs, Tooltip, Typography, Upload } from 'antd';
import { useState } from 'react';
import { DataTable } from '../../components/data-table';
import { useMessage } from '../../lib/countdown-message';
import { toUploadFile, type UploadFile } from '../../lib/upload';
import { cashKey, fetchCashFeedPage, previewCashFile, useImportCashFile } from './api/cash';

const ALERT_TYPE: Record<CashImportResult['outcome'], 'success' | 'info' | 'error' | 'warning'> = { valid: 'info', imported: 'success', rejected: 'error', duplicate: 'warning' };
const FILES = { maxBytes: cashApi.CASH_FEED_MAX_BYTES, extensions: ['csv', 'xml'] as const, extensionMessage: '仅支持导入CSV文件或camt.053 XML文件' };

interface Chosen {
  file: UploadFile;
  result: CashImportResult | null;
  fileError: string | null;
}

/** 数据导入: the file is checked at once (nothing written) and every wrong line listed; 导入 writes it all, or nothing. */
function CashImportPanel() {
  const message = useMessage();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [checking, setChecking] = useState(false);
  const importing = useImportCashFile();

  const check = async (file: UploadFile) => {
    setChosen({ file, result: null, fileError: null });
    setChecking(true);
    try {
      setChosen({ file, result: await previewCashFile(file), fileError: null });
    } catch (err) {
      setChosen({ file, result: null, fileError: err instanceof Error ? err.message : '文件校验失败' });
    } finally {
      setChecking(false);
    }
  };
  const choose = async (file: File) => {
    const problem = uploadProblem(FILES, file);
    if (problem) {
      message.error(problem);
      return;
    }
    await check(toUploadFile(file.name, new Uint8Array(await file.arrayBuffer())));
  };
  const run = async () => {
    if (!chosen) return;
    try {
      const result = await importing.mutateAsync(chosen.file);
      setChosen({ ...chosen, result });
      if (result.outcome === 'imported') message.success(result.message);
    } catch {
      // The HTTP client has shown the refusal.
    }
  };
  const result = chosen?.result;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        支持两种文件：CSV（资金对账单 1.0 版，UTF-8或GBK，第一行为表头：{CASH_FEED_COLUMNS.join(',')}；每行一笔流水，同一账号同一日的期初、期末余额逐行相同，无流水的日期流水号、借贷方向、金额留空）；或 ISO 20022 {CAMT053_VERSION} XML 报文（每个Stmt为一个账户一日，须有OPBD和CLBD余额）。
      </Typography.Paragraph>
      <Upload.Dragger
        accept={{ format: '.csv,.xml', filter: 'native' }}
        showUploadList={false}
        beforeUpload={(file) => {
          void choose(file);
          return Upload.LIST_IGNORE;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{chosen ? `已选择：${chosen.file.fileName}（点击或拖入以更换）` : '点击或将资金对账单文件拖到此处'}</p>
        <p className="ant-upload-hint">选择后立即校验，任何一行有误则整批不导入；同一文件重复导入不会新增数据。</p>
      </Upload.Dragger>
      {chosen?.fileError && <Alert type="error" showIcon title={chosen.fileError} />}
      {result && (
        <Alert
          type={ALERT_TYPE[result.outcome]}
          showIcon
          title={result.message}
          description={result.feedId ? `批次号 ${result.feedId}（${result.format}）${result.enterpriseNos.length > 0 ? `，涉及企业 ${result.enterpriseNos.join('、')}` : ''}` : undefined}
        />
      )}
      <Space>
        <Button type="primary" disabled={result?.outcome !== 'valid'} loading={importing.isPending} onClick={() => void run()}>
          导入
        </Button>
        <Button disabled={!chosen || checking} loading={checking} onClick={() => chosen && void check(chosen.file)}>
          重新校验
        </Button>
      </Space>
      {result && result.errors.length > 0 && (
        <Table
          aria-label="校验未通过的行"
          size="small"
          rowKey={(e) => `${e.rowNo}-${e.reason}`}
          dataSource={result.errors}
          pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
          columns={[
            { key: 'rowNo', title: result.format === 'CSV' ? '行号' : '流水序号', dataIndex: 'rowNo', width: 88, align: 'center' },
            { key: 'accountNo', title: '账号', dataIndex: 'accountNo', render: (v: string) => (/^\d{12,22}$/.test(v) ? formatAccountNo(v) : v || '—') },
            { key: 'reason', title: '原因', dataIndex: 'reason', render: (v: string) => <Typography.Text type="danger">{v}</Typography.Text> },
          ]}
        />
      )}
    </Space>
  );
}

/** 导入记录: every imported statement file, newest first, with the digest of the file as it came. */
function CashFeedHistory() {
  return (
    <DataTable<CashFeed>
      ariaLabel="导入记录"
      queryKey={[...cashKey, 'feeds']}
      fetchPage={fetchCashFeedPage}
      rowKey="feedId"
      showIndex
      columns={[
        { key: 'feedId', title: '批次号', dataIndex: 'feedId' },
        { key: 'format', title: '格式', dataIndex: 'format' },
        { key: 'fileName', title: '文件名', dataIndex: 'fileName' },
        { key: 'dayCount', title: '账户日数', dataIndex: 'dayCount', align: 'right' },
        { key: 'entryCount', title: '流水笔数', dataIndex: 'entryCount', align: 'right' },
        { key: 'importedBy', title: '导入人', dataIndex: 'importedByUserNo' },
        { key: 'importedAt', title: '导入时间', render: (_, f) => new Date(f.importedAt).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false }) },
        {
          key: 'digest',
          title: '文件摘要（SM3）',
          render: (_, f) => (
            <Tooltip title={f.fileDigest}>
              <Typography.Text code>{f.fileDigest.slice(0, 12)}…</Typography.Text>
            </Tooltip>
          ),
        },
      ]}
    />
  );
}

/** 托管行指令管理 › 资金数据导入 (`/custodianInstruction/cashImport/index`): the custodian's daily cash statements, for bank staff. */
export function CashImportPage() {
  return (
    <Card title="资金数据导入">
      <Tabs
        items={[
          { key: 'import', label: '数据导入', children: <CashImportPanel /> },
          { key: 'history', label: '导入记录', children: <CashFeedHistory /> },
        ]}
      />
    </Card>
  );
}
