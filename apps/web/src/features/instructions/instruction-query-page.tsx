import type { InstructionRecord } from '@portal/shared';
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { useState } from 'react';
import { DataTable } from '../../components/data-table';
import type { FormValues } from '../../components/form-builder';
import { downloadInstructions, fetchInstructionPage, instructionsKey, type InstructionFilter } from './api/instructions';
import { instructionColumns } from './instruction-columns';
import { InstructionDetailDrawer } from './instruction-detail-drawer';
import { INSTRUCTION_QUERY_FIELDS } from './instruction-query-fields';
import { useMessage } from '../../lib/countdown-message';

const fetchAll = fetchInstructionPage('all');

/** 指令管理 › 指令查询 (`/instructionManagement/instructionQuery/index`): every instruction of the enterprise, exportable. */
export function InstructionQueryPage() {
  const message = useMessage();
  const [criteria, setCriteria] = useState<FormValues>({});
  const [openId, setOpenId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  // Exports what the list shows: the same filters, as xlsx.
  const download = async () => {
    const key = 'download-instructions';
    setBusy(true);
    message.loading({ key, content: '正在生成指令列表，请稍候…' });
    try {
      const fileName = await downloadInstructions({ ...criteria, view: 'all' } as InstructionFilter);
      message.success({ key, content: `已下载：${fileName}` });
    } catch {
      // The HTTP client has shown the refusal.
      message.destroy(key);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title="指令查询">
      <DataTable<InstructionRecord>
        ariaLabel="指令列表"
        queryKey={[...instructionsKey, 'list', 'all']}
        fetchPage={fetchAll}
        columns={instructionColumns((row) => setOpenId(row.id))}
        rowKey="id"
        showIndex
        queryFields={INSTRUCTION_QUERY_FIELDS}
        onCriteriaChange={setCriteria}
        rowActions={[{ key: 'detail', label: '详情', onClick: (row) => setOpenId(row.id) }]}
        toolbar={
          <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void download()}>
            下载
          </Button>
        }
      />
      <InstructionDetailDrawer id={openId} onClose={() => setOpenId(null)} />
    </Card>
  );
}
