import { EXPIRED_LABEL, instructionsApi, type InstructionListRecord, type InstructionRecord } from '@portal/shared';
import { Card } from 'antd';
import { useState } from 'react';
import { DataTable, useCheckboxSelection } from '../../../components/data-table';
import { fetchCustodianPage, instructionsKey, useClaim, useCustodianCheck } from '../api/instructions';
import { DecisionButtons } from '../common/decision-buttons';
import { claimedRowClass, instructionColumns } from '../common/instruction-columns';
import { InstructionDetailDrawer } from '../common/instruction-detail-drawer';
import { INSTRUCTION_QUERY_FIELDS } from '../common/instruction-query-fields';

const fetchCheck = fetchCustodianPage('check');

// An expired instruction cannot pass the check (the server refuses it too): say so before asking.
const expiredIn = (rows: readonly InstructionRecord[]) => {
  const expired = rows.filter((r) => r.expired);
  return expired.length > 0 ? `${expired.map((r) => r.instructionNo).join('、')} ${EXPIRED_LABEL}，不能审核通过，请退回` : null;
};

/**
 * 托管行指令管理 › 托管行指令审核 (`/custodianInstruction/custodianCheck/index`): every enterprise's
 * instructions waiting for the check; what another checker has selected shows named, dimmed and last.
 */
export function CustodianCheckPage() {
  const selected = useCheckboxSelection<InstructionListRecord>();
  useClaim('check', selected.rows.map((r) => r.id));
  const [openId, setOpenId] = useState<number | null>(null);
  const checking = useCustodianCheck();
  return (
    <Card title="托管行指令审核">
      <DataTable<InstructionListRecord>
        ariaLabel="待审核指令列表"
        queryKey={[...instructionsKey, 'custodian', 'check']}
        fetchPage={fetchCheck}
        columns={instructionColumns((row) => setOpenId(row.id), { decision: 'custodian' })}
        rowKey="id"
        showIndex
        queryFields={INSTRUCTION_QUERY_FIELDS}
        rowActions={[{ key: 'detail', label: '详情', onClick: (row) => setOpenId(row.id) }]}
        selection={selected.selection}
        rowClassName={claimedRowClass}
        refreshMs={instructionsApi.CLAIM_REFRESH_MS}
        toolbar={<DecisionButtons rows={selected.rows} verb="审核" decide={checking.mutateAsync} busy={checking.isPending} onDone={selected.clear} onStale={(ids) => selected.drop(ids, (r) => r.id)} passBlocked={expiredIn} />}
      />
      <InstructionDetailDrawer id={openId} staff onClose={() => setOpenId(null)} />
    </Card>
  );
}
