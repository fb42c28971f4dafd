import type { InstructionListRecord, InstructionRecord } from '@portal/shared';
import { Card } from 'antd';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table';
import { fetchCustodianPage, instructionsKey, useCustodianExecute } from '../api/instructions';
import { instructionColumns } from '../common/instruction-columns';
import { ExecuteDialog } from './execute-dialog';
import { InstructionDetailDrawer } from '../common/instruction-detail-drawer';
import { INSTRUCTION_QUERY_FIELDS } from '../common/instruction-query-fields';
import { useMessage } from '../../../lib/countdown-message';

const fetchExecute = fetchCustodianPage('execute');

/** 托管行指令管理 › 托管行指令执行 (`/custodianInstruction/custodianExecute/index`): checked instructions, paid one by one. */
export function CustodianExecutePage() {
  const message = useMessage();
  const [openId, setOpenId] = useState<number | null>(null);
  const [executing, setExecuting] = useState<InstructionRecord | null>(null);
  const execute = useCustodianExecute();
  const run = async (row: InstructionRecord, reason: string) => {
    try {
      await execute.mutateAsync({ row, reason });
      message.success(`指令 ${row.instructionNo} 已执行`);
      setExecuting(null);
    } catch {
      // Shown by the HTTP client; the dialog stays.
    }
  };
  return (
    <Card title="托管行指令执行">
      <DataTable<InstructionListRecord>
        ariaLabel="待执行指令列表"
        queryKey={[...instructionsKey, 'custodian', 'execute']}
        fetchPage={fetchExecute}
        columns={instructionColumns((row) => setOpenId(row.id), { decision: 'custodian' })}
        rowKey="id"
        showIndex
        queryFields={INSTRUCTION_QUERY_FIELDS}
        rowActions={[
          { key: 'detail', label: '详情', onClick: (row) => setOpenId(row.id) },
          { key: 'execute', label: '执行', onClick: (row) => setExecuting(row) },
        ]}
      />
      <InstructionDetailDrawer id={openId} staff onClose={() => setOpenId(null)} />
      {executing && <ExecuteDialog row={executing} busy={execute.isPending} onExecute={(reason) => void run(executing, reason)} onClose={() => setExecuting(null)} />}
    </Card>
  );
}
