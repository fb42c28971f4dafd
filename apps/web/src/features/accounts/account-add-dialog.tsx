import { accountsApi, codeLabel, type AccountRecord } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { schemaRule } from '../../lib/schema-rule';
import { AccountDetails } from './account-details';
import { useAddAccount } from './api/add-account';
import { lookUpAccountQuery } from './api/look-up-account';
import { LimitFields, limitInput, type LimitValues } from './limit-fields';

interface AccountAddDialogProps {
  /** Opened from a row of 未添加账户: that account is looked up at once. */
  accountNo?: string;
  onClose: () => void;
  onAdded: (account: AccountRecord) => void;
}

/** Why a looked-up account cannot be added, or null (the server refuses these too). */
function refusal(account: AccountRecord): string | null {
  if (account.added) return '该账户已添加到网银，无需重复添加。';
  if (account.status !== accountsApi.ACCOUNT_STATUS_USABLE) return `该账户状态为“${codeLabel('accountStatus', account.status)}”，只有状态为“正常”的账户可以添加。`;
  return null;
}

/** 添加账户: look a register account up by its number, check it, give it an alias and limits, add it. */
export function AccountAddDialog({ accountNo, onClose, onAdded }: AccountAddDialogProps) {
  const [form] = Form.useForm<LimitValues & { accountNo: string }>();
  const adding = useAddAccount();
  // The number looked up; opened from a row, that row's number at once.
  const [searched, setSearched] = useState<string | null>(accountNo ?? null);
  const lookUp = useQuery({ ...lookUpAccountQuery(searched ?? ''), enabled: searched !== null });
  const found = searched !== null && lookUp.isSuccess ? lookUp.data : null;

  const search = async () => {
    try {
      const typed = ((await form.validateFields(['accountNo'])).accountNo ?? '').trim();
      // The same number again is read again: its state may have changed meanwhile.
      if (typed === searched) void lookUp.refetch();
      else setSearched(typed);
    } catch {
      // A bad number shows under the field.
    }
  };

  const submit = async (values: LimitValues) => {
    if (!found) return;
    try {
      onAdded(await adding.mutateAsync({ accountNo: found.accountNo, ...limitInput(values) }));
    } catch {
      // The HTTP client has shown the server's refusal; the dialog stays open.
    }
  };

  const blocked = found ? refusal(found) : null;
  return (
    <Modal
      open
      title="添加账户"
      width={760}
      okText="确认添加"
      cancelText="取消"
      mask={{ closable: false }}
      okButtonProps={{ disabled: !found || blocked !== null }}
      confirmLoading={adding.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="account-add" initialValues={{ accountNo: accountNo ?? '' }} onFinish={(values) => void submit(values)}>
        <Form.Item name="accountNo" label="账号" required rules={[schemaRule(accountsApi.accountNoSchema)]}>
          <Input.Search
            placeholder="请输入12到22位账号"
            inputMode="numeric"
            maxLength={22}
            enterButton="查询"
            loading={lookUp.isFetching}
            onChange={() => setSearched(null)}
            onSearch={() => void search()}
          />
        </Form.Item>
        {found && (
          <Space orientation="vertical" size={16} style={{ width: '100%', marginBottom: 16 }}>
            <AccountDetails account={found} />
            {blocked && <Alert type="warning" showIcon title={blocked} />}
          </Space>
        )}
        {found && !blocked && <LimitFields />}
      </Form>
    </Modal>
  );
}
