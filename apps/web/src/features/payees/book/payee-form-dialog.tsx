import { payeesApi, type PayeeRecord } from '@portal/shared';
import { Form, Input, Modal, Typography } from 'antd';
import { useMessage } from '../../../lib/countdown-message';
import { schemaRule } from '../../../lib/schema-rule';
import { useAddPayee, useUpdatePayee, type PayeeInput } from '../api/payees';
import { BankSelect } from '../common/bank-select';

const fields = payeesApi.payeeFields;

interface PayeeFormDialogProps {
  /** Proposes an edit of this payee (or a refused one anew); without it a new payee is added. */
  record?: PayeeRecord;
  onClose: () => void;
}

/** 新增 / 修改收款人: what the maker proposes goes to review; the bank comes from the bank-code table. */
export function PayeeFormDialog({ record, onClose }: PayeeFormDialogProps) {
  const [form] = Form.useForm<PayeeInput>();
  const message = useMessage();
  const adding = useAddPayee();
  const updating = useUpdatePayee();
  const busy = adding.isPending || updating.isPending;

  const save = async (values: PayeeInput) => {
    try {
      if (record) await updating.mutateAsync({ id: record.id, version: record.version, ...values });
      else await adding.mutateAsync(values);
      message.success(record?.status === '20' ? '修改已提交复核，复核通过前仍使用原信息' : '收款人已提交复核');
      onClose();
    } catch {
      // Shown by the HTTP client.
    }
  };

  return (
    <Modal
      open
      title={record ? `修改收款人 ${record.name}` : '新增收款人'}
      width={640}
      okText="提交复核"
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
    >
      {record?.refuseReason && <Typography.Paragraph type="danger">拒绝原因：{record.refuseReason}</Typography.Paragraph>}
      <Form<PayeeInput>
        form={form}
        name="payee"
        layout="horizontal"
        labelCol={{ flex: '120px' }}
        initialValues={record ? { name: record.name, accountNo: record.accountNo, cnaps: record.cnaps, remark: record.remark } : { remark: '' }}
        onFinish={(values) => void save(values)}
      >
        <Form.Item name="name" label="收款人名称" required rules={[schemaRule(fields.name)]}>
          <Input maxLength={payeesApi.PAYEE_NAME_MAX} />
        </Form.Item>
        <Form.Item name="accountNo" label="收款账号" required rules={[schemaRule(fields.accountNo)]}>
          <Input maxLength={32} inputMode="numeric" />
        </Form.Item>
        <Form.Item name="cnaps" label="开户行" required rules={[{ required: true, message: '请选择开户行' }, schemaRule(fields.cnaps)]} extra="大额支付行号（12位），按行号、银行名称或城市搜索">
          <BankSelect initial={record && { cnaps: record.cnaps, bankName: record.bankName }} />
        </Form.Item>
        <Form.Item name="remark" label="备注" rules={[schemaRule(fields.remark)]}>
          <Input.TextArea rows={2} maxLength={payeesApi.PAYEE_REMARK_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
