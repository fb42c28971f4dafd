import { useQuery } from '@tanstack/react-query';
import { Form, Modal } from 'antd';
import { FormBuilder, type FormValues } from '../../../components/form-builder';
import { useAddUser, type UserAdded } from '../api/add-user';
import { roleOptionsQuery } from '../api/list-roles';
import { addOperatorFields } from './operator-fields';

interface OperatorAddDialogProps {
  /** The administrator's own enterprise: the server refuses any other. */
  enterpriseNo: string;
  onClose: () => void;
  onAdded: (added: UserAdded) => void;
}

/** 新增操作员: a login with its seat in this enterprise and that seat's roles. */
export function OperatorAddDialog({ enterpriseNo, onClose, onAdded }: OperatorAddDialogProps) {
  const [form] = Form.useForm<FormValues>();
  const roles = useQuery(roleOptionsQuery);
  const adding = useAddUser();

  const submit = async (values: FormValues) => {
    try {
      onAdded(
        await adding.mutateAsync({
          username: String(values.username ?? ''),
          nickName: String(values.nickName ?? ''),
          enterpriseNo,
          roleIds: (values.roleIds as number[] | undefined) ?? [],
          mobile: String(values.mobile ?? ''),
          email: String(values.email ?? ''),
        }),
      );
    } catch {
      // The HTTP client has shown the server's refusal; the dialog stays open to correct it.
    }
  };

  return (
    <Modal open title="新增操作员" okText="确定" cancelText="取消" confirmLoading={adding.isPending} onOk={() => form.submit()} maskClosable={false} width={560} onCancel={onClose}>
      <FormBuilder form={form} name="operator-add" columns={1} actions={false} fields={addOperatorFields(roles.data)} initialValues={{ roleIds: [] }} onSubmit={submit} />
    </Modal>
  );
}
