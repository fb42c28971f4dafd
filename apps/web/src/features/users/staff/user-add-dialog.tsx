import { useQuery } from '@tanstack/react-query';
import { usersApi } from '@portal/shared';
import { Form, Input, Modal, Select } from 'antd';
import { schemaRule } from '../../../lib/schema-rule';
import { useAddUser, type UserAddInput, type UserAdded } from '../api/add-user';
import { enterpriseOptionsQuery } from '../api/list-enterprises';
import { roleOptionsQuery } from '../api/list-roles';
import { groupedRoleOptions } from '../role-options';

const field = usersApi.userAddSchema.shape;

interface UserAddDialogProps {
  onClose: () => void;
  onAdded: (added: UserAdded, input: UserAddInput) => void;
}

/** 新增用户: a login with its first seat in one enterprise and that seat's roles. */
export function UserAddDialog({ onClose, onAdded }: UserAddDialogProps) {
  const [form] = Form.useForm<UserAddInput>();
  const adding = useAddUser();
  const enterprises = useQuery(enterpriseOptionsQuery);
  const roles = useQuery(roleOptionsQuery);

  const finish = async (values: UserAddInput) => {
    try {
      onAdded(await adding.mutateAsync(values), values);
    } catch {
      // The HTTP client has shown the server's refusal; the dialog stays open to correct it.
    }
  };

  return (
    <Modal
      open
      title="新增用户"
      okText="确定"
      cancelText="取消"
      maskClosable={false}
      confirmLoading={adding.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form<UserAddInput> form={form} layout="vertical" name="user-add" initialValues={{ roleIds: [] }} onFinish={(values) => void finish(values)}>
        <Form.Item name="username" label="用户名" required rules={[schemaRule(field.username)]}>
          <Input placeholder="以字母开头，3到32位" maxLength={32} autoComplete="off" />
        </Form.Item>
        <Form.Item name="nickName" label="用户姓名" required rules={[schemaRule(field.nickName)]}>
          <Input placeholder="请输入用户姓名" maxLength={32} />
        </Form.Item>
        <Form.Item name="enterpriseNo" label="所属企业" required rules={[schemaRule(field.enterpriseNo)]}>
          <Select
            placeholder="请选择企业"
            loading={enterprises.isPending}
            showSearch={{ optionFilterProp: 'label' }}
            options={(enterprises.data ?? []).map((e) => ({ value: e.enterpriseNo, label: `${e.enterpriseName}（${e.enterpriseNo}）` }))}
          />
        </Form.Item>
        <Form.Item name="roleIds" label="角色" rules={[schemaRule(field.roleIds)]} extra="行内员工角色只能给本行用户，客户角色只能给客户企业的用户">
          <Select mode="multiple" placeholder="请选择角色" loading={roles.isPending} options={groupedRoleOptions(roles.data)} />
        </Form.Item>
        <Form.Item name="mobile" label="手机号" rules={[schemaRule(field.mobile)]}>
          <Input placeholder="选填" maxLength={11} />
        </Form.Item>
        <Form.Item name="email" label="邮箱" rules={[schemaRule(field.email)]}>
          <Input placeholder="选填" maxLength={100} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
