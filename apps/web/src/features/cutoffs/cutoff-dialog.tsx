import { NOTICE_HOURS_MAX, codeLabel, cutoffsApi, type CutoffRecord } from '@portal/shared';
import { Form, Input, InputNumber, Modal, Typography } from 'antd';
import { useMessage } from '../../lib/countdown-message';
import { schemaRule } from '../../lib/schema-rule';
import { useSaveCutoff } from './api/cutoffs';

const rules = cutoffsApi.cutoffSaveSchema.shape;

/** Sets one type and currency's cut-off time and notice period. */
export function CutoffDialog({ row, onClose }: { row: CutoffRecord | null; onClose: () => void }) {
  const [form] = Form.useForm<{ cutoffTime: string; noticeHours: number }>();
  const message = useMessage();
  const save = useSaveCutoff();

  const submit = async () => {
    const values = await form.validateFields();
    try {
      await save.mutateAsync({ type: row!.type, currency: row!.currency, ...values });
      message.success('已保存');
      onClose();
    } catch {
      // The HTTP client has shown the refusal.
    }
  };

  return (
    <Modal
      open={row !== null}
      title={row ? `设置截止时间：${codeLabel('instructionType', row.type)}（${codeLabel('currencyName', row.currency)}）` : ''}
      okText="保存"
      confirmLoading={save.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {row && (
        <Form form={form} layout="vertical" name="cutoff" initialValues={{ cutoffTime: row.cutoffTime, noticeHours: row.noticeHours }}>
          <Form.Item name="cutoffTime" label="截止时间（北京时间，起息日当天）" required rules={[schemaRule(rules.cutoffTime)]}>
            <Input maxLength={5} placeholder="HH:mm，如 15:00" style={{ width: 160 }} />
          </Form.Item>
          <Form.Item
            name="noticeHours"
            label="提前工作小时数"
            required
            rules={[schemaRule(rules.noticeHours)]}
            extra="需要提前通知的指令类型：须在截止时间前若干个工作小时（工作日 09:00–17:00）完成托管行审核；0 表示不需要。"
          >
            <InputNumber min={0} max={NOTICE_HOURS_MAX} precision={0} suffix="小时" style={{ width: 160 }} />
          </Form.Item>
          <Typography.Text type="secondary">修改后立即生效：此后各步骤均按新截止时间判断。</Typography.Text>
        </Form>
      )}
    </Modal>
  );
}
