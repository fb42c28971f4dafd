import type { AccountRecord } from '@portal/shared';
import { Form, Modal, Typography } from 'antd';
import { accountTitle } from './account-format';
import { useUpdateAccount } from './api/update-account';
import { LimitFields, limitInput, type LimitValues } from './limit-fields';

interface AccountEditDialogProps {
  account: AccountRecord;
  onClose: () => void;
  onUpdated: (account: AccountRecord) => void;
}

/** 修改: an e-banking account's alias and limits (an emptied limit means no limit). */
export function AccountEditDialog({ account, onClose, onUpdated }: AccountEditDialogProps) {
  const [form] = Form.useForm<LimitValues>();
  const updating = useUpdateAccount();

  const submit = async (values: LimitValues) => {
    try {
      onUpdated(await updating.mutateAsync({ accountNo: account.accountNo, ...limitInput(values) }));
    } catch {
      // The HTTP client has shown the server's refusal; the dialog stays open.
    }
  };

  return (
    <Modal
      open
      title="修改账户"
      okText="确定"
      cancelText="取消"
      mask={{ closable: false }}
      confirmLoading={updating.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{accountTitle(account)}</Typography.Paragraph>
      <Form<LimitValues>
        form={form}
        layout="vertical"
        name="account-edit"
        initialValues={{ alias: account.alias ?? '', singleLimit: account.singleLimit ?? '', dailyLimit: account.dailyLimit ?? '' }}
        onFinish={(values) => void submit(values)}
      >
        <LimitFields />
      </Form>
    </Modal>
  );
}
