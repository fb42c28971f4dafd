import { useQuery } from '@tanstack/react-query';
import { CODE_TABLES, formatAccountNo, formatMoney } from '@portal/shared';
import { Descriptions, Drawer, Skeleton } from 'antd';
import { instructionPeekQuery } from './api/cash';

/**
 * The instruction an entry came from, read through the instruction detail call: a payment is
 * followed from the statement back to the instruction that made it.
 */
export function InstructionPeek({ id, onClose }: { id: number | null; onClose: () => void }) {
  const detail = useQuery(instructionPeekQuery(id));
  const d = detail.data;
  return (
    <Drawer open={id !== null} title={d ? `指令 ${d.instructionNo}` : '指令'} onClose={onClose} destroyOnHidden size={520}>
      {!d ? (
        <Skeleton active />
      ) : (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label="指令编号">{d.instructionNo}</Descriptions.Item>
          <Descriptions.Item label="指令类型">{CODE_TABLES.instructionType[d.type as '01'] ?? d.type}</Descriptions.Item>
          <Descriptions.Item label="付款账号">{formatAccountNo(d.payerAccountNo)}</Descriptions.Item>
          <Descriptions.Item label="收款人">{d.payeeName}</Descriptions.Item>
          <Descriptions.Item label="收款账号">{d.payeeAccountNo}</Descriptions.Item>
          <Descriptions.Item label="金额">{formatMoney(d.amount, d.currency)}</Descriptions.Item>
          <Descriptions.Item label="起息日">{d.valueDate}</Descriptions.Item>
          <Descriptions.Item label="用途">{d.purpose}</Descriptions.Item>
        </Descriptions>
      )}
    </Drawer>
  );
}
