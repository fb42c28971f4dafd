import { formatAccountNo, formatAmount, type InstructionRecord } from '@portal/shared';
import { App, Card } from 'antd';
import { useState } from 'react';
import { DataTable } from '../../components/data-table';
import { fetchCustodianPage, instructionsKey, useCustodianExecute } from './api/instructions';
import { instructionColumns } from './instruction-columns';
import { InstructionDetailDrawer } from './instruction-detail-drawer';
import { INSTRUCTION_QUERY_FIELDS } from './instruction-query-fields';

const fetchExecute = fetchCustodianPage('execute');

/** 托管行指令管理 › 托管行指令执行 (`/custodianInstruction/custodianExecute/index`): checked instructions, paid one by one. */
export function CustodianExecutePage() {
  const { message } = App.useApp();
  const [openId, setOpenId] = useState<number | null>(null);
  const executing = useCustodianExecute();
  const execute = async (row: InstructionRecord) => {
    try {
      await executing.mutateAsync(row.id);
      void message.success(`指令 ${row.instructionNo} 已执行`);
    } catch {
      // Shown by the HTTP client.
    }
  };
  return (
    <Card title="托管行指令执行">
      <DataTable<InstructionRecord>
        ariaLabel="待执行指令列表"
        queryKey={[...instructionsKey, 'custodian', 'execute']}
        fetchPage={fetchExecute}
        columns={instructionColumns((row) => setOpenId(row.id), { enterprise: true, oneStatus: true })}
        rowKey="id"
        showIndex
        queryFields={INSTRUCTION_QUERY_FIELDS}
        rowActions={[
          { key: 'detail', label: '详情', onClick: (row) => setOpenId(row.id) },
          {
            key: 'execute',
            label: '执行',
            confirm: (row) => `确定执行指令 ${row.instructionNo}，从账户 ${formatAccountNo(row.payerAccountNo)} 向 ${row.payeeName} 付款 ${formatAmount(row.amount)} 吗？执行后不能撤回。`,
            onClick: execute,
          },
        ]}
      />
      <InstructionDetailDrawer id={openId} staff onClose={() => setOpenId(null)} />
    </Card>
  );
}
