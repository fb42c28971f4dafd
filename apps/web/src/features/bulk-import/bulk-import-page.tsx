import { InboxOutlined } from '@ant-design/icons';
import { bulkImportApi, uploadProblem, type ImportTrialResult } from '@portal/shared';
import { Button, Card, Checkbox, Flex, Radio, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { portalCrypto } from '@portal/crypto';
import { DownloadButton } from '../../components/download-button';
import { useMessage } from '../../lib/countdown-message';
import { toUploadFile, type UploadFile } from '../../lib/upload';
import { downloadTemplate, tryImport, useConfirmImport } from './api/bulk-import';
import { ImportHistory } from './import-history';
import { TrialResult } from './trial-result';

const { IMPORT_FILES, IMPORT_MAX_ROWS } = bulkImportApi;

/** The file drop zone: every file reaches `onChoose`, which judges its name and size. */
function FilePicker({ chosen, disabled, onChoose }: { chosen: string | null; disabled: boolean; onChoose: (file: File) => void }) {
  return (
    <Upload.Dragger
      accept={{ format: '.xlsx,.xml', filter: 'native' }}
      showUploadList={false}
      disabled={disabled}
      beforeUpload={(file) => {
        onChoose(file);
        return Upload.LIST_IGNORE;
      }}
    >
      <p className="ant-upload-drag-icon">
        <InboxOutlined />
      </p>
      <p className="ant-upload-text">{chosen ? `已选择：${chosen}（点击或拖入以更换）` : '点击或将文件拖到此处'}</p>
      <p className="ant-upload-hint">支持本行 xlsx 模板或 ISO 20022 pain.001.001.09 XML，最多 {IMPORT_MAX_ROWS} 笔。先试算，全部通过后方可导入；导入时全部创建或全部不创建。</p>
    </Upload.Dragger>
  );
}

interface Tried {
  file: UploadFile;
  /** SM3 of the bytes as the browser read them: what the signature covers, checked against the server's. */
  fileSm3: string;
  result: ImportTrialResult;
}

/**
 * 指令管理 › 批量导入 (`/instructionManagement/bulkImport/index`): a file is tried as soon as it is
 * chosen (and again when the mode changes: a draft's money is not checked); an error-free one can
 * be imported, signed, all or nothing. Past imports below, with their status reports.
 */
export function BulkImportPage() {
  const message = useMessage();
  const [submit, setSubmit] = useState(true);
  const [tried, setTried] = useState<Tried | null>(null);
  const [trying, setTrying] = useState(false);
  const [allowDuplicate, setAllowDuplicate] = useState(false);
  const confirm = useConfirmImport();

  const run = async (file: UploadFile, fileSm3: string, asSubmit: boolean) => {
    setTrying(true);
    try {
      setTried({ file, fileSm3, result: await tryImport(file, asSubmit) });
    } catch {
      setTried(null);
    } finally {
      setTrying(false);
    }
  };

  const choose = async (chosen: File) => {
    const problem = uploadProblem(IMPORT_FILES, chosen);
    if (problem) {
      message.error(problem);
      return;
    }
    const bytes = new Uint8Array(await chosen.arrayBuffer());
    setAllowDuplicate(false);
    await run(toUploadFile(chosen.name, bytes), portalCrypto.toHex(await portalCrypto.sm3(bytes)), submit);
  };

  const changeMode = (asSubmit: boolean) => {
    setSubmit(asSubmit);
    if (tried) void run(tried.file, tried.fileSm3, asSubmit);
  };

  const importFile = async () => {
    if (!tried) return;
    try {
      const record = await confirm.mutateAsync({ file: tried.file, fileSm3: tried.fileSm3, rowCount: tried.result.rowCount, submit, allowDuplicate });
      message.success(`已导入批次 ${record.importNo}：${record.rowCount} 笔指令${record.submitted ? '已提交复核' : '已存为草稿'}`);
      setTried(null);
    } catch {
      // Shown by the HTTP client.
    }
  };

  const ready = tried !== null && tried.result.errors.length === 0 && tried.result.fileSm3 === tried.fileSm3 && (!tried.result.duplicateOf || allowDuplicate);
  return (
    <Flex vertical gap={16}>
      <Card title="批量导入" extra={<DownloadButton download={downloadTemplate} subject="导入模板">下载模板</DownloadButton>}>
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Flex wrap gap={12} align="center">
            <Typography.Text>导入方式</Typography.Text>
            <Radio.Group
              value={submit}
              onChange={(e) => changeMode(e.target.value as boolean)}
              options={[
                { value: true, label: '直接提交复核' },
                { value: false, label: '存为草稿' },
              ]}
            />
          </Flex>
          <FilePicker chosen={tried?.file.fileName ?? null} disabled={trying || confirm.isPending} onChoose={(file) => void choose(file)} />
          {trying && <Typography.Text type="secondary">正在试算…</Typography.Text>}
          {tried && !trying && (
            <>
              <TrialResult fileName={tried.file.fileName} result={tried.result} />
              <Flex wrap gap={12} align="center" justify="flex-end">
                {tried.result.duplicateOf && (
                  <Checkbox checked={allowDuplicate} onChange={(e) => setAllowDuplicate(e.target.checked)}>
                    确认重复导入
                  </Checkbox>
                )}
                <Button onClick={() => setTried(null)}>取消</Button>
                <Button type="primary" disabled={!ready} loading={confirm.isPending} onClick={() => void importFile()}>
                  {submit ? '确认导入并提交复核' : '确认导入为草稿'}
                </Button>
              </Flex>
            </>
          )}
        </Space>
      </Card>
      <Card title="导入记录">
        <ImportHistory />
      </Card>
    </Flex>
  );
}
