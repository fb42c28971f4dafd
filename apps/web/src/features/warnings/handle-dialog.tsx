import { warningsApi, type WarningRecord } from '@portal/shared';
import { Form, Input, Modal, Typography } from 'antd';
import { schemaRule } from '../../lib/schema-rule';

interface HandleDialogProps<R extends WarningRecord> {
  rows: readonly R[];
  title: string;
  /** What the selection amounts to (a total), if anything. */
  summary?: string;
  busy: boolean;
  onSubmit: (remark: string) => Promise<boolean>;
  onClose: () => void;
}

/** 处理 / 确认缴款 of the selected rows as one batch, with the remark the customer's record keeps. */
export function HandleDialog<R extends WarningRecord>({ rows, title, summary, busy, onSubmit, onClose }: HandleDialogProps<R>) {
  const [form] = Form.useForm<{ remark: string }>();
  return (
    <Modal open title={title} okText="确认" cancelText="取消" confirmLoading={busy} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden mask={{ closable: false }}>
      <Typography.Paragraph>
        已选择 {rows.length} 条{summary ? `，${summary}` : ''}。提交后记录处理人、处理时间与处理说明，不能撤回。
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        name="warning-handle"
        onFinish={async ({ remark }) => {
          if (await onSubmit(remark.trim())) onClose();
        }}
      >
        <Form.Item name="remark" label="处理说明" required rules={[schemaRule(warningsApi.warningHandleSchema.shape.remark)]}>
          <Input.TextArea rows={3} maxLength={warningsApi.REMARK_MAX} showCount placeholder="例如：已通知投资经理，于截止日前完成减仓" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
