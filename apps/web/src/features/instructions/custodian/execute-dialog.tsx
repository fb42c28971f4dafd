import { groupAccountNo, instructionsApi, type InstructionRecord } from '@portal/shared';
import { Alert, Descriptions, Form, Input, Modal, Typography } from 'antd';
import { moneyOf } from '../common/instruction-format';

const M = instructionsApi.INSTRUCTION_MESSAGES;

interface ExecuteDialogProps {
  row: InstructionRecord;
  busy: boolean;
  onExecute: (reason: string) => void;
  onClose: () => void;
}

/**
 * 执行: what is about to be paid, the account numbers whole in groups of 4 and the amount with
 * its currency; paid on the value date only (Beijing time): before it the dialog says so and
 * offers nothing, after it the reason for the late payment is asked (the server judges again).
 */
export function ExecuteDialog({ row, busy, onExecute, onClose }: ExecuteDialogProps) {
  const [form] = Form.useForm<{ reason: string }>();
  // Judged by the server as it listed the row (China's today); it judges again when it is sent.
  const timing = row.executionTiming;
  return (
    <Modal
      open
      title={`执行指令 ${row.instructionNo}`}
      okText="确认执行"
      okButtonProps={{ disabled: timing === 'early' }}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Descriptions
        size="small"
        column={1}
        bordered
        styles={{ label: { whiteSpace: 'nowrap', width: 96 } }}
        items={[
          { key: 'payer', label: '付款账户', children: <span aria-label="付款账号">{groupAccountNo(row.payerAccountNo)}</span> },
          { key: 'payerName', label: '付款账户名称', children: row.payerAccountName },
          { key: 'payee', label: '收款人', children: row.payeeName },
          { key: 'payeeAccount', label: '收款账号', children: <span aria-label="收款账号">{groupAccountNo(row.payeeAccountNo)}</span> },
          { key: 'bank', label: '收款行', children: row.payeeBank },
          {
            key: 'amount',
            label: '金额',
            children: (
              <Typography.Text strong aria-label="金额">
                {moneyOf(row.amount, row.currency)}
              </Typography.Text>
            ),
          },
          { key: 'valueDate', label: '起息日', children: row.valueDate },
        ]}
      />
      {timing === 'early' && <Alert type="error" showIcon role="alert" style={{ marginTop: 16 }} title={`起息日为${row.valueDate}，${M.executeEarly}`} />}
      <Form form={form} layout="vertical" name="execute" style={{ marginTop: 16 }} onFinish={({ reason }) => onExecute((reason ?? '').trim())}>
        {timing === 'late' && (
          <Form.Item
            name="reason"
            label="延迟执行原因"
            extra={`起息日为${row.valueDate}，已过起息日`}
            rules={[
              { required: true, whitespace: true, message: M.lateReason },
              { max: instructionsApi.REASON_MAX, message: `原因不能超过${instructionsApi.REASON_MAX}个字符` },
            ]}
          >
            <Input.TextArea rows={2} maxLength={instructionsApi.REASON_MAX} showCount />
          </Form.Item>
        )}
        {timing !== 'early' && <Typography.Paragraph type="secondary">执行后从付款账户扣款，不能撤回。</Typography.Paragraph>}
      </Form>
    </Modal>
  );
}
