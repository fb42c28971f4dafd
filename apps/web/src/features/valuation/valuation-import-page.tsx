import { InboxOutlined } from '@ant-design/icons';
import { CSV_FORMAT_MESSAGE, VALUATION_FORMAT, validateCsvFileName, valuationApi, type ValuationImportRecord, type ValuationImportResult } from '@portal/shared';
import { Alert, Button, Card, Space, Table, Tabs, Tooltip, Typography, Upload } from 'antd';
import { useState } from 'react';
import { DataTable } from '../../components/data-table';
import { useMessage } from '../../lib/countdown-message';
import { toUploadFile, type UploadFile } from '../../lib/upload';
import { fetchImportPage, previewValuation, useImportValuation, valuationKey } from './api/valuation';
import { dateTime } from './valuation-format';

const ALERT_TYPE: Record<ValuationImportResult['outcome'], 'success' | 'info' | 'error' | 'warning'> = { valid: 'info', imported: 'success', rejected: 'error', duplicate: 'warning' };

interface Chosen {
  file: UploadFile;
  result: ValuationImportResult | null;
  fileError: string | null;
}

/** 估值数据导入: choose the day's file; it is checked at once (nothing written), then imported all or nothing. */
function ImportPanel() {
  const message = useMessage();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [checking, setChecking] = useState(false);
  const importing = useImportValuation();

  const check = async (file: UploadFile) => {
    const parsed = valuationApi.valuationImportSchema.safeParse(file);
    const fileError = parsed.success ? null : (parsed.error.issues[0]?.message ?? '文件不正确');
    setChosen({ file, result: null, fileError });
    if (fileError) return;
    setChecking(true);
    try {
      setChosen({ file, result: await previewValuation(file), fileError: null });
    } catch (err) {
      setChosen({ file, result: null, fileError: err instanceof Error ? err.message : '文件校验失败' });
    } finally {
      setChecking(false);
    }
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
        CSV（UTF-8或GBK），格式为{VALUATION_FORMAT.name} {VALUATION_FORMAT.version} 版（见“数据格式”），一个文件可包含多个产品、多个估值日；每个产品每日一行“净值”，资产净值须等于持仓+现金+应收−应付。
      </Typography.Paragraph>
      <Upload.Dragger
        accept={{ format: '.csv', filter: 'native' }}
        showUploadList={false}
        beforeUpload={(file) => {
          if (validateCsvFileName(file.name)) message.error(CSV_FORMAT_MESSAGE);
          else void file.arrayBuffer().then((buffer) => check(toUploadFile(file.name, new Uint8Array(buffer))));
          return Upload.LIST_IGNORE;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{chosen ? `已选择：${chosen.file.fileName}（点击或拖入以更换）` : '点击或将估值数据文件拖到此处'}</p>
        <p className="ant-upload-hint">选择后立即校验，任何一行有误则整个文件不导入。</p>
      </Upload.Dragger>
      {chosen?.fileError && <Alert type="error" showIcon title={chosen.fileError} />}
      {result && <Alert type={ALERT_TYPE[result.outcome]} showIcon title={result.message} description={result.enterpriseNos.length > 0 ? `涉及企业 ${result.enterpriseNos.join('、')}` : undefined} />}
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
          rowKey="rowNo"
          dataSource={result.errors}
          pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
          columns={[
            { key: 'rowNo', title: '行号', dataIndex: 'rowNo', width: 64, align: 'center' },
            { key: 'productCode', title: '产品代码', dataIndex: 'productCode', width: 110 },
            { key: 'reason', title: '原因', dataIndex: 'reason', render: (v: string) => <Typography.Text type="danger">{v}</Typography.Text> },
          ]}
        />
      )}
    </Space>
  );
}

function ImportHistory() {
  return (
    <DataTable<ValuationImportRecord>
      ariaLabel="导入记录"
      queryKey={[...valuationKey, 'imports']}
      fetchPage={fetchImportPage}
      rowKey="id"
      showIndex
      columns={[
        { key: 'fileName', title: '文件名', dataIndex: 'fileName' },
        { key: 'rowCount', title: '行数', dataIndex: 'rowCount', align: 'right' },
        { key: 'statementCount', title: '估值表', dataIndex: 'statementCount', align: 'right' },
        { key: 'added', title: '新增', dataIndex: 'added', align: 'right' },
        { key: 'importedBy', title: '导入人', dataIndex: 'importedByUserNo' },
        { key: 'importedAt', title: '导入时间', render: (_, r) => dateTime(r.importedAt) },
        {
          key: 'digest',
          title: '文件摘要（SM3）',
          render: (_, r) => (
            <Tooltip title={r.fileDigest}>
              <Typography.Text code>{r.fileDigest.slice(0, 12)}…</Typography.Text>
            </Tooltip>
          ),
        },
      ]}
    />
  );
}

/** 托管行指令管理 › 估值数据导入 (`/custodianInstruction/valuationImport/index`), for bank staff. */
export function ValuationImportPage() {
  return (
    <Card title="估值数据导入">
      <Tabs
        items={[
          { key: 'import', label: '数据导入', children: <ImportPanel /> },
          { key: 'history', label: '导入记录', children: <ImportHistory /> },
        ]}
      />
    </Card>
  );
}
