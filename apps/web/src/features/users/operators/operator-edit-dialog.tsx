import { useQuery } from '@tanstack/react-query';
import type { HeldChange, UserDetail } from '@portal/shared';
import { Alert, Form, Modal, Skeleton } from 'antd';
import { FormBuilder, type FormValues } from '../../../components/form-builder';
import { userDetailQuery } from '../api/get-user';
import { roleOptionsQuery } from '../api/list-roles';
import { useUpdateUser } from '../api/update-user';
import { editOperatorFields } from './operator-fields';

const valuesOf = (user: UserDetail): FormValues => ({
  username: user.username,
  nickName: user.nickName,
  mobile: user.mobile,
  email: user.email,
  status: user.status,
  // The administrator sees the person's seat in its own enterprise only.
  roleIds: user.seats[0]?.roles.map((r) => r.roleId) ?? [],
});

interface OperatorEditDialogProps {
  userId: number;
  /** The signed-in administrator's own login: its status and roles stay as they are. */
  self: boolean;
  onClose: () => void;
  /** The answer: null when it took effect, or the change held for a second administrator. */
  onUpdated: (answer: HeldChange | null) => void;
}

/** 修改操作员: name, contact and status of a person wholly of this enterprise, and the seat's roles. */
export function OperatorEditDialog({ userId, self, onClose, onUpdated }: OperatorEditDialogProps) {
  const [form] = Form.useForm<FormValues>();
  const detail = useQuery(userDetailQuery(userId));
  const roles = useQuery(roleOptionsQuery);
  const updating = useUpdateUser();
  const user = detail.data;
  const loginLocked = user?.seatsElsewhere ?? false;

  const submit = async (values: FormValues) => {
    if (!user) return;
    const text = (name: string, current: string) => (loginLocked ? current : String(values[name] ?? ''));
    try {
      const answer = await updating.mutateAsync({
        userId,
        nickName: text('nickName', user.nickName),
        mobile: text('mobile', user.mobile),
        email: text('email', user.email),
        // Not edited here, sent back as they are (the update replaces every login field).
        userDesc: user.userDesc,
        branchCode: user.branchCode,
        status: loginLocked || self ? (user.status === 1 ? 1 : 0) : values.status === 0 ? 0 : 1,
        seatRoles: user.seats.map((s) => ({ userNo: s.userNo, roleIds: (values.roleIds as number[] | undefined) ?? [] })),
      });
      onUpdated(answer);
    } catch {
      // The HTTP client has shown the server's refusal; the dialog stays open.
    }
  };

  return (
    <Modal
      open
      title={user ? `修改操作员：${user.username}` : '修改操作员'}
      okText="确定"
      cancelText="取消"
      okButtonProps={{ disabled: !user }}
      confirmLoading={updating.isPending}
      onOk={() => form.submit()}
      maskClosable={false}
      width={560}
      onCancel={onClose}
    >
      {!user ? (
        <Skeleton active />
      ) : (
        <>
          {loginLocked && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              title="该用户在其他企业也有用户号，其姓名、联系方式和状态由银行维护；这里只能调整其在本企业的角色。"
            />
          )}
          <FormBuilder form={form} name="operator-edit" columns={1} actions={false} fields={editOperatorFields(roles.data, { loginLocked, self })} initialValues={valuesOf(user)} onSubmit={submit} />
        </>
      )}
    </Modal>
  );
}
