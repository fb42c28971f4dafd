import { InboxOutlined } from '@ant-design/icons';
import { accountsApi, CSV_FORMAT_MESSAGE, decodeCsv, formatAccountNo, validateCsvFileName } from '@portal/shared';
import { Alert, Modal, Table, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { portalCrypto } from '@portal/crypto';
import { toUploadFile } from '../../lib/upload';
import { newBatchNo, useBatchAddAccounts, type BatchFile } from './api/batch-add-accounts';
import { previewBatch, withServerReasons, type BatchRow } from './batch-file';
import { useMessage } from '../../lib/countdown-message';

interface Chosen {
  /** The file with what its signature covers: its SM3 and row count (docs/signing.md). */
  upload: BatchFile;
  rows: BatchRow[];
  /** A problem with the file as a whole, or the server's verdict on it. */
  fileError: string | null;
  /** Set when the server refused the batch: its rows then carry the server's reasons. */
  refused: boolean;
}

interface AccountBatchDialogProps {
  onClose: () => void;
  onAdded: (rowCount: number) => void;
}

const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.success ? null : (result.error?.issues[0]?.message ?? null));

async function choose(file: File): Promise<Chosen> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const { rows, rowCount, fileError } = previewBatch(decodeCsv(bytes));
  const upload = { ...toUploadFile(file.name, bytes), rowCount, fileSm3: portalCrypto.toHex(await portalCrypto.sm3(bytes)), batchNo: newBatchNo() };
  // The contract's own checks first (size, content), with its messages.
  const fileProblem = firstIssue(accountsApi.accountBatchInsertSchema.safeParse(upload));
  if (fileProblem) return { upload, rows: [], fileError: fileProblem, refused: false };
  return { upload, rows, fileError, refused: false };
}

function summary(chosen: Chosen) {
  if (chosen.fileError) return <Alert type="error" showIcon title={chosen.fileError} />;
  const bad = chosen.rows.filter((row) => row.reason).length;
  if (chosen.refused) return <Alert type="error" showIcon title={`校验未通过，未添加任何账户：共 ${chosen.rows.length} 行，其中 ${bad} 行有误。请修改文件后重新上传。`} />;
  if (bad > 0) return <Alert type="error" showIcon title={`共 ${chosen.rows.length} 行，其中 ${bad} 行格式有误，请修改文件后重新选择。`} />;
  return <Alert type="info" showIcon title={`共 ${chosen.rows.length} 行，格式校验通过。上传后将逐行核对账户，全部通过才会添加。`} />;
}

/**
 * 批量添加: a CSV of account numbers with optional aliases, previewed in the browser, then
 * checked row by row on the server and added all or nothing (spec §5: csv only).
 */
export function AccountBatchDialog({ onClose, onAdded }: AccountBatchDialogProps) {
  const message = useMessage();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const batch = useBatchAddAccounts();

  const open = async (file: File) => {
    if (validateCsvFileName(file.name)) {
      message.error(CSV_FORMAT_MESSAGE);
      return;
    }
    setChosen(await choose(file));
  };

  const upload = async () => {
    if (!chosen) return;
    try {
      const answer = await batch.mutateAsync({ ...chosen.upload, batchNo: newBatchNo() });
      if (answer.accepted) onAdded(answer.rowCount);
      else setChosen({ ...chosen, rows: withServerReasons(chosen.rows, answer.errors), refused: true });
    } catch {
      // The HTTP client has shown the server's refusal.
    }
  };

  const ready = chosen !== null && !chosen.fileError && !chosen.refused && chosen.rows.every((row) => !row.reason);
  return (
    <Modal
      open
      title="批量添加账户"
      width={820}
      okText="上传并添加"
      cancelText="取消"
      mask={{ closable: false }}
      okButtonProps={{ disabled: !ready }}
      confirmLoading={batch.isPending}
      onOk={() => void upload()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Upload.Dragger
        // Every file reaches the name check, so a wrong type gets the spec message, not silence.
        accept={{ format: '.csv', filter: 'native' }}
        showUploadList={false}
        beforeUpload={(file) => {
          void open(file);
          return Upload.LIST_IGNORE;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{chosen ? `已选择：${chosen.upload.fileName}（点击或拖入以更换）` : '点击或将 CSV 文件拖到此处'}</p>
        <p className="ant-upload-hint">
          每行一个账户：账号,别名（别名可不填），可带表头；最多 {accountsApi.ACCOUNT_BATCH_MAX_ROWS} 行。任何一行有误则整批不添加。
        </p>
      </Upload.Dragger>
      {chosen && (
        <div style={{ marginTop: 16 }}>
          {summary(chosen)}
          {chosen.rows.length > 0 && (
            <Table<BatchRow>
              style={{ marginTop: 12 }}
              size="small"
              rowKey="rowNo"
              dataSource={chosen.rows}
              pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
              scroll={{ x: 'max-content' }}
              columns={[
                { key: 'rowNo', title: '行号', dataIndex: 'rowNo', width: 64, align: 'center' },
                { key: 'accountNo', title: '账号', dataIndex: 'accountNo', render: (v: string) => formatAccountNo(v) },
                { key: 'alias', title: '账户别名', dataIndex: 'alias', render: (v: string) => v || <Typography.Text type="secondary">未填</Typography.Text> },
                {
                  key: 'reason',
                  title: '校验结果',
                  render: (_, row) => (row.reason ? <Typography.Text type="danger">{row.reason}</Typography.Text> : <Tag color="success">{chosen.refused ? '通过' : '格式正确'}</Tag>),
                },
              ]}
            />
          )}
        </div>
      )}
    </Modal>
  );
}
