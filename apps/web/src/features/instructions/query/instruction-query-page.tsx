import type { InstructionListRecord } from '@portal/shared';
import { Card } from 'antd';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table';
import { DownloadButton } from '../../../components/download-button';
import type { FormValues } from '../../../components/form-builder';
import { downloadInstructions, fetchInstructionPage, instructionsKey, type InstructionFilter } from '../api/instructions';
import { instructionColumns } from '../common/instruction-columns';
import { InstructionDetailDrawer } from '../common/instruction-detail-drawer';
import { INSTRUCTION_QUERY_FIELDS } from '../common/instruction-query-fields';
import { useEvidenceDownload } from '../common/use-evidence-download';

const fetchAll = fetchInstructionPage('all');

/** 指令管理 › 指令查询 (`/instructionManagement/instructionQuery/index`): every instruction of the enterprise, exportable, each with its 证据包. */
export function InstructionQueryPage() {
  const [criteria, setCriteria] = useState<FormValues>({});
  const [openId, setOpenId] = useState<number | null>(null);
  const evidence = useEvidenceDownload();

  return (
    <Card title="指令查询">
      <DataTable<InstructionListRecord>
        ariaLabel="指令列表"
        queryKey={[...instructionsKey, 'list', 'all']}
        fetchPage={fetchAll}
        columns={instructionColumns((row) => setOpenId(row.id))}
        rowKey="id"
        showIndex
        queryFields={INSTRUCTION_QUERY_FIELDS}
        onCriteriaChange={setCriteria}
        rowActions={[
          { key: 'detail', label: '详情', onClick: (row) => setOpenId(row.id) },
          { key: 'evidence', label: '证据包', onClick: (row) => void evidence(row.id) },
        ]}
        toolbar={
          // Exports what the list shows: the same filters, as xlsx.
          <DownloadButton subject="指令列表" download={() => downloadInstructions({ ...criteria, view: 'all' } as InstructionFilter)}>
            下载
          </DownloadButton>
        }
      />
      <InstructionDetailDrawer id={openId} onClose={() => setOpenId(null)} />
    </Card>
  );
}
